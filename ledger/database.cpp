#include "ledger/database.h"

#include <sqlite3.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <thread>

#include "ledger/schema.h"

namespace slaudit::ledger {

namespace {

// A second writer waits this long for the first to commit.
constexpr int kBusyTimeoutMs = 30'000;

}  // namespace

Database::Database(const std::string& path, Mode mode) : path_(path) {
  const bool reader = mode == Mode::ReadOnly;
  const int flags = reader ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  const std::string name = reader ? reader_uri(path, std::filesystem::exists(path + "-wal")) : path;
  // A constructor that throws runs no destructor: close the handle here (SQLite
  // allocates one even when opening fails).
  try {
    if (sqlite3_open_v2(name.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK)
      fail("cannot open the ledger");
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, kBusyTimeoutMs);
    exec("PRAGMA foreign_keys = ON");
    if (mode == Mode::ReadWrite) {
      // WAL: readers never block the writer; a crash leaves the last committed audit.
      use_wal();
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

void Database::use_wal() {
  // Switching a new file to WAL needs it to itself, and SQLite does not wait
  // on the busy timeout for that: a writer started together with others on a
  // new file tries again until the first one has switched it (then the
  // switch is a read of the mode, which waits as any read does).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
  for (;;) {
    const int rc = sqlite3_exec(db_, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK) return;
    if ((rc & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() > deadline)
      fail("cannot run \"PRAGMA journal_mode = WAL\"");
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

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

bool Database::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

std::string reader_uri(const std::string& path, bool writer_active) {
  // Every byte but the unreserved ones percent-encoded: a path is never read
  // as a URI's query (a file named "a?mode=rw" stays that file).
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string uri = "file:";
  for (const unsigned char c : std::filesystem::absolute(path).lexically_normal().string()) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += kHex[c >> 4];
      uri += kHex[c & 15];
    }
  }
  return uri + "?mode=ro" + (writer_active ? "" : "&immutable=1");
}

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

int Statement::column_count() const { return sqlite3_column_count(stmt_); }

std::string Statement::column_name(int column) const {
  const char* name = sqlite3_column_name(stmt_, column);
  if (!name) db_->fail("cannot read a column's name");  // SQLite is out of memory
  return name;
}

char Statement::column_kind(int column) const {
  switch (sqlite3_column_type(stmt_, column)) {
    case SQLITE_INTEGER: return 'I';
    case SQLITE_FLOAT: return 'R';
    case SQLITE_TEXT: return 'T';
    case SQLITE_BLOB: return 'B';
    default: return 'N';
  }
}

Transaction::Transaction(Database& db) : db_(db), nested_(db.in_transaction()) {
  db_.exec(nested_ ? "SAVEPOINT nested" : "BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (done_) return;
  try {
    db_.exec(nested_ ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK");
  } catch (const LedgerError&) {  // the connection is gone: SQLite rolls back on its own
  }
}

void Transaction::commit() {
  db_.exec(nested_ ? "RELEASE nested" : "COMMIT");
  done_ = true;
}

}  // namespace slaudit::ledger
