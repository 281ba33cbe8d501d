// A clause `unavailable weighted by affected share` in every report (issue 20,
// item 5): the derivation says the counted downtime is weighted, with its
// clause, and each incident counted as downtime shows its weight and its
// weighted down time. The arithmetic is stated beside each expected figure.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/html/render_html.h"
#include "report/json/render_json.h"
#include "report/markdown/render_markdown.h"
#include "report/text/render_text.h"
#include "tests/support/audit_fixture.h"
#include "tests/support/schema_walk.h"

using namespace slaudit;
using nlohmann::json;

namespace {

// Line 6 is the weighted clause; line 8 the optional rules.
std::string weighted_contract(const std::string& rules = "") {
  return "contract \"t\" {\n"
         "  effective 2026-01-01 to 2027-12-31; timezone \"Asia/Shanghai\"; currency CNY;\n"
         "  service inference { fee 300000.00 per month; capacity 4096 gpus, 3 nodes; }\n"
         "  availability inference {\n"
         "    target 99.9%; period calendar month;\n"
         "    unavailable weighted by affected share;\n"
         "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 30%; }\n" +
         rules + "\n  }\n}\n";
}

std::string incident(const std::string& id, const std::string& start, const std::string& end,
                     const std::string& affected) {
  return "{\"id\":\"" + id + "\",\"service\":\"inference\",\"start\":\"" + start + "\",\"end\":\"" + end +
         "\",\"scope\":{\"affected\":" + affected + "}}\n";
}

// The GPU example's inference incident: 6 h at 25%.
std::unique_ptr<testing::AuditFixture> one_incident() {
  return testing::run_audit_text(
      weighted_contract(), incident("inc-09", "2026-11-12T00:00:00+08:00", "2026-11-12T06:00:00+08:00", "0.25"),
      "2026-11");
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("weighted clause: the figures the reports explain", "[report][weighted]") {
  auto fx = one_incident();
  const auto& p = fx->period("inference", "2026-11");
  CHECK(p.down_raw == Seconds{21600});           // 6 h = 21,600 s
  CHECK(p.down == audit::Rational(5400));        // 21,600 s x 1/4 = 5,400 s
  CHECK(p.availability == audit::Rational(479, 480));  // (2,592,000 - 5,400) / 2,592,000 = 479/480 < 99.9%
  CHECK(p.credit_minor == 3'000'000);            // 10% of 300,000.00 CNY = 30,000.00 CNY
  const auto& f = fx->finding(p, "inc-09");
  REQUIRE(f.weight);
  CHECK(f.weight->num * 4 == f.weight->den);     // 0.25 = 1/4, kept as the log's 25/100
  CHECK(f.weighted_down() == audit::Rational(5400));
}

TEST_CASE("weighted clause: text --explain says the weighting and each incident's weight", "[report][weighted]") {
  auto fx = one_incident();
  const std::string text = report::render_text(fx->report(), *fx->source, true);
  CHECK(has(text, "    down (raw): 21600 s = seconds covered by a counted incident, overlaps once — t.sla:6\n"));
  // 21,600 s x 25% = 5,400 s, cited at the `weighted by` clause.
  CHECK(has(text, "    down (weighted): 5400 s = each counted incident's down seconds × its affected share, overlaps "
                  "once at the larger share (inc-09: 21600 s × 25% = 5400 s) — t.sla:6\n"));
  CHECK(has(text, "    down (counted): 5400 s = down (weighted): the contract states no minimum-downtime or "
                  "partial-minute rule — (default: the contract does not say)\n"));
  CHECK(!has(text, "= down (raw): the contract states no"));
  // 360 min x 25% = 90 min.
  CHECK(has(text, "to 2026-11-12T06:00:00+08:00, down 360 min × 25% = 90 min weighted, excluded 0 min — t.sla:6\n"));
}

TEST_CASE("weighted clause: Markdown's derivation says the weighting", "[report][weighted]") {
  auto fx = one_incident();
  const std::string md = report::render_markdown(fx->report(), *fx->compiled.contract, *fx->source);
  // Markdown lists no incidents; the credit's derivation names each weighted incident.
  CHECK(has(md, "### inference, 2026-11: 30,000.00 CNY owed\n"));
  CHECK(has(md, ". down (weighted): 5400 s = each counted incident's down seconds × its affected share, overlaps "
                "once at the larger share (inc-09: 21600 s × 25% = 5400 s) (`t.sla`, line 6: "
                "`unavailable weighted by affected share;`)\n"));
  CHECK(has(md, ". down (counted): 5400 s = down (weighted): the contract states no minimum-downtime or "
                "partial-minute rule (default: the contract does not say)\n"));
}

TEST_CASE("weighted clause: HTML's incident table and tooltip give the weight", "[report][weighted]") {
  auto fx = one_incident();
  const std::string html = report::render_html(fx->report(), *fx->compiled.contract, *fx->source);
  CHECK(has(html, "<th class=\"num\">Down min × weight = weighted</th>"));
  CHECK(has(html, "<td class=\"num\">360 × 25% = 90</td>"));  // 360 min x 25% = 90 min
  CHECK(has(html, ": down 360 min × 25% = 90 min weighted, excluded 0 min\n"));
  CHECK(has(html, "down (weighted)"));
  CHECK(has(html, "(inc-09: 21600 s × 25% = 5400 s)"));
}

TEST_CASE("weighted clause: JSON gives each incident its weight and weighted seconds exactly", "[report][weighted]") {
  auto fx = one_incident();
  const json j = report::report_to_json(fx->report(), *fx->source);
  CHECK(j["schema"] == "slaudit-audit-report/3");
  const json& inc = j["periods"][0]["incidents"][0];
  CHECK(inc["down_seconds"] == 21600);
  CHECK(inc["weight"] == json{{"num", "1"}, {"den", "4"}, {"decimal", "0.25"}});  // 25/100 reduced
  CHECK(inc["weighted_down_seconds"] == json{{"num", "5400"}, {"den", "1"}, {"decimal", "5400"}});  // 21,600 x 1/4
  const json& explain = j["periods"][0]["explain"];
  bool weighted_line = false;
  for (const json& line : explain)
    if (line["figure"] == "down (weighted)") {
      weighted_line = true;
      CHECK(line["value"] == "5400 s");
      CHECK(line["clause"] == json{{"line", 6}, {"column", 5}});
    }
  CHECK(weighted_line);
  // docs/audit-report.schema.json knows the new fields.
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/docs/audit-report.schema.json");
  REQUIRE(in);
  const json schema = json::parse(in);
  CHECK(schema["properties"]["schema"]["const"] == "slaudit-audit-report/3");
  slaudit::testing::SchemaWalk walk{schema};
  walk.walk(schema, j, "");
  CHECK(walk.missing == std::vector<std::string>{});
  CHECK(walk.unknown == std::vector<std::string>{});
  CHECK(walk.bad_values == std::vector<std::string>{});
}

TEST_CASE("weighted clause: overlapping incidents of different shares, and a share from a count",
          "[report][weighted]") {
  // a: 4 h at 25%; b: 1 h at 50% inside a (02:00-03:00); c: 2 h at 1,024 of 4,096 gpus = 25%; d: 1 h at 1 of 3
  // nodes. The engine attributes each down second to the heaviest incident active (docs/audit.md section 5):
  // the hour a and b share is b's, at 50%, never 25% + 50%. So a keeps 3 h = 10,800 s.
  //   a: 10,800 s x 1/4 = 2,700 s   b: 3,600 s x 1/2 = 1,800 s   c: 7,200 s x 1/4 = 1,800 s   d: 3,600 s x 1/3 = 1,200 s
  //   raw: 4 h + 2 h + 1 h = 25,200 s; weighted 2,700 + 1,800 + 1,800 + 1,200 = 7,500 s.
  auto fx = testing::run_audit_text(
      weighted_contract(),
      incident("a", "2026-11-10T00:00:00+08:00", "2026-11-10T04:00:00+08:00", "0.25") +
          incident("b", "2026-11-10T02:00:00+08:00", "2026-11-10T03:00:00+08:00", "0.5") +
          incident("c", "2026-11-11T00:00:00+08:00", "2026-11-11T02:00:00+08:00", "{\"gpus\":1024}") +
          incident("d", "2026-11-13T00:00:00+08:00", "2026-11-13T01:00:00+08:00", "{\"nodes\":1}"),
      "2026-11");
  const auto& p = fx->period("inference", "2026-11");
  CHECK(p.down_raw == Seconds{25200});
  CHECK(p.down == audit::Rational(7500));
  CHECK(fx->finding(p, "a").down == Seconds{10800});
  CHECK(fx->finding(p, "b").down == Seconds{3600});
  CHECK(fx->finding(p, "d").weighted_down() == audit::Rational(1200));
  const std::string text = report::render_text(fx->report(), *fx->source, true);
  CHECK(has(text, "    down (weighted): 7500 s = each counted incident's down seconds × its affected share, overlaps "
                  "once at the larger share (a: 10800 s × 25% = 2700 s; b: 3600 s × 50% = 1800 s; "
                  "c: 7200 s × 25% = 1800 s; d: 3600 s × 1/3 = 1200 s) — t.sla:6\n"));
  CHECK(has(text, "down 180 min × 25% = 45 min weighted"));  // 180 x 1/4
  CHECK(has(text, "down 60 min × 50% = 30 min weighted"));   // 60 x 1/2
  CHECK(has(text, "down 120 min × 25% = 30 min weighted"));  // 120 x 1/4
  CHECK(has(text, "down 60 min × 1/3 = 20 min weighted"));   // 60 x 1/3, a third has no exact percentage
  const json j = report::report_to_json(fx->report(), *fx->source);
  const json& d = j["periods"][0]["incidents"][3];
  CHECK(d["id"] == "d");
  CHECK(d["weight"] == json{{"num", "1"}, {"den", "3"}, {"decimal", "0.333333~"}});
  CHECK(d["weighted_down_seconds"] == json{{"num", "1200"}, {"den", "1"}, {"decimal", "1200"}});
}

TEST_CASE("weighted clause with minimum-downtime and partial-minute rules: both steps, in order",
          "[report][weighted]") {
  // x: 90 s at 25%, a run kept (>= 1 min) and rounded up to 120 s; y: 30 s at 50%, a run shorter than 1 min,
  // ignored. The rules judge each run by its seconds at full weight, then the share applies:
  //   raw 90 + 30 = 120 s; after rules 120 s (x's run only); weighted 120 s x 1/4 = 30 s.
  auto fx = testing::run_audit_text(
      weighted_contract("    ignore downtime shorter than 1 min; partial minutes rounded up;"),
      incident("x", "2026-11-10T00:00:00+08:00", "2026-11-10T00:01:30+08:00", "0.25") +
          incident("y", "2026-11-12T00:00:00+08:00", "2026-11-12T00:00:30+08:00", "0.5"),
      "2026-11");
  const auto& p = fx->period("inference", "2026-11");
  CHECK(p.down_raw == Seconds{120});
  CHECK(p.down == audit::Rational(30));
  CHECK(fx->finding(p, "y").role == audit::IncidentRole::IgnoredShort);
  const std::string text = report::render_text(fx->report(), *fx->source, true);
  const std::string steps =
      "    down (raw): 120 s = seconds covered by a counted incident, overlaps once — t.sla:6\n"
      "    downtime runs ignored: 1 = runs shorter than 1 min are not counted — t.sla:8\n"
      "    down (after rules): 120 s = down (raw) after the minimum-downtime and partial-minute rules, each run "
      "judged at full weight — t.sla:8\n"
      "    down (weighted): 30 s = each counted incident's seconds after the rules × its affected share, overlaps "
      "once at the larger share (x: 120 s × 25% = 30 s) — t.sla:6\n"
      "    down (counted): 30 s = down (weighted): the rules at full weight first, then the affected shares — t.sla:6\n";
  CHECK(has(text, steps));
  // The rows' minutes are before the rules, as the down minutes are: 1.5 min x 25% = 0.375 min (shown to two
  // decimals, marked); 0.5 min x 50% = 0.25 min.
  CHECK(has(text, "down 1.5 min × 25% = 0.38~ min weighted"));
  CHECK(has(text, "down 0.5 min × 50% = 0.25 min weighted"));
}

TEST_CASE("a clause that is not weighted: no weight anywhere", "[report][weighted]") {
  auto fx = testing::run_audit_text(
      "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"Asia/Shanghai\"; currency CNY;\n"
      "  service inference { fee 300000.00 per month; capacity 4096 gpus; }\n"
      "  availability inference { target 99.9%; period calendar month; unavailable when any incident; }\n}\n",
      incident("z", "2026-11-12T00:00:00+08:00", "2026-11-12T01:00:00+08:00", "0.25"), "2026-11");
  const auto& p = fx->period("inference", "2026-11");
  CHECK(p.down == audit::Rational(3600));  // full: the clause does not weight
  CHECK(!fx->finding(p, "z").weight);
  const std::string text = report::render_text(fx->report(), *fx->source, true);
  CHECK(has(text, ", down 60 min, excluded 0 min"));
  CHECK(has(text, "    down (counted): 3600 s = down (raw): the contract states no minimum-downtime or "
                  "partial-minute rule"));
  CHECK(!has(text, "weight"));
  const json j = report::report_to_json(fx->report(), *fx->source);
  CHECK(!j["periods"][0]["incidents"][0].contains("weight"));
  CHECK(!j["periods"][0]["incidents"][0].contains("weighted_down_seconds"));
  const std::string html = report::render_html(fx->report(), *fx->compiled.contract, *fx->source);
  CHECK(has(html, "<th class=\"num\">Down min</th>"));
  CHECK(!has(html, "× weight"));
}
