#pragma once
// Uptime Kuma's own SQLite database (kuma.db) as a probe input, recognised by
// SQLite's 16-byte magic ("SQLite format 3\0"), whatever the file's name.
//
// Read with SQLite's C API, opened read-only and immutable
// (`file:PATH?mode=ro&immutable=1`): nothing is written beside it, no lock is
// taken, and a write-ahead log (kuma.db-wal, Uptime Kuma runs SQLite in WAL
// mode) is not read: audit a copy (`sqlite3 kuma.db ".backup audit.db"`) or a
// database whose Uptime Kuma is stopped. Its SHA-256 is of the file read.
//
// Tables (Uptime Kuma's schema, db/knex_init_db.js and its migrations):
// `monitor` (id, name, ...) and `heartbeat` (id, monitor_id, status, time,
// ...). A database without them, or without those columns, is an error for
// the whole input naming the table and the column.
//
// Each heartbeat is one 0/1 sample of the target named by its monitor's name,
// its record the heartbeat's id:
//   status 1 up           1/1
//   status 0 down         0/1
//   status 2 pending      0/1: the check failed and Uptime Kuma is retrying
//                         before it calls the monitor down; the retries are
//                         Kuma's alerting rule, the contract's own tolerance is
//                         its minimum run of bad buckets
//   status 3 maintenance  missing (no sample; noted): the probe engine has no
//                         maintenance of its own, so the clause's missing-data
//                         rule decides the bucket, and maintenance is excluded
//                         from downtime by --incidents or the contract's windows
// `time` is UTC text, `YYYY-MM-DD HH:MM:SS` with an optional fraction
// (floored to the second). Rejected, each with its id and reason: a time that
// is not that, a status that is not 0-3, a monitor_id with no monitor, a
// monitor whose name is no name (name_problem) or is shared with another
// monitor (which one is the contract's target would be a guess).
//
// Heartbeats are read in id order: the table's own key order, a plain walk of
// its b-tree with no sort and no index lookup (ORDER BY time would sort every
// row in a temporary b-tree: there is no index on time alone). Ids are given
// as beats are recorded, so id order is time order in practice; it depends on
// the content only, never on where rows sit in the file. A batch audit's
// figures never depend on the order anyway (samples far out of order are read
// again in time order: jobs/probe_inputs.h).
#include <string>
#include <string_view>

#include "telemetry/probe/probe_csv.h"

namespace slaudit::probe {

inline constexpr std::string_view kSqliteMagic{"SQLite format 3\0", 16};

// Reads the database at `path` (`name` as errors show it). Returns an empty
// string, or a whole-input error (not a database, no such table or column,
// corrupt); heartbeats are accounted one by one.
std::string read_kuma_database(const std::string& path, std::string_view name, const ProbeInput& input);

// The reason a heartbeat time is rejected, or empty when `text` is one; sets
// `seconds` (Unix, UTC, fraction floored). For tests and the reader.
std::string parse_kuma_time(std::string_view text, int64_t& seconds);

}  // namespace slaudit::probe
