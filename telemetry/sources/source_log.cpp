#include "telemetry/sources/source_log.h"

#include <cassert>
#include <utility>

namespace slaudit {

std::string lower_snake_name(std::string_view source_name) {
  std::string out;
  bool pending_separator = false;
  for (const char c : source_name) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool digit = c >= '0' && c <= '9';
    if (!letter && !digit) {
      pending_separator = !out.empty();
      continue;
    }
    if (pending_separator) out += '_';
    pending_separator = false;
    out += letter && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

std::optional<SourceTarget> SourceNames::resolve(std::string_view source_name) const {
  if (const auto it = mapped_.find(source_name); it != mapped_.end()) return it->second;
  std::string snake = lower_snake_name(source_name);
  if (services_.contains(snake)) return SourceTarget{std::move(snake), ""};
  return std::nullopt;
}

SourceLog::SourceLog(std::string path, std::string sha256) {
  log_.path = std::move(path);
  log_.sha256 = std::move(sha256);
}

void SourceLog::use(std::vector<Incident> incidents) {
  assert(!incidents.empty());
  ++log_.records_read;
  for (Incident& incident : incidents) log_.incidents.push_back(std::move(incident));
}

void SourceLog::use_without_incident() { ++log_.records_read; }

void SourceLog::reject(size_t line, std::string reason) {
  ++log_.records_read;
  log_.rejected.push_back({line, std::move(reason)});
}

void SourceLog::not_for_contract(const std::vector<std::string>& names) {
  ++log_.records_read;
  ++log_.not_for_contract;
  for (const std::string& name : names) unmapped_name(name);
}

void SourceLog::unmapped_name(std::string_view name) {
  auto it = unmapped_.find(name);
  if (it == unmapped_.end()) it = unmapped_.emplace(std::string(name), 0).first;
  ++it->second;
}

void SourceLog::note(std::string text) { log_.notes.push_back(log_.path + ": " + std::move(text)); }

IncidentLog SourceLog::finish() && {
  // Sorted by name (a std::map): the notes do not depend on the order of the records.
  for (const auto& [name, records] : unmapped_)
    log_.notes.push_back(log_.path + ": '" + name + "' maps to no service of the contract: " +
                         std::to_string(records) + " record(s) (--source-map maps a source's names)");
  return std::move(log_);
}

namespace {

// Skips a JSON string starting at document[i] == '"'; returns the index just past it, counting its lines.
size_t skip_string(std::string_view document, size_t i, size_t& line) {
  for (++i; i < document.size(); ++i) {
    const char c = document[i];
    if (c == '\\') {
      ++i;
    } else if (c == '"') {
      return i + 1;
    } else if (c == '\n') {
      ++line;  // invalid JSON, but counted so later lines stay right for the parser's message
    }
  }
  return i;
}

}  // namespace

std::vector<size_t> json_array_element_lines(std::string_view document, std::string_view member) {
  std::vector<size_t> lines;
  size_t line = 1, depth = 0;
  // The depth of the array's elements once it is found: 1 for a top-level array, 2 under a member.
  size_t element_depth = 0;
  bool expect_element = false;
  std::string last_key;  // the last string seen at depth 1, for the member's name
  for (size_t i = 0; i < document.size();) {
    const char c = document[i];
    if (c == '\n') ++line;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
      continue;
    }
    if (expect_element && c != ']') {
      lines.push_back(line);
      expect_element = false;
    }
    if (c == '"') {
      const size_t start = i;
      i = skip_string(document, i, line);
      if (depth == 1 && element_depth == 0 && i - start >= 2) last_key.assign(document.substr(start + 1, i - start - 2));
      continue;
    }
    if (c == '[' || c == '{') {
      ++depth;
      if (element_depth == 0 && c == '[' &&
          ((member.empty() && depth == 1) || (!member.empty() && depth == 2 && last_key == member))) {
        element_depth = depth;
        expect_element = true;
      }
    } else if (c == ']' || c == '}') {
      if (depth == element_depth && c == ']') return lines;
      if (depth > 0) --depth;
    } else if (c == ',' && element_depth != 0 && depth == element_depth) {
      expect_element = true;
    }
    ++i;
  }
  return lines;
}

}  // namespace slaudit
