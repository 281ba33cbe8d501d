#include "jobs/inputs.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <utility>
#include <vector>

#include "base/time/civil_date.h"
#include "base/util/file_io.h"
#include "base/util/sha256.h"
#include "engine/figures/figures.h"
#include "telemetry/common/reason_text.h"
#include "telemetry/sources/incident_sources.h"
#include "telemetry/sources/source_map.h"
#include "telemetry/status/status_history.h"

namespace slaudit::jobs {

std::optional<std::string> read_input(const std::string& role, const std::string& path, Inputs& inputs,
                                      Messages& messages) {
  const bool contract = role == "contract";
  ReadResult read = read_file(path, contract ? kMaxContractBytes : kMaxWholeInputBytes,
                              contract ? "a contract" : "an input read whole");
  if (!read.text) {
    messages.push_back("slaudit: " + read.error);
    return std::nullopt;
  }
  inputs.push_back({role, path, sha256_hex(*read.text)});
  return read.text;
}

ServiceNames service_names(const model::Contract& contract) {
  ServiceNames names;
  for (const model::Service& service : contract.services) names.insert(service.name);
  return names;
}

bool compile_contract_input(const std::string& path, Inputs& inputs, Messages& messages,
                            std::unique_ptr<SourceFile>& source, std::unique_ptr<CompiledContract>& compiled) {
  const std::optional<std::string> text = read_input("contract", path, inputs, messages);
  if (!text) return false;
  source = std::make_unique<SourceFile>(path, *text);
  compiled = std::make_unique<CompiledContract>(compile_contract(*source));
  if (compiled->ok() && compiled->contract) return true;
  std::string rendered = render_diagnostics(*source, compiled->diagnostics);
  if (!rendered.empty() && rendered.back() == '\n') rendered.pop_back();
  messages.push_back(std::move(rendered));
  return false;
}

bool stdin_read_once(std::string_view command, const std::vector<NamedInput>& inputs, Messages& messages) {
  std::vector<std::string> readers;
  for (const NamedInput& input : inputs)
    if (input.path == "-") readers.push_back(input.option);
  if (readers.size() < 2) return true;
  std::string names;
  for (size_t i = 0; i < readers.size(); ++i)
    names += (i == 0 ? "" : i + 1 == readers.size() ? " and " : ", ") + readers[i];
  messages.push_back("slaudit " + std::string(command) + ": standard input (-) is given for " + names +
                     "; it can be read only once, so give files for all but one");
  return false;
}

std::optional<audit::AuditRange> range_from_options(std::string_view command, const std::string& period,
                                                    const std::string& from, const std::string& to, bool& given,
                                                    Messages& messages) {
  given = !period.empty() || !from.empty() || !to.empty();
  if (!given) return std::nullopt;
  const std::string prefix = "slaudit " + std::string(command) + ": ";
  if (!period.empty()) {
    auto range = audit::parse_audit_range(period);
    if (!range)
      messages.push_back(prefix + "bad --period '" + period + "'; expected " + std::string(kDayRangeForms) +
                         " (years 1400-9999)");
    return range;
  }
  if (from.empty() || to.empty()) {
    messages.push_back(prefix + "give both --from and --to");
    return std::nullopt;
  }
  // --from A --to B is the interval A/B of the one day-range grammar.
  auto range = parse_civil_date(from) && parse_civil_date(to) ? audit::parse_audit_range(from + "/" + to)
                                                              : std::nullopt;
  if (!range) {
    messages.push_back(prefix + "bad --from/--to; expected two days YYYY-MM-DD (years 1400-9999), the first not "
                                "after the last");
    return range;
  }
  range->label = from + ".." + to;  // as reports have always labelled it
  return range;
}

std::optional<audit::AuditRange> range_or_effective(std::string_view command, const std::string& period,
                                                    const std::string& from, const std::string& to,
                                                    const model::Contract& contract, Messages& messages) {
  bool given = false;
  auto range = range_from_options(command, period, from, to, given, messages);
  if (given) return range;
  if (!contract.effective_from || !contract.effective_until) {
    messages.push_back("slaudit " + std::string(command) +
                       ": the contract states no effective range; give --period or --from and --to");
    return std::nullopt;
  }
  return audit::AuditRange{*contract.effective_from, *contract.effective_until,
                           date_text(*contract.effective_from) + ".." + date_text(*contract.effective_until)};
}

int audit_error_code(const std::vector<audit::AuditError>& errors, const SourceFile& source, Messages& messages) {
  bool contract_fault = false;
  for (const audit::AuditError& error : errors) {
    const bool located = error.clause.end > error.clause.begin;
    contract_fault |= located && !error.input_fault;
    std::string line = source.name();
    if (located) line += ":" + std::to_string(source.location(error.clause.begin).line);
    messages.push_back(line + ": error: " + error.message);
  }
  return contract_fault ? kContractErrors : kUsageOrIo;
}

int verdict_exit_code(audit::Verdict verdict, bool evidence_complete, std::string_view unassessed, Messages& messages) {
  if (verdict == audit::Verdict::Breached) return kBreach;
  if (verdict == audit::Verdict::NotAssessed || !evidence_complete) {
    messages.push_back(verdict == audit::Verdict::NotAssessed
                           ? "slaudit: not assessed: " + std::string(unassessed) +
                                 " has no usable evidence (the report says which)"
                           : std::string("slaudit: no breach found, but the evidence is incomplete (the report says where)"));
    return kIncomplete;
  }
  return kOk;
}

namespace {

// A status history is read whole (read_input bounds its size): its
// transitions are sorted per resource before any incident can be built.
// "h.csv: records for services this contract does not define (not for this contract): 'mail' (2)",
// the most records first, as the incident log reader words it.
std::string other_services_note(const std::string& path, const std::map<std::string, size_t, std::less<>>& services) {
  std::vector<std::pair<size_t, std::string_view>> by_count;
  bool more = false;
  for (const auto& [service, records] : services) {
    if (service.empty()) more = true;  // the services past the names the reader kept
    else by_count.emplace_back(records, service);
  }
  std::sort(by_count.begin(), by_count.end(),
            [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
  std::string note = path + ": records for services this contract does not define (not for this contract): ";
  for (size_t i = 0; i < by_count.size() && i < 20; ++i)
    note += (i ? ", " : "") + quote_value(by_count[i].second) + " (" + std::to_string(by_count[i].first) + ")";
  return more || by_count.size() > 20 ? note + " and other services" : note;
}

std::optional<IncidentLog> read_status_input(const std::string& path, StatusFormat format,
                                             const std::string& initial_state, bool strict, const ServiceNames& services,
                                             Inputs& inputs, Messages& messages) {
  StatusReadOptions options;
  options.format = format;
  options.services = services;
  options.initial_state = initial_state_from_name(initial_state).value_or(InitialState::Unknown);
  options.strict = strict;
  const std::optional<std::string> bytes = read_input("incidents", path, inputs, messages);
  if (!bytes) return std::nullopt;
  StatusHistory history = read_status_history(*bytes, options);
  IncidentLog log;
  log.path = path;
  log.sha256 = inputs.back().sha256;
  log.format = format == StatusFormat::Csv ? LogFormat::Csv : LogFormat::JsonLines;
  log.records_read = history.records_read;
  log.not_for_contract = history.not_for_contract;
  log.incidents = std::move(history.incidents);
  for (StatusRejection& r : history.rejected) log.rejected.push_back({r.line, std::move(r.reason)});
  log.from_status_history = true;
  log.assumed_up = options.initial_state == InitialState::Up;
  for (UnknownState& u : history.unknown_before)
    log.unknown_state.push_back({std::move(u.service), std::move(u.resource), u.until});
  for (const std::string& assumption : history.assumptions) log.notes.push_back(path + ": " + assumption);
  if (history.repeated > 0)
    log.notes.push_back(path + ": " + std::to_string(history.repeated) +
                        " status record(s) repeated the state already in force and were merged into it");
  log.status_services = std::move(history.services_seen);
  if (history.not_for_contract > 0) log.notes.push_back(other_services_note(path, history.not_for_contract_services));
  return log;
}

// A source's document is read whole (read_input bounds its size): most are
// one JSON document, whose records cannot be told apart before it is parsed.
std::string source_format_list() {
  std::string list;
  for (const IncidentSource& source : incident_sources()) list += (list.empty() ? "" : ", ") + std::string(source.name);
  return list.empty() ? "none" : list;
}

std::optional<IncidentLog> read_source_input(const IncidentInputOptions& o, const IncidentSource& source,
                                             const ServiceNames& services, Inputs& inputs, Messages& messages) {
  const std::string& path = o.path;
  std::map<std::string, SourceTarget, std::less<>> mapped;
  if (!o.source_map.empty()) {
    const std::optional<std::string> map_bytes = read_input("source map", o.source_map, inputs, messages);
    if (!map_bytes) return std::nullopt;
    SourceMapResult map = read_source_map(*map_bytes, services);
    for (const std::string& error : map.errors) messages.push_back("slaudit: " + o.source_map + ":" + error);
    if (!map.errors.empty()) return std::nullopt;
    mapped = std::move(map.mapped);
  }
  const std::optional<std::string> bytes = read_input("incidents", path, inputs, messages);
  if (!bytes) return std::nullopt;
  SourceReadOptions options;
  options.path = path;
  options.names = SourceNames(services, std::move(mapped));
  IncidentLogResult result = source.read(*bytes, options);
  if (!result.ok()) {
    messages.push_back("slaudit: " + path + ": " + result.error);
    return std::nullopt;
  }
  result.log->path = path;
  result.log->sha256 = inputs.back().sha256;
  result.log->source_format = std::string(source.name);
  return std::move(result.log);
}

}  // namespace

std::vector<std::string> incident_format_names() {
  std::vector<std::string> names = {"jsonl", "ndjson", "json", "csv", "status-csv", "status-jsonl", "status-ndjson"};
  for (const IncidentSource& source : incident_sources()) names.emplace_back(source.name);
  return names;
}

std::string incident_sources_help() {
  std::string out = "Incident sources (--incidents-format NAME; docs/inputs.md says how to export each):\n";
  for (const IncidentSource& source : incident_sources())
    out += "  " + std::string(source.name) + "\n      " + std::string(source.produces) + "\n";
  return out;
}

std::optional<IncidentLog> read_incident_input(const IncidentInputOptions& o, const ServiceNames& services,
                                               Inputs& inputs, Messages& messages) {
  const std::string& path = o.path;
  const std::string& format = o.format;
  const std::string& initial_state = o.initial_state;
  if (const std::optional<StatusFormat> status = status_format_from_name(format))
    return read_status_input(path, *status, initial_state, o.strict, services, inputs, messages);
  if (const IncidentSource* source = find_incident_source(format))
    return read_source_input(o, *source, services, inputs, messages);
  if (!o.source_map.empty()) {
    messages.push_back("slaudit: --source-map applies to incident sources (--incidents-format " +
                       source_format_list() + "), whose names are not the contract's");
    return std::nullopt;
  }
  if (!initial_state.empty()) {
    // An incident log says when each incident starts and ends: there is no state before it to assume.
    messages.push_back("slaudit: --initial-state applies to status histories only (--incidents-format status-csv, "
                       "status-jsonl or status-ndjson)");
    return std::nullopt;
  }
  IncidentReadOptions options;
  options.services = services;
  options.strict = o.strict;  // unknown fields and services rejected, as before the readers kept them apart
  if (!format.empty()) options.format = log_format_from_name(format);
  IncidentLogResult result;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    // A directory: read_file says what went wrong with it.
    const std::optional<std::string> bytes = read_input("incidents", path, inputs, messages);
    if (!bytes) return std::nullopt;
    result = read_incident_log(*bytes, path, options);
  } else {
    // A file or standard input is read in blocks: a large log never sits in memory beside its incidents,
    // and an endless one (/dev/zero) stops at the first record past the limit.
    result = read_incident_log_file(path, options);
    if (result.ok()) inputs.push_back({"incidents", path, result.log->sha256});
  }
  if (!result.ok()) {
    // As for every input: an unreadable file is named in its message already.
    const bool unreadable = result.error.starts_with("cannot read ");
    messages.push_back("slaudit: " + (unreadable ? "" : path + ": ") + result.error);
  }
  return std::move(result.log);
}

}  // namespace slaudit::jobs
