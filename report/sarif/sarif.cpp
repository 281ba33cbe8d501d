#include "report/sarif/sarif.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "base/util/sha256.h"
#include "rules/registry.h"

namespace slaudit::report {

using namespace rules;  // the catalogue this log describes

namespace {

using nlohmann::json;

constexpr const char* kSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
constexpr const char* kInformationUri = "https://slaudit.example/";

const char* level(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

// cluster-size-scope -> ClusterSizeScope (SARIF's reportingDescriptor.name).
std::string pascal(std::string_view id) {
  std::string out;
  bool upper = true;
  for (char c : id) {
    if (c == '-' || c == '_') { upper = true; continue; }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

json catalogue_rule(const Rule& r) {
  const auto& i = r.info;
  const std::string help = std::string(i.fix);
  return {{"id", i.id},
          {"name", pascal(i.id)},
          {"shortDescription", {{"text", i.summary}}},
          {"fullDescription", {{"text", i.rationale}}},
          {"help", {{"text", help}, {"markdown", help}}},
          {"helpUri", std::string(kInformationUri) + "docs/rules.md#" + i.id},
          {"defaultConfiguration", {{"level", level(i.severity)}}}};
}

json checker_rule(const std::string& code, Severity severity) {
  const std::string text = "slaudit checker diagnostic '" + code + "'";
  return {{"id", code},
          {"name", pascal(code)},
          {"shortDescription", {{"text", text}}},
          {"fullDescription", {{"text", text + ": the contract breaks the language's rules (docs/language.md)"}}},
          {"help", {{"text", "See the diagnostic's hint and docs/language.md."}}},
          {"defaultConfiguration", {{"level", level(severity)}}}};
}

json region(const SourceFile& source, SourceRange range) {
  const auto begin = source.location(range.begin);
  const auto end = source.location(std::max(range.end, range.begin));
  return {{"startLine", begin.line},
          {"startColumn", begin.column},
          {"endLine", end.line},
          {"endColumn", end.column}};
}

struct Entry {
  const Diagnostic* diagnostic;
  const Disable* disabled_by;  // null when reported
};

}  // namespace

std::string path_to_uri(const std::string& path) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

namespace {

// The rules array: the whole catalogue in registry order, then the codes of
// checker diagnostics that occur, sorted, each with its most severe level.
json rules_array(const std::vector<rules::CheckedFile>& files, std::map<std::string, size_t>& checker_index) {
  std::map<std::string, Severity> checker_codes;
  for (const auto& f : files) {
    auto note = [&](const Diagnostic& d) {
      if (find_rule(d.code)) return;
      auto [it, added] = checker_codes.emplace(d.code, d.severity);
      if (!added && d.severity < it->second) it->second = d.severity;  // Error < Warning < Note
    };
    for (const auto& d : f.compiled->diagnostics.items()) note(d);
    for (const auto& d : f.lint->findings.items()) note(d);
  }
  json rules = json::array();
  for (const Rule* r : all_rules()) rules.push_back(catalogue_rule(*r));
  for (const auto& [code, severity] : checker_codes) {
    checker_index[code] = rules.size();
    rules.push_back(checker_rule(code, severity));
  }
  return rules;
}

json artifact(const SourceFile& source, const std::string& uri) {
  return {{"location", {{"uri", uri}}},
          {"length", source.text().size()},
          {"mimeType", "text/plain"},
          {"encoding", "utf-8"},
          {"hashes", {{"sha-256", sha256_hex(source.text())}}}};
}

json disabled_entry(const SourceFile& source, const std::string& uri, const Disable& d) {
  const auto at = source.location(d.at.begin);
  return {{"rule", d.rule},
          {"uri", uri},
          {"line", at.line},
          {"column", at.column},
          {"by", d.kind == Disable::Kind::Comment ? "comment" : "attribute"},
          {"scope", d.file_wide ? "file" : "item"},
          {"suppressed", d.suppressed},
          {"reason", d.reason}};
}

json location(const SourceFile& source, const std::string& uri, size_t index, SourceRange range) {
  return {{"physicalLocation", {{"artifactLocation", {{"uri", uri}, {"index", index}}}, {"region", region(source, range)}}}};
}

// A hint that is a plain substitution, as SARIF's machine-applicable fix: one
// artifact change holding every edit (a look-alike character may occur often).
json fixes(const SourceFile& source, const std::string& uri, size_t index, const Diagnostic& d) {
  json replacements = json::array();
  for (const auto& r : d.replacements)
    replacements.push_back({{"deletedRegion", region(source, r.range)}, {"insertedContent", {{"text", r.text}}}});
  return json::array({{{"description", {{"text", d.hint}}},
                       {"artifactChanges", json::array({{{"artifactLocation", {{"uri", uri}, {"index", index}}},
                                                         {"replacements", replacements}}})}}});
}

json result(const SourceFile& source, const std::string& uri, size_t index, const Entry& e, size_t rule_idx) {
  const Diagnostic& d = *e.diagnostic;
  json out = {{"ruleId", d.code},
              {"ruleIndex", rule_idx},
              {"level", level(d.severity)},
              {"message", {{"text", d.message}}},
              {"locations", json::array({location(source, uri, index, d.range)})}};
  if (!d.hint.empty()) out["properties"] = {{"hint", d.hint}};
  if (!d.replacements.empty()) out["fixes"] = fixes(source, uri, index, d);
  if (e.disabled_by) {
    const auto at = source.location(e.disabled_by->at.begin);
    out["suppressions"] = json::array(
        {{{"kind", "inSource"},
          {"justification",
           std::string(e.disabled_by->kind == Disable::Kind::Comment ? "'slaudit: disable' comment" : "@allow attribute") +
               " at " + std::to_string(at.line) + ":" + std::to_string(at.column) +
               (e.disabled_by->reason.empty() ? "" : ": " + e.disabled_by->reason)},
          {"location", location(source, uri, index, e.disabled_by->at)}}});
  }
  return out;
}

// One file's findings, reported and silenced, in source order.
void file_results(const rules::CheckedFile& f, size_t index, const std::map<std::string, size_t>& checker_index,
                  json& results) {
  const auto& source = *f.source;
  const std::string uri = path_to_uri(source.name());
  Diagnostics all = f.compiled->diagnostics;
  all.append(f.lint->findings);
  const auto reported = all.sorted();
  std::vector<Entry> entries;
  for (const auto& d : reported) entries.push_back({&d, nullptr});
  for (const auto& s : f.lint->suppressed) entries.push_back({&s.diagnostic, &f.lint->disables.at(s.disable)});
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.diagnostic->range.begin, a.diagnostic->severity, a.diagnostic->message, a.diagnostic->code) <
           std::tie(b.diagnostic->range.begin, b.diagnostic->severity, b.diagnostic->message, b.diagnostic->code);
  });
  for (const auto& e : entries) {
    const std::string& code = e.diagnostic->code;
    results.push_back(result(source, uri, index, e, find_rule(code) ? rule_index(code) : checker_index.at(code)));
  }
}

json invocation(const std::vector<std::string>& io_errors) {
  json out = {{"executionSuccessful", io_errors.empty()}};
  if (io_errors.empty()) return out;
  json notes = json::array();
  for (const auto& e : io_errors) notes.push_back({{"level", "error"}, {"message", {{"text", e}}}});
  out["toolExecutionNotifications"] = notes;
  return out;
}

}  // namespace

json sarif_log(const std::vector<rules::CheckedFile>& files, const std::vector<std::string>& io_errors) {
  std::map<std::string, size_t> checker_index;
  json rules = rules_array(files, checker_index);
  json artifacts = json::array();
  json results = json::array();
  json disabled = json::array();  // every rule disabled in the source, even one that silenced nothing
  for (size_t index = 0; index < files.size(); ++index) {
    const auto& source = *files[index].source;
    const std::string uri = path_to_uri(source.name());
    artifacts.push_back(artifact(source, uri));
    for (const auto& d : files[index].lint->disables) disabled.push_back(disabled_entry(source, uri, d));
    file_results(files[index], index, checker_index, results);
  }
  json driver = {{"name", "slaudit"},
                 {"version", SLAUDIT_VERSION},
                 {"semanticVersion", SLAUDIT_VERSION},
                 {"informationUri", kInformationUri},
                 {"rules", rules}};
  json run = {{"tool", {{"driver", driver}}},
              {"invocations", json::array({invocation(io_errors)})},
              {"artifacts", artifacts},
              {"columnKind", "unicodeCodePoints"},
              {"results", results},
              {"properties", {{"disabledRules", disabled}}}};
  return {{"$schema", kSchema}, {"version", "2.1.0"}, {"runs", json::array({run})}};
}

}  // namespace slaudit::report
