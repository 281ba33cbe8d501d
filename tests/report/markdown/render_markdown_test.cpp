// The Markdown report: what a lawyer needs to paste into a letter.
#include <catch2/catch.hpp>

#include <string>

#include "report/markdown/markdown_text.h"
#include "report/markdown/render_markdown.h"
#include "tests/report/sample_report.h"

using namespace slaudit;

namespace {
std::string sample_markdown() {
  const SourceFile source = test::sample_contract_source();
  return report::render_markdown(test::sample_report(source), test::sample_contract(), source);
}
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("report markdown: title, parties, period audited and the total", "[report]") {
  const std::string md = sample_markdown();
  CHECK(md.rfind("# SLA audit: GPU 训练合同 B\n\n", 0) == 0);
  CHECK(has(md, "- **Provider:** Example Cloud\n"));
  CHECK(has(md, "- **Customer:** Example AI Lab\n"));
  CHECK(has(md, "- **Contract:** `contract.sla`, effective 2026-01-01 to 2027-12-31\n"));
  CHECK(has(md, "- **Period audited:** 2026-11 (time zone Asia/Shanghai)\n"));
  CHECK(has(md, "- **Total credits owed:** 42,000.00 CNY, claimed in time\n"));
}

TEST_CASE("report markdown: a table of periods with availability and credits owed", "[report]") {
  const std::string md = sample_markdown();
  CHECK(has(md, "| Service | Period | Target | Availability | Met | Credit owed (CNY) | Claim by |\n"
                "| --- | --- | ---: | ---: | --- | ---: | --- |\n"
                "| 训练集群 | 2026-11 | 99.9% | 99.9000% | yes | 0.00 | — |\n"
                "| storage | 2026-11 | 99.9% | 99.8333%~ | no | 30,000.00 | 2026-12-30 (filed 2026-12-10) |\n"));
}

TEST_CASE("report markdown: the basis of each credit names the clause and the derivation", "[report]") {
  const std::string md = sample_markdown();
  CHECK(has(md, "## Basis\n\n### storage, 2026-11: 30,000.00 CNY owed\n\n"));
  CHECK(has(md, "- Availability clause: `contract.sla`, line 7: `availability storage`\n"));
  CHECK(has(md, "- Credit tier: 10% of the fee (`contract.sla`, line 9: `below 99.9%: 10%`)\n"));
  CHECK(has(md, "- Fee 300,000.00 CNY, credit 30,000.00 CNY, capped at 150,000.00 CNY\n"));
  CHECK(has(md, "- Claim: claim filed in time on 2026-12-10, deadline 2026-12-30 (`contract.sla`, line 10: "
                "`claim within 30 d`)\n"));
  CHECK(has(md, "  1. credit: 30,000.00 CNY = 10% of fee 300,000.00 CNY (`contract.sla`, line 9: `below 99.9%: 10%`)\n"));
  CHECK(has(md, "### 训练集群, recovery: 12,000.00 CNY owed\n"));
  CHECK(has(md, "  2. eligible: 2592000 s = the whole period (default: the contract does not say)\n"));
  CHECK(!has(md, "(("));  // a default reads "(default: the contract does not say)", once parenthesized
  CHECK(has(md, "  - INC-1 (node\\_down): 25 min, "));
  // A period that owes nothing has no basis section.
  CHECK(!has(md, "### 训练集群, 2026-11"));
}

TEST_CASE("report markdown: rejected records and input digests", "[report]") {
  const SourceFile source = test::sample_contract_source();
  const audit::AuditReport report = test::sample_report(source);
  const std::string md = report::render_markdown(report, test::sample_contract(), source);
  CHECK(has(md, "## Rejected records\n\nThese records were not used in the audit:\n\n| File | Line | Reason |\n"
                "| --- | ---: | --- |\n| incidents.jsonl | 3 | missing field 'start' |\n"));
  CHECK(has(md, "| contract | contract.sla | `" + report.inputs[0].sha256 + "` |\n"));
  CHECK(has(md, "| incidents | incidents.jsonl | `" + report.inputs[1].sha256 + "` |\n"));
  CHECK(has(md, "Audited by slaudit 0.1.0 with tzdata 2025b.\n"));
}

TEST_CASE("report markdown: text from the contract or the log never becomes formatting", "[report]") {
  CHECK(report::md_escape("a|b *c* _d_ <e> [f]") == "a\\|b \\*c\\* \\_d\\_ \\<e\\> \\[f\\]");
  CHECK(report::md_escape("two\nlines") == "two lines");
  CHECK(report::md_code("x`y") == "``x`y``");
  CHECK(report::md_code("`x") == "`` `x ``");
  const SourceFile source = test::sample_contract_source();
  audit::AuditReport report = test::sample_report(source);
  report.rejected[0].reason = "bad | cell";
  const std::string md = report::render_markdown(report, test::sample_contract(), source);
  CHECK(has(md, "| incidents.jsonl | 3 | bad \\| cell |\n"));
}

TEST_CASE("report markdown: nothing owed says so", "[report]") {
  const SourceFile source = test::sample_contract_source();
  audit::AuditReport report = test::sample_report(source);
  report.periods.resize(1);
  report.recovery.clear();
  report.rejected.clear();
  report.total_owed_minor = 0;
  report.verdict = audit::Verdict::Met;
  const std::string md = report::render_markdown(report, test::sample_contract(), source);
  CHECK(has(md, "## Basis\n\nNo credit is owed for the periods audited.\n"));
  CHECK(has(md, "No record of the inputs was rejected.\n"));
  CHECK(has(md, "- **Result:** every commitment was met\n"));
}

TEST_CASE("report markdown: a stated cap the credit does not reach is not reported as no cap", "[report]") {
  const SourceFile source = test::sample_contract_source();
  audit::AuditReport report = test::sample_report(source);
  report.periods[1].cap_minor = -1;  // cap 50% of 300000.00 = 150000.00 > the credit 30000.00: not binding
  const std::string md = report::render_markdown(report, test::sample_contract(), source);
  CHECK(has(md, "- Fee 300,000.00 CNY, credit 30,000.00 CNY, cap not reached (50% of fee)\n"));
  // The recovery clause (line 12) states no cap.
  CHECK(has(md, "- Credit 12,000.00 CNY, no cap\n"));
}
