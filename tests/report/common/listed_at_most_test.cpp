// Lists that grow with the log (recovery breaches, rejected records, the
// incidents of uncovered fault classes) are cut at kListedAtMost in the
// reports meant for reading, with a count of the rest and where to find them;
// text with --explain lists every one (docs/audit.md section 24). One table,
// every format.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "report/common/names.h"
#include "report/html/render_html.h"
#include "report/markdown/render_markdown.h"
#include "report/text/render_text.h"
#include "tests/report/sample_report.h"

using namespace slaudit;

namespace {

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The sample report with 150 rejected records ("bad row R<i>"), 150 recovery
// breaches ("BR-<i>") and 150 incidents of uncovered fault classes ("UNC-<i>").
constexpr size_t kMany = 150;

audit::AuditReport long_report(const SourceFile& source) {
  audit::AuditReport report = test::sample_report(source);
  report.rejected.clear();
  for (size_t i = 0; i < kMany; ++i) report.rejected.push_back({"incidents.jsonl", i + 1, "bad row R" + std::to_string(i)});
  audit::RecoveryAudit& r = report.recovery.at(0);
  const audit::RecoveryFinding breach = r.findings.at(0);
  r.findings.clear();
  r.uncovered_incidents.clear();
  for (size_t i = 0; i < kMany; ++i) {
    audit::RecoveryFinding f = breach;
    f.id = "BR-" + std::to_string(i);
    r.findings.push_back(f);
    r.uncovered_incidents.push_back("UNC-" + std::to_string(i));
  }
  r.breaches = kMany;
  return report;
}

}  // namespace

TEST_CASE("report lists: at most kListedAtMost items for people, every one with --explain", "[report]") {
  REQUIRE(report::kListedAtMost == 100);  // the figures below: 150 items, 100 named, 50 counted
  const SourceFile source = test::sample_contract_source();
  const audit::AuditReport report = long_report(source);
  struct Case {
    const char* format;
    std::function<std::string()> render;
    size_t rejected, breaches, uncovered;  // items named
    std::vector<std::string> counted;      // the sentences that count the rest
  };
  const std::vector<Case> cases = {
      {"text", [&] { return report::render_text(report, source, false); }, 100, 100, 100,
       {"  and 50 more rejected records: --explain or --format json lists every one\n",
        "    and 50 more breaches: --explain or --format json lists every one\n", "UNC-99 and 50 more\n"}},
      {"text --explain", [&] { return report::render_text(report, source, true); }, 150, 150, 150, {}},
      {"markdown", [&] { return report::render_markdown(report, test::sample_contract(), source); }, 100, 100, 0,
       {"And 50 more rejected records; the JSON report (`--format json`) lists every one.\n",
        "  - and 50 more breaches; the JSON report (`--format json`) lists every one\n"}},
      {"html", [&] { return report::render_html(report, test::sample_contract(), source); }, 100, 100, 100,
       {"And 50 more rejected records; the JSON report (--format json) lists every one.",
        "50 not listed here; the JSON report (--format json) lists every one", "UNC-99 and 50 more"}},
  };
  for (const Case& c : cases) {
    INFO(c.format);
    const std::string text = c.render();
    CHECK(count(text, "bad row R") == c.rejected);
    CHECK(count(text, "BR-") == c.breaches);
    CHECK(count(text, "UNC-") == c.uncovered);
    for (const std::string& sentence : c.counted) CHECK(has(text, sentence));
    if (c.counted.empty()) CHECK_FALSE(has(text, " more"));
    // The first are the ones named, in the log's order.
    CHECK(has(text, "bad row R0"));
    CHECK(has(text, "bad row R99") == (c.rejected >= 100));
    CHECK(has(text, "bad row R100") == (c.rejected > 100));
  }
}
