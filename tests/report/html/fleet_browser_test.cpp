// The fleet page in a real browser (Debian's headless Chromium): the bars of
// the availability bands are drawn at lengths in proportion to their counts,
// every listed resource has its drill-down, and nothing overflows sideways.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/headless_chromium.h"

namespace {

using slaudit::testing::slurp;

const char* const kProbeScript = R"JS(
<script>
(function () {
  const result = { title: document.title, overflow: 0, bands: [], details: 0, drillRows: 0 };
  result.overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  for (const g of document.querySelectorAll("svg.bands g.band")) {
    const texts = g.querySelectorAll("text");
    result.bands.push({ label: texts[0].textContent, count: texts[1].textContent,
                        width: g.querySelector("rect").getBoundingClientRect().width,
                        fill: getComputedStyle(g.querySelector("rect")).fill });
  }
  result.details = document.querySelectorAll("details").length;
  result.drillRows = document.querySelectorAll("details table.incidents tbody tr").length;
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = encodeURIComponent(JSON.stringify(result));
  document.body.appendChild(pre);
})();
</script>
)JS";

}  // namespace

TEST_CASE("fleet html in a browser: bands drawn in proportion, a drill-down per breached resource", "[report][html-browser][fleet]") {
  const slaudit::testing::HeadlessChromium browser("fleet-browser");
  const std::string root = SLAUDIT_SOURCE_DIR, lib = root + "/contracts/library/aws_ec2_fleet";
  const std::string page = (browser.dir() / "fleet.html").string();
  const std::string command = "'" SLAUDIT_CLI "' audit '" + lib + ".sla' --inventory '" + lib + ".inventory.csv' --billing-export '" +
                              lib + ".billing.csv' --incidents '" + lib + ".incidents.csv' --period 2026-11 --format html > '" +
                              page + "' 2>/dev/null";
  const int status = std::system(command.c_str());
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 3);  // the fleet breaches
  const nlohmann::json probe = browser.probe(slurp(page), kProbeScript, 1280, 1000);
  CHECK(probe["overflow"].get<double>() <= 0);
  REQUIRE(probe["bands"].size() == 8);
  // 36 periods at 100% draw the longest bar (420 px); 20 in [99, 99.5) draw 20/36 of it: 233 px.
  CHECK(probe["bands"][0]["label"] == "100%");
  CHECK(probe["bands"][0]["count"] == "36");
  CHECK(probe["bands"][0]["width"].get<double>() == Approx(420).margin(1));
  CHECK(probe["bands"][4]["label"] == "99% to 99.5%");
  CHECK(probe["bands"][4]["count"] == "20 (20 breached)");
  CHECK(probe["bands"][4]["width"].get<double>() == Approx(233).margin(1));
  CHECK(probe["bands"][4]["fill"] == "rgb(198, 40, 40)");  // a band holding breaches is red
  CHECK(probe["bands"][0]["fill"] == "rgb(46, 125, 50)");
  CHECK(probe["bands"][1]["width"].get<double>() == 0);  // no period in [99.99, 100)
  CHECK(probe["details"] == 23);
  CHECK(probe["drillRows"] == 23);  // one counted incident each in this fleet
}
