// A large incident clause classifies its periods two at a time on two threads
// (AuditRequest::use_threads). The report must be the same, byte for byte, as
// the one classified on one thread: same figures, findings, timelines, order.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/audit/audit.h"
#include "language/compile/compile.h"
#include "report/json/render_json.h"
#include "telemetry/synthetic/incident_generator.h"
#include "telemetry/incidents/incident_reader.h"

using namespace slaudit;

namespace {

const std::string kContract = R"(contract "threads" {
  effective 2026-01-01 to 2026-12-31; timezone "America/New_York"; currency USD;
  service training { fee 100000.00 per month; capacity 4096 gpus; }
  availability training {
    target 99.9%; period calendar month;
    unavailable when incident affects >= 5% of gpus;
    ignore downtime shorter than 1 min;
    exclude maintenance with notice >= 72 h, at most 4 h per period;
    exclude cause in (customer, force_majeure);
    excluded time removed from period;
    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; below 95.0%: 100%; }
    cap 100% of monthly fee;
  }
  recovery training { faults (node_down, gpu_xid); within 20 min from detected to recovered;
                      credit 1% of monthly fee per breach; cap 10% of monthly fee; }
}
)";

std::string audit_json(const SourceFile& source, const model::Contract& contract, const IncidentLog& log,
                       bool use_threads) {
  audit::AuditRequest request;
  request.contract = &contract;
  request.contract_source = &source;
  request.incidents = log.incidents;
  request.range = *audit::parse_audit_range("2026-02-01..2026-04-30");  // across the March DST change
  request.use_threads = use_threads;
  const audit::AuditResult result = audit::run_audit(request);
  REQUIRE(result.report);
  return report::report_to_json(*result.report, source).dump(1);
}

// A generated log over late January to early May 2026, across the March DST
// change: overlapping outages, maintenance, excluded causes.
std::vector<std::string> generated_lines(int unexpected_per_30_days, uint64_t seed) {
  generate::IncidentLogOptions options;
  options.from = Instant{std::chrono::sys_days{std::chrono::year{2026} / 1 / 25}};
  options.to = Instant{std::chrono::sys_days{std::chrono::year{2026} / 5 / 5}};
  options.unexpected_per_30_days = unexpected_per_30_days;
  options.maintenance_per_30_days = 200;
  options.seed = seed;
  return generate::generate_incident_log(options);
}

IncidentLog read_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  IncidentReadOptions read_options;
  read_options.format = LogFormat::JsonLines;
  IncidentLogResult read = read_incident_log(text, "threads.jsonl", read_options);
  REQUIRE(read.ok());
  REQUIRE(read.log->rejected.empty());
  return std::move(*read.log);
}

}  // namespace

TEST_CASE("audit threads: periods classified in pairs give the one-thread report", "[audit][threads]") {
  const SourceFile source("threads.sla", kContract);
  const CompiledContract compiled = compile_contract(source);
  REQUIRE(compiled.ok());
  // About 25,000 incidents, more than the 20,000 at which a clause is classified in pairs.
  const IncidentLog log = read_lines(generated_lines(8000, 7));
  REQUIRE(log.incidents.size() > 20000);
  const std::string one_thread = audit_json(source, *compiled.contract, log, false);
  const std::string two_threads = audit_json(source, *compiled.contract, log, true);
  CHECK(one_thread == two_threads);
  CHECK(one_thread.find("\"period\": \"2026-03\"") != std::string::npos);  // the report has the periods asked for
}

TEST_CASE("audit threads: a log indexed in two halves gives the one-thread report, in order or not",
          "[audit][threads]") {
  const SourceFile source("threads.sla", kContract);
  const CompiledContract compiled = compile_contract(source);
  REQUIRE(compiled.ok());
  // Over 40,000 incidents, where the service index is built in two halves.
  const std::vector<std::string> lines = generated_lines(13000, 11);
  REQUIRE(lines.size() > 40000);
  const auto audit_both_ways = [&](const std::vector<std::string>& ordered, const char* what) {
    INFO(what);
    const IncidentLog log = read_lines(ordered);
    REQUIRE(log.incidents.size() > 40000);
    CHECK(audit_json(source, *compiled.contract, log, false) == audit_json(source, *compiled.contract, log, true));
  };
  audit_both_ways(lines, "as written, by start");
  // Each half by start, the second half's incidents earlier than the first's.
  std::vector<std::string> halves_swapped(lines.begin() + static_cast<std::ptrdiff_t>(lines.size() / 2), lines.end());
  halves_swapped.insert(halves_swapped.end(), lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(lines.size() / 2));
  audit_both_ways(halves_swapped, "halves swapped");
  audit_both_ways(std::vector<std::string>(lines.rbegin(), lines.rend()), "reversed");
}
