// Logs as the real world writes them (issue 40, part 2), end to end through
// the built binary on the quickstart contract: extra columns, titles and
// links change no figure; titles show in every report; records for services
// the contract does not define are another contract's, not a gap.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/schema_walk.h"

namespace {

using slaudit::testing::CliRun;
using slaudit::testing::has;

// The quickstart's three incidents (contracts/quickstart/acme.incidents.jsonl) with extras: a title,
// url and ticket on each, fields slaudit does not know (owner, priority, severity), and, in the shared
// logs, two records of another contract's service (ec2).
const std::string kPlainJsonl =
    R"({"id":"a-1","service":"vm","fault":"node_down","start":"2026-11-04T10:00:00+01:00","end":"2026-11-04T10:50:00+01:00"})"
    "\n"
    R"({"id":"a-2","service":"vm","cause":"maintenance","start":"2026-11-10T02:00:00+01:00","end":"2026-11-10T03:00:00+01:00","notice":"2026-11-05T09:00:00+01:00"})"
    "\n"
    R"({"id":"a-3","service":"vm","cause":"customer","start":"2026-11-20T14:00:00+01:00","end":"2026-11-20T16:00:00+01:00"})"
    "\n";
const std::string kRichJsonl =
    R"({"id":"a-1","service":"vm","fault":"node_down","start":"2026-11-04T10:00:00+01:00","end":"2026-11-04T10:50:00+01:00",)"
    R"("title":"VM host <b>lost</b> power","url":"https://status.acme.example/incidents/a-1?x=1&y=2","ticket":"OPS-101","owner":"ops","priority":"P1"})"
    "\n"
    R"({"id":"a-2","service":"vm","cause":"maintenance","start":"2026-11-10T02:00:00+01:00","end":"2026-11-10T03:00:00+01:00","notice":"2026-11-05T09:00:00+01:00",)"
    R"("title":"Planned kernel update","link":"https://status.acme.example/maintenance/a-2","severity":3})"
    "\n"
    R"({"id":"e-1","service":"ec2","start":"2026-11-12T00:00:00Z","end":"2026-11-12T05:00:00Z","title":"Another provider's outage"})"
    "\n"
    R"({"id":"a-3","service":"vm","cause":"customer","start":"2026-11-20T14:00:00+01:00","end":"2026-11-20T16:00:00+01:00","ticket":"CUST-7","owner":null})"
    "\n"
    R"({"id":"e-2","service":"ec2","start":"2026-11-13T00:00:00Z"})"
    "\n";
const std::string kPlainCsv =
    "id,service,fault,cause,start,end,notice\n"
    "a-1,vm,node_down,,2026-11-04T10:00:00+01:00,2026-11-04T10:50:00+01:00,\n"
    "a-2,vm,,maintenance,2026-11-10T02:00:00+01:00,2026-11-10T03:00:00+01:00,2026-11-05T09:00:00+01:00\n"
    "a-3,vm,,customer,2026-11-20T14:00:00+01:00,2026-11-20T16:00:00+01:00,\n";
const std::string kRichCsv =
    "priority,id,service,fault,cause,start,end,notice,title,url,ticket,owner\n"
    "P1,a-1,vm,node_down,,2026-11-04T10:00:00+01:00,2026-11-04T10:50:00+01:00,,\"VM host <b>lost</b> power\","
    "https://status.acme.example/incidents/a-1?x=1&y=2,OPS-101,ops\n"
    ",a-2,vm,,maintenance,2026-11-10T02:00:00+01:00,2026-11-10T03:00:00+01:00,2026-11-05T09:00:00+01:00,"
    "Planned kernel update,https://status.acme.example/maintenance/a-2,,\n"
    "P2,e-1,ec2,,,2026-11-12T00:00:00Z,2026-11-12T05:00:00Z,,,,,\n"
    ",a-3,vm,,customer,2026-11-20T14:00:00+01:00,2026-11-20T16:00:00+01:00,,,,CUST-7,\n";

struct Scratch : slaudit::testing::ScratchDir {
  Scratch() : ScratchDir("cli-incident-labels") {
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.sla", "acme.sla");
    write("plain.jsonl", kPlainJsonl);
    write("rich.jsonl", kRichJsonl);
    write("plain.csv", kPlainCsv);
    write("rich.csv", kRichCsv);
  }
  CliRun audit(const std::string& log, const std::string& args = "") const {
    return ScratchDir::run(SLAUDIT_CLI, "audit acme.sla --incidents " + log + " --period 2026-11 " + args);
  }
};

}  // namespace

