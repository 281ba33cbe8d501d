// A property harness for the ledger (issue 43), seeded so that a failure
// replays: a random plan of audits, re-audits, claim filings and payments,
// each month's steps in its order, run once serially and once with every
// month's steps in parallel, gives the same final figures (history by period,
// the claims list), and `ledger verify` passes on both; then random edits of
// one row of one table, made with plain SQL, are each found by the checks of
// the whole ledger verify runs.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "jobs/ledger_integrity.h"
#include "ledger/database.h"
#include "tests/support/cli_run.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

// No cap over months, so that months are independent: their order across
// processes cannot change a figure (caps over months: ledger_integrity_test.cpp).
const char* const kContract =
    "contract \"Property test\" {\n"
    "  provider \"P\"; customer \"C\";\n"
    "  effective 2026-01-01 to 2026-12-31;\n"
    "  timezone \"UTC\";\n"
    "  currency USD;\n"
    "  service api { fee 1000.00 per month; }\n"
    "  availability api {\n"
    "    target 99.9%;\n"
    "    period calendar month;\n"
    "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }\n"
    "    claim within 60 d after period end;\n"
    "  }\n"
    "}\n";

// Minutes down in a month's log variant, from 00:00 on the 3rd: one (met: at
// most 1/40,320 of a month), one hour (10%: 99.86% in a 30-day month), ten
// hours (25%: 98.61%).
constexpr const char* kEnd[] = {"00:01", "01:00", "10:00"};

std::string log_of(int month, int variant) {
  const std::string day = "2026-0" + std::to_string(month) + "-03T";
  return "{\"id\":\"M" + std::to_string(month) + "\",\"service\":\"api\",\"start\":\"" + day +
         "00:00:00Z\",\"end\":\"" + day + kEnd[variant] + ":00Z\"}\n";
}

// The claims list without its audit_id column: which audit recorded a
// period's current version depends on the order processes ran in, its figures not.
std::string without_audit_ids(const std::string& csv) {
  std::string out;
  size_t column = std::string::npos;
  std::istringstream lines(csv);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> cells;
    std::istringstream fields(line);
    for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
    if (column == std::string::npos)
      column = static_cast<size_t>(std::find(cells.begin(), cells.end(), "audit_id") - cells.begin());
    if (column < cells.size()) cells.erase(cells.begin() + static_cast<std::ptrdiff_t>(column));
    for (const std::string& cell : cells) out += cell + ",";
    out += "\n";
  }
  return out;
}

// One month's steps, as shell commands on the ledger "$L" with slaudit "$B";
// a step failing writes to "$L.fail".
std::vector<std::string> month_steps(int month, std::mt19937& random) {
  std::vector<std::string> steps;
  const std::string period = "2026-0" + std::to_string(month);
  int variant = 0;
  const int audits = 1 + static_cast<int>(random() % 3);
  for (int k = 0; k < audits; ++k) {
    variant = static_cast<int>(random() % 3);
    steps.push_back("\"$B\" audit contract.sla --incidents m" + std::to_string(month) + "v" +
                    std::to_string(variant) + ".jsonl --period " + period +
                    " --ledger \"$L\" >/dev/null 2>>\"$L.log\"; r=$?; [ $r -eq 0 ] || [ $r -eq 3 ] || echo \"audit " +
                    period + " exit $r\" >>\"$L.fail\"");
  }
  if (variant == 0 || random() % 4 == 0) return steps;  // nothing owed, or not claimed
  const std::string next = "2026-0" + std::to_string(month + 1);
  const auto claim = [&](const std::string& args) {
    steps.push_back("\"$B\" ledger claim \"$L\" " + args + " --service api --period " + period +
                    " >/dev/null 2>>\"$L.log\" || echo \"claim " + period + "\" >>\"$L.fail\"");
  };
  claim("filed --on " + next + "-05 --reference CASE-" + std::to_string(month));
  if (random() % 2) claim("paid --on " + next + "-20 --amount " + std::to_string(10 + random() % 90) + ".00");
  return steps;
}

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-ledger-property") {
    write("contract.sla", kContract);
    for (int month = 1; month <= 9; ++month)
      for (int variant = 0; variant < 3; ++variant)
        write("m" + std::to_string(month) + "v" + std::to_string(variant) + ".jsonl", log_of(month, variant));
  }
  Run slaudit(const std::string& args) const { return run(SLAUDIT_CLI, args); }
  // Every month's steps in one shell, in order; or each month's in a shell of its own, all at once.
  void run_plan(const std::string& ledger, const std::vector<std::vector<std::string>>& plan, bool parallel) const {
    std::string script = "B=" SLAUDIT_CLI "; L=" + ledger + "\n";
    for (const auto& steps : plan) {
      script += parallel ? "(\n" : "";
      for (const std::string& step : steps) script += step + "\n";
      script += parallel ? ") &\n" : "";
    }
    write(ledger + ".sh", script + "wait\n");
    run("sh", ledger + ".sh");
  }
  // What the ledger holds, every figure: the periods' totals and the claims.
  std::string figures(const std::string& ledger) const {
    return slaudit("ledger history " + ledger + " --by-period --format csv").out +
           without_audit_ids(slaudit("ledger claims " + ledger + " --as-of 2027-01-01 --format csv").out);
  }
};

