#include "ledger/database.h"

#include <sqlite3.h>

#include "ledger/schema.h"

namespace slaudit::ledger {

namespace {

// A second writer waits this long for the first to commit.
constexpr int kBusyTimeoutMs = 30'000;

}  // namespace

Database::Database(const std::string& path, Mode mode) : path_(path) {
  const int flags = mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  // A constructor that throws runs no destructor: close the handle here (SQLite
  // allocates one even when opening fails).
  try {
    if (sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK)
      fail("cannot open the ledger");
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, kBusyTimeoutMs);
    exec("PRAGMA foreign_keys = ON");
    if (mode == Mode::ReadWrite) {
      // WAL: readers never block the writer; a crash leaves the last committed audit.
      exec("PRAGMA journal_mode = WAL");
      exec("PRAGMA synchronous = FULL");
    }
    migrate(*this, mode == Mode::ReadWrite);
  } catch (...) {
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw;
  }
}

Database::~Database() { sqlite3_close_v2(db_); }

void Database::fail(const std::string& what) const {
  std::string message = path_ + ": " + what;
  if (db_) {
    const int code = sqlite3_extended_errcode(db_);
    message += ": " + std::string(sqlite3_errmsg(db_));
    if ((code & 0xff) == SQLITE_NOTADB) message += " (not a slaudit ledger, or a damaged one)";
    if ((code & 0xff) == SQLITE_FULL) message += " (the disk is full: nothing of this audit was written)";
    if ((code & 0xff) == SQLITE_READONLY) message += " (the ledger cannot be written)";
  }
  throw LedgerError(message);
}

void Database::exec(const std::string& sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    sqlite3_free(error);
    fail("cannot run \"" + sql.substr(0, sql.find('\n')) + "\"");
  }
}

Statement Database::prepare(const std::string& sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK)
    fail("cannot prepare \"" + sql.substr(0, sql.find('\n')) + "\"");
  return Statement(*this, stmt);
}

int64_t Database::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int index, int64_t value) {
  if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) db_->fail("cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, const std::string& value) {
  if (sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT) != SQLITE_OK)
    db_->fail("cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, const std::optional<std::string>& value) {
  if (!value) {
    if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) db_->fail("cannot bind a value");
    return *this;
  }
  return bind(index, *value);
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_->fail("cannot read or write");
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

Statement& Statement::bind(int index, const std::optional<int64_t>& value) {
  if (!value) {
    if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) db_->fail("cannot bind a value");
    return *this;
  }
  return bind(index, *value);
}

int64_t Statement::int64(int column) const { return sqlite3_column_int64(stmt_, column); }

std::string Statement::text(int column) const {
  const auto* p = sqlite3_column_text(stmt_, column);
  return p ? std::string(reinterpret_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(stmt_, column)))
           : std::string();
}

bool Statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

Transaction::Transaction(Database& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (done_) return;
  try {
    db_.exec("ROLLBACK");
  } catch (const LedgerError&) {  // the connection is gone: SQLite rolls back on its own
  }
}

void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace slaudit::ledger