TEST_CASE("incident labels: extra fields, titles, links and others' records change no figure",
          "[cli][incident-labels]") {
  const Scratch scratch;
  // November in Europe/Berlin: 43,200 min; maintenance a-2 (60 min, 5 days' notice) and the customer's a-3
  // (120 min) excluded and removed: 43,020 eligible; a-1 down 50 min: (43,020 - 50) / 43,020 = 4297/4302
  // = 99.8837...% < 99.9%: 10% of 500.00 = 50.00 EUR. The ec2 records are no part of it.
  const CliRun plain = scratch.audit("plain.jsonl", "--format csv");
  INFO(plain.err);
  CHECK(plain.exit == 3);
  CHECK(has(plain.out, ",99.883774,4297/4302,breached,below 99.9%,500.00,50.00,,50.00,EUR,"));
  for (const std::string log : {"rich.jsonl", "plain.csv", "rich.csv"}) {
    INFO(log);
    const CliRun other = scratch.audit(log, "--format csv");
    INFO(other.err);
    CHECK(other.exit == 3);  // a breach; evidence complete (exit 4 would be an incomplete one)
    CHECK(other.out == plain.out);
  }
}

TEST_CASE("incident labels: titles show in text, HTML, JSON, Markdown and the claim letter", "[cli][incident-labels]") {
  const Scratch scratch;
  const CliRun text = scratch.audit("rich.jsonl", "--explain");
  INFO(text.err);
  CHECK(has(text.out, "      a-1 \"VM host <b>lost</b> power\" [OPS-101] (line 1) down: "));
  CHECK(has(text.out, "      a-3 [CUST-7] (line 4) excluded: "));
  // The accounting: 5 read = 3 used + 0 rejected + 2 not for this contract; the notes name the rest.
  CHECK(has(text.out, "  rich.jsonl: read 5, used 3, rejected 0, not for this contract 2\n"));
  CHECK(has(text.out, "note: rich.jsonl: fields not used (read as absent): 'owner' (2), 'priority' (1), 'severity' (1)\n"));
  CHECK(has(text.out,
            "note: rich.jsonl: records for services this contract does not define (not for this contract): 'ec2' (2)\n"));

  const CliRun html = scratch.audit("rich.jsonl", "--format html");
  CHECK(has(html.out, "<td class=\"id\">a-1<br><a href=\"https://status.acme.example/incidents/a-1?x=1&amp;y=2\">"
                      "VM host &lt;b&gt;lost&lt;/b&gt; power</a> (OPS-101)</td>"));
  CHECK(has(html.out, "<th class=\"num\">Not for this contract</th>"));

  const nlohmann::json json = nlohmann::json::parse(scratch.audit("rich.jsonl", "--format json").out);
  const nlohmann::json& incident = json["periods"][0]["incidents"][0];
  CHECK(incident["id"] == "a-1");
  CHECK(incident["title"] == "VM host <b>lost</b> power");
  CHECK(incident["url"] == "https://status.acme.example/incidents/a-1?x=1&y=2");
  CHECK(incident["ticket"] == "OPS-101");
  CHECK(json["periods"][0]["incidents"][1]["url"] == "https://status.acme.example/maintenance/a-2");  // from `link`
  CHECK(json["records"][0]["not_for_contract"] == 2);
  CHECK(json["records"][0]["read"] == 5);
  CHECK(json["records"][0]["used"] == 3);
  // title, url, ticket and not_for_contract are the schema's (docs/audit-report.schema.json).
  const slaudit::testing::SchemaCheck schema = slaudit::testing::check_against_docs_schema("audit-report.schema.json", json);
  CHECK(schema.first_problem() == "");

  const CliRun markdown = scratch.audit("rich.jsonl", "--format markdown");
  CHECK(has(markdown.out, "## Notes\n\n- rich.jsonl: fields not used (read as absent): 'owner' (2)"));
  CHECK(has(markdown.out, "rich.jsonl: 2 of 5 records name services this contract does not define"));

  // The letter lists the incidents counted as down: a-1, by its title, linked, with its ticket.
  const CliRun letter = scratch.audit("rich.jsonl", "--format letter");
  CHECK(has(letter.out, "| a-1: [VM host \\<b\\>lost\\</b\\> power](https://status.acme.example/incidents/a-1?x=1&y=2) "
                        "(OPS-101) | "));
  const CliRun letter_html = scratch.audit("rich.jsonl", "--format letter-html");
  CHECK(has(letter_html.out, "<td class=\"id\">a-1<br><a href=\"https://status.acme.example/incidents/a-1?x=1&amp;y=2\">"));
}

TEST_CASE("incident labels: --strict rejects what is otherwise set aside", "[cli][incident-labels]") {
  const Scratch scratch;
  const CliRun strict = scratch.audit("rich.jsonl", "--strict");
  CHECK(strict.exit == 1);
  CHECK(has(strict.out, "  rich.jsonl:1: unknown field 'owner'\n"));
  CHECK(has(strict.out, "  rich.jsonl:3: unknown service 'ec2'; the contract defines 'vm'\n"));
  CHECK(has(strict.out, "  rich.jsonl: read 5, used 0, rejected 5\n"));
}
