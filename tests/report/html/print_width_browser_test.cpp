// The audit's HTML report printed: every table and drawing fits the width of
// an A4 landscape page (the report's @page: 297 mm less two 12 mm margins =
// 273 mm = 1032 CSS px), with the print style's body (no margin, 10 pt). The
// widest reports of the library are laid out in headless Chromium at that
// width, and the probe names any element that passes the right edge.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/headless_chromium.h"

namespace {

// The print style's body, applied on screen (headless Chromium lays a page out for the screen).
const char* const kProbe = R"JS(
<script>
(function () {
  const s = document.body.style;
  s.margin = "0"; s.padding = "0"; s.maxWidth = "none"; s.fontSize = "10pt";
  const page = document.documentElement.clientWidth;
  const r = { overflow: document.documentElement.scrollWidth - page, past: [] };
  for (const e of document.querySelectorAll("body *")) {
    const right = e.getBoundingClientRect().right;
    if (right > page + 1 && r.past.length < 5)
      r.past.push(e.tagName + " " + (e.getAttribute("class") || "") + ": " + (e.innerText || "").slice(0, 60));
  }
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = encodeURIComponent(JSON.stringify(r));
  document.body.appendChild(pre);
})();
</script>
)JS";

}  // namespace

TEST_CASE("html printed: the library's widest reports fit an A4 landscape page", "[report][html-browser]") {
  const slaudit::testing::HeadlessChromium chromium("print-width");
  // Five clauses in one summary (Azure), sixteen probe columns (S3), a fleet, the GPU example's incidents.
  for (const char* name : {"azure_vm", "amazon_s3_standard", "digitalocean_droplet_fleet", "gpu_cluster"}) {
    INFO(name);
    const std::string args = slaudit::testing::slurp(std::string(SLAUDIT_SOURCE_DIR) + "/tests/golden/library/" + name + "/args");
    const std::string out = (chromium.dir() / (std::string(name) + ".html")).string();
    const std::string command = "cd '" SLAUDIT_SOURCE_DIR "' && '" SLAUDIT_CLI "' audit " +
                                args.substr(0, args.find_last_not_of("\n") + 1) + " --format html > '" + out + "' 2>/dev/null";
    const int status = std::system(command.c_str());
    REQUIRE(WIFEXITED(status));
    const nlohmann::json r = chromium.probe(slaudit::testing::slurp(out), kProbe, 1032, 1000);
    INFO(r.dump(2));
    CHECK(r["overflow"] == 0);
    CHECK(r["past"].empty());
  }
}
