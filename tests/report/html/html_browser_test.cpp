// The HTML report in a real browser: Debian's headless Chromium (installed by
// scripts/setup-debian.sh) loads the bundled example's report, and a probe
// script appended to a copy of the page reads the laid-out DOM back — the
// timeline's bars and marks have real size and sit where the figures say, the
// styles apply, the page does not overflow sideways. Then the page itself is
// screenshotted and printed to PDF. The report the user gets has no script;
// only the test's copy does.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/headless_chromium.h"

namespace fs = std::filesystem;

namespace {

using slaudit::testing::has;
using slaudit::testing::slurp;

// The browser's scratch folder with the bundled example's HTML report in it.
class BrowserScratch : public slaudit::testing::HeadlessChromium {
 public:
  BrowserScratch() : HeadlessChromium("html-browser") {
    const std::string root = SLAUDIT_SOURCE_DIR;
    const std::string command = "'" SLAUDIT_CLI "' audit '" + root + "/contracts/examples/gpu_cluster.sla' --incidents '" +
                                root + "/contracts/examples/gpu_cluster.incidents.jsonl' --period 2026-11 --format html > '" +
                                (dir() / "report.html").string() + "'";
    const int status = std::system(command.c_str());
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 3);  // the example breaches its SLA
    report_ = slurp(dir() / "report.html");
  }
  const std::string& report() const { return report_; }

 private:
  std::string report_;
};

// Reads the laid-out page back and writes it, URI-encoded (so the DOM dump
// cannot mangle it), into <pre id="probe">.
const char* const kProbeScript = R"JS(
<script>
(function () {
  const result = { title: document.title, timelines: [], summaryRows: [], overflow: 0, fills: {} };
  result.overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  for (const row of document.querySelectorAll("table.summary tbody tr"))
    result.summaryRows.push(row.innerText.replace(/\s+/g, " ").trim());
  for (const svg of document.querySelectorAll("svg.timeline")) {
    const box = svg.getBoundingClientRect();
    const t = { label: svg.getAttribute("aria-label"), width: box.width, height: box.height,
                segments: [], incidents: [] };
    for (const seg of svg.querySelectorAll("rect.seg")) {
      const b = seg.getBBox();
      t.segments.push({ state: seg.classList[1], x: b.x, width: b.width,
                        fill: getComputedStyle(seg).fill });
    }
    for (const g of svg.querySelectorAll("g.incident")) {
      const r = g.querySelector("rect").getBoundingClientRect();
      t.incidents.push({ role: g.classList[1], title: g.querySelector("title").textContent,
                         left: r.left - box.left, right: r.right - box.left, top: r.top - box.top,
                         bottom: r.bottom - box.top, width: r.width, height: r.height });
    }
    result.timelines.push(t);
  }
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = encodeURIComponent(JSON.stringify(result));
  document.body.appendChild(pre);
})();
</script>
)JS";

nlohmann::json probe_page(const BrowserScratch& scratch) { return scratch.probe(scratch.report(), kProbeScript, 1280, 1000); }

}  // namespace

