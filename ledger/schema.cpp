#include "ledger/schema.h"

#include <string>
#include <vector>

#include "ledger/account_summary.h"
#include "ledger/chain.h"
#include "ledger/database.h"

namespace slaudit::ledger {

namespace {

// Append-only: a table's rows are never updated nor deleted (the triggers say
// so to anyone who tries with another tool), because what was said when is
// the point of a ledger. A re-audit adds periods and a supersession row.
// Money in integer minor units; durations and shares as exact fractions of
// two integers written in decimal (they can pass 64 bits), never floats.
const std::vector<const char*> kMigrations = {
    R"sql(
CREATE TABLE audit (
  id INTEGER PRIMARY KEY,
  recorded_at TEXT NOT NULL,              -- UTC, ISO 8601
  engine_version TEXT NOT NULL,
  tzdata_version TEXT NOT NULL,
  contract_title TEXT NOT NULL,           -- the identity of the contract's periods across audits
  timezone TEXT NOT NULL,                 -- the contract's zone: periods' local dates are in it
  range TEXT NOT NULL,
  currency TEXT NOT NULL,
  currency_digits INTEGER NOT NULL,       -- minor digits: owed_minor 12345 with 2 is 123.45
  verdict TEXT NOT NULL,                  -- met, breached, not_assessed
  evidence_complete INTEGER NOT NULL,
  total_owed_minor INTEGER NOT NULL
);
CREATE TABLE audit_input (
  audit_id INTEGER NOT NULL REFERENCES audit(id),
  position INTEGER NOT NULL,
  role TEXT NOT NULL,                     -- contract, incidents, probes, ...
  path TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  PRIMARY KEY (audit_id, position)
);
CREATE TABLE period (
  id INTEGER PRIMARY KEY,
  audit_id INTEGER NOT NULL REFERENCES audit(id),
  service TEXT NOT NULL,
  clause_label TEXT NOT NULL,
  period TEXT NOT NULL,                   -- the period's label, e.g. 2026-11
  start_unix INTEGER NOT NULL,
  end_unix INTEGER NOT NULL,
  start_local TEXT NOT NULL,              -- the local date the audited part starts on, YYYY-MM-DD
  partial INTEGER NOT NULL,
  target TEXT,                            -- percent as written, e.g. 99.9; NULL: none
  availability_num TEXT,                  -- NULL: not assessed
  availability_den TEXT,
  down_num TEXT NOT NULL,                 -- counted downtime in seconds
  down_den TEXT NOT NULL,
  eligible_num TEXT NOT NULL,
  eligible_den TEXT NOT NULL,
  excluded_seconds INTEGER NOT NULL,
  verdict TEXT NOT NULL,
  fee_minor INTEGER NOT NULL,
  credit_minor INTEGER NOT NULL,
  cap_minor INTEGER,                      -- NULL: no cap applied
  owed_minor INTEGER NOT NULL,
  claim_deadline TEXT,                    -- last day to file, local date
  evidence_gaps INTEGER NOT NULL
);
CREATE INDEX period_by_key ON period(service, clause_label, period);
CREATE INDEX period_by_start ON period(start_local);
CREATE TABLE supersession (
  period_id INTEGER PRIMARY KEY REFERENCES period(id),
  by_period_id INTEGER NOT NULL REFERENCES period(id)
);
CREATE TRIGGER audit_append_only BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER period_append_only BEFORE UPDATE ON period BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER period_no_delete BEFORE DELETE ON period BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER supersession_append_only BEFORE UPDATE ON supersession BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER supersession_no_delete BEFORE DELETE ON supersession BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
)sql",
    // 2: the claims lifecycle, the earliest claim day, fleet audits' resources
    // (a period's identity gains the resource), and what a re-run of an audit
    // needs (ledger verify): the options it ran with, as JSON.
    R"sql(
ALTER TABLE period ADD COLUMN claim_earliest TEXT;  -- first day to file, local date; NULL: none stated
ALTER TABLE period ADD COLUMN resource TEXT NOT NULL DEFAULT '';  -- a fleet audit's resource or group; '': a service
ALTER TABLE period ADD COLUMN group_by TEXT NOT NULL DEFAULT '';  -- a group-level clause's grouping (region, ...)
ALTER TABLE audit ADD COLUMN kind TEXT NOT NULL DEFAULT 'service';  -- service or fleet
ALTER TABLE audit ADD COLUMN options TEXT;          -- the audit's options as JSON (absolute paths); NULL: not kept
CREATE INDEX period_by_identity ON period(service, clause_label, period, resource);
CREATE INDEX period_by_resource ON period(resource);
CREATE TABLE claim_event (
  id INTEGER PRIMARY KEY,
  recorded_at TEXT NOT NULL,              -- UTC, ISO 8601: when the event was entered
  contract_title TEXT NOT NULL,           -- with service, clause, period and resource: the period's identity
  service TEXT NOT NULL,
  clause_label TEXT NOT NULL,
  period TEXT NOT NULL,
  resource TEXT NOT NULL DEFAULT '',
  event TEXT NOT NULL CHECK (event IN ('filed', 'accepted', 'paid', 'refused')),
  on_day TEXT NOT NULL,                   -- the local date it happened, YYYY-MM-DD
  reference TEXT,                         -- filed: the claim's reference with the provider
  amount_minor INTEGER,                   -- paid: the amount paid, in minor units
  reason TEXT                             -- refused: the provider's reason
);
CREATE INDEX claim_event_by_key ON claim_event(contract_title, service, clause_label, period, resource);
CREATE TRIGGER claim_event_append_only BEFORE UPDATE ON claim_event BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER claim_event_no_delete BEFORE DELETE ON claim_event BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
)sql",
    // 3: a per-period totals table kept at recording time, so that a whole
    // account's months read in milliseconds however many resources it has
    // (ledger history --by-period); a period's `not stated` credit tier; and
    // the recovery clauses an audit judged, with their breaches.
    R"sql(
ALTER TABLE period ADD COLUMN credit_not_stated INTEGER NOT NULL DEFAULT 0;  -- 1: the tier states no credit; owed is a lower bound
ALTER TABLE audit ADD COLUMN recorded_schema INTEGER NOT NULL DEFAULT 2;   -- the schema the audit was recorded under: verify compares what it recorded
CREATE TABLE period_total (
  audit_id INTEGER NOT NULL REFERENCES audit(id),  -- the totals as they stood once this audit was recorded
  contract_title TEXT NOT NULL,
  service TEXT NOT NULL,
  clause_label TEXT NOT NULL,
  period TEXT NOT NULL,
  currency TEXT NOT NULL,
  currency_digits INTEGER NOT NULL,
  start_local TEXT NOT NULL,
  start_unix INTEGER NOT NULL,
  target TEXT,
  rows INTEGER NOT NULL,                  -- current period rows: a service's one, or a fleet's resources
  breached INTEGER NOT NULL,
  not_assessed INTEGER NOT NULL,
  credit_not_stated INTEGER NOT NULL,
  credit_minor INTEGER NOT NULL,
  owed_minor INTEGER NOT NULL,
  lowest_num TEXT,                        -- the lowest availability assessed; NULL: none assessed
  lowest_den TEXT,
  lowest_resource TEXT,                   -- whose it is (the smallest id among equals)
  PRIMARY KEY (contract_title, service, clause_label, period, audit_id)
);
CREATE INDEX period_total_by_start ON period_total(start_local);
CREATE TABLE recovery (                   -- an audit's recovery clauses, judged over its range
  id INTEGER PRIMARY KEY,
  audit_id INTEGER NOT NULL REFERENCES audit(id),
  position INTEGER NOT NULL,              -- the report's order
  service TEXT NOT NULL,
  clause_label TEXT NOT NULL,
  assessed INTEGER NOT NULL,              -- 0: no usable incident log
  limit_seconds INTEGER,                  -- NULL: no limit stated
  covered INTEGER NOT NULL,               -- incidents of a covered fault class
  breaches INTEGER NOT NULL,
  credit_minor INTEGER NOT NULL,
  cap_minor INTEGER,                      -- NULL: no cap binds
  owed_minor INTEGER NOT NULL
);
CREATE TABLE recovery_breach (
  recovery_id INTEGER NOT NULL REFERENCES recovery(id),
  position INTEGER NOT NULL,              -- time order
  incident TEXT NOT NULL,
  fault TEXT NOT NULL,
  recover_seconds INTEGER NOT NULL,
  PRIMARY KEY (recovery_id, position)
);
CREATE TRIGGER recovery_append_only BEFORE UPDATE ON recovery BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER recovery_no_delete BEFORE DELETE ON recovery BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER recovery_breach_append_only BEFORE UPDATE ON recovery_breach BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER recovery_breach_no_delete BEFORE DELETE ON recovery_breach BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER period_total_append_only BEFORE UPDATE ON period_total BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER period_total_no_delete BEFORE DELETE ON period_total BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
)sql",
    // 4: the hash chain (ledger/chain.h): one link per audit and per claim
    // event, in the order they were recorded, so that an edit or a forged row
    // is seen by `ledger verify`. The indexes find an audit's rows for its digest.
    R"sql(
