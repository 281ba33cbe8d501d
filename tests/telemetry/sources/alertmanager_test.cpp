// Prometheus ALERTS firing intervals (telemetry/sources/alertmanager.h): runs
// of points into incidents, the inferred step, the service label, every
// rejection reason, and an audit through the CLI.
// The fixture tests/data/sources/prometheus_alerts/alerts.json has the shape
// of the range-query example in Prometheus's HTTP API reference
// (prometheus.io/docs/prometheus/latest/querying/api/, "Range queries":
// status, data.resultType "matrix", result[].metric and values of
// [<unix time>, "<value>"]) and the labels its alerting-rules page gives the
// ALERTS series (alertname, alertstate, then the alert's own labels).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "tests/support/cli_run.h"
#include "telemetry/sources/alertmanager.h"

using namespace slaudit;

namespace {

Instant at(const char* text) { return *parse_timestamp(text).instant; }

SourceReadOptions options() {
  SourceReadOptions o;
  o.path = "alerts.json";
  o.names = SourceNames(ServiceNames{"checkout"});
  return o;
}

const std::string kFixtures = SLAUDIT_SOURCE_DIR "/tests/data/sources/prometheus_alerts/";

std::string fixture(const std::string& name) { return slaudit::testing::slurp(kFixtures + name); }

// A matrix response of `series`, one a line from line 2.
std::string response(const std::vector<std::string>& series) {
  std::string out = "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[\n";
  for (size_t i = 0; i < series.size(); ++i) out += series[i] + (i + 1 < series.size() ? ",\n" : "\n");
  return out + "]}}\n";
}

// 1793700000 is 2026-11-03T10:00:00Z.
std::string series(const std::string& labels, const std::string& values) {
  return "{\"metric\":{" + labels + "},\"values\":[" + values + "]}";
}
const std::string kCheckout = R"("__name__":"ALERTS","alertname":"CheckoutDown","alertstate":"firing","service":"checkout")";

IncidentLog read(const std::string& text) {
  IncidentLogResult result = read_prometheus_alerts(text, options());
  REQUIRE(result.error == "");
  return std::move(*result.log);
}

bool has_note(const IncidentLog& log, const std::string& part) {
  for (const std::string& note : log.notes)
    if (note.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("prometheus-alerts: each run of points is one incident, ending one step after its last point",
          "[sources][prometheus-alerts]") {
  const IncidentLog log = read(fixture("alerts.json"));
  // Three series: CheckoutDown (two runs) and HighLatency used, DiskFull (service billing) not for this contract.
  CHECK(log.records_read == 3);
  CHECK(log.not_for_contract == 1);
  CHECK(log.rejected.empty());
  REQUIRE(log.incidents.size() == 3);
  const Incident& first = log.incidents[0];
  CHECK(first.line == 6);
  CHECK(first.service == "checkout");
  CHECK(first.resource == "checkout-1:8080");
  CHECK(first.labels->title == "CheckoutDown");
  // Ten points 10:00..10:09 a minute apart: 10:00 to 10:09 + 1 step = 10:10.
  CHECK(first.start == at("2026-11-03T10:00:00Z"));
  CHECK(*first.end == at("2026-11-03T10:10:00Z"));
  CHECK(first.id.starts_with("CheckoutDown@2026-11-03T10:00:00Z#"));
  // Five points from 00:00 on the 10th: to 00:05.
  CHECK(log.incidents[1].start == at("2026-11-10T00:00:00Z"));
  CHECK(*log.incidents[1].end == at("2026-11-10T00:05:00Z"));
  CHECK(log.incidents[1].id.substr(log.incidents[1].id.find('#')) == first.id.substr(first.id.find('#')));
  CHECK(log.incidents[2].line == 50);
  CHECK(*log.incidents[2].end == at("2026-11-03T10:15:00Z"));
  CHECK(has_note(log, "step 60 s, inferred as the smallest gap"));
  CHECK(has_note(log, "the response's last point is 2026-11-10T00:04:00Z, where 1 incident(s) still fire"));
  CHECK(has_note(log, "'billing' maps to no service of the contract: 1 record(s)"));
}

TEST_CASE("prometheus-alerts: the service label, else alertname and the step from any series",
          "[sources][prometheus-alerts]") {
  // No service label: alertname "checkout" names the service. The step, 30 s, comes from the other series.
  const IncidentLog log = read(response({
      series(R"("alertname":"checkout","alertstate":"firing")", R"([1793700000,"1"])"),
      series(kCheckout, R"([1793700000,"1"],[1793700030,"1"],[1793700090,"1"])"),
  }));
  REQUIRE(log.incidents.size() == 3);
  CHECK(*log.incidents[0].end == at("2026-11-03T10:00:30Z"));
  CHECK(!log.incidents[0].resource);  // no instance label
  // 10:00:00 and 10:00:30 one run (to 10:01:00); 10:01:30 a run of its own (to 10:02:00).
  CHECK(*log.incidents[1].end == at("2026-11-03T10:01:00Z"));
  CHECK(log.incidents[2].start == at("2026-11-03T10:01:30Z"));
  CHECK(has_note(log, "step 30 s"));
  // Fractional times are floored to the second, as in the probe reader: the step is 1.5 s; the run starts at
  // 10:00:00.5, floored to 10:00:00, and ends at its last point 10:00:02 + 1.5 s = 10:00:03.5, floored to 10:00:03.
  const IncidentLog fraction = read(response({series(kCheckout, R"([1793700000.5,"1"],[1793700002,"1"])")}));
  REQUIRE(fraction.incidents.size() == 1);
  CHECK(fraction.incidents[0].start == at("2026-11-03T10:00:00Z"));
  CHECK(*fraction.incidents[0].end == at("2026-11-03T10:00:03Z"));
  CHECK(has_note(fraction, "step 1.500 s"));
}

TEST_CASE("prometheus-alerts: every rejection reason of a series", "[sources][prometheus-alerts]") {
  const std::string two = R"([1793700000,"1"],[1793700060,"1"])";
  struct Case {
    std::string labels, values;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {R"("alertname":"A\u0007","service":"checkout")", two, "label 'alertname' contains a control character"},
      {R"("__name__":"probe_success","alertname":"A","service":"checkout")", two, "metric 'probe_success' is not ALERTS"},
      {R"("alertname":"A","alertstate":"pending","service":"checkout")", two,
       "alertstate 'pending': only firing alerts are outages"},
      {R"("alertstate":"firing","service":"checkout")", two, "no alertname label"},
      {R"("alertname":"","service":"checkout")", two, "no alertname label"},
      {R"("alertname":"A","service":"checkout")", "", "no points"},
      {R"("alertname":"A","service":"checkout")", R"([1793700000,"1"],[1793700060,"0"])",
       "value '0' at 2026-11-03T10:01:00Z: ALERTS is 1 while an alert fires"},
      {R"("alertname":"A","service":"checkout")", R"([1793700000,"NaN"],[1793700060,"1"])", "value 'NaN' at"},
      {R"("alertname":"A","service":"checkout")", R"([1793700060,"1"],[1793700000,"1"])",
       "the point at 2026-11-03T10:00:00Z is not after the one before it"},
      {R"("alertname":"A","service":"checkout")", R"([-60,"1"],[0,"1"])", "point 1 is outside the years 1970-9999"},
      {R"("alertname":"A","service":"checkout")", R"([1793700000,"1"],[1793700090,"1"])",
       "points at 2026-11-03T10:00:00Z and 2026-11-03T10:01:30Z are not a whole number of steps (60 s) apart"},
      // 253402300800 is 10000-01-01T00:00:00Z: 9999-12-31T23:59:30Z + 60 s is past it.
      {R"("alertname":"A","service":"checkout")", R"([253402300710,"1"],[253402300770,"1"])",
       "its last point plus the step falls past the year 9999"},
  };
  for (const Case& c : cases) {
    INFO(c.labels << " " << c.values);
    // A second, good series gives the step: 60 s.
    const IncidentLog log = read(response({series(c.labels, c.values), series(kCheckout, two)}));
    CHECK(log.records_read == 2);
    CHECK(log.incidents.size() == 1);
    REQUIRE(log.rejected.size() == 1);
    CHECK(log.rejected[0].line == 2);
    CHECK(log.rejected[0].reason.find(c.reason) == 0);
  }
}

TEST_CASE("prometheus-alerts: no step to infer, and the same label set twice", "[sources][prometheus-alerts]") {
  const IncidentLog single = read(response({series(kCheckout, R"([1793700000,"1"])")}));
  REQUIRE(single.rejected.size() == 1);
  CHECK(single.rejected[0].reason.starts_with("one point says when the alert fired, not for how long"));
  const IncidentLog twice = read(response({series(kCheckout, R"([1793700000,"1"],[1793700060,"1"])"),
                                           series(kCheckout, R"([1793703600,"1"],[1793703660,"1"])")}));
  CHECK(twice.incidents.size() == 1);
  REQUIRE(twice.rejected.size() == 1);
  CHECK(twice.rejected[0] == RejectedRecord{3, "duplicate of line 2 (the same label set)"});
}

TEST_CASE("prometheus-alerts: a body that is no matrix response is an error", "[sources][prometheus-alerts]") {
  for (const char* text : {"{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}",
                           "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error\"}",
                           "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[}", "[]", ""}) {
    INFO(text);
    const IncidentLogResult result = read_prometheus_alerts(text, options());
    CHECK_FALSE(result.ok());
    CHECK(result.error.starts_with("the query_range response"));
  }
  // A step under a second could cut an incident shorter than the second the audit counts in.
  const IncidentLogResult fine = read_prometheus_alerts(response({series(kCheckout, R"([1793700000,"1"],[1793700000.5,"1"])")}), options());
  CHECK(fine.error == "the smallest gap between two points of a series, 0.500 s, is under a second: no range query of "
                      "alerts has such a step (slaudit audits whole seconds)");
  // Warnings (partial data from Thanos or Mimir) are said.
  const IncidentLog warned = read(
      "{\"status\":\"success\",\"warnings\":[\"store unavailable\"],\"data\":{\"resultType\":\"matrix\",\"result\":[]}}");
  CHECK(has_note(warned, "the response carries a warning (its data may be partial): store unavailable"));
}

TEST_CASE("prometheus-alerts: an audit through the CLI", "[sources][prometheus-alerts][cli]") {
  // checkout.sla: checkout, 99.99% a calendar month in UTC, 10% of 1,000.00 EUR below it.
  // November 2026: 43,200 min. CheckoutDown 10:00-10:10 and HighLatency 10:05-10:15 on the 3rd overlap:
  // down 10:00-10:15, 15 min; CheckoutDown 00:00-00:05 on the 10th, 5 min. 20 min down:
  // (43,200 - 20) / 43,200 = 99.9537% < 99.99%: 10% of 1,000.00 = 100.00 EUR.
  const slaudit::testing::ScratchDir scratch("cli-alerts");
  scratch.copy_in(kFixtures + "checkout.sla", "checkout.sla");
  scratch.copy_in(kFixtures + "alerts.json", "alerts.json");
  const slaudit::testing::CliRun run = scratch.run(
      SLAUDIT_CLI, "audit checkout.sla --period 2026-11 --incidents alerts.json --incidents-format prometheus-alerts");
  INFO(run.out << run.err);
  CHECK(run.exit == 3);
  CHECK(slaudit::testing::has(run.out, "  checkout  2026-11  99.99%         43200        20             0     99.9537%~  "
                                       "<99.99%: 10%  100.00  no cap  100.00  2026-12-30  missed\n"));
  CHECK(slaudit::testing::has(run.out, "  alerts.json: read 3, used 2, rejected 0, not for this contract 1\n"));
  CHECK(slaudit::testing::has(run.out, "note: alerts.json: step 60 s, inferred"));
}
