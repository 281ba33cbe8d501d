// The claim verifier: every verdict kind and each ambiguous reading, against
// small evidence worked by hand beside each case.
#include <catch2/catch.hpp>

#include "tests/engine/claims/claims_fixture.h"

using namespace slaudit;
using claims::Verdict;
using slaudit::testing::ClaimsEvidenceText;
using slaudit::testing::verify_text;

namespace {

std::string contract(const std::string& claims) {
  return "contract \"t\" {\n"
         "  effective 2026-01-01 to 2027-12-31; timezone \"Asia/Shanghai\"; currency CNY;\n"
         "  service training { fee 1000.00 per month; scope single cluster \"bj-gpu-01\"; }\n"
         "  service inference { fee 1000.00 per month; scope aggregate clusters (\"sh-gpu-01\", \"gz-gpu-02\"); }\n"
         "  availability training { target 99.9%; period calendar month; exclude cause in (customer); }\n" +
         claims + "}\n";
}

// Three clusters of 4,096 GPUs: the largest single cluster has 4,096; all together 12,288.
const std::string kInventory = R"({"clusters": [
  {"id": "bj-gpu-01", "gpus": 4096, "nodes": 512},
  {"id": "sh-gpu-01", "gpus": 4096, "nodes": 512},
  {"id": "gz-gpu-02", "gpus": 4096}]})";

std::string incident(const std::string& id, const std::string& fault, const std::string& day, const std::string& from,
                     const std::string& to, const std::string& cause = "") {
  return "{\"id\":\"" + id + "\",\"service\":\"training\",\"fault\":\"" + fault + "\",\"start\":\"2026-" + day + "T" +
         from + ":00+08:00\",\"end\":\"2026-" + day + "T" + to + ":00+08:00\"" +
         (cause.empty() ? "" : ",\"cause\":\"" + cause + "\"") + "}\n";
}

// September: 15 + 8 + 7 = 30 min down; October: one customer-caused 10 h outage (excluded
// by the clause; not the provider's fault, so no recovery either); November: 18 + 42 = 60 min.
const std::string kIncidents = incident("n1", "node_down", "09-05", "10:00", "10:15") +
                               incident("x1", "gpu_xid", "09-12", "10:00", "10:08") +
                               incident("c1", "nic_failure", "09-20", "10:00", "10:07") +
                               incident("u1", "software", "10-10", "00:00", "10:00", "customer") +
                               incident("n2", "node_down", "11-03", "10:00", "10:18") +
                               incident("o1", "optical_module", "11-25", "20:00", "20:42");

std::string measurement(const std::string& metric, const std::string& value, const std::string& unit,
                        const std::string& condition, int line_hint = 0) {
  (void)line_hint;
  return "{\"metric\":\"" + metric + "\",\"value\":" + value + (unit.empty() ? "" : ",\"unit\":\"" + unit + "\"") +
         (condition.empty() ? "" : ",\"condition\":\"" + condition + "\"") +
         ",\"time\":\"2026-11-10T02:00:00Z\",\"source\":\"bench\"}\n";
}

const std::string kMeasurements =
    measurement("storage_throughput", "2.1", "TB/s", "empty") +         // line 1
    measurement("storage_throughput", "1.2", "TB/s", "under_load") +    // line 2
    measurement("storage_throughput", "1300", "GB/s", "under_load") +   // line 3: 1.3 TB/s
    measurement("checkpoint_write", "3.2", "Tbit/s", "under_load") +    // line 4: exactly 400 GB/s
    measurement("rdma_bandwidth", "400", "Gbps", "empty") +             // line 5: 50 GB/s
    measurement("models", "72", "", "") +                               // line 6
    measurement("scale_out_time", "45", "s", "");                       // line 7

}  // namespace

