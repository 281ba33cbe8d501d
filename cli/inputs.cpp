#include "cli/inputs.h"

#include <filesystem>
#include <iostream>

#include "cli/io.h"
#include "engine/util/sha256.h"
#include "telemetry/billing_inputs.h"

namespace slaudit::cli {

std::optional<std::string> read_input(const std::string& role, const std::string& path, Inputs& inputs) {
  ReadResult read = read_file(path);
  if (!read.text) {
    std::cerr << "slaudit: " << read.error << "\n";
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

std::optional<audit::AuditRange> range_from_options(std::string_view command, const std::string& period,
                                                    const std::string& from, const std::string& to, bool& given) {
  given = !period.empty() || !from.empty() || !to.empty();
  if (!given) return std::nullopt;
  if (!period.empty()) {
    auto range = audit::parse_audit_range(period);
    if (!range)
      std::cerr << "slaudit " << command << ": bad --period '" << period
                << "'; expected 2026-11, 2026-Q4, 2026 or 2026-03-01..2026-05-31\n";
    return range;
  }
  if (from.empty() || to.empty()) {
    std::cerr << "slaudit " << command << ": give both --from and --to\n";
    return std::nullopt;
  }
  auto range = parse_civil_date(from) && parse_civil_date(to) ? audit::parse_audit_range(from + ".." + to)
                                                              : std::nullopt;
  if (!range)
    std::cerr << "slaudit " << command
              << ": bad --from/--to; expected two days YYYY-MM-DD, the first not after the last\n";
  return range;
}

std::optional<IncidentLog> read_incident_input(const std::string& path, const std::string& format,
                                               const ServiceNames& services, Inputs& inputs) {
  IncidentReadOptions options;
  options.services = services;
  if (!format.empty()) options.format = log_format_from_name(format);
  IncidentLogResult result;
  std::error_code ec;
  if (path == "-" || std::filesystem::is_directory(path, ec)) {
    // Standard input, or a directory: read_file says what went wrong with it.
    const std::optional<std::string> bytes = read_input("incidents", path, inputs);
    if (!bytes) return std::nullopt;
    result = read_incident_log(*bytes, path, options);
  } else {
    // A file is read in blocks: a large log never sits in memory beside its incidents.
    result = read_incident_log_file(path, options);
    if (result.ok()) inputs.push_back({"incidents", path, result.log->sha256});
  }
  if (!result.ok()) {
    // As for every input: an unreadable file is named in its message already.
    const bool unreadable = result.error.starts_with("cannot read ");
    std::cerr << "slaudit: " << (unreadable ? "" : path + ": ") << result.error << "\n";
  }
  return std::move(result.log);
}

}  // namespace slaudit::cli