CREATE TABLE chain (
  position INTEGER PRIMARY KEY,           -- 1, 2, ...: the order audits and claim events were recorded in
  audit_id INTEGER UNIQUE REFERENCES audit(id),
  claim_event_id INTEGER UNIQUE REFERENCES claim_event(id),
  digest TEXT NOT NULL,                   -- SHA-256 of the previous link's digest and the entry's rows, hex
  CHECK ((audit_id IS NULL) <> (claim_event_id IS NULL))
);
CREATE INDEX period_by_audit ON period(audit_id);
CREATE INDEX supersession_by_period ON supersession(by_period_id);
CREATE INDEX period_total_by_audit ON period_total(audit_id);
CREATE INDEX recovery_by_audit ON recovery(audit_id);
CREATE TRIGGER chain_append_only BEFORE UPDATE ON chain BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER chain_no_delete BEFORE DELETE ON chain BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
)sql",
};

void refuse_newer(Database& db, int have) {
  if (have > schema_version())
    throw LedgerError(db.path() + ": the ledger's schema is version " + std::to_string(have) +
                      ", newer than this slaudit's (" + std::to_string(schema_version()) +
                      "): use a newer slaudit; the file was not changed");
}

void refuse_foreign(Database& db) {
  Statement tables = db.prepare("SELECT count(*) FROM sqlite_master");
  tables.step();
  if (tables.int64(0) > 0)
    throw LedgerError(db.path() + ": an SQLite database, but not a slaudit ledger (it has tables of its own); "
                                  "the file was not changed");
}

