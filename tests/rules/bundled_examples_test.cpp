// The bundled GPU-cluster contract writes down the article's vendor claims:
// the vague ones must show their findings, the precise ones none. Asserted by
// claim text rather than line numbers, so the example can grow.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "rules/support.h"
#include "tests/rules/rule_test_support.h"

using namespace slaudit;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/" + path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Rule ids of the findings on the source line that holds `needle`.
std::vector<std::string> rules_on_line_with(const testing::Linted& linted, const std::string& needle) {
  std::vector<std::string> out;
  for (const auto& d : linted.lint.findings.sorted()) {
    const auto line = linted.source->line_text(linted.source->location(d.range.begin).line);
    if (line.find(needle) != std::string_view::npos) out.push_back(d.code);
  }
  return out;
}

}  // namespace

TEST_CASE("rules on the bundled GPU contract: vague claims fire, precise ones do not", "[rules]") {
  const auto linted = testing::lint_text(read("contracts/examples/gpu_cluster.sla"));
  using V = std::vector<std::string>;
  CHECK(rules_on_line_with(linted, "\"具备万卡集群交付能力\"") == V{"cluster-size-scope"});
  CHECK(rules_on_line_with(linted, "训练任务中断约20分钟自动恢复\"") == V{"recovery-no-clock", "recovery-no-faults"});
  CHECK(rules_on_line_with(linted, "\"集群实际运行SLA达99.9%以上\"") == V{"availability-no-period"});
  CHECK(rules_on_line_with(linted, "\"industry-leading reliability\"") == V{"superlative-claim"});
  // Stated properly: a reading, a period, a load condition and a checkpoint interval.
  CHECK(rules_on_line_with(linted, "\"单集群4096卡\"").empty());
  CHECK(rules_on_line_with(linted, "\"万卡(多集群合计)\"").empty());
  CHECK(rules_on_line_with(linted, "\"monthly SLA 99.9%\"").empty());
  CHECK(rules_on_line_with(linted, "\"checkpoint 400 GB/s\"").empty());
  // The training service states scope, tenancy and billing; its clause is complete.
  CHECK(rules_on_line_with(linted, "interconnect roce exclusive").empty());
  CHECK(rules_on_line_with(linted, "exclude maintenance with notice >= 72 h").empty());
}
