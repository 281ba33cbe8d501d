// The ledger's HTML history in a real browser (Debian's headless Chromium, as
// the audit's page is tested): three months recorded through the CLI (one
// re-audited), the page laid out and read back by a probe script. Each
// period's point sits above or below the target line as its verdict says and
// in the order of its availability; the credit bars are as tall as the
// amounts; superseded versions are marked; nothing overflows; it prints.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/headless_chromium.h"

namespace {

// 1000.00 USD a month; 10% below 99.9%; at most 15% of the fee (150.00) over 12 trailing months.
const char* const kContract =
    "contract \"History test\" {\n"
    "  provider \"P\"; customer \"C\";\n"
    "  effective 2026-01-01 to 2026-12-31;\n"
    "  timezone \"UTC\";\n"
    "  currency USD;\n"
    "  service api { fee 1000.00 per month; }\n"
    "  availability api {\n"
    "    target 99.9%;\n"
    "    period calendar month;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "    cap 15% of monthly fee per trailing 12 months;\n"
    "  }\n"
    "}\n";

// September: 120 of 43,200 min down = 99.7222...%: 100.00 owed.
// October: 60 of 44,640 min = 99.8655...%: 100.00 earned, capped at 150.00 - 100.00 = 50.00.
// November: 20 of 43,200 min = 99.9537...%: met, nothing owed.
const char* const kLog =
    "{\"id\":\"SEP\",\"service\":\"api\",\"start\":\"2026-09-12T10:00:00Z\",\"end\":\"2026-09-12T12:00:00Z\"}\n"
    "{\"id\":\"OCT\",\"service\":\"api\",\"start\":\"2026-10-02T10:00:00Z\",\"end\":\"2026-10-02T11:00:00Z\"}\n"
    "{\"id\":\"NOV\",\"service\":\"api\",\"start\":\"2026-11-02T10:00:00Z\",\"end\":\"2026-11-02T10:20:00Z\"}\n";

const char* const kProbe = R"JS(
<script>
(function () {
  const r = { overflow: 0, target: null, points: [], bars: [], rows: 0, superseded: 0 };
  r.overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  const chart = document.querySelector("svg.availability");
  r.target = chart.querySelector("line.target").getBBox().y;
  for (const c of chart.querySelectorAll("circle.point"))
    r.points.push({ period: c.dataset.period, availability: parseFloat(c.dataset.availability),
                    cy: c.cy.baseVal.value, breached: c.classList.contains("breached") });
  for (const b of document.querySelectorAll("svg.credits rect.owed"))
    r.bars.push({ period: b.dataset.period, owed: parseInt(b.dataset.owedMinor), height: b.getBBox().height });
  r.rows = document.querySelectorAll("table.history tbody tr").length;
  r.superseded = document.querySelectorAll("table.history tbody tr.superseded").length;
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = encodeURIComponent(JSON.stringify(r));
  document.body.appendChild(pre);
})();
</script>
)JS";


}  // namespace

TEST_CASE("ledger history html in a browser: points by verdict and availability, bars by credit", "[report][html-browser][ledger]") {
  const slaudit::testing::HeadlessChromium chromium("history-browser");
  const std::filesystem::path dir = chromium.dir();
  std::ofstream(dir / "contract.sla") << kContract;
  std::ofstream(dir / "log.jsonl") << kLog;
  const std::string cli = "cd '" + dir.string() + "' && '" SLAUDIT_CLI "' ";
  for (const char* month : {"2026-09", "2026-10", "2026-11", "2026-11"}) {  // November twice: a re-audit
    const int status = std::system((cli + "audit contract.sla --incidents log.jsonl --ledger audits.db --period " +
                                    month + " > /dev/null 2>&1").c_str());
    REQUIRE(WIFEXITED(status));
  }
  REQUIRE(std::system((cli + "ledger history audits.db --all-versions --format html > history.html").c_str()) == 0);
  const std::string page = slaudit::testing::slurp(dir / "history.html");
  const nlohmann::json r = chromium.probe(page, kProbe, 800, 900);
  INFO(r.dump(2));
  CHECK(r["overflow"] == 0);
  CHECK(r["rows"] == 4);        // three months and November's first version
  CHECK(r["superseded"] == 1);
  REQUIRE(r["points"].size() == 3);
  const double target_y = r["target"].get<double>();
  for (const auto& p : r["points"]) CHECK((p["cy"].get<double>() > target_y) == p["breached"].get<bool>());
  CHECK(r["points"][0]["period"] == "2026-09");
  // The lower the availability, the lower the point: September < October < November.
  CHECK(r["points"][0]["availability"].get<double>() < r["points"][1]["availability"].get<double>());
  CHECK(r["points"][0]["cy"].get<double>() > r["points"][1]["cy"].get<double>());
  CHECK(r["points"][1]["cy"].get<double>() > r["points"][2]["cy"].get<double>());
  REQUIRE(r["bars"].size() == 3);
  CHECK(r["bars"][0]["owed"] == 10000);  // 100.00
  CHECK(r["bars"][1]["owed"] == 5000);   // 50.00: the cap over trailing months, from the ledger
  CHECK(r["bars"][2]["owed"] == 0);
  CHECK(r["bars"][1]["height"].get<double>() == Approx(r["bars"][0]["height"].get<double>() / 2).margin(0.01));
  CHECK(r["bars"][2]["height"].get<double>() == 0);

  const std::string pdf = (dir / "history.pdf").string();
  REQUIRE(chromium.run("--no-pdf-header-footer --print-to-pdf='" + pdf + "' 'file://" + (dir / "history.html").string() +
                       "'") == 0);
  const std::string document = slaudit::testing::slurp(pdf);
  CHECK(document.rfind("%PDF-", 0) == 0);
  CHECK(slaudit::testing::HeadlessChromium::pdf_page_count(document) == 1);  // three months fit one A4 page
}
