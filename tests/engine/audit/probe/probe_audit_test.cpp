// A probe clause through the whole audit: probe downtime classified with an
// excluded maintenance incident, credits by the same path as incident audits,
// an unstated missing-data rule audited both ways, and the sample accounting.
#include <catch2/catch.hpp>

#include "engine/audit/audit.h"
#include "engine/audit/probe/probe_engine.h"
#include "language/compile/compile.h"
#include "telemetry/incidents/incident_reader.h"
#include "tests/base/time/time_test_support.h"

using namespace slaudit;
using namespace slaudit::probe;

namespace {

// November 2026 in UTC: 30 days = 43,200 one-minute buckets.
std::string contract(const std::string& missing, const std::string& measure = "measure bad buckets;") {
  return "contract \"t\" {\n"
         "  effective 2026-01-01 to 2026-12-31; timezone \"UTC\"; currency USD;\n"
         "  service api { fee 1000.00 per month; }\n"
         "  availability api {\n"
         "    target 99.9%;\n"
         "    period calendar month;\n"
         "    unavailable from probes {\n"
         "      bucket 1 min;\n"
         "      bad when success ratio < 95%;\n"
         "      at least 5 consecutive bad buckets;\n"
         "      " + measure + "\n"
         "      target \"p1\";\n"
         "      target \"p2\";\n"
         "    }\n" +
         missing +
         "    exclude maintenance;\n"
         "    credit of monthly fee { below 99.95%: 10%; below 99%: 25%; }\n"
         "  }\n"
         "}\n";
}

// Maintenance from minute 300 to 330 of November.
const char* const kMaintenance =
    "{\"id\":\"M\",\"service\":\"api\",\"cause\":\"maintenance\",\"start\":\"2026-11-01T05:00:00Z\","
    "\"end\":\"2026-11-01T05:30:00Z\"}\n";

struct Audited {
  std::unique_ptr<SourceFile> source;
  CompiledContract compiled;
  ProbeTargets targets;
  std::unique_ptr<ProbeClauseEngine> engine;
  audit::AuditResult result;
};

Instant nov(int64_t minute) { return test::utc(2026, 11, 1) + Seconds{minute * 60 + 5}; }

// p1 and p2 both report every minute in [0, minutes) with ok/total from `rate`;
// `skip_p2`: p2 reports nothing at all.
template <class Rate>
std::unique_ptr<Audited> audit_with(const std::string& text, int64_t minutes, Rate rate, bool skip_p2 = false) {
  auto a = std::make_unique<Audited>();
  a->source = std::make_unique<SourceFile>("t.sla", text);
  a->compiled = compile_contract(*a->source);
  INFO(render_diagnostics(*a->source, a->compiled.diagnostics));
  REQUIRE(a->compiled.ok());
  audit::AuditRequest req;
  req.contract = &*a->compiled.contract;
  req.contract_source = a->source.get();
  IncidentReadOptions options;
  options.format = LogFormat::JsonLines;
  options.services = ServiceNames{"api"};
  auto log = read_incident_log(kMaintenance, "m.jsonl", options);
  REQUIRE(log.ok());
  req.incidents = log.log->incidents;
  req.range = *audit::parse_audit_range("2026-11");
  const auto& rule = *req.contract->availability[0].measurement->probes;
  a->engine = std::make_unique<ProbeClauseEngine>(rule, audit::probe_parts(req, 0), a->targets,
                                                  std::vector<std::string>{"p1", "p2"});
  for (int64_t m = 0; m < minutes; ++m)
    for (const char* name : {"p1", "p2"}) {
      if (skip_p2 && name[1] == '2') continue;
      ProbeSample s;
      s.at = nov(m);
      s.target = a->targets.intern(name);
      auto [ok, total] = rate(m, name[1] == '1');
      s.ok = ok;
      s.total = total;
      s.record = static_cast<uint64_t>(m + 2);
      a->engine->add(s);
    }
  a->engine->finish();
  req.probe_engines = {a->engine.get()};
  req.probe_sources = {"probes.csv"};
  a->result = audit::run_audit(req);
  REQUIRE(a->result.report.has_value());
  REQUIRE(a->result.report->periods.size() == 1);
  return a;
}

// p1 is bad (90/100) in minutes 100-109 (a run of 10), 200-202 (3: short) and
// 300-359 (60, half of it under the maintenance); p2 is always good.
std::pair<uint64_t, uint64_t> p1_outages(int64_t m, bool p1) {
  const bool bad = p1 && ((m >= 100 && m < 110) || (m >= 200 && m < 203) || (m >= 300 && m < 360));
  return {bad ? 90 : 100, 100};
}

}  // namespace

