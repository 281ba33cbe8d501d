// Each scoring rule of docs/compare.md, section 6, on small contracts (with
// evidence where a claim needs it): the points, with their arithmetic beside
// them, and the basis the report gives for them.
#include <catch2/catch.hpp>

#include <string>

#include "tests/engine/selection/selection_fixture.h"

using namespace slaudit;
using namespace slaudit::selection;
using test::compare_alone;
using test::Evidence;

namespace {

struct Case {
  const char* what;
  std::string items;
  Evidence evidence;
  Dimension dimension;
  const char* criterion;
  Rational points;
  const char* basis;  // a part of the criterion's basis
};

void check_cases(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    INFO(c.what);
    const auto compared = compare_alone(c.items, c.evidence);
    const Criterion& got = compared->criterion(c.dimension, c.criterion);
    INFO("basis: " << got.basis);
    CHECK(got.points == c.points);
    CHECK(got.basis.find(c.basis) != std::string::npos);
  }
}

const std::string kThreeClusters =
    R"({"clusters": [{"id": "a", "gpus": 4096}, {"id": "b", "gpus": 4096}, {"id": "c", "gpus": 4096}]})";

std::string incident(const std::string& id, const std::string& fault, const std::string& day, int minutes) {
  const std::string mm = (minutes < 10 ? "0" : "") + std::to_string(minutes);
  return "{\"id\":\"" + id + "\",\"service\":\"training\",\"fault\":\"" + fault + "\",\"start\":\"2026-10-" + day +
         "T10:00:00+08:00\",\"end\":\"2026-10-" + day + "T10:" + mm + ":00+08:00\",\"detected\":\"2026-10-" + day +
         "T10:00:00+08:00\",\"recovered\":\"2026-10-" + day + "T10:" + mm + ":00+08:00\",\"scope\":{\"affected\":{\"gpus\":8}}}\n";
}

std::string measurement(const std::string& metric, const std::string& value, const std::string& unit,
                        const std::string& condition = "") {
  return "{\"metric\":\"" + metric + "\",\"value\":" + value + (unit.empty() ? "" : ",\"unit\":\"" + unit + "\"") +
         (condition.empty() ? "" : ",\"condition\":\"" + condition + "\"") +
         ",\"time\":\"2026-10-01T00:00:00+08:00\",\"source\":\"test\"}\n";
}

const std::string kTraining = "service training { fee 1000.00 per month; billing per hour; }\n";

}  // namespace

TEST_CASE("scorecard: cluster delivery and scale", "[compare][score]") {
  const Dimension d = Dimension::ClusterScale;
  check_cases({
      {"one cluster of 4,096 GPUs: 50 × 4,096 / 10,000", "service training { scope single cluster \"c\"; capacity 4096 gpus; }\n",
       {}, d, "largest single cluster", Rational(2048, 100), "min(4,096, 10,000) / 10,000"},
      {"the same in all: 30 × 0.4096", "service training { scope single cluster \"c\"; capacity 4096 gpus; }\n", {}, d,
       "capacity in all", Rational(12288, 1000), "contract: service training is one cluster of 4,096 gpus"},
      {"one cluster of 16,384 reaches the bar", "service training { scope single cluster \"c\"; capacity 16384 gpus; }\n",
       {}, d, "largest single cluster", 50, "min(16,384, 10,000)"},
      {"three clusters added up: nothing as one cluster",
       "service training { scope aggregate clusters (\"a\", \"b\", \"c\"); capacity 12288 gpus; }\n", {}, d,
       "largest single cluster", 0, "no claim or commitment of gpus"},
      {"three clusters added up: in full in all",
       "service training { scope aggregate clusters (\"a\", \"b\", \"c\"); capacity 12288 gpus; }\n", {}, d,
       "capacity in all", 30, "clusters added up of 12,288 gpus"},
      {"\"10,000 GPUs\" AMBIGUOUS earns as its weakest reading, an aggregate: nothing as one cluster",
       kTraining + "claim \"万卡\": gpus >= 10000;\n", {kThreeClusters, "", ""}, d, "largest single cluster", 0,
       "credited as its weakest reading, aggregate (VERIFIED)"},
      {"... and in full as an aggregate", kTraining + "claim \"万卡\": gpus >= 10000;\n", {kThreeClusters, "", ""}, d,
       "capacity in all", 30, "claim AMBIGUOUS: credited as its weakest reading, aggregate (VERIFIED); 30 × min(10,000"},
      {"a REFUTED claim earns nothing", kTraining + "claim \"万卡单集群\": gpus >= 10000 single;\n",
       {kThreeClusters, "", ""}, d, "largest single cluster", 0, "claim REFUTED: earns nothing"},
      {"a VERIFIED single-cluster claim", kTraining + "claim \"4096\": gpus >= 4096 single;\n", {kThreeClusters, "", ""},
       d, "largest single cluster", Rational(2048, 100), "claim VERIFIED; 50 × min(4,096, 10,000) / 10,000"},
      {"an UNVERIFIABLE claim earns nothing", kTraining + "claim \"万卡\": gpus >= 10000 aggregate;\n", {}, d,
       "capacity in all", 0, "claim UNVERIFIABLE: earns nothing"},
      {"an UNVERIFIABLE commitment binds, read as several clusters", kTraining + "commit gpus >= 8000;\n", {}, d,
       "capacity in all", 24, "credited as written"},
      {"... and says nothing of one cluster", kTraining + "commit gpus >= 8000;\n", {}, d, "largest single cluster", 0,
       "several clusters added up say nothing of one cluster"},
      {"a scope stated: no finding", "service training { scope single cluster \"c\"; capacity 4096 gpus; }\n", {}, d,
       "stated plainly", 20, "no finding of cluster-size-scope"},
      {"capacity and claim without scope: two findings, 20 − 2 × 10",
       "service training { capacity 12288 gpus; }\nclaim \"万卡\": gpus >= 10000;\n", {}, d, "stated plainly", 0,
       "20 − 10 × 2 findings: cluster-size-scope at line 3; cluster-size-scope at line 4"},
  });
}