TEST_CASE("claims: cluster size, single versus aggregate reading", "[claims]") {
  struct Case {
    std::string predicate;
    Verdict verdict;
    std::string single, aggregate;  // expected reading verdicts, "" when the reading is absent
  };
  // Largest cluster 4,096; aggregate 12,288 (training: bj-gpu-01 only; inference: 4,096 + 4,096 = 8,192).
  const Case cases[] = {
      {"gpus >= 10000", Verdict::Ambiguous, "REFUTED", "VERIFIED"},
      {"gpus >= 4096", Verdict::Verified, "VERIFIED", "VERIFIED"},
      {"gpus >= 20000", Verdict::Refuted, "REFUTED", "REFUTED"},
      {"gpus >= 10000 single", Verdict::Refuted, "REFUTED", ""},
      {"gpus >= 10000 aggregate", Verdict::Verified, "", "VERIFIED"},
      {"gpus > 12288 aggregate", Verdict::Refuted, "", "REFUTED"},
      {"gpus = 12288 aggregate", Verdict::Verified, "", "VERIFIED"},
      {"gpus about 10000 aggregate", Verdict::Verified, "", "VERIFIED"},  // 12,288 within 7,500-12,500
      {"gpus >= 8192 for inference", Verdict::Ambiguous, "REFUTED", "VERIFIED"},
      {"gpus >= 8192 for training", Verdict::Refuted, "REFUTED", "REFUTED"},
      {"nodes >= 1024 aggregate for inference", Verdict::Unverifiable, "", ""},  // gz-gpu-02 has no node count
      {"nodes >= 512 single for training", Verdict::Verified, "VERIFIED", ""},
  };
  for (const Case& c : cases) {
    CAPTURE(c.predicate);
    auto fx = verify_text(contract("  claim \"c\": " + c.predicate + ";\n"), {kInventory, {}, {}, {}});
    const auto& item = fx->item("c");
    CHECK(item.verdict == c.verdict);
    for (const auto& [name, expected] : {std::pair{"single cluster", c.single}, std::pair{"aggregate", c.aggregate}}) {
      const claims::Reading* found = nullptr;
      for (const auto& r : item.readings)
        if (r.name == name) found = &r;
      CHECK((found ? std::string(claims::verdict_name(found->verdict)) : std::string()) == expected);
    }
  }
}

TEST_CASE("claims: the 10,000-GPU claim names the largest cluster and the sum", "[claims]") {
  auto fx = verify_text(contract("  claim \"具备万卡集群交付能力\": gpus >= 10000;\n"), {kInventory, {}, {}, {}});
  const auto& item = fx->item("具备万卡集群交付能力");
  CHECK(item.verdict == Verdict::Ambiguous);
  CHECK(item.predicate == "gpus >= 10000");
  CHECK(item.line == 6);
  CHECK(fx->reading(item, "single cluster").evidence == "largest cluster bj-gpu-01 has 4,096 gpus, not >= 10000");
  CHECK(fx->reading(item, "aggregate").evidence ==
        "12,288 gpus over 3 clusters (bj-gpu-01 4,096, sh-gpu-01 4,096, gz-gpu-02 4,096)");
  CHECK_THAT(item.basis, Catch::Contains("holds under some readings and fails under others"));
}

TEST_CASE("claims: a size claim without an inventory, or naming a cluster it lacks, is unverifiable", "[claims]") {
  auto none = verify_text(contract("  claim \"c\": gpus >= 10000;\n"), {});
  CHECK(none->item("c").verdict == Verdict::Unverifiable);
  CHECK_THAT(none->item("c").needs, Catch::Contains("an inventory listing every cluster"));
  auto lacking = verify_text(contract("  claim \"c\": gpus >= 10 for inference;\n"),
                             {R"({"clusters": [{"id": "sh-gpu-01", "gpus": 8}]})", {}, {}, {}});
  CHECK(lacking->item("c").verdict == Verdict::Unverifiable);
  CHECK(lacking->item("c").needs == "cluster 'gz-gpu-02' of service inference in the inventory");
}

