// The seven questions (engine/selection/questions.h): for each, a contract
// that answers it (the clause, with its line), one the rules flag (the rule),
// one that says nothing at all, and evidence that contradicts a claim (the
// verdict). Contract lines: the items start on line 3.
#include <catch2/catch.hpp>

#include <string>

#include "tests/engine/selection/selection_fixture.h"

using namespace slaudit;
using namespace slaudit::selection;
using test::compare_alone;

namespace {

struct Expect {
  QuestionStatus status;
  std::string text;  // a part of the point's text
  size_t line;
  std::string rule, verdict;
};

// The question's status, and every point in order.
void check_question(const std::string& items, const test::Evidence& evidence, size_t number, QuestionStatus status,
                    const std::vector<Expect>& points) {
  INFO(items);
  const auto compared = compare_alone(items, evidence);
  const QuestionAnswer& q = compared->question(number);
  CHECK(q.number == number);
  CHECK(q.status == status);
  REQUIRE(q.points.size() == points.size());
  for (size_t k = 0; k < points.size(); ++k) {
    INFO("point " << k << ": " << q.points[k].text);
    CHECK(q.points[k].status == points[k].status);
    CHECK(q.points[k].text.find(points[k].text) != std::string::npos);
    CHECK(q.points[k].line == points[k].line);
    CHECK(q.points[k].rule == points[k].rule);
    CHECK(q.points[k].verdict == points[k].verdict);
  }
}

constexpr auto kAnswered = QuestionStatus::Answered;
constexpr auto kOpen = QuestionStatus::Open;
constexpr auto kContradicted = QuestionStatus::Contradicted;

const std::string kThreeClusters =
    R"({"clusters": [{"id": "a", "gpus": 4096}, {"id": "b", "gpus": 4096}, {"id": "c", "gpus": 4096}]})";

}  // namespace

TEST_CASE("questions: the article's seven, in its words", "[compare][questions]") {
  CHECK(std::string(question_text(1)) == "Is \"10,000 GPUs\" one cluster, or several clusters added up?");
  CHECK(std::string(question_text(7)).find("Billing granularity") == 0);
  CHECK(std::string(question_status_name(QuestionStatus::Contradicted)) == "CONTRADICTED");
}

TEST_CASE("questions 1: one cluster or several", "[compare][questions]") {
  check_question("service training { scope single cluster \"c\"; capacity 4096 gpus; }\n", {}, 1, kAnswered,
                 {{kAnswered, "scope single cluster \"c\";", 3, "", ""}});
  check_question("service training { capacity 4096 gpus; }\n", {}, 1, kOpen,
                 {{kOpen, "does not say whether it is one cluster or several", 3, "cluster-size-scope", ""}});
  check_question("service training { }\n", {}, 1, kOpen,
                 {{kOpen, "the contract states no cluster size and no scope", 0, "", ""}});
  // "10,000 GPUs": the aggregate of three 4,096-GPU clusters holds, one cluster does not: AMBIGUOUS.
  check_question("service training { scope aggregate clusters (\"a\", \"b\", \"c\"); capacity 12288 gpus; }\n"
                 "claim \"万卡\": gpus >= 10000;\n",
                 {kThreeClusters, "", ""}, 1, kContradicted,
                 {{kAnswered, "scope aggregate clusters", 3, "", ""},
                  {kOpen, "the claim 'gpus >= 10000' does not say", 4, "cluster-size-scope", ""},
                  {kContradicted, "claim \"万卡\" (gpus >= 10000): holds under some readings and fails under others", 4,
                   "", "AMBIGUOUS"}});
}

TEST_CASE("questions 2: which faults self-healing covers", "[compare][questions]") {
  const std::string service = "service training { fee 1000.00 per month; }\n";
  check_question(service + "recovery training {\n  faults (node_down);\n  within 20 min from detected to recovered;\n}\n",
                 {}, 2, kAnswered,
                 {{kAnswered, "faults (node_down);", 5, "", ""},
                  {kAnswered, "within 20 min from detected to recovered;", 6, "", ""}});
  check_question(service + "recovery training { within 20 min from detected to recovered; }\n", {}, 2, kOpen,
                 {{kOpen, "", 4, "recovery-no-faults", ""}});
  check_question(service, {}, 2, kOpen, {{kOpen, "no recovery clause and no recovery claim", 0, "", ""}});
  const std::string slow =
      R"({"id":"o1","service":"training","fault":"optical_module","start":"2026-10-03T10:00:00+08:00","end":"2026-10-03T11:30:00+08:00","recovered":"2026-10-03T11:30:00+08:00"})"
      "\n";
  check_question(service + "claim \"光模块20分钟\": recovery_time <= 20 min faults (optical_module);\n", {"", "", slow}, 2,
                 kContradicted,
                 {{kAnswered, "claim \"光模块20分钟\": recovery_time <= 20 min faults (optical_module)", 4, "", ""},
                  {kOpen, "does not say when the clock starts and stops", 4, "recovery-no-clock", ""},
                  {kContradicted, "contradicted by the evidence", 4, "", "REFUTED"}});
}

