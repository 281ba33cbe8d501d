#include "telemetry/incident_reader.h"

#include <cassert>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <system_error>
#include <unordered_map>

#include "engine/util/sha256.h"
#include "telemetry/csv.h"
#include "telemetry/csv_records.h"
#include "telemetry/incident_builder.h"
#include "telemetry/json_records.h"
#include "telemetry/reason_text.h"

namespace slaudit {

namespace {

std::string too_big(size_t bytes) {
  return "record is " + std::to_string(bytes) + " bytes, over the 1 MiB limit";
}

// Accounts for every record: each one read ends up in exactly one of
// log.incidents and log.rejected.
class LogCollector {
 public:
  LogCollector(IncidentLog& log, const ServiceNames* services) : log_(log), services_(services) {}

  void reject(size_t line, std::string reason) {
    ++log_.records_read;
    log_.rejected.push_back({line, std::move(reason)});
  }

  void take(RawRecord raw, size_t line) {
    if (!raw.incident) return reject(line, std::move(raw.reason));
    BuiltIncident built = build_incident(*raw.incident, services_);
    if (!built.incident) return reject(line, std::move(built.reason));
    const auto [first, inserted] = first_by_id_.try_emplace(built.incident->id, log_.incidents.size());
    if (!inserted) return reject(line, duplicate_reason(log_.incidents[first->second], *built.incident));
    ++log_.records_read;
    log_.incidents.push_back(std::move(*built.incident));
  }

 private:
  static std::string duplicate_reason(const Incident& first, const Incident& again) {
    if (same_content(first, again)) return "duplicate of line " + std::to_string(first.line) + " (identical)";
    return "duplicate id " + quote_value(again.id) + " with different content (first at line " +
           std::to_string(first.line) + ")";
  }

  IncidentLog& log_;
  const ServiceNames* services_;
  std::unordered_map<std::string, size_t> first_by_id_;  // id -> index in log_.incidents
};

bool is_blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

void read_json_lines(std::string_view text, LogCollector& collector) {
  size_t line_number = 0;
  for (size_t pos = 0; pos < text.size();) {
    const size_t eol = text.find('\n', pos);
    std::string_view line = text.substr(pos, (eol == std::string_view::npos ? text.size() : eol) - pos);
    pos = eol == std::string_view::npos ? text.size() : eol + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (is_blank(line)) continue;
    if (line.size() > kMaxRecordBytes) {
      collector.reject(line_number, too_big(line.size()));
      continue;
    }
    collector.take(raw_incident_from_json_line(line, line_number), line_number);
  }
}

void read_csv(std::string_view text, LogCollector& collector) {
  CsvReader reader(text);
  const std::optional<CsvRecord> header = reader.next();
  if (!header) return;  // an empty file has no records
  CsvColumns columns = csv_columns(*header);
  if (header->bytes > kMaxRecordBytes) {
    columns.problem = "the header row (line " + std::to_string(header->line) + ") is over the 1 MiB limit";
  }
  while (std::optional<CsvRecord> row = reader.next()) {
    if (row->bytes > kMaxRecordBytes) {
      collector.reject(row->line, too_big(row->bytes));
      continue;
    }
    collector.take(raw_incident_from_csv(columns, *row), row->line);
  }
}

std::string_view without_bom(std::string_view text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  return text;
}

}  // namespace

std::string_view log_format_name(LogFormat format) {
  return format == LogFormat::Csv ? "csv" : "jsonl";
}

std::optional<LogFormat> log_format_from_name(std::string_view name) {
  if (name == "jsonl" || name == "ndjson" || name == "json") return LogFormat::JsonLines;
  if (name == "csv") return LogFormat::Csv;
  return std::nullopt;
}

std::optional<LogFormat> log_format_for_path(std::string_view path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  if (extension.empty()) return std::nullopt;
  return log_format_from_name(std::string_view(extension).substr(1));
}

IncidentLogResult read_incident_log(std::string_view content, std::string path,
                                    const IncidentReadOptions& options) {
  const std::optional<LogFormat> format = options.format ? options.format : log_format_for_path(path);
  if (!format) {
    return {std::nullopt, "cannot tell the format of " + quote_value(path) +
                              " from its extension; use .jsonl, .ndjson, .json or .csv, or name the format"};
  }
  IncidentLog log;
  log.path = std::move(path);
  log.sha256 = sha256_hex(content);
  log.format = *format;
  LogCollector collector(log, options.services ? &*options.services : nullptr);
  const std::string_view text = without_bom(content);
  if (*format == LogFormat::Csv) {
    read_csv(text, collector);
  } else {
    read_json_lines(text, collector);
  }
  assert(log.records_read == log.incidents.size() + log.rejected.size());
  return {std::move(log), {}};
}

IncidentLogResult read_incident_log_file(const std::string& path, const IncidentReadOptions& options) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) {
    const int error = errno;
    return {std::nullopt, "cannot read " + quote_value(path) + ": " + std::generic_category().message(error)};
  }
  std::string content;
  char buffer[1 << 16];
  size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0) content.append(buffer, got);
  const bool failed = std::ferror(file) != 0;
  const int error = errno;  // EISDIR for a directory, which fopen opens
  std::fclose(file);
  if (failed) {
    return {std::nullopt, "cannot read " + quote_value(path) + ": " + std::generic_category().message(error)};
  }
  return read_incident_log(content, path, options);
}

}  // namespace slaudit
