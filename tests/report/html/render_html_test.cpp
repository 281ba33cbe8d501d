// The HTML report as text: self-contained, escaped, one timeline per period
// whose segments tile the bar exactly, one hoverable mark per incident.
// The page as a browser draws it is tested in html_browser_test.cpp.
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "report/html/html_text.h"
#include "report/html/timeline.h"
#include "report/html/render_html.h"
#include "tests/report/sample_report.h"

using namespace slaudit;

namespace {

std::string sample_html(audit::AuditReport* changed = nullptr) {
  const SourceFile source = test::sample_contract_source();
  const audit::AuditReport report = changed ? *changed : test::sample_report(source);
  return report::render_html(report, test::sample_contract(), source);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

// The text between the first `open` at or after `from` and the next `close`.
std::string between(const std::string& text, const std::string& open, const std::string& close, size_t from = 0) {
  const size_t start = text.find(open, from);
  REQUIRE(start != std::string::npos);
  const size_t end = text.find(close, start + open.size());
  REQUIRE(end != std::string::npos);
  return text.substr(start + open.size(), end - start - open.size());
}

}  // namespace

TEST_CASE("report html: svg_number writes thousandths without trailing zeros", "[report][html]") {
  const std::vector<std::pair<int64_t, std::string>> cases = {
      {0, "0"},        {500, "0.5"},    {80556, "80.556"},   {250000, "250"},
      {1000000, "1000"}, {1, "0.001"},  {10, "0.01"},        {-1500, "-1.5"},
  };
  for (const auto& [milli, text] : cases) {
    INFO(milli);
    CHECK(report::svg_number(milli) == text);
  }
}

TEST_CASE("report html: timeline x is proportional to seconds, rounded half up, clamped", "[report][html]") {
  audit::PeriodAudit period;
  period.start = test::november(0);
  period.end = test::november(2'592'000);  // 30 days
  const std::vector<std::pair<int64_t, int64_t>> cases = {
      {0, 0},                 // the start
      {2'592'000, 1'000'000}, // the end: the full 1000 units
      {1'296'000, 500'000},   // half the month
      {2'592, 1'000},         // 43.2 min = 1/1000 of the month = 1 unit
      {1, 0},                 // 1 s = 0.000386 units -> 0 thousandths (0.386 rounds down)
      {2, 1},                 // 2 s = 0.772 thousandths -> 1 (half up)
      {-50, 0},               // before the period: clamped to the start
      {3'000'000, 1'000'000}, // after it: clamped to the end
  };
  for (const auto& [offset, x] : cases) {
    INFO(offset);
    CHECK(report::timeline_x_milli(period, test::november(offset)) == x);
  }
}

TEST_CASE("report html: the page is self-contained, with no script and no outside asset", "[report][html]") {
  const std::string html = sample_html();
  CHECK(html.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0) == 0);
  CHECK(has(html, "<meta charset=\"utf-8\">"));
  CHECK_FALSE(has(html, "<script"));
  CHECK_FALSE(has(html, "<link"));
  CHECK_FALSE(has(html, " src="));
  CHECK_FALSE(has(html, "url("));
  CHECK_FALSE(has(html, "@import"));
  // The only address is the SVG namespace name, which no browser fetches.
  std::string rest = html;
  for (size_t at; (at = rest.find("xmlns=\"http://www.w3.org/2000/svg\"")) != std::string::npos;) rest.erase(at, 34);
  CHECK_FALSE(has(rest, "http://"));
  CHECK_FALSE(has(rest, "https://"));
  CHECK(html.size() > 1000);
  CHECK(html.substr(html.size() - 8) == "</html>\n");
}

TEST_CASE("report html: summary, total owed and each credit's clause", "[report][html]") {
  const std::string html = sample_html();
  CHECK(has(html, "<h1>SLA audit: GPU 训练合同 B</h1>"));
  CHECK(has(html, "<dt>Total credits owed</dt><dd>42,000.00 CNY, claimed in time</dd>"));
  CHECK(has(html, "at least one commitment was breached"));
  // The storage credit's tier clause is quoted from the contract.
  CHECK(has(html, "below 99.9%: 10%"));
  CHECK(has(html, "30,000.00"));
}

TEST_CASE("report html: one timeline per period, its segments tiling the bar exactly", "[report][html]") {
  const std::string html = sample_html();
  // The sample has two periods; only storage's recorded a timeline (three segments),
  // and the other says so in words.
  CHECK(count(html, "<svg class=\"timeline\"") == 1);
  CHECK(count(html, "<p>No timeline was recorded for this period.</p>") == 1);
  const size_t storage = html.find("aria-label=\"timeline of storage 2026-11\"");
  REQUIRE(storage != std::string::npos);
  const std::string segments = between(html, "<g class=\"segments\">", "</g>", storage);
  const std::regex seg("<rect class=\"seg (up|down|excluded)\" x=\"([0-9.]+)\" y=\"18\" width=\"([0-9.]+)\"");
  std::vector<std::string> states;
  double next_x = 0, total = 0;
  for (auto it = std::sregex_iterator(segments.begin(), segments.end(), seg); it != std::sregex_iterator(); ++it) {
    states.push_back((*it)[1]);
    CHECK(std::stod((*it)[2]) == Approx(next_x));  // each starts where the last ended
    next_x = std::stod((*it)[2]) + std::stod((*it)[3]);
    total += std::stod((*it)[3]);
  }
  CHECK(states == std::vector<std::string>{"up", "down", "up"});
  CHECK(total == Approx(1000));
  // The period starts at Shanghai's midnight, 2026-10-31T16:00Z, 28,800 s before november(0).
  // Down from november(7200) to november(11520): 36,000 s to 40,320 s of 2,592,000, so
  // x = 36000/2592000*1000 = 13.8889 -> 13.889 and 40320/2592000*1000 = 15.5556 -> 15.556
  // (thousandths, half up): width 1.667.
  CHECK(has(segments, "class=\"seg down\" x=\"13.889\" y=\"18\" width=\"1.667\""));
}

TEST_CASE("report html: every incident is a mark whose tooltip names id, fault and clause", "[report][html]") {
  const std::string html = sample_html();
  const std::string marks = between(html, "<g class=\"incidents\">", "</g>\n</g>",
                                    html.find("aria-label=\"timeline of storage 2026-11\""));
  CHECK(count(marks, "<g class=\"incident ") == 1);
  CHECK(has(marks, "INC-2 (incident log line 2)"));
  CHECK(has(marks, "fault: none given"));
  // The sample gives INC-2 no clause: the tooltip says the contract is silent, never a blank.
  CHECK(has(marks, "clause: (default: the contract does not say)"));
}

TEST_CASE("report html: text from the contract and the log is escaped", "[report][html]") {
  const SourceFile source = test::sample_contract_source();
  audit::AuditReport report = test::sample_report(source);
  report.contract_title = "A <b>bold</b> & \"quoted\" title";
  report.periods.at(1).incidents.at(0).id = "<script>alert(1)</script>";  // storage: drawn on its timeline
  report.periods.at(1).incidents.at(0).fault = SharedName("x'y");
  const std::string html = sample_html(&report);
  CHECK(has(html, "<h1>SLA audit: A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; title</h1>"));
  CHECK(has(html, "&lt;script&gt;alert(1)&lt;/script&gt;"));
  CHECK(has(html, "fault: x&#39;y"));
  CHECK_FALSE(has(html, "<script>"));
}

TEST_CASE("report html: html_escape replaces control bytes and keeps UTF-8", "[report][html]") {
  CHECK(report::html_escape("a<b>&c") == "a&lt;b&gt;&amp;c");
  CHECK(report::html_escape("训练\tline\n") == "训练\tline\n");
  CHECK(report::html_escape(std::string("x\x01y\x7f", 4)) == "x\xEF\xBF\xBDy\xEF\xBF\xBD");
}

TEST_CASE("report html: a stated cap the credit does not reach reads not reached, never none applies",
          "[report][html]") {
  const SourceFile source = test::sample_contract_source();
  audit::AuditReport report = test::sample_report(source);
  report.periods[1].cap_minor = -1;  // cap 50% of 300000.00 = 150000.00 > the credit 30000.00: not binding
  const std::string html = sample_html(&report);
  CHECK(has(html, "<dt>Cap</dt><dd>not reached (50% of fee)</dd>"));
  CHECK(has(html, "<td class=\"num words\">not reached (50% of fee)</td>"));
  CHECK(has(html, "<td class=\"num words\">no cap</td>"));  // 训练集群's clause (line 6) states none
  CHECK(has(html, "<dt>Cap</dt><dd>no cap</dd>"));    // nor does its recovery clause (line 12)
  CHECK(!has(html, "none applies"));
}
