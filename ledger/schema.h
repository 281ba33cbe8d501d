#pragma once
// The ledger's schema, versioned by SQLite's user_version: migration k takes
// a ledger from version k to k + 1, and each runs in its own transaction. A
// ledger written by a newer slaudit is refused, never written.
namespace slaudit::ledger {

class Database;

int schema_version();  // the version this slaudit writes

// Brings the file to schema_version() when `writable`; read-only, it only
// checks that the file is at that version (an empty new file is refused).
void migrate(Database& db, bool writable);

}  // namespace slaudit::ledger
