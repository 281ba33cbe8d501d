// The HTML report's probe section: the figures the text report's Probes
// section gives (buckets, bad, down, missing data, the ambiguous reading, and
// what became of every sample), as escaped tables in the one page.
#include <catch2/catch.hpp>

#include <string>

#include "report/html/render_html.h"
#include "tests/report/sample_report.h"

using namespace slaudit;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The sample report with its storage period (index 1) measured from probes.
audit::AuditReport probe_report(const SourceFile& source) {
  audit::AuditReport report = test::sample_report(source);
  audit::PeriodAudit& p = report.periods.at(1);  // storage, 2026-11: 4,320 s down, owed 30000.00 CNY
  audit::ProbePeriodFigures f;
  f.method = model::ProbeMethod::BadBuckets;
  f.combine = "at least 10%";
  f.missing = model::MissingData::Up;
  f.bucket = Seconds{60};
  f.min_consecutive = 5;
  f.targets = 12;
  f.buckets = 43200;  // 30 days of minutes
  f.bad_buckets = 80;
  f.down_buckets = 72;  // 72 min = the period's 4,320 s
  f.no_data_buckets = 3;
  f.excluded_buckets = 0;
  f.target_buckets_missing = 41;
  f.ambiguous = true;
  f.other_missing = model::MissingData::Down;
  // Counted as down, the 3 buckets without a sample add 3 min: (2,592,000 - 4,500) / 2,592,000.
  f.other_availability = audit::Rational(2'592'000 - 4'500, 2'592'000);
  f.other_met = false;
  f.other_owed_minor = 3'000'000;
  p.probe = f;

  audit::ProbeClauseAccounting a;
  a.service = "storage";
  a.lateness = Seconds{3 * 3600};
  a.targets = 12;
  // 518,390 + 4 + 2 + 1 + 2 + 1 + 0 = 518,400 samples offered.
  a.seen = 518'400;
  a.used = 518'390;
  a.outside_period = 4;
  a.not_a_target = 2;
  a.late = 1;
  a.duplicate_identical = 2;
  a.duplicate_conflicting = 1;
  a.unusable = 0;
  a.examples = {{"probes<1>.csv", 7, "late: its bucket was finished"}};
  report.probe_accounting = {a};
  return report;
}

}  // namespace

TEST_CASE("report html: a probe clause's buckets, missing-data readings and samples", "[report][html][probe]") {
  const SourceFile source = test::sample_contract_source();
  const audit::AuditReport report = probe_report(source);
  const std::string html = report::render_html(report, test::sample_contract(), source);

  CHECK(has(html, "<section id=\"probes\">\n<h2>Probe measurements</h2>"));
  // One row: clause, period, method, bucket, targets, run minimum, missing data (unstated), then
  // buckets 43200, bad 80, down 72, no sample 3, excluded 0, target-buckets without a sample 41;
  // no request figures for a bad-bucket clause.
  CHECK(has(html, "<tr><td>storage</td><td>2026-11</td><td>bad buckets</td><td class=\"num\">1 min</td>"
                  "<td>at least 10% (12)</td><td class=\"num\">5</td><td>up (not stated)</td>"
                  "<td class=\"num\">43200</td><td class=\"num\">80</td><td class=\"num\">72</td>"
                  "<td class=\"num\">3</td><td class=\"num\">0</td><td class=\"num\">41</td>"
                  "<td class=\"num\">—</td><td class=\"num\">—</td><td class=\"num\">—</td></tr>"));
  // Both readings of the unstated rule: up gives 2,587,680 / 2,592,000 = 99.8333...%, owed 30000.00;
  // down gives 2,587,500 / 2,592,000 = 99.8263...%, owed 30000.00.
  CHECK(has(html, "<p class=\"ambiguous\"><strong>storage 2026-11: ambiguous.</strong> The clause does not say how "
                  "missing probe data counts. Counted as up: availability 99.8333"));
  CHECK(has(html, "Counted as down: availability 99.8263"));
  CHECK(has(html, "owed 30,000.00 CNY.</p>"));
  // Every sample accounted for, and the first one not used with its file and line, escaped.
  CHECK(has(html, "<tr><td>storage</td><td class=\"num\">12</td><td class=\"num\">518400</td>"
                  "<td class=\"num\">518390</td><td class=\"num\">4</td><td class=\"num\">2</td>"
                  "<td class=\"num\">1</td><td class=\"num\">2</td><td class=\"num\">1</td><td class=\"num\">0</td></tr>"));
  CHECK(has(html, "late means more than 3 h behind the latest sample"));
  CHECK(has(html, "<tr><td>probes&lt;1&gt;.csv</td><td class=\"num\">7</td><td>late: its bucket was finished</td></tr>"));
  CHECK_FALSE(has(html, "probes<1>"));
}

TEST_CASE("report html: a request-based probe clause shows its requests, no probes, no section", "[report][html][probe]") {
  const SourceFile source = test::sample_contract_source();
  CHECK_FALSE(has(report::render_html(test::sample_report(source), test::sample_contract(), source), "id=\"probes\""));

  audit::AuditReport report = probe_report(source);
  audit::ProbePeriodFigures& f = *report.periods.at(1).probe;
  f.method = model::ProbeMethod::AverageErrorRate;
  f.ambiguous = false;
  f.missing = model::MissingData::Excluded;
  f.requests_ok = 9'990;
  f.requests_total = 10'000;
  f.rate_buckets = 8'640;  // 30 days of 5-minute buckets
  f.rate_left_out = 2;
  f.mean_error_rate = audit::Rational(1, 1000);
  const std::string html = report::render_html(report, test::sample_contract(), source);
  CHECK(has(html, "<td>excluded</td>"));
  CHECK(has(html, "<td class=\"num\">9990 / 10000</td><td class=\"num\">8640 (2 left out)</td>"
                  "<td class=\"num\">0.1000%</td></tr>"));
  CHECK_FALSE(has(html, "class=\"ambiguous\""));
}
