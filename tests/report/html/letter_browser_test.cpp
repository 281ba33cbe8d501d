// The claim letters' HTML (`--format letter-html`, docs/audit.md section 30)
// printed by headless Chromium: one letter a page, as a claim is filed.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/headless_chromium.h"

TEST_CASE("claim letters in a browser: two letters print on two A4 pages", "[report][html-browser][letter]") {
  const slaudit::testing::HeadlessChromium chromium("letter-pdf");
  const std::filesystem::path dir = chromium.dir();
  std::filesystem::copy_file(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.sla", dir / "acme.sla");
  // October (44,700 min in Berlin, DST ends): 60 min down = 99.8657...% -> 10% = 50.00 EUR;
  // November: 50 min of 43,200 -> 99.8842...% -> 50.00 EUR. Two periods owe: two letters.
  std::ofstream(dir / "log.jsonl")
      << "{\"id\":\"oct\",\"service\":\"vm\",\"start\":\"2026-10-14T10:00:00+02:00\",\"end\":\"2026-10-14T11:00:00+02:00\"}\n"
         "{\"id\":\"nov\",\"service\":\"vm\",\"start\":\"2026-11-04T10:00:00+01:00\",\"end\":\"2026-11-04T10:50:00+01:00\"}\n";
  const std::string html = (dir / "letters.html").string(), pdf = (dir / "letters.pdf").string();
  const int status = std::system((std::string(SLAUDIT_CLI) + " audit '" + (dir / "acme.sla").string() + "' --incidents '" +
                                  (dir / "log.jsonl").string() + "' --period 2026-10-01..2026-11-30 --format letter-html > '" +
                                  html + "'").c_str());
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 3);  // breached: the letters are the point
  REQUIRE(chromium.run("--no-pdf-header-footer --print-to-pdf='" + pdf + "' 'file://" + html + "'") == 0);
  const std::string document = slaudit::testing::slurp(pdf);
  CHECK(document.rfind("%PDF-", 0) == 0);
  CHECK(slaudit::testing::HeadlessChromium::pdf_page_count(document) == 2);
}
