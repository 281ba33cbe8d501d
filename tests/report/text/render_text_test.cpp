// The text report: exact output for a small report, CJK alignment, --explain.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "report/text/render_text.h"
#include "base/text/display_width.h"
#include "tests/report/sample_report.h"

using namespace slaudit;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string line_starting(const std::string& text, const std::string& prefix) {
  for (const std::string& line : lines_of(text))
    if (line.rfind(prefix, 0) == 0) return line;
  FAIL("no line starts with '" << prefix << "'");
  return {};
}

// The display columns [start, end) of each cell: cells are two or more spaces apart.
struct Span {
  size_t start, end;
};
std::vector<Span> cell_spans(const std::string& line) {
  std::vector<Span> spans;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    if (i == line.size()) break;
    size_t j = i;
    while (j < line.size() && !(line[j] == ' ' && (j + 1 == line.size() || line[j + 1] == ' '))) ++j;
    spans.push_back({display_width(line.substr(0, i)), display_width(line.substr(0, j))});
    i = j;
  }
  return spans;
}

}  // namespace

TEST_CASE("report text: a small report renders exactly", "[report]") {
  const SourceFile source = test::sample_contract_source();
  const std::string expected = R"(Audit of "GPU 训练合同 B" (contract.sla)
range 2026-11, time zone Asia/Shanghai, currency CNY

Availability (minutes; amounts in CNY)
  service   period   target  eligible min  down min  excluded min  availability  tier            credit         cap       owed  claim by                       status
  训练集群  2026-11   99.9%         43200      43.2             0      99.9000%  -                 0.00      no cap       0.00  -                              met
  storage   2026-11   99.9%         43200        72             0     99.8333%~  <99.9%: 10%  30,000.00  150,000.00  30,000.00  2026-12-30 (filed 2026-12-10)  missed
  storage 2026-11: claim filed in time on 2026-12-10, deadline 2026-12-30 — contract.sla:10

Recovery (time to recover in minutes)
  训练集群: within 20 min — contract.sla:12
    1 incident covered, 1 breach; credit 12,000.00, no cap, owed 12,000.00 CNY
    fault      count  median min  p95 min  max min  breaches
    node_down      1          25       25       25         1
    breach INC-1 (line 1) node_down: 25 min, detected 2026-11-01T09:00:00+08:00 -> recovered 2026-11-01T09:25:00+08:00
    fault classes no recovery clause covers:
      fault    count  median min  p95 min  max min
      gpu_xid      1          10       10       10
    their incidents: INC-9

Records
  incidents.jsonl: read 3, used 2, rejected 1
  incidents.jsonl:3: missing field 'start'

Inputs
  role       file             sha256
  contract   contract.sla     )" + std::string(64, 'C') + R"(
  incidents  incidents.jsonl  )" + std::string(64, 'I') + R"(
  engine slaudit 0.1.0, tzdata 2025b

Total owed: 42,000.00 CNY, claimed in time
  service            owed
  训练集群  12,000.00 CNY
  storage   30,000.00 CNY
Result: SLA breached
)";
  audit::AuditReport report = test::sample_report(source);
  // Fixed digests keep the expected text readable; digest computing is tested with the CLI.
  report.inputs[0].sha256 = std::string(64, 'C');
  report.inputs[1].sha256 = std::string(64, 'I');
  CHECK(report::render_text(report, source, false) == expected);
}

TEST_CASE("report text: Chinese and ASCII service names share the table's columns", "[report]") {
  const SourceFile source = test::sample_contract_source();
  const std::string text = report::render_text(test::sample_report(source), source, false);
  const std::vector<Span> heading = cell_spans(line_starting(text, "  service   period"));
  const std::vector<Span> chinese = cell_spans(line_starting(text, "  训练集群  2026-11"));
  const std::vector<Span> ascii = cell_spans(line_starting(text, "  storage   2026-11"));
  REQUIRE(heading.size() == 13);
  REQUIRE(chinese.size() == 13);
  REQUIRE(ascii.size() == 13);
  // Left-aligned columns (service, period, tier, claim by, status) start together;
  // right-aligned ones (target .. owed, availability) end together.
  for (size_t column : {0, 1, 7, 11, 12}) {
    CHECK(chinese[column].start == heading[column].start);
    CHECK(ascii[column].start == heading[column].start);
  }
  for (size_t column : {2, 3, 4, 5, 6, 8, 9, 10}) {
    CHECK(chinese[column].end == heading[column].end);
    CHECK(ascii[column].end == heading[column].end);
  }
  CHECK(display_width("训练集群") == 8);
}

