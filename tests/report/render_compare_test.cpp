// The comparison's renderers on the bundled vendors: JSON against the
// schema's required and known fields, exact figures, the same bytes twice;
// text, Markdown and HTML say the same figures, and escape what the inputs say.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "jobs/compare_job.h"
#include "report/html/render_html.h"
#include "report/json/render_json.h"
#include "report/markdown/render_markdown.h"
#include "report/text/render_text.h"
#include "tests/support/schema_walk.h"

using namespace slaudit;
using nlohmann::json;

namespace {

const std::string kDir = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/compare/";

jobs::CompareJob bundled(bool replay = true) {
  jobs::CompareJobOptions o;
  o.contracts = {kDir + "vendor_a.sla", kDir + "vendor_b.sla", kDir + "vendor_c.sla"};
  if (replay) o.replay = kDir + "replay.incidents.jsonl";
  jobs::CompareJob job = jobs::run_compare_job(o);
  REQUIRE(job.report);
  return job;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("compare report json: every field the schema requires, nothing it does not know", "[compare][report]") {
  jobs::CompareJob job = bundled();
  job.report->rejected.push_back({"log.jsonl", 3, "no start"});  // so that every array has an element
  const json report = report::compare_report_to_json(*job.report);
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/docs/compare-report.schema.json");
  REQUIRE(in);
  const json schema = json::parse(in);
  testing::SchemaWalk walk{schema};
  walk.walk(schema, report, "");
  CHECK(walk.missing == std::vector<std::string>{});
  CHECK(walk.unknown == std::vector<std::string>{});
  CHECK(walk.bad_values == std::vector<std::string>{});
  CHECK(walk.objects > 300);  // vendors, questions, points, criteria... were all walked
  CHECK(report["incomplete"] == true);

  // Exact figures: Vendor A's credits 936,000.00 CNY of fees 3,600,000.00 (contracts/compare/README.md).
  const json& a = report["vendors"][0]["replay"];
  CHECK(a["credits"] == json{{"minor", 93'600'000}, {"decimal", "936000.00"}});
  CHECK(a["credit_share"] == json{{"num", "13"}, {"den", "50"}, {"decimal", "0.26"}});
  CHECK(a["lost_cost_minor"] == json{{"num", "490400000"}, {"den", "73"}, {"decimal", "6717808.219178~"}});
  CHECK(report["history"]["gpu_hours_lost"] == json{{"num", "2510848"}, {"den", "15"}, {"decimal", "167389.866666~"}});
  CHECK(report["ranking"][0]["vendor"] == "Vendor A");
  CHECK(report["weights"]["cluster_scale"] == "25");
  CHECK(report["vendors"][0]["questions"][0]["status"] == "CONTRADICTED");
  CHECK(report["vendors"][0]["score"]["dimensions"][0]["criteria"][0]["line"] == 49);

  // The same report, rendered twice or copied, gives the same bytes.
  const selection::CompareReport copy = *job.report;
  CHECK(report::compare_report_to_json(copy).dump(2) == report.dump(2));
}

TEST_CASE("compare report: without a history the replay is null and said to be missing", "[compare][report]") {
  const jobs::CompareJob job = bundled(false);
  const json report = report::compare_report_to_json(*job.report);
  CHECK(report["history"].is_null());
  CHECK(report["vendors"][0]["replay"].is_null());
  CHECK(report["incomplete"] == false);
  CHECK(has(report::render_compare_text(*job.report), "no outage history given (--replay LOG or --generate)"));
  CHECK(has(report::render_compare_markdown(*job.report), "No outage history was given."));
  CHECK(has(report::render_compare_html(*job.report), "<p>No outage history was given.</p>"));
}

TEST_CASE("compare report: text, Markdown and HTML give the same figures", "[compare][report]") {
  const jobs::CompareJob job = bundled();
  const std::string text = report::render_compare_text(*job.report);
  const std::string md = report::render_compare_markdown(*job.report);
  const std::string html = report::render_compare_html(*job.report);
  for (const std::string* out : {&text, &md, &html}) {
    CHECK(has(*out, "936,000.00 CNY"));            // Vendor A's credits
    CHECK(has(*out, "67,178.08 CNY~"));            // Vendor A's lost training time, rounded
    CHECK(has(*out, "61.74~"));                    // Vendor A's weighted score, truncated
    CHECK(has(*out, "167,389.86~ GPU-hours lost"));
    CHECK(has(*out, "Vendor B would overtake Vendor A"));
  }
  CHECK(has(text, "  1. CONTRADICTED\n"));
  CHECK(has(md, "| 1 | Is \"10,000 GPUs\" one cluster, or several clusters added up? | CONTRADICTED | ANSWERED | ANSWERED |"));
  CHECK(has(html, "<td class=\"q contradicted\">CONTRADICTED</td>"));
}

TEST_CASE("compare report: what the inputs say is escaped", "[compare][report]") {
  jobs::CompareJob job = bundled();
  job.report->vendors[0].name = "<b>A|B*</b>";
  job.report->notes.push_back("a note with <script> and | pipes");
  const std::string html = report::render_compare_html(*job.report);
  CHECK_FALSE(has(html, "<b>A"));
  CHECK_FALSE(has(html, "<script>"));
  CHECK(has(html, "&lt;b&gt;A|B*&lt;/b&gt;"));
  const std::string md = report::render_compare_markdown(*job.report);
  CHECK(has(md, "A\\|B\\*"));  // a pipe cannot split a table cell, a star cannot start emphasis
  CHECK_FALSE(has(md, "A|B*"));
}
