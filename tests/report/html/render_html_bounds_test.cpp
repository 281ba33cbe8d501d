// The HTML page stays bounded whatever the log's size (timeline.h,
// docs/audit.md section 24): at most kSegmentsDrawn segments drawn one by one,
// else kBins equal stretches; at most kIncidentsListed incident marks and
// table rows per period, the rest counted in a strip and a note; segment
// tooltips name at most kIdsPerTitle incidents.
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "report/html/render_html.h"
#include "report/html/timeline.h"
#include "tests/report/sample_report.h"

using namespace slaudit;

namespace {

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The sample report whose storage period (2,592,000 s from november(-28800))
// holds `incidents` incidents: INC-i starts at hour i (mod 600) and is down
// (i % 997 + 1) minutes; its timeline is `segments` segments of equal length,
// alternately up and down.
audit::AuditReport busy_report(const SourceFile& source, size_t incidents, size_t segments) {
  audit::AuditReport report = test::sample_report(source);
  audit::PeriodAudit& p = report.periods.at(1);
  const audit::IncidentFinding model = p.incidents.at(0);
  p.incidents.clear();
  for (size_t i = 0; i < incidents; ++i) {
    audit::IncidentFinding f = model;
    f.id = "INC-" + std::to_string(i);
    f.line = i + 1;
    f.start = test::november(static_cast<int64_t>(i % 600) * 3600);
    f.down = Seconds(static_cast<int64_t>(i % 997 + 1) * 60);
    f.end = f.start + f.down;
    f.segments.reset();
    p.incidents.push_back(f);
  }
  p.timeline.clear();
  const int64_t length = (p.end - p.start).count(), step = length / static_cast<int64_t>(segments);
  for (size_t s = 0; s < segments; ++s)
    p.timeline.push_back({p.start + Seconds(step * static_cast<int64_t>(s)),
                          s + 1 == segments ? p.end : p.start + Seconds(step * static_cast<int64_t>(s + 1)),
                          s % 2 ? audit::TimeState::Down : audit::TimeState::Up});
  return report;
}

std::string page(const audit::AuditReport& report, const SourceFile& source) {
  return report::render_html(report, test::sample_contract(), source);
}

// The storage period's part of the page: from its timeline to the end.
std::string storage_part(const std::string& html) {
  const size_t at = html.find("aria-label=\"timeline of storage 2026-11\"");
  REQUIRE(at != std::string::npos);
  return html.substr(at);
}

}  // namespace

TEST_CASE("report html: 250 incidents, the 100 with most downtime drawn, the rest counted", "[report][html]") {
  const SourceFile source = test::sample_contract_source();
  // INC-i is down i+1 minutes (i < 250 < 997): the 100 with most are INC-150..INC-249.
  const std::string html = storage_part(page(busy_report(source, 250, 3), source));
  CHECK(count(html, "<g class=\"incident ") == 100);
  CHECK(count(html, "<td class=\"id\">INC-") == 100);
  CHECK(has(html, "INC-249 (incident log line 250)"));
  CHECK(has(html, "INC-150 (incident log line 151)"));
  CHECK_FALSE(has(html, "INC-149 (incident log line 150)"));
  CHECK_FALSE(has(html, "<td class=\"id\">INC-149</td>"));
  CHECK(has(html, "100 of the period&#39;s 250 incidents are drawn (those with the most downtime, then the most "
                  "excluded time); the other 150 are counted in the strip beneath them"));
  // Down in all: 1 + 2 + ... + 250 = 31,375 min.
  CHECK(has(html, "The table lists 100 of the period&#39;s 250 incidents (250 down; down 31375 min, excluded 0 min"));
  // The strip's columns count exactly the 150 not drawn.
  const std::regex column("<title>([0-9]+) incidents not drawn, starting ");
  size_t aggregated = 0;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), column); it != std::sregex_iterator(); ++it)
    aggregated += std::stoul((*it)[1]);
  CHECK(aggregated == 150);
}

TEST_CASE("report html: beyond 400 segments the bar is 250 stretches of equal time", "[report][html]") {
  const SourceFile source = test::sample_contract_source();
  // 1,000 segments of 2,592 s alternately up and down; a stretch is 2,592,000 / 250 = 10,368 s,
  // four segments: 2 x 2,592 s = 5,184 s = 86.4 min down and as much up.
  const std::string html = storage_part(page(busy_report(source, 10, 1000), source));
  CHECK(has(html, "<g class=\"segments binned\">"));
  CHECK(count(html, "<g class=\"bin\">") == 250);
  CHECK(count(html, ": down 86.4 min, excluded 0 min, up 86.4 min</title>") == 250);
  CHECK(has(html, "the period has 1000 timeline segments, too many to draw one by one."));
  // 400 segments are still drawn one by one.
  const std::string few = storage_part(page(busy_report(source, 10, 400), source));
  CHECK_FALSE(has(few, "binned"));
  CHECK(count(few, "<rect class=\"seg ") == 400);
}

TEST_CASE("report html: a segment's tooltip names 20 of its incidents and counts the rest", "[report][html]") {
  const SourceFile source = test::sample_contract_source();
  audit::AuditReport report = busy_report(source, 30, 3);
  for (audit::IncidentFinding& f : report.periods.at(1).incidents) f.segments = audit::SegmentSpan{1, 2};
  const std::string html = storage_part(page(report, source));
  std::string named;
  for (int i = 0; i < 20; ++i) named += " INC-" + std::to_string(i);
  // Segments 1 and 2 hold all 30; segment 0 none.
  CHECK(count(html, "\nincidents:" + named + " and 10 more</title>") == 2);
}

TEST_CASE("report html: the page grows with the drawing's bounds, not the log", "[report][html]") {
  const SourceFile source = test::sample_contract_source();
  const size_t small = page(busy_report(source, 2'000, 1'000), source).size();
  const size_t large = page(busy_report(source, 20'000, 10'000), source).size();
  INFO("2,000 incidents: " << small << " bytes; 20,000: " << large << " bytes");
  // Ten times the incidents and segments: the same marks, stretches and rows;
  // only the counts in tooltips and notes gain a digit.
  CHECK(large < small + 8 * 1024);
  CHECK(large < 512 * 1024);
}
