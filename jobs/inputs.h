#pragma once
// What the audit and claims jobs both read: input files named in the report
// by SHA-256, the contract's service names, the audited range from --period
// or --from/--to, and the incident log.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/audit/audit.h"
#include "jobs/messages.h"
#include "language/compile/compile.h"
#include "language/model/contract.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit::jobs {

using Inputs = std::vector<audit::InputFile>;

// The whole file ("-": standard input), its digest added to `inputs`; nullopt
// after adding why not to `messages`.
std::optional<std::string> read_input(const std::string& role, const std::string& path, Inputs& inputs,
                                      Messages& messages);

ServiceNames service_names(const model::Contract& contract);

// The contract at `path`, read and compiled: true when it checks clean. False
// after adding why to `messages`: `compiled` is set when the contract has
// errors (exit 1), left empty when it could not be read (exit 2).
bool compile_contract_input(const std::string& path, Inputs& inputs, Messages& messages,
                            std::unique_ptr<SourceFile>& source, std::unique_ptr<CompiledContract>& compiled);

// An input and the option (or argument) naming it, e.g. {"--incidents", "-"}.
struct NamedInput {
  std::string option, path;
};
// Standard input can be read once: false, after adding an error naming the
// options, when "-" is given for more than one input.
bool stdin_read_once(std::string_view command, const std::vector<NamedInput>& inputs, Messages& messages);

// The range of --period, or of --from and --to. `given` is false when none of
// the three is set (the caller decides the default); an error is added as
// "slaudit COMMAND: ..." and gives nullopt with `given` true.
std::optional<audit::AuditRange> range_from_options(std::string_view command, const std::string& period,
                                                    const std::string& from, const std::string& to, bool& given,
                                                    Messages& messages);

// As range_from_options; when none of the three is given, the contract's
// effective range (an error when it states none).
std::optional<audit::AuditRange> range_or_effective(std::string_view command, const std::string& period,
                                                    const std::string& from, const std::string& to,
                                                    const model::Contract& contract, Messages& messages);

// Errors that stopped an audit, as "CONTRACT[:LINE]: error: ...": exit 1 when
// one is located in the contract (its fault), else 2.
int audit_error_code(const std::vector<audit::AuditError>& errors, const SourceFile& source, Messages& messages);

// The exit code of an audit that ran: 3 when something breached; else 4,
// after a message saying why, when `unassessed` (e.g. "some period") has no
// usable evidence or the evidence is incomplete; else 0.
int verdict_exit_code(audit::Verdict verdict, bool evidence_complete, std::string_view unassessed, Messages& messages);

// What --incidents-format accepts: the incident log's formats, the status
// histories' and every incident source's (telemetry/sources/incident_sources.h).
std::vector<std::string> incident_format_names();
// The incident sources for a command's --help: one "  NAME  what it reads" line each, in the table's order.
std::string incident_sources_help();

// The incident log at `path` (a file read in blocks; "-" or a directory through
// read_input), its digest added to `inputs`; nullopt after adding why not.
// `format` is empty or a name log_format_from_name knows, or a status-change
// history's ("status-csv", "status-jsonl", "status-ndjson": read whole, its
// transitions into incidents, with `initial_state` "unknown" (or empty) or
// "up": docs/audit.md section 25), or an incident source's (read whole by its
// row of telemetry/sources/incident_sources.h).
struct IncidentInputOptions {
  std::string path, format;
  std::string initial_state;  // status histories only
  // A CSV of `source,service[,component]` rows: how an incident source's names
  // (a status page's components, a provider's services) are the contract's
  // services (telemetry/sources/source_map.h). "": names map by their lower_snake form.
  std::string source_map;
  // Read as before the readers tolerated the real world: unknown fields and
  // services the contract does not define are rejected (--strict).
  bool strict = false;
};
std::optional<IncidentLog> read_incident_input(const IncidentInputOptions& options, const ServiceNames& services,
                                               Inputs& inputs, Messages& messages);

}  // namespace slaudit::jobs
