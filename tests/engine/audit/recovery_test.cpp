// Recovery clauses: time to recover by the clause's clock, breaches, credits,
// per-fault statistics, and the fault classes nothing covers.
#include <catch2/catch.hpp>

#include "base/time/timestamp.h"
#include "engine/audit/money.h"
#include "tests/support/audit_fixture.h"

using namespace slaudit;
using slaudit::testing::run_audit_text;

namespace {
const std::string kContract =
    "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"Asia/Shanghai\"; currency CNY;\n"
    "  service training { fee 1200000.00 per month; }\n"
    "  recovery training { faults (node_down, gpu_xid); within 20 min from detected to recovered;\n"
    "    credit 1% of monthly fee per breach; cap 2% of monthly fee; }\n}\n";

std::string incident(const std::string& id, const std::string& fault, const std::string& start,
                     const std::string& detected, const std::string& recovered) {
  return "{\"id\":\"" + id + "\",\"service\":\"training\",\"fault\":\"" + fault + "\",\"start\":\"2026-11-10T" + start +
         "+08:00\",\"end\":\"2026-11-10T" + recovered + "+08:00\",\"detected\":\"2026-11-10T" + detected +
         "+08:00\",\"recovered\":\"2026-11-10T" + recovered + "+08:00\"}\n";
}
}  // namespace

TEST_CASE("recovery: time to recover, breaches, credits, stats and uncovered faults", "[audit][recovery]") {
  // Clock from detected to recovered:
  //   n1 node_down  10:05 -> 10:20 = 15 min      n2 node_down 11:02 -> 11:30 = 28 min (breach)
  //   n3 node_down  12:00 -> 12:20 = 20 min (not more than 20: no breach)
  //   g1 gpu_xid    13:10 -> 13:45 = 35 min (breach)   g2 gpu_xid 14:00 -> 14:50 = 50 min (breach)
  //   o1 optical_module 15:00 -> 17:00: no clause covers it.
  // 3 breaches x 1% of 1,200,000.00 = 36,000.00, capped at 2% = 24,000.00 CNY.
  // node_down sorted 15, 20, 28 min: median (rank 2) 20 min, p95 (rank 3) 28, max 28.
  const std::string log = incident("n1", "node_down", "10:00:00", "10:05:00", "10:20:00") +
                          incident("n2", "node_down", "11:00:00", "11:02:00", "11:30:00") +
                          incident("n3", "node_down", "12:00:00", "12:00:00", "12:20:00") +
                          incident("g1", "gpu_xid", "13:00:00", "13:10:00", "13:45:00") +
                          incident("g2", "gpu_xid", "14:00:00", "14:00:00", "14:50:00") +
                          incident("o1", "optical_module", "15:00:00", "15:00:00", "17:00:00");
  auto fx = run_audit_text(kContract, log, "2026-11");
  REQUIRE(fx->report().recovery.size() == 1);
  const auto& r = fx->report().recovery[0];
  CHECK(r.findings.size() == 5);
  CHECK(r.breaches == 3);
  CHECK(r.credit_minor == 3600000);
  CHECK(r.owed_minor == 2400000);
  REQUIRE(r.stats.size() == 2);
  CHECK(r.stats[1].fault == "node_down");
  CHECK(r.stats[1].count == 3);
  CHECK(r.stats[1].median == Seconds{20 * 60});
  CHECK(r.stats[1].p95 == Seconds{28 * 60});
  CHECK(r.stats[1].max == Seconds{28 * 60});
  CHECK(r.stats[1].breaches == 1);
  REQUIRE(r.uncovered.size() == 1);
  CHECK(r.uncovered[0].fault == "optical_module");
  CHECK(r.uncovered[0].max == Seconds{2 * 3600});
  CHECK(r.uncovered_incidents == std::vector<std::string>{"o1"});
  CHECK(fx->report().breached());
}

TEST_CASE("recovery: a missing detected time starts the clock at the start, flagged", "[audit][recovery]") {
  const std::string log =
      "{\"id\":\"x\",\"service\":\"training\",\"fault\":\"node_down\",\"start\":\"2026-11-10T10:00:00+08:00\","
      "\"end\":\"2026-11-10T10:30:00+08:00\"}\n";
  auto fx = run_audit_text(kContract, log, "2026-11");
  const auto& f = fx->report().recovery[0].findings[0];
  CHECK(f.time_to_recover == Seconds{1800});
  CHECK(f.breach);
  CHECK(f.flags == std::vector<std::string>{"no detected time: the clock started when the incident started",
                                            "no recovered time: the clock stopped when the incident ended"});
}