TEST_CASE("scorecard: fault recovery and long-run stability", "[compare][score]") {
  const Dimension d = Dimension::FaultRecovery;
  const std::string recovery20 =
      kTraining + "recovery training { faults (node_down, gpu_xid); within 20 min from detected to recovered; "
                  "credit 1% of monthly fee per breach; }\n";
  const std::string mixed = incident("n1", "node_down", "03", 18) + incident("n2", "node_down", "09", 16) +
                            incident("o1", "optical_module", "15", 50);
  check_cases({
      {"node_down and gpu_xid within 20 min: 35 × (32 + 148) / 419", recovery20, {}, d, "recovery commitment",
       Rational(35 * 180, 419), "covers 180 of the 419 Llama 3 interruptions; 35 × (180 × 1) / 419"},
      {"within 40 min earns half: min(1, 20 / 40)",
       kTraining + "recovery training { faults (node_down, gpu_xid); within 40 min from detected to recovered; }\n", {}, d,
       "recovery commitment", Rational(35 * 180, 419 * 2), "35 × (180 × 1/2) / 419"},
      {"a class outside the Llama 3 mix covers nothing",
       kTraining + "recovery training { faults (optical_module); within 20 min from detected to recovered; }\n", {}, d,
       "recovery commitment", 0, "covers 0 of the 419"},
      {"no time limit: nothing", kTraining + "recovery training { faults (node_down); }\n", {}, d, "recovery commitment",
       0, "with no time limit"},
      {"no recovery clause", kTraining, {}, d, "recovery commitment", 0, "no recovery clause for training"},
      {"a credit per breach", recovery20, {}, d, "credit per breach", 10, "credit 1% of monthly fee per breach"},
      {"no credit per breach",
       kTraining + "recovery training { faults (node_down); within 20 min from detected to recovered; }\n", {}, d,
       "credit per breach", 0, "pays a credit per breach"},
      {"a VERIFIED claim for node_down: 15 × 32 / 419",
       kTraining + "claim \"节点20分钟\": recovery_time <= 20 min faults (node_down);\n", {"", "", mixed}, d,
       "self-healing claims that hold", Rational(15 * 32, 419), "claim VERIFIED"},
      {"\"about 20 minutes\" AMBIGUOUS: its weakest reading, optical_module, fails",
       kTraining + "claim \"约20分钟\": recovery_time about 20 min;\n", {"", "", mixed}, d,
       "self-healing claims that hold", 0, "weakest reading, fault optical_module (REFUTED), which does not hold"},
      {"availability per month, VERIFIED: 10",
       kTraining + "claim \"99.9\": availability >= 99.9% period calendar month;\n",
       {"", "", incident("n1", "node_down", "03", 18)}, d, "availability claims that hold", 10, "1 (every period)"},
      {"99% allows ten times the downtime: a tenth",
       kTraining + "claim \"99\": availability >= 99% period calendar month;\n",
       {"", "", incident("n1", "node_down", "03", 18)}, d, "availability claims that hold", 1,
       "min(1, 0.1 / (100 − 99))"},
      {"a checkpoint interval committed", kTraining + "commit checkpoint_interval <= 30 min;\n", {}, d,
       "checkpoint frequency", 5, "commitment UNVERIFIABLE"},
      {"checkpoint bandwidth under load", kTraining + "commit checkpoint_write >= 400 GB/s under load;\n", {}, d,
       "checkpoint bandwidth under load", 5, "1 (under load)"},
      {"checkpoint bandwidth with no condition earns nothing", kTraining + "commit checkpoint_write >= 400 GB/s;\n", {},
       d, "checkpoint bandwidth under load", 0, "not under load"},
      {"recovery without faults or clock: two findings",
       kTraining + "recovery training { credit 1% of monthly fee per breach; }\n", {}, d, "stated plainly", 0,
       "recovery-no-faults"},
  });
}

