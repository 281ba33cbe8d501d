// The audit as of an instant and its error budgets (docs/audit.md section 28),
// worked by hand: target 99.9% over a 30-day month in UTC, so the budget is
// 0.001 x 2,592,000 s = 2,592 s (43.2 min).
#include <catch2/catch.hpp>

#include "base/time/timestamp.h"
#include "engine/audit/error_budget.h"
#include "language/compile/compile.h"
#include "telemetry/incidents/incident_reader.h"

using namespace slaudit;
using slaudit::audit::Rational;

namespace {

const std::string kContract =
    "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"UTC\"; currency USD;\n"
    "  service api { fee 100.00 per month; }\n"
    "  availability api { target 99.9%; period calendar month; credit of monthly fee { below 99.9%: 10%; } }\n}\n";

Instant at(const char* text) { return *parse_timestamp(text).instant; }

struct Run {
  std::unique_ptr<SourceFile> source;
  CompiledContract compiled;
  std::vector<Incident> incidents;
  audit::AuditResult result;
  const audit::ErrorBudget& budget() const {
    REQUIRE(result.report.has_value());
    REQUIRE(result.report->as_of.has_value());
    REQUIRE(result.report->as_of->budgets.size() == 1);
    return result.report->as_of->budgets[0];
  }
};

Run run(const std::string& log, const char* as_of, const char* day) {
  Run r;
  r.source = std::make_unique<SourceFile>("t.sla", kContract);
  r.compiled = compile_contract(*r.source);
  REQUIRE(r.compiled.ok());
  IncidentReadOptions options;
  options.format = LogFormat::JsonLines;
  options.services = ServiceNames{"api"};
  auto read = read_incident_log(log, "t.jsonl", options);
  REQUIRE(read.ok());
  r.incidents = read.log->incidents;
  audit::AuditRequest req;
  req.contract = &*r.compiled.contract;
  req.contract_source = r.source.get();
  req.incidents = r.incidents;
  req.range = *audit::parse_audit_range(day);
  r.result = audit::run_audit_as_of(req, at(as_of));
  return r;
}

std::string incident(const char* id, const char* start, const char* end = nullptr) {
  return std::string("{\"id\":\"") + id + "\",\"service\":\"api\",\"start\":\"" + start + "\"" +
         (end ? std::string(",\"end\":\"") + end + "\"" : std::string()) + "}\n";
}

// 20 min on the 19th, 10 min in the last hour, one open since 11:50, and one after the instant.
const std::string kLog = incident("a", "2026-11-19T10:00:00Z", "2026-11-19T10:20:00Z") +
                         incident("b", "2026-11-20T11:30:00Z", "2026-11-20T11:40:00Z") +
                         incident("c", "2026-11-20T11:50:00Z") +
                         incident("d", "2026-11-25T00:00:00Z", "2026-11-25T05:00:00Z");

}  // namespace

TEST_CASE("error budget: spent, left, burn rates and when it runs out", "[audit][budget]") {
  const Run r = run(kLog, "2026-11-20T12:00:00Z", "2026-11-20");
  const audit::ErrorBudget& b = r.budget();
  CHECK(b.period == "2026-11");
  CHECK(b.allowed == Rational(2592));  // 0.001 x 2,592,000 s
  // a 1,200 s + b 600 s + c open, cut at 12:00: 600 s; d is after the instant: 2,400 s spent, 192 s left.
  CHECK(b.spent == Rational(2400));
  CHECK(b.left() == Rational(192));
  CHECK_FALSE(b.exhausted());
  // Last hour (11:00-12:00): b 600 + c 600 = 1,200 s; (1,200 / 3,600) / 0.001 = 1000/3 = 333.33...
  CHECK(b.last_hour.covered == Seconds{3600});
  CHECK(b.last_hour.down == Rational(1200));
  CHECK(b.last_hour.burn_rate == Rational(1000, 3));
  // Last day (19th 12:00 - 20th 12:00): a ended before it; 1,200 s; (1,200 / 86,400) / 0.001 = 125/9 = 13.88...
  CHECK(b.last_day.down == Rational(1200));
  CHECK(b.last_day.burn_rate == Rational(125, 9));
  // At 1,200 s down a day (1/72 per second), 192 s last 192 x 72 = 13,824 s = 3 h 50 min 24 s.
  REQUIRE(b.runs_out.has_value());
  CHECK(format_utc(*b.runs_out) == "2026-11-20T15:50:24Z");
  // The period so far: 2,592,000 - 2,400 = 2,589,600 s of 2,592,000 (the time after 12:00 counted up): met so far.
  const audit::PeriodAudit& p = r.result.report->periods.at(0);
  CHECK(*p.availability == Rational(2589600, 2592000));
  CHECK(p.met);
}

TEST_CASE("error budget: overspent, the period is breached already", "[audit][budget]") {
  // As of the 25th 03:00, c has been open since the 20th 11:50: 4 d 15 h 10 min = 400,200 s; with a (1,200 s)
  // and b (600 s): 402,000 s; d (from 00:00) lies inside c's run and counts once: 402,000 s spent of 2,592.
  const Run r = run(kLog, "2026-11-25T03:00:00Z", "2026-11-25");
  const audit::ErrorBudget& b = r.budget();
  CHECK(b.spent == Rational(402000));
  CHECK(b.left() == Rational(2592 - 402000));
  CHECK(b.exhausted());
  CHECK_FALSE(b.runs_out.has_value());
  // The last hour is all down (c and d at once count once): (3,600 / 3,600) / 0.001 = 1000.
  CHECK(b.last_hour.burn_rate == Rational(1000));
  CHECK(r.result.report->breached());
}

TEST_CASE("error budget: a window reaching back past the period's start covers only the period", "[audit][budget]") {
  // December starts at 00:00; as of 00:30, 10 min down (00:00-00:10, the part of an outage from 23:50 in December).
  const Run r = run(incident("x", "2026-11-30T23:50:00Z", "2026-12-01T00:10:00Z"), "2026-12-01T00:30:00Z", "2026-12-01");
  const audit::ErrorBudget& b = r.budget();
  CHECK(b.period == "2026-12");
  CHECK(b.allowed == Rational(2678400, 1000));  // 31 d = 2,678,400 s x 0.001
  CHECK(b.spent == Rational(600));
  CHECK(b.last_hour.covered == Seconds{1800});  // 00:00-00:30 of the hour 23:30-00:30
  CHECK(b.last_day.covered == Seconds{1800});
  CHECK(b.last_hour.burn_rate == Rational(1000, 3));  // (600 / 1,800) / 0.001
  // Pace 600 / 1,800 = 1/3 per second: 2,078.4 s left last 6,235.2 s, so 6,236 s: 02:13:56.
  REQUIRE(b.runs_out.has_value());
  CHECK(format_utc(*b.runs_out) == "2026-12-01T02:13:56Z");
}

TEST_CASE("error budget: incidents as known at an instant", "[audit][budget]") {
  IncidentReadOptions options;
  options.format = LogFormat::JsonLines;
  options.services = ServiceNames{"api"};
  const auto read = read_incident_log(kLog, "t.jsonl", options);
  REQUIRE(read.ok());
  const std::vector<Incident> known = audit::incidents_as_of(read.log->incidents, at("2026-11-20T11:35:00Z"));
  // a whole; b cut at 11:35; c and d not yet started.
  REQUIRE(known.size() == 2);
  CHECK(known[0].id == "a");
  CHECK(*known[0].end == at("2026-11-19T10:20:00Z"));
  CHECK(known[1].id == "b");
  CHECK(*known[1].end == at("2026-11-20T11:35:00Z"));
}