TEST_CASE("claims: availability per calendar month versus over the whole range", "[claims]") {
  // Range (from the log): 2026-09-01..2026-11-30, months cut in Asia/Shanghai.
  //   2026-09: 30 d = 2,592,000 s, 1,800 s down: 2,590,200 / 2,592,000 = 99.930555...%
  //   2026-10: the customer-caused outage is excluded (counts as available): 100%
  //   2026-11: 3,600 s down: 2,588,400 / 2,592,000 = 99.861111...%  < 99.9%
  //   whole:   5,400 s down of 2,592,000 + 2,678,400 + 2,592,000 = 7,862,400 s:
  //            7,857,000 / 7,862,400 = 99.931318...%  >= 99.9%
  struct Case {
    std::string predicate;
    Verdict verdict;
    std::string per_month, whole;
  };
  const Case cases[] = {
      {"availability >= 99.9% for training", Verdict::Ambiguous, "REFUTED", "VERIFIED"},
      {"availability >= 99.8% for training", Verdict::Verified, "VERIFIED", "VERIFIED"},
      {"availability >= 99.95% for training", Verdict::Refuted, "REFUTED", "REFUTED"},
      {"availability >= 99.9% period calendar month for training", Verdict::Refuted, "REFUTED", ""},
      // Quarters containing the range's days are read whole: Q3 (92 d = 7,948,800 s, 1,800 s down)
      // 99.9773...%; Q4 (7,948,800 s, 3,600 s down) 99.9547...% < 99.96%.
      {"availability >= 99.96% period calendar quarter for training", Verdict::Refuted, "", ""},
  };
  for (const Case& c : cases) {
    CAPTURE(c.predicate);
    auto fx = verify_text(contract("  claim \"c\": " + c.predicate + ";\n"), {{}, {}, kIncidents, {}});
    CHECK(fx->report.range == "2026-09-01..2026-11-30");
    const auto& item = fx->item("c");
    CHECK(item.verdict == c.verdict);
    std::string per_month, whole;
    for (const auto& r : item.readings) {
      if (r.name == "per calendar month") per_month = claims::verdict_name(r.verdict);
      if (r.name == "whole range") whole = claims::verdict_name(r.verdict);
    }
    CHECK(per_month == c.per_month);
    CHECK(whole == c.whole);
  }
}

TEST_CASE("claims: availability evidence names each month and the whole-range arithmetic", "[claims]") {
  auto fx = verify_text(contract("  claim \"集群实际运行SLA达99.9%以上\": availability >= 99.9% for training;\n"),
                        {{}, {}, kIncidents, {}});
  const auto& item = fx->item("集群实际运行SLA达99.9%以上");
  CHECK(fx->reading(item, "per calendar month").evidence ==
        "1 of 3 periods not >= 99.9%: 2026-11 99.8611%~ (all: 2026-09 99.9305%~, 2026-10 100.0000%, 2026-11 99.8611%~)");
  CHECK(fx->reading(item, "whole range").evidence ==
        "99.9313%~ over 2026-09-01..2026-11-30 (90 min down of 131040 min eligible)");
  CHECK_THAT(item.basis, Catch::Contains("as the availability clause of training defines them"));
}

TEST_CASE("claims: a service without an availability clause counts every incident", "[claims]") {
  // inference has no incidents in the log's months: 100% in each of 2026-09..2026-11.
  auto fx = verify_text(contract("  claim \"c\": availability >= 99.9%;\n"), {{}, {}, kIncidents, {}});
  const auto& item = fx->item("c");
  CHECK(item.readings.size() == 4);  // training and inference, each per month and whole range
  CHECK(fx->reading(item, "inference, per calendar month").verdict == Verdict::Verified);
  CHECK(fx->reading(item, "training, per calendar month").verdict == Verdict::Refuted);
  CHECK(item.verdict == Verdict::Ambiguous);
  CHECK_THAT(item.basis, Catch::Contains("no availability clause for inference"));
}

TEST_CASE("claims: an explicit range limits the periods read", "[claims]") {
  // November alone: 99.8611...% < 99.9% under both readings.
  auto fx = verify_text(contract("  claim \"c\": availability >= 99.9% for training;\n"), {{}, {}, kIncidents, "2026-11"});
  CHECK(fx->report.range == "2026-11");
  CHECK(fx->item("c").verdict == Verdict::Refuted);
  auto none = verify_text(contract("  claim \"c\": availability >= 99.9% for training;\n"), {});
  CHECK(none->item("c").verdict == Verdict::Unverifiable);
  CHECK_THAT(none->item("c").needs, Catch::Contains("an incident log covering the claimed periods"));
}

