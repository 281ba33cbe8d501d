#pragma once
// A ledger file (SQLite), opened for this process: WAL journal, foreign keys
// on, a busy timeout so that a second writer waits instead of failing, and the
// schema migrated to this slaudit's version (ledger/schema.h). Every failure is
// a LedgerError naming the file; nothing is half-written, because every write
// runs inside a Transaction.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace slaudit::ledger {

class LedgerError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Statement;

class Database {
 public:
  enum class Mode { ReadOnly, ReadWrite };
  // ReadWrite creates the file when it does not exist, and creates or
  // migrates the schema under the write lock (so that writers started together
  // on a new file each find it whole). ReadOnly never writes, never creates a
  // file beside the ledger while no writer has it open (the -wal and -shm a
  // reader would leave, owned by whoever read), and refuses a ledger whose
  // schema this slaudit would have to migrate.
  Database(const std::string& path, Mode mode);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void exec(const std::string& sql);
  Statement prepare(const std::string& sql);
  int64_t last_insert_id() const;
  bool in_transaction() const;
  const std::string& path() const { return path_; }
  [[noreturn]] void fail(const std::string& what) const;  // throws, with SQLite's message

 private:
  void use_wal();

  std::string path_;
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement(Database& db, sqlite3_stmt* stmt) : db_(&db), stmt_(stmt) {}
  ~Statement();
  Statement(Statement&& other) noexcept : db_(other.db_), stmt_(other.stmt_) { other.stmt_ = nullptr; }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, int64_t value);
  Statement& bind(int index, const std::string& value);
  Statement& bind(int index, const std::optional<std::string>& value);  // nullopt: NULL
  Statement& bind(int index, const std::optional<int64_t>& value);      // nullopt: NULL
  bool step();  // true: a row is ready
  void run();   // steps to the end
  void reset();
  int64_t int64(int column) const;
  std::string text(int column) const;  // "" for NULL
  bool is_null(int column) const;
  int column_count() const;
  std::string column_name(int column) const;
  char column_kind(int column) const;  // N (NULL), I (integer), R (real), T (text), B (blob)

 private:
  Database* db_;
  sqlite3_stmt* stmt_;
};

// BEGIN IMMEDIATE (so that two writers queue on the busy timeout rather than
// fail at commit), COMMIT on commit(), ROLLBACK when destroyed before it.
// Inside another transaction (an audit holding the write lock from reading
// its evidence to recording), a savepoint: the outer one commits it all.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool nested_ = false;
  bool done_ = false;
};

// The URI a reader opens `path` by: read-only and, while no writer has the
// ledger open (no -wal file beside it), immutable, so that the reader creates
// no -wal or -shm file (which a folder it cannot write refuses, and which
// would stay owned by the reader).
std::string reader_uri(const std::string& path, bool writer_active);

}  // namespace slaudit::ledger