TEST_CASE("questions 3: the SLA's period, exclusions and compensation", "[compare][questions]") {
  const std::string service = "service training { fee 1000.00 per month; }\n";
  check_question(service +
                     "availability training {\n"
                     "  target 99.9%;\n"
                     "  period calendar month;\n"
                     "  unavailable when any incident;\n"
                     "  exclude maintenance with notice >= 72 h, at most 4 h per period;\n"
                     "  exclude cause in (customer);\n"
                     "  credit of monthly fee { below 99.9%: 10%; }\n"
                     "  cap 100% of monthly fee;\n"
                     "  claim within 30 d after period end;\n"
                     "}\n",
                 {}, 3, kAnswered,
                 {{kAnswered, "period calendar month;", 6, "", ""},
                  {kAnswered, "exclude maintenance", 8, "", ""},
                  {kAnswered, "exclude cause in (customer);", 9, "", ""},
                  {kAnswered, "credit of monthly fee", 10, "", ""},
                  {kAnswered, "cap 100% of monthly fee;", 11, "", ""},
                  {kAnswered, "claim within 30 d after period end;", 12, "", ""}});
  check_question(service + "availability training { target 99.9%; }\n", {}, 3, kOpen,
                 // The rules' findings in their own order: by line, then by rule id.
                 {{kOpen, "does not define when the service is unavailable", 4, "availability-no-definition", ""},
                  {kOpen, "lists no exclusions", 4, "availability-no-exclusions", ""},
                  {kOpen, "says no remedy", 4, "availability-no-remedy", ""},
                  {kOpen, "has no statistical period", 4, "availability-no-period", ""}});
  check_question(service, {}, 3, kOpen, {{kOpen, "no availability clause", 0, "", ""}});
}

TEST_CASE("questions 4: exclusive or shared RDMA", "[compare][questions]") {
  check_question("service training { interconnect roce exclusive; }\n", {}, 4, kAnswered,
                 {{kAnswered, "interconnect roce exclusive;", 3, "", ""}});
  check_question("service training { interconnect ethernet; }\n", {}, 4, kAnswered,
                 {{kAnswered, "interconnect ethernet;", 3, "", ""}});
  check_question("service training { interconnect roce; }\n", {}, 4, kOpen,
                 {{kOpen, "", 3, "rdma-no-tenancy", ""}});
  check_question("service training { }\n", {}, 4, kOpen,
                 {{kOpen, "the contract states no interconnect for training", 0, "", ""}});
}

TEST_CASE("questions 5: storage throughput, empty or under load", "[compare][questions]") {
  const std::string service = "service training { fee 1000.00 per month; }\n";
  check_question(service + "commit storage_throughput >= 1 TB/s under load;\n", {}, 5, kAnswered,
                 {{kAnswered, "commitment \"commit storage_throughput >= 1 TB/s under load\"", 4, "", ""}});
  check_question(service + "commit storage_throughput >= 1 TB/s;\n", {}, 5, kOpen,
                 {{kOpen, "does not say whether it holds on an empty system or under load", 4,
                   "throughput-no-load-condition", ""}});
  check_question(service, {}, 5, kOpen, {{kOpen, "the contract states no storage throughput", 0, "", ""}});
  const std::string measured =
      R"({"metric":"storage_throughput","value":0.8,"unit":"TB/s","condition":"under_load","time":"2026-10-01T00:00:00Z","source":"t"})"
      "\n";
  check_question(service + "commit storage_throughput >= 1 TB/s under load;\n", {"", measured, ""}, 5, kContradicted,
                 {{kAnswered, "storage_throughput >= 1 TB/s under load", 4, "", ""},
                  {kContradicted, "contradicted by the evidence", 4, "", "REFUTED"}});
}

TEST_CASE("questions 6: checkpoint bandwidth and frequency", "[compare][questions]") {
  const std::string service = "service training { fee 1000.00 per month; }\n";
  check_question(service + "commit checkpoint_write >= 400 GB/s under load;\ncommit checkpoint_interval <= 30 min;\n", {},
                 6, kAnswered,
                 {{kAnswered, "checkpoint_write >= 400 GB/s under load", 4, "", ""},
                  {kAnswered, "checkpoint_interval <= 30 min", 5, "", ""}});
  check_question(service + "commit checkpoint_write >= 400 GB/s under load;\n", {}, 6, kOpen,
                 {{kAnswered, "checkpoint_write", 4, "", ""}, {kOpen, "", 4, "checkpoint-no-frequency", ""}});
  check_question(service, {}, 6, kOpen,
                 {{kOpen, "no checkpoint write bandwidth is stated", 0, "", ""},
                  {kOpen, "no checkpoint frequency is stated", 0, "", ""}});
}

TEST_CASE("questions 7: billing, preemption notice, data retention", "[compare][questions]") {
  check_question("service training { fee 1000.00 per month; billing per minute; }\n"
                 "commit preemption_notice >= 30 min;\ncommit data_retention >= 7 d;\n",
                 {}, 7, kAnswered,
                 {{kAnswered, "billing per minute;", 3, "", ""},
                  {kAnswered, "preemption_notice >= 30 min", 4, "", ""},
                  {kAnswered, "data_retention >= 7 d", 5, "", ""}});
  check_question("service training { fee 1000.00 per month; }\n", {}, 7, kOpen,
                 {{kOpen, "", 3, "billing-no-granularity", ""},
                  {kOpen, "no notice before preempted resources are reclaimed is stated", 0, "", ""},
                  {kOpen, "no data retention after reclaim is stated", 0, "", ""}});
}