TEST_CASE("scorecard: network interconnect and storage IO", "[compare][score]") {
  const Dimension d = Dimension::NetworkStorage;
  const std::string storage = measurement("storage_throughput", "2.4", "TB/s", "empty") +
                              measurement("storage_throughput", "1.5", "TB/s", "under_load");
  check_cases({
      {"RoCE", "service training { interconnect roce exclusive; }\n", {}, d, "RDMA-class interconnect", 20,
       "1 (roce: RDMA-class)"},
      {"ethernet: a quarter", "service training { interconnect ethernet; }\n", {}, d, "RDMA-class interconnect", 5,
       "1/4 (ethernet: no RDMA)"},
      {"none", "service training { }\n", {}, d, "RDMA-class interconnect", 0, "no interconnect stated"},
      {"exclusive", "service training { interconnect roce exclusive; }\n", {}, d, "exclusive fabric", 10, "1 (exclusive)"},
      {"shared", "service training { interconnect roce shared; }\n", {}, d, "exclusive fabric", 0, "shared with other tenants"},
      {"storage under load, committed", kTraining + "commit storage_throughput >= 1 TB/s under load;\n", {}, d,
       "storage throughput that holds", 30, "1 (under load)"},
      {"\"2 TB/s\" holds only empty: AMBIGUOUS, credited as empty: a third",
       kTraining + "commit storage_throughput >= 2 TB/s;\n", {"", storage, ""}, d, "storage throughput that holds", 10,
       "weakest reading, condition empty (VERIFIED)"},
      {"RDMA bandwidth under load", kTraining + "commit rdma_bandwidth >= 50 GB/s under load;\n", {}, d,
       "network bandwidth that holds", 20, "1 (under load)"},
      {"RDMA bandwidth measured empty: half", kTraining + "commit rdma_bandwidth >= 50 GB/s empty;\n", {}, d,
       "network bandwidth that holds", 10, "1/2 (empty system)"},
      {"roce without tenancy: a finding", "service training { interconnect roce; }\n", {}, d, "stated plainly", 10,
       "rdma-no-tenancy at line 3"},
  });
}

TEST_CASE("scorecard: scheduling and utilisation", "[compare][score]") {
  const Dimension d = Dimension::Scheduling;
  check_cases({
      {"billing per minute", "service training { fee 1.00 per month; billing per minute; }\n", {}, d,
       "billing granularity", 25, "1 (per minute)"},
      {"billing per hour: 3/5", "service training { fee 1.00 per month; billing per hour; }\n", {}, d,
       "billing granularity", 15, "3/5 (per hour)"},
      {"billing per day: 1/5", "service training { fee 1.00 per month; billing per day; }\n", {}, d,
       "billing granularity", 5, "1/5 (per day)"},
      {"billing per month: nothing", "service training { fee 1.00 per month; billing per month; }\n", {}, d,
       "billing granularity", 0, "0 (per month)"},
      {"a fee without billing granularity: a finding", "service training { fee 1.00 per month; }\n", {}, d,
       "stated plainly", 10, "billing-no-granularity"},
      {"scale-out in seconds, refuted", kTraining + "claim \"秒级扩缩容\": scale_out_time < 1 min;\n",
       {"", measurement("scale_out_time", "95", "s"), ""}, d, "scale-out time", 0, "claim REFUTED"},
      {"scale-out in seconds, verified", kTraining + "claim \"秒级扩缩容\": scale_out_time < 1 min;\n",
       {"", measurement("scale_out_time", "45", "s"), ""}, d, "scale-out time", 25, "claim VERIFIED"},
      {"a preemption notice committed", kTraining + "commit preemption_notice >= 30 min;\n", {}, d,
       "notice before preemption", 20, "binds the vendor"},
      {"a preemption notice bounded the wrong way", kTraining + "commit preemption_notice <= 30 min;\n", {}, d,
       "notice before preemption", 0, "does not promise at least this much"},
      {"data retention committed", kTraining + "commit data_retention >= 7 d;\n", {}, d, "data kept after reclaim", 10,
       "1 (stated)"},
  });
}

