#include "tests/support/raw_sql.h"

#include <sqlite3.h>

#include <catch2/catch.hpp>

namespace slaudit::testing {

void run_raw_sql(const std::filesystem::path& file, const std::string& sql) {
  sqlite3* raw = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &raw) == SQLITE_OK);
  char* error = nullptr;
  const int rc = sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, &error);
  INFO((error ? error : ""));
  sqlite3_free(error);
  sqlite3_close(raw);
  REQUIRE(rc == SQLITE_OK);
}

}  // namespace slaudit::testing
