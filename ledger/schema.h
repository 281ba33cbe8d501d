#pragma once
#include <string>

// The ledger's schema, versioned by SQLite's user_version: migration k takes
// a ledger from version k to k + 1, and each runs in its own transaction. A
// ledger written by a newer slaudit is refused, never written.
namespace slaudit::ledger {

class Database;

int schema_version();  // the version this slaudit writes

int file_schema_version(Database& db);  // the file's version: 0 for a new file

// The SQL of migration `version` (1..schema_version()): to build an older
// ledger in tests, and for the docs.
std::string migration_sql(int version);

// Brings the file to schema_version() when `writable`; read-only, it only
// checks that the file is a ledger (an older one is read as it is: what later
// versions add reads as absent; an empty new file is refused).
void migrate(Database& db, bool writable);

}  // namespace slaudit::ledger