TEST_CASE("report text: --explain gives every figure its derivation and clause, every incident its role",
          "[report]") {
  const SourceFile source = test::sample_contract_source();
  const std::string text = report::render_text(test::sample_report(source), source, true);
  CHECK(text.find("    availability: 99.9% = (2,592,000 s − 2,592 s) / 2,592,000 s — contract.sla:6\n") !=
        std::string::npos);
  CHECK(text.find("    missing data: up — (default: the contract does not say)\n") != std::string::npos);
  CHECK(text.find("    credit: 30,000.00 CNY = 10% of fee 300,000.00 CNY — contract.sla:9\n") != std::string::npos);
  CHECK(text.find("      INC-1 (line 1) down: affects 10% of gpus >= 5%; 2026-11-01T09:00:00+08:00 to "
                  "2026-11-01T09:43:12+08:00, down 43.2 min, excluded 0 min — contract.sla:6\n") !=
        std::string::npos);
  CHECK(text.find("      INC-2 (line 2) down: any incident counts; 2026-11-01T10:00:00+08:00 to "
                  "2026-11-01T11:12:00+08:00, down 72 min, excluded 0 min — (default: the contract does not say)\n") !=
        std::string::npos);
  CHECK(text.find("    recovery credit: 12,000.00 CNY = 1 breach × 1% of fee 1,200,000.00 CNY — contract.sla:12\n") !=
        std::string::npos);
  // Without --explain none of it appears.
  const std::string plain = report::render_text(test::sample_report(source), source, false);
  CHECK(plain.find("How each figure was derived") == std::string::npos);
  CHECK(plain.find("missing data") == std::string::npos);
}

TEST_CASE("report text: money in a currency without minor units, rounded figures marked", "[report]") {
  const SourceFile source = test::sample_contract_source();
  audit::AuditReport report = test::sample_report(source);
  report.currency = model::Currency{"JPY", 0};
  report.periods[1].down = audit::Rational(20);  // 1/3 min
  report.periods[1].availability = audit::Rational(2, 3);
  const std::string text = report::render_text(report, source, false);
  CHECK(text.find("Total owed: 4,200,000 JPY, claimed in time\n") != std::string::npos);  // grouped, no minor digits
  const std::string row = line_starting(text, "  storage   2026-11");
  CHECK(row.find(" 0.33~ ") != std::string::npos);
  CHECK(row.find(" 66.6666%~ ") != std::string::npos);
  CHECK(row.find(" 3,000,000 ") != std::string::npos);
}

TEST_CASE("report text: partial periods, notes and the hour rule are stated under the table", "[report]") {
  const SourceFile source = test::sample_contract_source();
  audit::AuditReport report = test::sample_report(source);
  report.periods[0].partial = true;
  report.periods[0].partial_rule = "prorated";
  report.periods[0].notes = {"no measurement rule: every incident counts"};
  report.periods[0].free_hours = 2;
  report.periods[0].hour_rule_minor = 5000;
  report.notes = {"range clipped to the contract's effective dates"};
  const std::string text = report::render_text(report, source, false);
  CHECK(line_starting(text, "  训练集群  2026-11*").find(" 99.9000% ") != std::string::npos);
  CHECK(text.find("  训练集群 2026-11: * partial period, prorated\n") != std::string::npos);
  CHECK(text.find("  训练集群 2026-11: no measurement rule: every incident counts\n") != std::string::npos);
  CHECK(text.find("  训练集群 2026-11: 2 clock hours over the hour rule, 50.00 CNY credited without a claim\n") !=
        std::string::npos);
  CHECK(text.find("note: range clipped to the contract's effective dates\n") != std::string::npos);
}

TEST_CASE("report text: a stated cap the credit does not reach reads not reached, never -", "[report]") {
  const SourceFile source = test::sample_contract_source();
  audit::AuditReport report = test::sample_report(source);
  report.periods[1].cap_minor = -1;  // cap 50% of 300000.00 = 150000.00 > the credit 30000.00: not binding
  const std::string text = report::render_text(report, source, false);
  const std::vector<Span> heading = cell_spans(line_starting(text, "  service   period"));
  const std::string storage = line_starting(text, "  storage   2026-11");
  CHECK(storage.find("  not reached (50% of fee)  ") != std::string::npos);
  CHECK(line_starting(text, "  训练集群  2026-11").find("  no cap  ") != std::string::npos);
  CHECK(cell_spans(storage).size() == heading.size());  // one cell: its words are one space apart
  CHECK(text.find("credit 12,000.00, no cap, owed 12,000.00 CNY") != std::string::npos);
}
