// slaudit claims CONTRACT [--inventory FILE] [--measurements FILE] [--incidents FILE]:
// verify the contract's claims and commitments against evidence and print a
// verdict for each (text, JSON or Markdown).
//
// Standard output holds only the report; errors and warnings go to standard error.
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/inputs.h"
#include "cli/io.h"
#include "engine/claims/verify.h"
#include "engine/compile.h"
#include "engine/report/render_claims.h"
#include "engine/util/sha256.h"
#include "telemetry/billing_inputs.h"
#include "telemetry/evidence/inventory.h"
#include "telemetry/evidence/measurements.h"
#include "telemetry/incident_reader.h"

namespace slaudit::cli {

namespace {

struct ClaimsOptions {
  std::string contract, inventory, measurements, incidents, incidents_format;
  std::string period, from, to;
  std::string format = "text";
  bool strict = false;
  bool allow_unverifiable = false;
};

struct Loaded {
  Inputs inputs;
  std::vector<audit::RecordAccounting> records;
  std::vector<audit::RejectedRecord> rejected;
  std::optional<evidence::Inventory> inventory;
  std::optional<evidence::MeasurementLog> measurements;
  std::optional<IncidentLog> incidents;
};

bool load_inventory(const ClaimsOptions& o, Loaded& loaded) {
  if (o.inventory.empty()) return true;
  const auto bytes = read_input("inventory", o.inventory, loaded.inputs);
  if (!bytes) return false;
  evidence::InventoryResult result = evidence::read_inventory(*bytes, o.inventory);
  for (const evidence::InventoryError& e : result.errors)
    std::cerr << evidence::inventory_error_text(o.inventory, e) << "\n";
  if (!result.ok()) return false;
  const size_t n = result.inventory->clusters.size();
  loaded.records.push_back({o.inventory, n, n, 0});
  loaded.inventory = std::move(result.inventory);
  return true;
}

bool load_measurements(const ClaimsOptions& o, const model::Contract& contract, Loaded& loaded) {
  if (o.measurements.empty()) return true;
  const auto bytes = read_input("measurements", o.measurements, loaded.inputs);
  if (!bytes) return false;
  loaded.measurements = evidence::read_measurements(*bytes, o.measurements, service_names(contract));
  const auto& log = *loaded.measurements;
  loaded.records.push_back({o.measurements, log.records_read, log.measurements.size(), log.rejected.size()});
  for (const RejectedRecord& r : log.rejected) loaded.rejected.push_back({o.measurements, r.line, r.reason});
  return true;
}

bool load_incidents(const ClaimsOptions& o, const model::Contract& contract, Loaded& loaded) {
  if (o.incidents.empty()) return true;
  std::optional<IncidentLog> log =
      read_incident_input(o.incidents, o.incidents_format, service_names(contract), loaded.inputs);
  if (!log) return false;
  loaded.records.push_back({o.incidents, log->records_read, log->incidents.size(), log->rejected.size()});
  for (const RejectedRecord& r : log->rejected) loaded.rejected.push_back({o.incidents, r.line, r.reason});
  loaded.incidents = std::move(log);
  return true;
}

// nullopt with ok: no range given (the verifier reads the months the log spans).
std::optional<audit::AuditRange> range_of(const ClaimsOptions& o, bool& ok) {
  bool given = false;
  auto range = range_from_options("claims", o.period, o.from, o.to, given);
  ok = !given || range.has_value();
  return range;
}

std::string render(const ClaimsOptions& o, const claims::ClaimsReport& report) {
  if (o.format == "json")
    return report::claims_report_to_json(report).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  if (o.format == "markdown") return report::render_claims_markdown(report);
  return report::render_claims_text(report);
}

int exit_code(const ClaimsOptions& o, const claims::ClaimsReport& report) {
  if (!report.rejected.empty()) {
    std::cerr << "slaudit: " << (o.strict ? "error: " : "warning: ") << report.rejected.size()
              << " evidence record(s) rejected; each is listed in the report\n";
    if (o.strict) return kContractErrors;
  }
  const auto counts = report.counts();
  const size_t unverifiable = counts[static_cast<size_t>(claims::Verdict::Unverifiable)];
  const bool failed = counts[static_cast<size_t>(claims::Verdict::Refuted)] > 0 ||
                      counts[static_cast<size_t>(claims::Verdict::Ambiguous)] > 0 ||
                      (unverifiable > 0 && !o.allow_unverifiable);
  if (unverifiable > 0 && o.allow_unverifiable)
    std::cerr << "slaudit: note: " << unverifiable << " claim(s) UNVERIFIABLE, allowed by --allow-unverifiable\n";
  return failed ? kBreach : kOk;
}

int run_claims_command(const ClaimsOptions& o) {
  Loaded loaded;
  const std::optional<std::string> text = read_input("contract", o.contract, loaded.inputs);
  if (!text) return kUsageOrIo;
  const SourceFile source(o.contract, *text);
  CompiledContract compiled = compile_contract(source);
  if (!compiled.ok() || !compiled.contract) {
    std::cerr << render_diagnostics(source, compiled.diagnostics);
    return kContractErrors;
  }
  const model::Contract& contract = *compiled.contract;
  bool range_ok = true;
  const std::optional<audit::AuditRange> range = range_of(o, range_ok);
  if (!range_ok) return kUsageOrIo;
  if (!load_inventory(o, loaded) || !load_measurements(o, contract, loaded) || !load_incidents(o, contract, loaded))
    return kUsageOrIo;

  claims::ClaimsRequest request;
  request.contract = &contract;
  request.contract_source = &source;
  if (loaded.inventory) request.inventory = &*loaded.inventory;
  if (loaded.measurements) request.measurements = &loaded.measurements->measurements;
  if (loaded.incidents) request.incidents = &loaded.incidents->incidents;
  request.range = range;
  claims::ClaimsReport report = claims::verify_claims(request);
  report.inputs = std::move(loaded.inputs);
  report.records = std::move(loaded.records);
  report.rejected = std::move(loaded.rejected);
  if (report.items.empty()) std::cerr << "slaudit: warning: the contract makes no claim and no commitment\n";
  std::cout << render(o, report);
  return exit_code(o, report);
}

constexpr const char* kFooter =
    "Evidence (each optional; a claim whose evidence is missing is UNVERIFIABLE and says which input would settle it):\n"
    "  --inventory     JSON {\"clusters\": [{\"id\", \"gpus\", \"nodes\", \"region\", \"interconnect\", \"tenancy\"}]};\n"
    "                  read strictly: a bad value is an error at its JSON path (exit 2)\n"
    "  --measurements  JSON Lines {\"metric\", \"value\", \"unit\", \"condition\", \"time\", \"source\"}; a bad record\n"
    "                  is rejected with its line and reason, listed in the report\n"
    "  --incidents     the audit's incident log (JSON Lines or CSV): availability per period and time to recover\n"
    "Range: --period or --from/--to choose the days availability and recovery are read over; by default the\n"
    "  calendar months the incident log spans.\n"
    "Verdicts (docs/claims.md): VERIFIED, REFUTED, AMBIGUOUS (readings disagree: single cluster vs aggregate,\n"
    "  per month vs whole range, per fault class vs all, empty vs under load), UNVERIFIABLE (no evidence).\n"
    "Examples:\n"
    "  slaudit claims contracts/examples/article_claims.sla --inventory contracts/examples/article_claims.inventory.json \\\n"
    "      --measurements contracts/examples/article_claims.measurements.jsonl \\\n"
    "      --incidents contracts/examples/article_claims.incidents.jsonl\n"
    "  slaudit claims contract.sla --inventory inv.json --measurements m.jsonl --incidents log.jsonl --format json\n"
    "Exit codes: 0 every claim and commitment VERIFIED; 3 any REFUTED, AMBIGUOUS or UNVERIFIABLE (UNVERIFIABLE\n"
    "  is allowed with --allow-unverifiable); 1 errors in the contract, or rejected evidence records with --strict;\n"
    "  2 usage or I/O errors, including a bad inventory or an unreadable incident log.";

}  // namespace

Command add_claims(CLI::App& app) {
  auto o = std::make_shared<ClaimsOptions>();
  auto* cmd = app.add_subcommand("claims", "Verify a contract's claims and commitments against an inventory, "
                                           "measurements and an incident log");
  cmd->add_option("contract", o->contract, "Contract file (.sla); - reads standard input")->required();
  cmd->add_option("--inventory", o->inventory, "Cluster inventory (JSON)");
  cmd->add_option("--measurements", o->measurements, "Measurements (JSON Lines)");
  cmd->add_option("--incidents", o->incidents, "Incident log (.jsonl or .csv)");
  cmd->add_option("--incidents-format", o->incidents_format, "Format of the incident log, when its extension does not say")
      ->check(CLI::IsMember({"jsonl", "ndjson", "json", "csv"}));
  auto* period = cmd->add_option("--period", o->period, "Days to read incidents over: 2026-11, 2026-Q4, 2026, DAY..DAY");
  auto* from = cmd->add_option("--from", o->from, "First day, YYYY-MM-DD (with --to)");
  auto* to = cmd->add_option("--to", o->to, "Last day, YYYY-MM-DD (with --from)");
  period->excludes(from)->excludes(to);
  from->needs(to);
  to->needs(from);
  cmd->add_option("--format", o->format, "Report format")->check(CLI::IsMember({"text", "json", "markdown"}));
  cmd->add_flag("--strict", o->strict, "Exit 1 when any evidence record was rejected (the report is still printed)");
  cmd->add_flag("--allow-unverifiable", o->allow_unverifiable,
                "UNVERIFIABLE claims do not fail the run (exit 0 when the rest are VERIFIED)");
  cmd->footer(kFooter);
  return {cmd, [o] { return run_claims_command(*o); }};
}

}  // namespace slaudit::cli
