// `audit --ledger` and `ledger history` end to end: two audits of one month
// (the second supersedes), the history in each format, and the errors.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

const char* const kContract =
    "contract \"Ledger test\" {\n"
    "  provider \"P\"; customer \"C\";\n"
    "  effective 2026-01-01 to 2026-12-31;\n"
    "  timezone \"UTC\";\n"
    "  currency USD;\n"
    "  service api { fee 1000.00 per month; }\n"
    "  availability api {\n"
    "    target 99.9%;\n"
    "    period calendar month;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "  }\n"
    "}\n";

// 60 minutes down in November: 1 - 60/43200 = 99.8611...% < 99.9%: 10% of 1000.00 = 100.00.
const char* const kNovember =
    "{\"id\":\"INC-1\",\"service\":\"api\",\"start\":\"2026-11-02T10:00:00Z\",\"end\":\"2026-11-02T11:00:00Z\"}\n";
// The late log: 30 minutes more, the same month: 90/43200 down, still the 10% tier.
const char* const kNovemberLate =
    "{\"id\":\"INC-1\",\"service\":\"api\",\"start\":\"2026-11-02T10:00:00Z\",\"end\":\"2026-11-02T11:00:00Z\"}\n"
    "{\"id\":\"INC-2\",\"service\":\"api\",\"start\":\"2026-11-20T10:00:00Z\",\"end\":\"2026-11-20T10:30:00Z\"}\n";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-ledger") {
    write("contract.sla", kContract);
    write("nov.jsonl", kNovember);
    write("nov-late.jsonl", kNovemberLate);
  }
  Run slaudit(const std::string& args) const { return run(SLAUDIT_CLI, args); }
};

}  // namespace

TEST_CASE("cli ledger: two audits of a month, the second supersedes the first", "[ledger][cli]") {
  const Scratch s;
  const Run first = s.slaudit("audit contract.sla --incidents nov.jsonl --period 2026-11 --ledger audits.db");
  CHECK(first.exit == 3);
  CHECK(has(first.err, "recorded in audits.db as audit 1 (1 period(s), 0 earlier version(s) superseded)"));
  const Run second = s.slaudit("audit contract.sla --incidents nov-late.jsonl --period 2026-11 --ledger audits.db");
  CHECK(has(second.err, "as audit 2 (1 period(s), 1 earlier version(s) superseded)"));

  const Run text = s.slaudit("ledger history audits.db");
  INFO(text.out << text.err);
  CHECK(text.exit == 0);
  CHECK(has(text.out, "Ledger history of \"Ledger test\" (down in minutes)\n"));
  // 90 min of 43,200: 1 - 1/480 = 99.7916...%, shown truncated.
  CHECK(has(text.out, "  api     -      2026-11  99.9%    99.7916%~       90 100.00 USD breached "));
  CHECK_FALSE(has(text.out, "99.8611%"));  // the superseded version is not shown by default

  const Run json = s.slaudit("ledger history audits.db --all-versions --format json");
  const auto history = nlohmann::json::parse(json.out);
  CHECK(history["schema"] == "slaudit-ledger-history/1");
  REQUIRE(history["periods"].size() == 2);
  CHECK(history["periods"][0]["availability"] == "479/480");   // (43200 - 90) / 43200
  CHECK(history["periods"][0]["superseded_by"].is_null());
  CHECK(history["periods"][1]["availability"] == "719/720");   // (43200 - 60) / 43200
  CHECK(history["periods"][1]["superseded_by"] == history["periods"][0]["period_id"]);
  CHECK(history["periods"][1]["owed_minor"] == 10000);

  const Run csv = s.slaudit("ledger history audits.db --format csv --period 2026-11");
  CHECK(has(csv.out, "\nLedger test,api,,2026-11,2026-11-01,99.9,479/480,99.7916%~,5400/1,breached,0,USD,100.00,100.00,"));
  CHECK(s.slaudit("ledger history audits.db --service other --format csv").out.find('\n') ==
        s.slaudit("ledger history audits.db --service other --format csv").out.size() - 1);  // the header only
}

TEST_CASE("cli ledger: a missing or foreign ledger is an error, exit 2", "[ledger][cli]") {
  const Scratch s;
  const Run missing = s.slaudit("ledger history nowhere.db");
  CHECK(missing.exit == 2);
  CHECK(has(missing.err, "nowhere.db: no such ledger"));
  s.write("notes.db", "these are notes, not a database\n");
  const Run audit = s.slaudit("audit contract.sla --incidents nov.jsonl --period 2026-11 --ledger notes.db");
  CHECK(audit.exit == 2);
  CHECK(has(audit.err, "not a slaudit ledger"));
  CHECK(has(audit.err, "the audit was not recorded"));
  CHECK(s.read("notes.db") == "these are notes, not a database\n");
  const Run bad = s.slaudit("ledger history notes.db --period 2026-13");
  CHECK(bad.exit == 2);
}