// A reader reads an older ledger as it is (what a newer schema adds reads as
// absent); an empty file (touched, or left by a first audit killed before it
// committed) holds no audit yet.
void check_readable(Database& db) {
  const int have = file_schema_version(db);
  refuse_newer(db, have);
  if (have >= 1) return;
  refuse_foreign(db);
  throw LedgerError(db.path() + ": holds no audit yet (an empty ledger: an audit with --ledger records the first)");
}

}  // namespace

int file_schema_version(Database& db) {
  Statement s = db.prepare("PRAGMA user_version");
  s.step();
  return static_cast<int>(s.int64(0));
}

std::string migration_sql(int version) { return kMigrations.at(static_cast<size_t>(version - 1)); }

int schema_version() { return static_cast<int>(kMigrations.size()); }

void migrate(Database& db, bool writable) {
  if (!writable) return check_readable(db);
  if (file_schema_version(db) == schema_version()) return;  // versions only go up: no lock needed
  // Each step reads the version under the write lock it migrates in, so that
  // writers started together on a new file wait for each other and each
  // finds whole steps, never one half done nor one another writer just did.
  for (;;) {
    Transaction t(db);
    const int have = file_schema_version(db);
    refuse_newer(db, have);
    if (have == schema_version()) return t.commit();
    if (have == 0) refuse_foreign(db);
    db.exec(kMigrations[static_cast<size_t>(have)]);
    if (have + 1 == 3) backfill_period_totals(db);
    if (have + 1 == 4) backfill_chain(db);
    db.exec("PRAGMA user_version = " + std::to_string(have + 1));
    t.commit();
  }
}

}  // namespace slaudit::ledger