TEST_CASE("claims: time to recover per fault class versus over all faults", "[claims]") {
  // Start to end (no recovery clause): node_down 15, 18; gpu_xid 8; nic_failure 7; optical_module 42 min.
  // The customer-caused software outage is not the provider's fault: left out.
  // about 20 min accepts a median of 15-25 min. Medians (nearest rank): node_down 15 (rank 1 of 2),
  // gpu_xid 8, nic_failure 7, optical_module 42; all [7, 8, 15, 18, 42]: rank 3 = 15.
  struct Case {
    std::string predicate;
    Verdict verdict;
    std::vector<std::pair<std::string, Verdict>> readings;
  };
  const Case cases[] = {
      {"recovery_time about 20 min", Verdict::Ambiguous,
       {{"fault gpu_xid", Verdict::Refuted}, {"fault nic_failure", Verdict::Refuted},
        {"fault node_down", Verdict::Verified}, {"fault optical_module", Verdict::Refuted},
        {"all faults", Verdict::Verified}}},
      {"recovery_time <= 20 min faults (node_down)", Verdict::Verified, {{"faults (node_down)", Verdict::Verified}}},
      {"recovery_time <= 20 min faults (node_down, optical_module)", Verdict::Refuted,
       {{"faults (node_down, optical_module)", Verdict::Refuted}}},  // max 42
      {"recovery_time <= 42 min", Verdict::Verified,
       {{"fault gpu_xid", Verdict::Verified}, {"fault nic_failure", Verdict::Verified},
        {"fault node_down", Verdict::Verified}, {"fault optical_module", Verdict::Verified},
        {"all faults", Verdict::Verified}}},
      {"recovery_time < 7 min", Verdict::Refuted,
       {{"fault gpu_xid", Verdict::Refuted}, {"fault nic_failure", Verdict::Refuted},
        {"fault node_down", Verdict::Refuted}, {"fault optical_module", Verdict::Refuted},
        {"all faults", Verdict::Refuted}}},
      {"recovery_time <= 20 min faults (link_flap)", Verdict::Unverifiable, {}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.predicate);
    auto fx = verify_text(contract("  claim \"c\": " + c.predicate + ";\n"), {{}, {}, kIncidents, {}});
    const auto& item = fx->item("c");
    CHECK(item.verdict == c.verdict);
    REQUIRE(item.readings.size() == c.readings.size());
    for (size_t i = 0; i < c.readings.size(); ++i) {
      CHECK(item.readings[i].name == c.readings[i].first);
      CHECK(item.readings[i].verdict == c.readings[i].second);
    }
  }
}

TEST_CASE("claims: recovery evidence gives median, p95 and max and states the about rule", "[claims]") {
  auto fx = verify_text(contract("  claim \"约20分钟\": recovery_time about 20 min;\n"), {{}, {}, kIncidents, {}});
  const auto& item = fx->item("约20分钟");
  CHECK(fx->reading(item, "fault node_down").evidence ==
        "2 incidents: median 15 min, p95 18 min, max 18 min; median 15 min is within ±25% of 20 min (15–25 min)");
  CHECK(fx->reading(item, "fault optical_module").evidence ==
        "1 incident: median 42 min, p95 42 min, max 42 min; median 42 min is not within ±25% of 20 min (15–25 min)");
  auto missing = verify_text(contract("  claim \"c\": recovery_time <= 20 min faults (link_flap);\n"),
                             {{}, {}, kIncidents, {}});
  CHECK(missing->item("c").needs == "incidents of fault class link_flap in the incident log");
}

TEST_CASE("claims: recovery uses the contract's recovery clock", "[claims]") {
  // From detected (10:05) to recovered (10:20): 15 min, although start to end is 40 min.
  const std::string c =
      "contract \"t\" { timezone \"UTC\"; currency CNY;\n"
      "  service training { fee 1.00 per month; }\n"
      "  recovery training { faults (node_down); within 20 min from detected to recovered; }\n"
      "  claim \"c\": recovery_time <= 15 min;\n}\n";
  const std::string log =
      "{\"id\":\"a\",\"service\":\"training\",\"fault\":\"node_down\",\"start\":\"2026-11-01T10:00:00Z\","
      "\"detected\":\"2026-11-01T10:05:00Z\",\"recovered\":\"2026-11-01T10:20:00Z\",\"end\":\"2026-11-01T10:40:00Z\"}\n";
  auto fx = verify_text(c, {{}, {}, log, {}});
  CHECK(fx->item("c").verdict == Verdict::Verified);
}