// One row of `table` changed with plain SQL (its triggers dropped): a column
// picked at random, an integer plus one, a text with a letter more, a NULL
// made 1. False when SQLite refuses the edit (a unique key, a CHECK).
bool edit_one_row(const std::filesystem::path& file, const std::string& table, std::mt19937& random,
                  std::string& what) {
  sqlite3* raw = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &raw) == SQLITE_OK);
  sqlite3_exec(raw, ("DROP TRIGGER IF EXISTS " + table + "_append_only").c_str(), nullptr, nullptr, nullptr);
  sqlite3_stmt* rows = nullptr;
  sqlite3_prepare_v2(raw, ("SELECT rowid, * FROM " + table + " ORDER BY rowid").c_str(), -1, &rows, nullptr);
  std::vector<int64_t> ids;
  while (sqlite3_step(rows) == SQLITE_ROW) ids.push_back(sqlite3_column_int64(rows, 0));
  const int columns = sqlite3_column_count(rows) - 1;
  const std::string column = columns > 0 ? sqlite3_column_name(rows, 1 + static_cast<int>(random() % columns)) : "";
  sqlite3_finalize(rows);
  bool edited = false;
  if (!ids.empty()) {
    const int64_t id = ids[random() % ids.size()];
    what = table + " row " + std::to_string(id) + " column " + column;
    const std::string sql = "UPDATE " + table + " SET \"" + column + "\" = CASE typeof(\"" + column +
                            "\") WHEN 'integer' THEN \"" + column + "\" + 1 WHEN 'null' THEN 1 ELSE \"" + column +
                            "\" || 'x' END WHERE rowid = " + std::to_string(id);
    edited = sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK && sqlite3_changes(raw) == 1;
  }
  sqlite3_close(raw);
  return edited;
}

}  // namespace

TEST_CASE("ledger property: serial and parallel runs of a random plan agree, verify passes, every edit is found",
          "[ledger][cli]") {
  const Scratch s;
  for (const unsigned seed : {7u, 43u}) {
    std::mt19937 random(seed);
    std::vector<std::vector<std::string>> plan;
    for (int month = 1; month <= 4; ++month) plan.push_back(month_steps(month, random));
    const std::string serial = "serial" + std::to_string(seed) + ".db";
    const std::string parallel = "parallel" + std::to_string(seed) + ".db";
    s.run_plan(serial, plan, false);
    s.run_plan(parallel, plan, true);
    const auto failed = [&](const std::string& ledger) {
      const bool any = std::filesystem::exists(s.path() / (ledger + ".fail"));
      return any ? s.read(ledger + ".fail") : std::string();
    };
    INFO("seed " << seed << ": " << s.read(serial + ".sh") << s.read(serial + ".log") << s.read(parallel + ".log"));
    CHECK(failed(serial) == "");
    CHECK(failed(parallel) == "");
    const std::string figures = s.figures(serial);
    CHECK(has(figures, "Property test,api,,2026-01"));
    CHECK(s.figures(parallel) == figures);
    CHECK(s.slaudit("ledger verify " + serial).exit == 0);
    CHECK(s.slaudit("ledger verify " + parallel).exit == 0);

    const char* const tables[] = {"audit", "audit_input", "period", "supersession", "period_total", "claim_event",
                                  "chain"};
    int found = 0;
    for (int edit = 0; edit < 24; ++edit) {
      const std::filesystem::path copy = s.path() / ("edited" + std::to_string(edit) + ".db");
      std::filesystem::copy_file(s.path() / serial, copy, std::filesystem::copy_options::overwrite_existing);
      std::string what;
      if (!edit_one_row(copy, tables[random() % std::size(tables)], random, what)) continue;
      slaudit::ledger::Database db(copy.string(), slaudit::ledger::Database::Mode::ReadOnly);
      slaudit::ledger::Verification v;
      slaudit::jobs::check_ledger_integrity(db, "", v);
      INFO("seed " << seed << ", edit " << edit << ": " << what);
      CHECK_FALSE(v.ledger_problems.empty());
      ++found;
    }
    CHECK(found >= 12);  // most edits are allowed by SQLite; each one made was found
  }
}