TEST_CASE("probe audit: probe downtime with an excluded maintenance window, credited like incidents", "[probe]") {
  auto a = audit_with(contract("    missing data counts as up;\n"), 43'200, p1_outages);
  const auto& p = a->result.report->periods[0];
  REQUIRE(p.probe);
  // Bad buckets: 10 + 3 + 60 = 73; in runs of >= 5: 10 + 60 = 70.
  CHECK(p.probe->bad_buckets == 73);
  CHECK(p.probe->down_buckets == 70);
  // Down seconds: 10 min + (60 - 30 under maintenance) min = 40 min = 2,400 s; excluded 30 min = 1,800 s.
  CHECK(p.excluded == Seconds{1800});
  CHECK(p.down == 2400);
  // Excluded time counts as available (the default): eligible 2,592,000 s;
  // availability (2,592,000 - 2,400) / 2,592,000 = 1079/1080 = 99.9074%: met (>= 99.9%),
  // below 99.95%: 10% of 1,000.00 USD = 100.00.
  CHECK(*p.availability == audit::Rational(1079, 1080));
  CHECK(p.met);
  CHECK(p.credit_minor == 10000);
  CHECK_FALSE(p.probe->ambiguous);
  const auto& acc = a->result.report->probe_accounting.at(0);
  CHECK(acc.seen == 86'400);  // 43,200 minutes x 2 targets
  CHECK(acc.used == 86'400);
}

TEST_CASE("probe audit: an unstated missing-data rule is audited both ways and flagged", "[probe]") {
  // p2 never reports. Missing as up: as above, 2,400 s down. Missing as down: every
  // bucket is down (p2 is missing, `targets any`), except the 30 excluded minutes:
  // availability 1,800 / 2,592,000 = 1/1440 (0.0694%), below 99%: 25% = 250.00.
  auto a = audit_with(contract(""), 43'200, p1_outages, true);
  const auto& p = a->result.report->periods[0];
  REQUIRE(p.probe);
  CHECK(p.probe->ambiguous);
  CHECK(p.probe->missing == model::MissingData::Up);
  CHECK(*p.availability == audit::Rational(1079, 1080));
  CHECK(p.owed_minor == 10000);
  REQUIRE(p.probe->other_availability);
  CHECK(*p.probe->other_availability == audit::Rational(1, 1440));
  CHECK(p.probe->other_owed_minor == 25000);
  CHECK_FALSE(p.probe->other_met);
  CHECK(a->result.report->total_owed_minor == 10000);  // totals take the first reading
  bool flagged = false;
  for (const auto& n : p.notes) flagged |= n.find("ambiguous") != std::string::npos;
  CHECK(flagged);
}

TEST_CASE("probe audit: requests over the period leave the maintenance buckets out", "[probe]") {
  // Requests per minute: p1 and p2 100 each. p1 90/100 in the 73 bad minutes.
  // The 30 maintenance minutes (300-329) are left out: 30 x 200 requests, of which 30 x 10 failed.
  // Counted: 43,170 minutes x 200 = 8,634,000 requests; failed (73 - 30) x 10 = 430.
  // Availability (8,634,000 - 430) / 8,634,000 = 8,633,570 / 8,634,000.
  auto a = audit_with(contract("    missing data counts as up;\n", "measure requests;"), 43'200, p1_outages);
  const auto& p = a->result.report->periods[0];
  REQUIRE(p.probe);
  CHECK(p.probe->requests_total == 8'634'000);
  CHECK(p.probe->requests_ok == 8'633'570);
  CHECK(p.probe->rate_left_out == 30);
  CHECK(*p.availability == audit::Rational(8'633'570, 8'634'000));
  // The downtime reported is what the availability implies: 2,592,000 x 430 / 8,634,000 s.
  CHECK(p.down == audit::Rational(2'592'000) * 430 / 8'634'000);
}

TEST_CASE("probe audit: average error rate, S3 style", "[probe]") {
  // Each minute's error rate: failed / requests over both targets. p1 90/100 + p2 100/100 in
  // a bad minute: 10 / 200 = 1/20. Counted bad minutes outside maintenance: 73 - 30 = 43.
  // Mean over 43,170 minutes: 43 x (1/20) / 43,170 = 43 / 863,400; availability 1 - that.
  auto a = audit_with(contract("    missing data counts as up;\n", "measure average error rate;"), 43'200, p1_outages);
  const auto& p = a->result.report->periods[0];
  REQUIRE(p.probe);
  CHECK(*p.availability == 1 - audit::Rational(43, 863'400));
  CHECK(*p.probe->mean_error_rate == audit::Rational(43, 863'400));
}

// ---------------------------------------------------------------- minimum data (issue 17, item 5)

namespace {

std::string requests_with(const std::string& minimum) { return "measure requests;\n      " + minimum; }

bool has_note(const audit::PeriodAudit& p, const std::string& text) {
  for (const auto& n : p.notes)
    if (n.find(text) != std::string::npos) return true;
  return false;
}

// Minutes 0-99: each target 5 good of 10 requests (20 requests in the bucket);
// every other minute 100 of 100 per target.
std::pair<uint64_t, uint64_t> thin_start(int64_t m, bool) {
  return m < 100 ? std::pair<uint64_t, uint64_t>{5, 10} : std::pair<uint64_t, uint64_t>{100, 100};
}

}  // namespace

TEST_CASE("minimum data per period: below it the period is not assessed, or missed", "[probe][minimum]") {
  // Counted requests as above: 43,170 minutes x 200 = 8,634,000 (30 maintenance minutes left out).
  SECTION("not assessed: 8,634,000 < 10,000,000") {
    auto a = audit_with(contract("    missing data counts as up;\n",
                                 requests_with("at least 10000000 requests per period, else not assessed;")),
                        43'200, p1_outages);
    const auto& p = a->result.report->periods[0];
    CHECK_FALSE(p.availability);
    CHECK(p.owed_minor == 0);
    CHECK(has_note(p, "8634000 requests in the period, fewer than the clause's minimum of 10000000"));
    CHECK(a->result.report->verdict == audit::Verdict::NotAssessed);
  }
  SECTION("missed: availability 0, the below-99% tier, 25% of 1,000.00 = 250.00") {
    auto a = audit_with(contract("    missing data counts as up;\n",
                                 requests_with("at least 10000000 requests per period, else missed;")),
                        43'200, p1_outages);
    const auto& p = a->result.report->periods[0];
    REQUIRE(p.availability);
    CHECK(*p.availability == 0);
    CHECK_FALSE(p.met);
    CHECK(p.credit_minor == 25000);
    // Downtime is the whole eligible time: 2,592,000 s (excluded time counts as available).
    CHECK(p.down == 2'592'000);
    CHECK(has_note(p, "8634000 requests in the period, fewer than the clause's minimum of 10000000: the clause "
                      "counts the period as missed"));
    CHECK(a->result.report->verdict == audit::Verdict::Breached);
  }
  SECTION("at the minimum exactly: assessed as without one, 8,633,570 / 8,634,000") {
    auto a = audit_with(contract("    missing data counts as up;\n",
                                 requests_with("at least 8634000 requests per period, else not assessed;")),
                        43'200, p1_outages);
    const auto& p = a->result.report->periods[0];
    REQUIRE(p.availability);
    CHECK(*p.availability == audit::Rational(8'633'570, 8'634'000));
  }
}

TEST_CASE("minimum data per period counts samples: target-buckets with a sample", "[probe][minimum]") {
  // p2 never reports: 43,200 buckets x 2 targets - 43,200 missing = 43,200 samples.
  const std::string up = "    missing data counts as up;\n";
  SECTION("43,200 < 43,201: not assessed") {
    auto a = audit_with(contract(up, "at least 43201 samples per period, else not assessed;"), 43'200, p1_outages, true);
    const auto& p = a->result.report->periods[0];
    CHECK_FALSE(p.availability);
    CHECK(has_note(p, "43200 samples in the period, fewer than the clause's minimum of 43201"));
  }
  SECTION("43,200 >= 43,200: the bad-bucket figures, 1079/1080") {
    auto a = audit_with(contract(up, "at least 43200 samples per period, else missed;"), 43'200, p1_outages, true);
    const auto& p = a->result.report->periods[0];
    REQUIRE(p.availability);
    CHECK(*p.availability == audit::Rational(1079, 1080));
  }
}

TEST_CASE("minimum data per bucket: a thin bucket is a bucket with missing data", "[probe][minimum]") {
  // 100 thin minutes (0-99) of 20 requests, 10 good; 30 maintenance minutes (300-329) left out;
  // 43,070 other minutes of 200 good requests: 8,614,000.
  SECTION("without a minimum: (100 x 10 + 8,614,000) / (100 x 20 + 8,614,000)") {
    auto a = audit_with(contract("    missing data counts as excluded;\n", "measure requests;"), 43'200, thin_start);
    const auto& p = a->result.report->periods[0];
    CHECK(*p.availability == audit::Rational(8'615'000, 8'616'000));
  }
  SECTION("at least 50 per bucket, missing data excluded: the thin minutes are left out, 8,614,000 / 8,614,000") {
    auto a = audit_with(contract("    missing data counts as excluded;\n", requests_with("at least 50 requests per bucket;")),
                        43'200, thin_start);
    const auto& p = a->result.report->periods[0];
    REQUIRE(p.probe);
    CHECK(p.probe->rate_left_out == 130);  // 100 thin + 30 maintenance
    CHECK(p.probe->requests_total == 8'614'000);
    CHECK(*p.availability == 1);
  }
  SECTION("average error rate, missing data down: each thin minute has error rate 100%, 100 / 43,170") {
    // Without the minimum a thin minute's error rate is 10 / 20 = 1/2: mean 50 / 43,170.
    auto a = audit_with(contract("    missing data counts as down;\n",
                                 "measure average error rate;\n      at least 50 requests per bucket;"),
                        43'200, thin_start);
    const auto& p = a->result.report->periods[0];
    CHECK(*p.availability == 1 - audit::Rational(100, 43'170));
  }
}

namespace {
const audit::Explanation* explained(const audit::PeriodAudit& p, const std::string& figure) {
  for (const audit::Explanation& e : p.explain)
    if (e.figure == figure) return &e;
  return nullptr;
}
}  // namespace

TEST_CASE("probe audit: the missing-data line cites the rule where the clause states it, else the default",
          "[probe][explain]") {
  SECTION("stated on line 15 of the contract: cited there") {
    auto a = audit_with(contract("    missing data counts as excluded;\n"), 43'200, p1_outages);
    const audit::Explanation* line = explained(a->result.report->periods[0], "missing data");
    REQUIRE(line);
    CHECK(line->value == "counts as excluded");
    REQUIRE(line->clause.end > line->clause.begin);
    CHECK(a->source->location(line->clause.begin).line == 15);
    CHECK(a->source->slice(line->clause).rfind("missing data counts as excluded", 0) == 0);
  }
  SECTION("not stated: the default, and the derivation says so") {
    auto a = audit_with(contract(""), 43'200, p1_outages);
    const audit::Explanation* line = explained(a->result.report->periods[0], "missing data");
    REQUIRE(line);
    CHECK(line->value == "counts as up");
    CHECK(line->clause.end == line->clause.begin);  // the report says "(default: the contract does not say)"
    CHECK(line->derivation.find("the clause does not say") == 0);
  }
}
