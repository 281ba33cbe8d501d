// The claims report renderers on the bundled example: JSON against the
// schema's required and known fields, deterministic bytes; text and Markdown.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "report/json/render_json.h"
#include "report/markdown/render_markdown.h"
#include "report/text/render_text.h"
#include "tests/engine/claims/claims_fixture.h"
#include "tests/support/schema_walk.h"

using namespace slaudit;
using nlohmann::json;

namespace {

std::string example(const std::string& name) {
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/examples/" + name, std::ios::binary);
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::unique_ptr<testing::ClaimsFixture> bundled() {
  return testing::verify_text(example("article_claims.sla"),
                              {example("article_claims.inventory.json"), example("article_claims.measurements.jsonl"),
                               example("article_claims.incidents.jsonl"), {}});
}

}  // namespace

TEST_CASE("claims report json: every field the schema requires, nothing it does not know", "[claims][report]") {
  auto fx = bundled();
  fx->report.inputs.push_back({"contract", "article_claims.sla", std::string(64, 'a')});
  fx->report.records.push_back({"m.jsonl", 2, 1, 1});
  fx->report.rejected.push_back({"m.jsonl", 2, "unknown metric 'x'"});
  const json report = report::claims_report_to_json(fx->report);
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/docs/claims-report.schema.json");
  REQUIRE(in);
  const json schema = json::parse(in);
  testing::SchemaWalk walk{schema};
  walk.walk(schema, report, "");
  CHECK(walk.missing.empty());
  CHECK(walk.unknown.empty());
  CHECK(walk.bad_values.empty());
  CHECK(walk.objects > 40);  // items, readings, inputs, records... were all walked
  CHECK(report["items"][0]["readings"][0] == json{{"name", "single cluster"},
                                                  {"verdict", "REFUTED"},
                                                  {"evidence", "largest cluster bj-gpu-01 has 4,096 gpus, not >= 10000"},
                                                  {"needs", nullptr}});
  // Rendering twice, or a copy, gives the same bytes.
  const claims::ClaimsReport copy = fx->report;
  CHECK(report::claims_report_to_json(copy).dump(2) == report.dump(2));
}

TEST_CASE("claims report text and markdown name every claim and its readings", "[claims][report]") {
  auto fx = bundled();
  const std::string text = report::render_claims_text(fx->report);
  CHECK(text.rfind("Claims of \"GPU cluster: the article's vendor claims\" (t.sla)\n", 0) == 0);
  CHECK(text.find("incidents read over 2026-09-01..2026-11-30\n") != std::string::npos);
  CHECK(text.find("  basis: holds under some readings and fails under others; the claim must say which") !=
        std::string::npos);
  CHECK(text.find("  would settle it: measurements of preemption_notice\n") != std::string::npos);
  const std::string md = report::render_claims_markdown(fx->report);
  CHECK(md.find("| 30 | 具备万卡集群交付能力 | gpus \\>= 10000 | **AMBIGUOUS** |") != std::string::npos);
  CHECK(md.find("### 自研GPU故障自愈技术,训练任务中断约20分钟自动恢复 — AMBIGUOUS") != std::string::npos);
}
