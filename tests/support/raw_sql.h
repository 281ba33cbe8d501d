#pragma once
// Test support: plain SQL run on a ledger file through SQLite itself, as
// another tool would write it (triggers as they are unless the SQL drops
// them; foreign keys off, SQLite's default). The test fails, with SQLite's
// message, when the SQL does not run.
#include <filesystem>
#include <string>

namespace slaudit::testing {

void run_raw_sql(const std::filesystem::path& file, const std::string& sql);

}  // namespace slaudit::testing