TEST_CASE("recovery: a figures-only audit gives the same figures and still names the breaches", "[audit][recovery]") {
  const std::string log = incident("n1", "node_down", "10:00:00", "10:05:00", "10:20:00") +
                          incident("n2", "node_down", "11:00:00", "11:02:00", "11:30:00");
  auto full = run_audit_text(kContract, log, "2026-11");
  auto figures = run_audit_text(kContract, log, "2026-11", {}, false);
  const auto& a = full->report().recovery[0];
  const auto& b = figures->report().recovery[0];
  CHECK(a.covered == 2);
  CHECK(b.covered == 2);
  CHECK(a.owed_minor == b.owed_minor);
  CHECK(a.findings.size() == 2);
  REQUIRE(b.findings.size() == 1);  // only the breach
  CHECK(b.findings[0].id == "n2");
  CHECK(b.findings[0].breach);
}

TEST_CASE("recovery: median and p95 by nearest rank over times in no particular order", "[audit][recovery]") {
  // Twenty node_down incidents, one a minute from 10:00, each recovered after
  // the minutes in `minutes` (scrambled). Sorted, they are 1..20 minutes:
  // median = rank ceil(0.50 x 20) = 10 -> 10 min; p95 = rank ceil(0.95 x 20) = 19 -> 19 min; max 20 min.
  const int minutes[20] = {13, 2, 20, 7, 11, 1, 19, 4, 16, 9, 5, 18, 3, 14, 10, 8, 17, 6, 12, 15};
  std::string log;
  for (int k = 0; k < 20; ++k) {
    char start[16], end[16];
    std::snprintf(start, sizeof start, "10:%02d:00", k);
    const int stop = k + minutes[k];
    std::snprintf(end, sizeof end, "%02d:%02d:00", 10 + stop / 60, stop % 60);
    log += incident("r" + std::to_string(k), "node_down", start, start, end);
  }
  auto fx = run_audit_text(kContract, log, "2026-11");
  REQUIRE(fx->report().recovery.size() == 1);
  const auto& stats = fx->report().recovery[0].stats;
  REQUIRE(stats.size() == 1);
  CHECK(stats[0].count == 20);
  CHECK(stats[0].median == Seconds{10 * 60});
  CHECK(stats[0].p95 == Seconds{19 * 60});
  CHECK(stats[0].max == Seconds{20 * 60});
}

TEST_CASE("recovery: a credit past int64 minor units is refused, never saturated", "[audit][recovery][money]") {
  // The largest fee a contract may state, 10^15 minor units a month, credited 100% per breach and uncapped:
  // 9,223 breaches x 10^15 = 9,223,000,000,000,000,000 <= 2^63 - 1 = 9,223,372,036,854,775,807 is stated exactly;
  // 9,224 x 10^15 passes it. Before, the credit saturated at 9,223,372,036,854,775,807.
  const std::string contract =
      "contract \"t\" {\n  effective 2026-01-01 to 2026-12-31; timezone \"UTC\"; currency USD;\n"
      "  service training { fee 10000000000000.00 per month; }\n"
      "  recovery training { faults (node_down); within 20 min from detected to recovered;\n"
      "    credit 100% of monthly fee per breach; }\n}\n";
  auto log_of = [](int breaches) {
    std::string log;
    for (int i = 0; i < breaches; ++i) {  // each 30 min from detected to recovered, 240 s apart, all in November
      const Instant start = *parse_common_timestamp("2026-11-01T00:00:00Z") + Seconds{240LL * i};
      const std::string s = format_utc(start), e = format_utc(start + Seconds{1800});
      log += "{\"id\":\"n" + std::to_string(i) + "\",\"service\":\"training\",\"fault\":\"node_down\",\"start\":\"" + s +
             "\",\"end\":\"" + e + "\",\"detected\":\"" + s + "\",\"recovered\":\"" + e + "\"}\n";
    }
    return log;
  };
  auto fits = run_audit_text(contract, log_of(9223), "2026-11", {}, false);
  REQUIRE(fits->result.report.has_value());
  REQUIRE(fits->report().recovery.size() == 1);
  CHECK(fits->report().recovery[0].breaches == 9223);
  CHECK(fits->report().recovery[0].credit_minor == 9'223'000'000'000'000'000);
  CHECK(fits->report().total_owed_minor == 9'223'000'000'000'000'000);

  // The same request with one breach more (the fixture would require a report).
  IncidentReadOptions options;
  options.format = LogFormat::JsonLines;
  ServiceNames names;
  names.insert("training");
  options.services = names;
  const auto read = read_incident_log(log_of(9224), "t.jsonl", options);
  REQUIRE(read.ok());
  audit::AuditRequest req;
  req.contract = &*fits->compiled.contract;
  req.contract_source = fits->source.get();
  req.incidents = read.log->incidents;
  req.range = *audit::parse_audit_range("2026-11");
  const audit::AuditResult over = audit::run_audit(req);
  CHECK_FALSE(over.report.has_value());
  REQUIRE(over.errors.size() == 1);
  CHECK(over.errors[0].message == audit::total_too_large());
}