TEST_CASE("scorecard: SLA terms", "[compare][score]") {
  const Dimension d = Dimension::SlaTerms;
  const std::string head = "service training { fee 1000.00 per month; }\navailability training {\n  target 99.9%;\n";
  const std::string tiers = "  credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; below 95.0%: 100%; }\n";
  check_cases({
      {"a target", head + "}\n", {}, d, "target", 10, "target 99.9%;"},
      {"a month", head + "  period calendar month;\n}\n", {}, d, "statistical period", 15, "1 (a month or less)"},
      {"a quarter: a third", head + "  period calendar quarter;\n}\n", {}, d, "statistical period", 5, "1/3"},
      {"a year: nothing", head + "  period calendar year;\n}\n", {}, d, "statistical period", 0, "longer than a quarter"},
      {"no period", head + "}\n", {}, d, "statistical period", 0, "states no period"},
      {"downtime defined", head + "  unavailable when any incident;\n}\n", {}, d, "downtime defined", 10, "1 (stated)"},
      {"tiers up to 100%", head + tiers + "}\n", {}, d, "remedy", 30, "the highest tier pays 100%"},
      {"tiers up to 100%, capped at 10% per period: 30 × 10 / 100", head + tiers + "  cap 10% of monthly fee;\n}\n", {},
       d, "remedy", 3, "capped at 10%"},
      {"a cap in money over the period's fee: 250.00 of 1,000.00", head + tiers + "  cap 250.00;\n}\n", {}, d, "remedy",
       Rational(30 * 25, 100), "capped at 25%"},
      {"a cap over a year does not bound one period", head + tiers + "  cap 50% of monthly fee per contract year;\n}\n",
       {}, d, "remedy", 30, "min(100%, 100%)"},
      {"lost time at the hourly rate", head + "  credit lost time at hourly rate;\n}\n", {}, d, "remedy", 30,
       "lost time × 1: a lost period pays 100%"},
      {"no credit", head + "}\n", {}, d, "remedy", 0, "pays no credit"},
      {"maintenance with notice and cap", head + "  exclude maintenance with notice >= 72 h, at most 4 h per period;\n}\n",
       {}, d, "maintenance bounded", 15, "1 (1/2 for a minimum notice"},
      {"maintenance with notice only", head + "  exclude maintenance with notice >= 72 h;\n}\n", {}, d,
       "maintenance bounded", Rational(15, 2), "15 × 0.5 (1/2"},
      {"maintenance not excluded", head + "}\n", {}, d, "maintenance bounded", 15, "maintenance is not excluded"},
      {"no availability clause", kTraining, {}, d, "target", 0, "no availability clause for training"},
  });
}

TEST_CASE("scorecard: model and framework openness", "[compare][score]") {
  const Dimension d = Dimension::Openness;
  check_cases({
      {"70+ models, verified", kTraining + "claim \"70+\": models >= 70;\n", {"", measurement("models", "72", ""), ""}, d,
       "models offered", 50, "min(70, 70) / 70"},
      {"35 models: half", kTraining + "claim \"35\": models >= 35;\n", {"", measurement("models", "40", ""), ""}, d,
       "models offered", 25, "min(35, 70) / 70"},
      {"online the day it is released, refuted", kTraining + "claim \"当天\": model_onboarding <= 1 d;\n",
       {"", measurement("model_onboarding", "3", "d"), ""}, d, "new models online", 0, "claim REFUTED"},
      {"two days, committed: half", kTraining + "commit model_onboarding <= 2 d;\n", {}, d, "new models online", 15,
       "1 d / 2 d"},
      {"a superlative", kTraining + "claim \"业界领先\";\n", {}, d, "stated plainly", 10, "superlative-claim at line 4"},
  });
}

TEST_CASE("scorecard: the weighted score is Σ weight × score / 100", "[compare][score]") {
  const auto compared = compare_alone(
      "service training { fee 1000.00 per month; scope single cluster \"c\"; capacity 16384 gpus; "
      "interconnect infiniband exclusive; billing per second; }\n");
  Rational expected = 0;
  for (const DimensionScore& d : compared->vendor().score.dimensions) {
    Rational sum = 0;
    for (const Criterion& c : d.criteria) {
      CHECK(c.points >= 0);
      CHECK(c.points <= c.max);
      sum += c.max;
    }
    CHECK(sum == 100);  // every dimension's criteria are worth 100 in all
    expected += article_weights().of(d.dimension) * d.score / 100;
  }
  CHECK(compared->vendor().score.weighted == expected);
  // Cluster scale: 50 + 30 + 20 = 100; network: 20 + 10 + 0 + 0 + 20 = 50; scheduling: 25 + 20 (no finding) = 45.
  CHECK(compared->dimension(Dimension::ClusterScale).score == 100);
  CHECK(compared->dimension(Dimension::NetworkStorage).score == 50);
  CHECK(compared->dimension(Dimension::Scheduling).score == 45);
}
