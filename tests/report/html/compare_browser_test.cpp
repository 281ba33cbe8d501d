// The comparison's HTML page in a real browser (Debian's headless Chromium,
// as tests/report/html/html_browser_test.cpp does for the audit): the bundled
// vendors with the bundled history, laid out, read back by a probe script
// appended to a copy of the page. The bars of the score chart are as long as
// the weighted scores, in ranking order, and made of the dimensions' parts;
// the remedy chart's bars are as long as their shares of fees; there is one
// comparison table per dimension; nothing overflows; the page prints to PDF.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/headless_chromium.h"

namespace {

using slaudit::testing::has;

// The compared page, made by the built slaudit from the bundled vendors.
std::string compare_page(const slaudit::testing::HeadlessChromium& chromium) {
  const std::string dir = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/compare/";
  const std::string out = (chromium.dir() / "compare.html").string();
  const std::string command = "'" SLAUDIT_CLI "' compare '" + dir + "vendor_a.sla' '" + dir + "vendor_b.sla' '" + dir +
                              "vendor_c.sla' --replay '" + dir + "replay.incidents.jsonl' --format html > '" + out + "'";
  REQUIRE(std::system(command.c_str()) == 0);
  return slaudit::testing::slurp(out);
}

const char* const kProbe = R"JS(
<script>
(function () {
  const r = { title: document.title, overflow: 0, bars: [], remedy: [], dimensions: [], questions: 0, chartWidth: 0 };
  r.overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  const scores = document.querySelector("svg.scores");
  r.chartWidth = scores.getBoundingClientRect().width;
  for (const g of scores.querySelectorAll("g.vendor-bar")) {
    const bar = { vendor: g.dataset.vendor, weighted: parseFloat(g.dataset.weighted), width: 0, segments: 0, fills: [] };
    let next = null;
    for (const seg of g.querySelectorAll("rect.seg")) {
      const b = seg.getBBox();
      if (next !== null && Math.abs(b.x - next) > 0.01) bar.gap = true;
      next = b.x + b.width;
      bar.width += b.width;
      bar.segments += 1;
      bar.fills.push(getComputedStyle(seg).fill);
    }
    r.bars.push(bar);
  }
  for (const g of document.querySelectorAll("svg.remedy g.vendor-remedy")) {
    const v = { vendor: g.dataset.vendor };
    for (const kind of ["credit", "lost"]) {
      const rect = g.querySelector("rect." + kind);
      v[kind] = rect ? { width: rect.getBBox().width, share: parseFloat(rect.dataset.share) } : null;
    }
    r.remedy.push(v);
  }
  for (const t of document.querySelectorAll("table.dimension")) {
    const heads = [...t.querySelectorAll("thead th")].map(th => th.innerText.trim());
    const box = t.getBoundingClientRect();
    r.dimensions.push({ heads: heads, rows: t.querySelectorAll("tbody tr").length, width: box.width,
                        total: [...t.querySelectorAll("tfoot td")].map(td => td.innerText.trim()) });
  }
  r.questions = document.querySelectorAll("table.questions tbody tr").length;
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = encodeURIComponent(JSON.stringify(r));
  document.body.appendChild(pre);
})();
</script>
)JS";

}  // namespace

TEST_CASE("compare html in a browser: charts drawn to their figures, one table per dimension", "[report][html-browser][compare]") {
  const slaudit::testing::HeadlessChromium chromium("compare-browser");
  const std::string page = compare_page(chromium);
  const nlohmann::json r = chromium.probe(page, kProbe, 1280, 1000);
  CHECK(r["title"] == "Choosing a provider: Vendor A, Vendor B, Vendor C");
  CHECK(r["overflow"].get<double>() <= 0);
  CHECK(r["chartWidth"].get<double>() > 600);

  // Bars in ranking order (contracts/compare/README.md): A 61.74, B 58.34, C 45.43.
  const nlohmann::json& bars = r["bars"];
  REQUIRE(bars.size() == 3);
  CHECK(bars[0]["vendor"] == "Vendor A");
  CHECK(bars[1]["vendor"] == "Vendor B");
  CHECK(bars[2]["vendor"] == "Vendor C");
  for (const nlohmann::json& bar : bars) {
    INFO(bar.dump());
    CHECK(bar["segments"] == 6);           // one per dimension
    CHECK_FALSE(bar.contains("gap"));      // the segments tile the bar
    // 700 drawing units stand for 100 points.
    CHECK(bar["width"].get<double>() == Approx(bar["weighted"].get<double>() * 7).margin(0.05));
    CHECK(bar["fills"][0] == "rgb(31, 95, 139)");  // cluster scale's colour: the stylesheet applies
  }
  CHECK(bars[0]["width"].get<double>() > bars[1]["width"].get<double>());
  CHECK(bars[1]["width"].get<double>() > bars[2]["width"].get<double>());

  // Credits against lost time, each a share of fees on one scale.
  const nlohmann::json& remedy = r["remedy"];
  REQUIRE(remedy.size() == 3);
  const double per_share = remedy[0]["credit"]["width"].get<double>() / remedy[0]["credit"]["share"].get<double>();
  CHECK(remedy[0]["credit"]["share"].get<double>() == Approx(0.26));  // Vendor A: 936,000 of 3,600,000
  CHECK(remedy[1]["credit"]["share"].get<double>() == Approx(0.01));  // Vendor B: 54,000 of 5,400,000
  CHECK(remedy[2]["credit"]["share"].get<double>() == Approx(0.10));  // Vendor C: 645,000 of 6,450,000
  for (const nlohmann::json& v : remedy) {
    INFO(v.dump());
    for (const char* kind : {"credit", "lost"}) {
      REQUIRE_FALSE(v[kind].is_null());
      CHECK(v[kind]["width"].get<double>() == Approx(v[kind]["share"].get<double>() * per_share).margin(0.05));
    }
  }

  // One comparison table per dimension: criterion, max and a column per vendor.
  const nlohmann::json& tables = r["dimensions"];
  REQUIRE(tables.size() == 6);
  for (const nlohmann::json& t : tables) {
    INFO(t.dump());
    CHECK(t["heads"] == nlohmann::json::array({"Criterion", "Max", "Vendor A", "Vendor B", "Vendor C"}));
    CHECK(t["rows"].get<int>() >= 3);
    CHECK(t["total"].size() == 4);  // 100, then each vendor's score
  }
  CHECK(tables[0]["total"] == nlohmann::json::array({"100", "60.48", "100", "85.53~"}));
  CHECK(r["questions"] == 7);
}

TEST_CASE("compare html in a browser: the page prints to PDF", "[report][html-browser][compare]") {
  const slaudit::testing::HeadlessChromium chromium("compare-pdf");
  const std::string page = compare_page(chromium);
  const std::filesystem::path html = chromium.dir() / "compare.html", pdf = chromium.dir() / "compare.pdf";
  REQUIRE(chromium.run("--no-pdf-header-footer --print-to-pdf='" + pdf.string() + "' 'file://" + html.string() + "'") == 0);
  const std::string document = slaudit::testing::slurp(pdf);
  CHECK(document.rfind("%PDF-", 0) == 0);
  CHECK(has(page, "<svg class=\"chart scores\""));
  size_t pages = 0;
  for (size_t at = document.find("/Type /Page"); at != std::string::npos; at = document.find("/Type /Page", at + 1))
    if (at + 11 < document.size() && document[at + 11] != 's') ++pages;
  CHECK(pages >= 3);
}