TEST_CASE("html in a browser: the bundled report lays out with a drawn timeline", "[report][html-browser]") {
  const BrowserScratch scratch;
  const nlohmann::json page = probe_page(scratch);
  CHECK(page["title"] == "SLA audit: GPU training cluster, schedule B — 2026-11");
  CHECK(page["overflow"].get<double>() <= 0);  // nothing wider than the window

  // The summary table as the reader sees it (see contracts/examples/README.md for the figures).
  REQUIRE(page["summaryRows"].size() == 2);
  CHECK(has(page["summaryRows"][0].get<std::string>(), "training 2026-11 99.9% 42780 213 420 99.5021%~"));
  CHECK(has(page["summaryRows"][1].get<std::string>(), "inference 2026-11 99.5% 43200 90 0 99.7916%~"));

  // One timeline per audited period, drawn at a real size.
  REQUIRE(page["timelines"].size() == 2);
  const nlohmann::json& training = page["timelines"][0];
  CHECK(training["label"] == "timeline of training 2026-11");
  CHECK(training["width"].get<double>() > 600);
  CHECK(training["height"].get<double>() > 40);

  // Its segments tile the 1000-unit bar, and the styles colour them by state.
  double next_x = 0;
  int down_segments = 0, excluded_segments = 0;
  for (const nlohmann::json& seg : training["segments"]) {
    CHECK(seg["x"].get<double>() == Approx(next_x).margin(0.01));
    next_x = seg["x"].get<double>() + seg["width"].get<double>();
    const std::string state = seg["state"];
    if (state == "down") {
      ++down_segments;
      CHECK(seg["fill"] == "rgb(192, 57, 43)");
    } else if (state == "excluded") {
      ++excluded_segments;
      CHECK(seg["fill"] == "rgb(154, 165, 177)");
    } else {
      CHECK(seg["fill"] == "rgb(207, 232, 207)");
    }
  }
  CHECK(next_x == Approx(1000).margin(0.01));
  CHECK(down_segments >= 3);
  CHECK(excluded_segments >= 2);

  // Every incident of the log for training is a visible mark inside the drawing, hoverable with its facts.
  const nlohmann::json& marks = training["incidents"];
  CHECK(marks.size() == 8);  // the log has 8 incidents of service training
  bool saw_gpu_xid = false;
  for (const nlohmann::json& mark : marks) {
    const std::string title = mark["title"];
    INFO(title);
    CHECK(mark["width"].get<double>() >= 1);
    CHECK(mark["height"].get<double>() >= 5);
    CHECK(mark["left"].get<double>() >= 0);
    CHECK(mark["right"].get<double>() <= training["width"].get<double>() + 0.5);
    CHECK(mark["bottom"].get<double>() <= training["height"].get<double>() + 0.5);
    CHECK(has(title, "(incident log line "));
    CHECK(has(title, "fault: "));
    CHECK(has(title, "clause: "));
    if (has(title, "inc-02 (incident log line 2)")) {
      saw_gpu_xid = true;
      CHECK(has(title, "fault: gpu_xid; cause: provider"));
      CHECK(has(title, "/contracts/examples/gpu_cluster.sla:30 unavailable when"));
    }
  }
  CHECK(saw_gpu_xid);
}

TEST_CASE("html in a browser: the report screenshots and prints to PDF", "[report][html-browser]") {
  const BrowserScratch scratch;
  const fs::path png = scratch.dir() / "report.png", pdf = scratch.dir() / "report.pdf";
  const std::string url = "'file://" + (scratch.dir() / "report.html").string() + "'";
  REQUIRE(scratch.run("--window-size=1280,1800 --screenshot='" + png.string() + "' " + url) == 0);
  const std::string image = slurp(png);
  REQUIRE(image.size() > 24);
  CHECK(image.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  // IHDR: width and height, big-endian, at bytes 16..23.
  auto be32 = [&](size_t at) {
    return (static_cast<uint32_t>(static_cast<unsigned char>(image[at])) << 24) |
           (static_cast<uint32_t>(static_cast<unsigned char>(image[at + 1])) << 16) |
           (static_cast<uint32_t>(static_cast<unsigned char>(image[at + 2])) << 8) |
           static_cast<uint32_t>(static_cast<unsigned char>(image[at + 3]));
  };
  CHECK(be32(16) == 1280);
  CHECK(be32(20) == 1800);
  CHECK(image.size() > 50'000);  // a page of text and drawings, not a blank canvas

  REQUIRE(scratch.run("--no-pdf-header-footer --print-to-pdf='" + pdf.string() + "' " + url) == 0);
  const std::string document = slurp(pdf);
  CHECK(document.rfind("%PDF-", 0) == 0);
  CHECK(slaudit::testing::HeadlessChromium::pdf_page_count(document) >= 3);
}

TEST_CASE("html printed: no page is left half blank before the last", "[report][html-browser]") {
  const slaudit::testing::HeadlessChromium chromium("print-fill");
  // Forced breaks before each period left pages holding a few spilled lines: Azure's five clauses printed
  // 11 pages, two of them 7% full; the GPU example one 31% full.
  for (const char* name : {"azure_vm", "gpu_cluster", "amazon_s3_standard"}) {
    INFO(name);
    const std::string args = slurp(fs::path(SLAUDIT_SOURCE_DIR) / "tests/golden/library" / name / "args");
    const fs::path out = chromium.dir() / (std::string(name) + ".html");
    const std::string command = "cd '" SLAUDIT_SOURCE_DIR "' && '" SLAUDIT_CLI "' audit " +
                                args.substr(0, args.find_last_not_of('\n') + 1) + " --format html > '" + out.string() +
                                "' 2>/dev/null";
    const int status = std::system(command.c_str());
    REQUIRE(WIFEXITED(status));
    const std::vector<double> fills = chromium.printed_page_fills(slurp(out));
    INFO("page fills: " << Catch::Detail::stringify(fills));
    REQUIRE(fills.size() >= 2);
    for (size_t k = 0; k + 1 < fills.size(); ++k) CHECK(fills[k] >= 0.5);
  }
}