TEST_CASE("claims: throughput judged separately for each measured load condition", "[claims]") {
  struct Case {
    std::string predicate;
    Verdict verdict;
    std::vector<std::pair<std::string, Verdict>> readings;
  };
  const Case cases[] = {
      // empty 2.1 TB/s; under load 1.2 and 1.3 TB/s (the smallest, 1.2, decides a >= claim).
      {"storage_throughput >= 2 TB/s", Verdict::Ambiguous,
       {{"condition empty", Verdict::Verified}, {"condition under_load", Verdict::Refuted}}},
      {"storage_throughput >= 2 TB/s empty", Verdict::Verified, {{"condition empty", Verdict::Verified}}},
      {"storage_throughput >= 2 TB/s under load", Verdict::Refuted, {{"condition under_load", Verdict::Refuted}}},
      {"storage_throughput >= 1 TB/s", Verdict::Verified,
       {{"condition empty", Verdict::Verified}, {"condition under_load", Verdict::Verified}}},
      // 3.2 Tbit/s is exactly 400 GB/s: >= holds, > does not.
      {"checkpoint_write >= 400 GB/s under load", Verdict::Verified, {{"condition under_load", Verdict::Verified}}},
      {"checkpoint_write > 400 GB/s under load", Verdict::Refuted, {{"condition under_load", Verdict::Refuted}}},
      {"checkpoint_write >= 3200 Gbit/s under load", Verdict::Verified, {{"condition under_load", Verdict::Verified}}},
      // Measured only on an empty system: the under-load reading has no evidence.
      {"rdma_bandwidth >= 400 Gbit/s", Verdict::Unverifiable,
       {{"condition empty", Verdict::Verified}, {"condition under_load", Verdict::Unverifiable}}},
      {"network_bandwidth >= 200 Gbit/s", Verdict::Unverifiable, {}},
      {"storage_throughput >= 2 TB/s under load for training", Verdict::Refuted, {{"condition under_load", Verdict::Refuted}}},
      {"models >= 70", Verdict::Verified, {{"all measurements", Verdict::Verified}}},
      {"models about 100", Verdict::Refuted, {{"all measurements", Verdict::Refuted}}},  // 72 outside 75-125
      {"scale_out_time <= 10 s", Verdict::Refuted, {{"all measurements", Verdict::Refuted}}},
      {"model_onboarding <= 1 d", Verdict::Unverifiable, {}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.predicate);
    auto fx = verify_text(contract("  claim \"c\": " + c.predicate + ";\n"), {{}, kMeasurements, {}, {}});
    const auto& item = fx->item("c");
    CHECK(item.verdict == c.verdict);
    REQUIRE(item.readings.size() == c.readings.size());
    for (size_t i = 0; i < c.readings.size(); ++i) {
      CHECK(item.readings[i].name == c.readings[i].first);
      CHECK(item.readings[i].verdict == c.readings[i].second);
    }
  }
}

TEST_CASE("claims: measurement evidence is shown in the claim's unit, with the record's line", "[claims]") {
  auto fx = verify_text(contract("  claim \"c\": storage_throughput >= 2 TB/s;\n"
                                 "  claim \"k\": checkpoint_write >= 400 GB/s under load;\n"
                                 "  claim \"r\": rdma_bandwidth >= 400 Gbit/s;\n"),
                        {{}, kMeasurements, {}, {}});
  CHECK(fx->reading(fx->item("c"), "condition under_load").evidence ==
        "2 measurements from 1.2 TB/s to 1.3 TB/s; smallest 1.2 TB/s at line 2 (bench) is not >= 2 TB/s");
  CHECK(fx->reading(fx->item("k"), "condition under_load").evidence ==
        "1 measurement; 400 GB/s (written 3.2 Tbit/s) at line 4 (bench) is >= 400 GB/s");
  CHECK(fx->item("r").needs == "measurements of rdma_bandwidth with condition under_load");
}

TEST_CASE("claims: claims with nothing measurable are unverifiable, and say what would settle them", "[claims]") {
  auto fx = verify_text(contract("  claim \"热门模型发布当天即可上线\": unverifiable;\n"
                                 "  claim \"industry-leading reliability\";\n"),
                        {kInventory, kMeasurements, kIncidents, {}});
  const auto& marked = fx->item("热门模型发布当天即可上线");
  CHECK(marked.verdict == Verdict::Unverifiable);
  CHECK(marked.basis == "the contract marks the claim unverifiable");
  CHECK_THAT(marked.needs, Catch::Contains("a measurable restatement"));
  const auto& vague = fx->item("industry-leading reliability");
  CHECK(vague.verdict == Verdict::Unverifiable);
  CHECK(vague.basis == "the claim states nothing measurable");
  CHECK(vague.predicate.empty());
}

