// Composite SLAs end to end: every format says the promise and the measured
// availability (the text format keeps no timelines for itself, so this is also
// the test that composites' components keep theirs), the JSON follows its
// schema, and the breach sets the exit code.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/schema_walk.h"

namespace {

using slaudit::testing::CliRun;
using slaudit::testing::has;

// contracts/examples/composite_checkout.sla and its log (as tests/engine/audit/composite_audit_test.cpp):
// checkout = web in series with data = db in parallel with db_replica.
const std::string kExamples = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/examples/";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-composite") {
    copy_in(kExamples + "composite_checkout.sla", "c.sla");
    copy_in(kExamples + "composite_checkout.incidents.jsonl", "log.jsonl");
  }
  CliRun audit(const std::string& format) const {
    return run(SLAUDIT_CLI, "audit c.sla --incidents log.jsonl --period 2026-11 --format " + format);
  }
};

}  // namespace

TEST_CASE("cli composite: the promise and the measured availability in every format", "[cli][composite]") {
  const Scratch s;
  // checkout: down 90 min (web 60, dbs 30) of 43,200 - 60 excluded = 43,140: 43,050/43,140 = 99.7913...%.
  const CliRun text = s.audit("text");
  INFO(text.out << text.err);
  CHECK(text.exit == 3);
  CHECK(has(text.out, "  checkout: series (web, data) — c.sla:51\n"
                      "    promise 99.949990005% at best (the components' targets multiplied); target 99.9%\n"));
  CHECK(has(text.out, "    2026-11         43140        90            60     99.7913%~  breached\n"));
  CHECK(has(text.out, "    promise 99.99999% at best (the components' targets as fallbacks); no target: measured, "
                      "not judged\n"));
  CHECK(has(text.out, "    2026-11         43200        30             0     99.9305%~  measured (no target)\n"));

  const CliRun md = s.audit("markdown");
  CHECK(has(md.out, "## Composites\n"));
  CHECK(has(md.out, "  - 2026-11: 99.7913%~, 90 min down of 43140 eligible — breached\n"));
  const CliRun html = s.audit("html");
  CHECK(has(html.out, "<section id=\"composites\">"));
  CHECK(has(html.out, "<td class=\"breached\">breached</td>"));

  const CliRun json = s.audit("json");
  const nlohmann::json report = nlohmann::json::parse(json.out);
  REQUIRE(report["composites"].size() == 2);
  const nlohmann::json& checkout = report["composites"][1];
  CHECK(checkout["promise"]["num"] == "19989998001");  // 0.99949990005 = 19,989,998,001 / 20,000,000,000
  CHECK(checkout["periods"][0]["availability"]["num"] == "1435");  // 43,050/43,140 reduced by 30: 1435/1438
  CHECK(checkout["periods"][0]["availability"]["den"] == "1438");
  CHECK(checkout["periods"][0]["verdict"] == "breached");
  CHECK(report["composites"][0]["periods"][0]["verdict"].is_null());
  const auto schema = slaudit::testing::check_against_docs_schema("audit-report.schema.json", report);
  INFO(schema.first_problem());
  CHECK(schema.clean());
}
