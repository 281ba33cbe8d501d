// The bundled example (contracts/examples/gpu_cluster.sla with its November
// 2026 log) against the audit worked by hand in contracts/examples/README.md.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "tests/support/audit_fixture.h"

using namespace slaudit;
using slaudit::audit::IncidentRole;
using slaudit::audit::Rational;

namespace {
std::string read(const std::string& relative) {
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/" + relative, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

TEST_CASE("the bundled example audit matches the hand-worked figures", "[audit][example]") {
  auto fx = testing::run_audit_text(read("contracts/examples/gpu_cluster.sla"),
                                    read("contracts/examples/gpu_cluster.incidents.jsonl"), "2026-11");
  CHECK(fx->log.records_read == 9);
  const auto& t = fx->period("training", "2026-11");
  CHECK(t.length == Seconds{2592000});
  CHECK(t.excluded == Seconds{25200});
  CHECK(t.eligible == Rational(2566800));
  CHECK(t.down == Rational(12780));
  CHECK(*t.availability == Rational(2554020, 2566800));
  CHECK_FALSE(t.met);
  CHECK(t.owed_minor == 12000000);
  CHECK(t.claim.deadline == model::CivilDate{2026, 12, 30});
  CHECK(fx->finding(t, "inc-03").role == IncidentRole::BelowThreshold);
  CHECK(fx->finding(t, "inc-04").role == IncidentRole::Excluded);
  CHECK(fx->finding(t, "inc-05").role == IncidentRole::Down);
  CHECK(fx->finding(t, "inc-06").role == IncidentRole::Excluded);
  CHECK(fx->finding(t, "inc-08").role == IncidentRole::IgnoredShort);

  REQUIRE(fx->report().recovery.size() == 1);
  const auto& r = fx->report().recovery[0];
  CHECK(r.breaches == 1);
  CHECK(r.owed_minor == 1200000);
  CHECK(r.findings.size() == 4);

  const auto& i = fx->period("inference", "2026-11");
  CHECK(i.down == Rational(5400));
  CHECK(i.met);
  CHECK(i.owed_minor == 0);

  CHECK(fx->report().total_owed_minor == 13200000);
  CHECK(fx->report().breached());
}

TEST_CASE("the bundled example's figures are the same without per-incident findings", "[audit][example]") {
  auto full = testing::run_audit_text(read("contracts/examples/gpu_cluster.sla"),
                                      read("contracts/examples/gpu_cluster.incidents.jsonl"), "2026-11");
  auto figures = testing::run_audit_text(read("contracts/examples/gpu_cluster.sla"),
                                         read("contracts/examples/gpu_cluster.incidents.jsonl"), "2026-11", {}, false);
  REQUIRE(full->report().periods.size() == figures->report().periods.size());
  for (size_t i = 0; i < full->report().periods.size(); ++i) {
    const auto& a = full->report().periods[i];
    const auto& b = figures->report().periods[i];
    CHECK(a.down == b.down);
    CHECK(a.excluded == b.excluded);
    CHECK(a.owed_minor == b.owed_minor);
    CHECK(b.incidents.empty());
    CHECK(b.timeline.empty());
  }
  CHECK(full->report().total_owed_minor == figures->report().total_owed_minor);
}
