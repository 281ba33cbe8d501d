// The incident-log generator: deterministic, every line a valid incident,
// counts that scale with the span, the Llama 3 fault mix, maintenance with
// enough notice and with too little, an open last incident when asked.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "base/time/timestamp.h"
#include "bench/gen/incident_generator.h"
#include "telemetry/incidents/incident_reader.h"

using namespace slaudit;

namespace {

Instant at(const char* text) {
  const TimestampResult t = parse_timestamp(text);
  REQUIRE(t.ok());
  return *t.instant;
}

generate::IncidentLogOptions november(uint64_t seed) {
  generate::IncidentLogOptions o;
  o.from = at("2026-11-01T00:00:00Z");
  o.to = at("2026-12-01T00:00:00Z");  // exactly 30 days
  o.seed = seed;
  return o;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t i = text.find(part); i != std::string::npos; i = text.find(part, i + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("incident generator: the same options give the same log, another seed another", "[generate]") {
  CHECK(generate::generate_incident_log(november(7)) == generate::generate_incident_log(november(7)));
  CHECK(generate::generate_incident_log(november(7)) != generate::generate_incident_log(november(8)));
}

TEST_CASE("incident generator: counts scale with the span, rounded half up", "[generate]") {
  struct Case {
    int64_t days, unexpected, maintenance;
    size_t expected;  // unexpected*days/30 + maintenance*days/30, each rounded half up
  };
  const Case cases[] = {
      {30, 20, 2, 22},     // 20 + 2
      {15, 20, 2, 11},     // 10 + 1
      {45, 20, 2, 33},     // 30 + 3
      {7, 20, 2, 5},       // 4.67 -> 5, 0.47 -> 0
      {365, 59, 4, 767},   // 717.83 -> 718, 48.67 -> 49
  };
  for (const Case& c : cases) {
    INFO(c.days << " days");
    generate::IncidentLogOptions o = november(1);
    o.to = o.from + Seconds(c.days * 86400);
    o.unexpected_per_30_days = c.unexpected;
    o.maintenance_per_30_days = c.maintenance;
    CHECK(generate::generate_incident_log(o).size() == c.expected);
  }
}

TEST_CASE("incident generator: every line reads back as an incident, in start order", "[generate]") {
  generate::IncidentLogOptions o = november(3);
  o.unexpected_per_30_days = 400;
  o.maintenance_per_30_days = 20;
  o.leave_last_open = true;
  const std::string text = joined(generate::generate_incident_log(o));
  const IncidentLogResult read = read_incident_log(text, "gen.jsonl", {});
  REQUIRE(read.ok());
  CHECK(read.log->records_read == 420);
  CHECK(read.log->rejected.empty());
  REQUIRE(read.log->incidents.size() == 420);
  size_t open = 0;
  for (size_t i = 0; i < read.log->incidents.size(); ++i) {
    const Incident& incident = read.log->incidents[i];
    CHECK(incident.start >= o.from);
    CHECK(incident.start < o.to);
    if (i > 0) CHECK(read.log->incidents[i - 1].start <= incident.start);
    if (incident.is_open()) ++open;
  }
  CHECK(open == 1);
  CHECK(count(text, "\"id\":\"gen-000001\"") == 1);
  CHECK(count(text, "\"id\":\"gen-000420\"") == 1);
}

TEST_CASE("incident generator: fault classes follow the Llama 3 mix, maintenance notice varies", "[generate]") {
  int64_t total = 0;
  for (const generate::FaultShare& s : generate::llama3_fault_mix()) total += s.count;
  CHECK(total == 419);  // the report's unexpected interruptions
  CHECK(std::string(generate::llama3_fault_mix().front().fault) == "gpu_xid");

  generate::IncidentLogOptions o = november(11);
  o.unexpected_per_30_days = 4190;  // ten times the mix
  o.maintenance_per_30_days = 400;
  o.short_notice_percent = 25;
  const std::string text = joined(generate::generate_incident_log(o));
  // A sample of 4,190 draws: gpu_xid is 148/419 = 35.3%, i.e. about 1,480 (±5 standard deviations ≈ ±155).
  const size_t xid = count(text, "\"fault\":\"gpu_xid\"");
  CHECK(xid > 1325);
  CHECK(xid < 1635);
  CHECK(count(text, "\"fault\":\"nic_failure\"") > 20);   // 7/419: about 70
  CHECK(count(text, "\"cause\":\"maintenance\"") == 400);
  CHECK(count(text, "\"cause\":\"customer\"") > 40);      // 3%: about 126
  // Short notice is exactly 24 h before the start: the reader gives no
  // "notice" lead directly, so count it through the incidents.
  const IncidentLogResult read = read_incident_log(text, "gen.jsonl", {});
  REQUIRE(read.ok());
  size_t short_notice = 0, maintenance = 0;
  for (const Incident& incident : read.log->incidents) {
    if (!incident.notice) continue;
    ++maintenance;
    const Seconds lead = incident.start - *incident.notice;
    if (lead == Seconds(24 * 3600)) ++short_notice;
    else CHECK(lead >= Seconds(72 * 3600));
  }
  CHECK(maintenance == 400);
  CHECK(short_notice > 60);   // 25% of 400 = 100 (±5 sd ≈ ±43)
  CHECK(short_notice < 145);
}
