// The claims report's HTML page in a real browser (headless Chromium, as the
// audit's page is tested): the article's claims verified from the bundled
// evidence, laid out and read back. One summary row per claim and commitment
// with its verdict coloured by class, the counts as the text report gives
// them, a section per claim, nothing past an A4 landscape page, and printed
// pages that are not left half blank.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/headless_chromium.h"

namespace {

const char* const kProbe = R"JS(
<script>
(function () {
  const s = document.body.style;
  s.margin = "0"; s.padding = "0"; s.maxWidth = "none"; s.fontSize = "10pt";  // the print style's body
  const r = { title: document.title, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
              rows: 0, verdicts: {}, sections: document.querySelectorAll("section.claim").length, counts: [] };
  for (const td of document.querySelectorAll("table.claims tbody td.verdict")) {
    r.rows += 1;
    const cls = [...td.classList].filter(c => c !== "verdict")[0];
    r.verdicts[cls] = (r.verdicts[cls] || 0) + 1;
    if (td.innerText.trim().toLowerCase() !== cls) r.mismatch = td.innerText;
  }
  r.counts = [...document.querySelectorAll("ul.counts li")].map(li => li.innerText.trim());
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = encodeURIComponent(JSON.stringify(r));
  document.body.appendChild(pre);
})();
</script>
)JS";

}  // namespace

TEST_CASE("claims html in a browser: a row and a section per claim, verdicts coloured, fits and prints", "[report][html-browser][claims]") {
  const slaudit::testing::HeadlessChromium chromium("claims-browser");
  const std::string out = (chromium.dir() / "claims.html").string();
  const std::string ex = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/examples/article_claims";
  const std::string command = "'" SLAUDIT_CLI "' claims '" + ex + ".sla' --inventory '" + ex + ".inventory.json' --measurements '" +
                              ex + ".measurements.jsonl' --incidents '" + ex + ".incidents.jsonl' --format html > '" + out + "'";
  const int status = std::system(command.c_str());
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 3);  // some claims are refuted: the point of the example
  const std::string page = slaudit::testing::slurp(out);
  const nlohmann::json r = chromium.probe(page, kProbe, 1032, 1000);
  INFO(r.dump(2));
  CHECK(r["title"] == "Claims verified: GPU cluster: the article's vendor claims");
  CHECK(r["overflow"] == 0);
  // 13 claims and 4 commitments (contracts/examples/article_claims.sla, lines 30-49); the text report counts the same.
  CHECK(r["rows"] == 17);
  CHECK(r["sections"] == 17);
  CHECK_FALSE(r.contains("mismatch"));
  CHECK(r["verdicts"] == nlohmann::json{{"verified", 5}, {"refuted", 5}, {"ambiguous", 4}, {"unverifiable", 3}});
  CHECK(r["counts"] == nlohmann::json{"VERIFIED: 5", "REFUTED: 5", "AMBIGUOUS: 4", "UNVERIFIABLE: 3"});
  const std::vector<double> fills = chromium.printed_page_fills(page);
  INFO("page fills: " << Catch::Detail::stringify(fills));
  REQUIRE(!fills.empty());
  for (size_t k = 0; k + 1 < fills.size(); ++k) CHECK(fills[k] >= 0.5);
}