TEST_CASE("claims: commitments are verified like claims, in contract order", "[claims]") {
  auto fx = verify_text(contract("  commit checkpoint_write >= 400 GB/s under load;\n"
                                 "  claim \"c\": models >= 70;\n"
                                 "  commit storage_throughput for training >= 2 TB/s empty;\n"
                                 "  commit preemption_notice >= 30 min;\n"),
                        {{}, kMeasurements, {}, {}});
  REQUIRE(fx->report.items.size() == 4);
  CHECK(fx->report.items[0].kind == claims::ItemKind::Commitment);  // line 6, before the claim on line 7
  CHECK(fx->report.items[1].kind == claims::ItemKind::Claim);
  const auto& k = fx->item("commit checkpoint_write >= 400 GB/s under load");
  CHECK(k.kind == claims::ItemKind::Commitment);
  CHECK(k.verdict == Verdict::Verified);
  CHECK(fx->item("commit storage_throughput >= 2 TB/s empty for training").verdict == Verdict::Verified);
  CHECK(fx->item("commit preemption_notice >= 30 min").verdict == Verdict::Unverifiable);
  const auto counts = fx->report.counts();
  CHECK(counts[static_cast<size_t>(Verdict::Verified)] == 3);
  CHECK(counts[static_cast<size_t>(Verdict::Unverifiable)] == 1);
}

TEST_CASE("claims: readings combine into a verdict", "[claims]") {
  const auto V = Verdict::Verified, R = Verdict::Refuted, U = Verdict::Unverifiable;
  struct Case {
    std::vector<Verdict> readings;
    Verdict verdict;
  };
  const Case cases[] = {
      {{}, U},        {{V}, V},       {{R}, R},          {{U}, U},       {{V, V}, V},
      {{R, R}, R},    {{V, R}, Verdict::Ambiguous},       {{R, V, U}, Verdict::Ambiguous},
      {{V, U}, U},    {{R, U}, U},
  };
  for (const Case& c : cases) {
    std::vector<claims::Reading> readings;
    for (Verdict v : c.readings) readings.push_back({"r", v, "", ""});
    CHECK(claims::combine(readings) == c.verdict);
  }
}

TEST_CASE("claims: a measurement that states no condition is its own reading", "[claims]") {
  // 2.5 TB/s with no condition, 1.2 TB/s under load: "not stated" VERIFIED, under load REFUTED.
  const std::string log = measurement("storage_throughput", "2.5", "TB/s", "") +
                          measurement("storage_throughput", "1.2", "TB/s", "under_load");
  auto fx = verify_text(contract("  claim \"c\": storage_throughput >= 2 TB/s;\n"), {{}, log, {}, {}});
  const auto& item = fx->item("c");
  CHECK(item.verdict == Verdict::Ambiguous);
  REQUIRE(item.readings.size() == 2);
  CHECK(item.readings[0].name == "condition under_load");
  CHECK(item.readings[0].verdict == Verdict::Refuted);
  CHECK(item.readings[1].name == "condition not stated");
  CHECK(item.readings[1].verdict == Verdict::Verified);
}

TEST_CASE("claims: an open incident is timed to the end of the range, and flagged", "[claims]") {
  // Open since 2026-11-30 23:00 +08:00; the range ends at 2026-12-01 00:00 +08:00: at least 60 min.
  const std::string log =
      "{\"id\":\"a\",\"service\":\"training\",\"fault\":\"node_down\",\"start\":\"2026-11-30T23:00:00+08:00\"}\n";
  auto fx = verify_text(contract("  claim \"c\": recovery_time <= 20 min;\n"), {{}, {}, log, "2026-11"});
  const auto& item = fx->item("c");
  CHECK(item.verdict == Verdict::Refuted);
  CHECK(fx->reading(item, "fault node_down").evidence ==
        "1 incident: median 60 min, p95 60 min, max 60 min (1 still open, timed to the end of the range); "
        "largest 60 min is not <= 20 min");
}
