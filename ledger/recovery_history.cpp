#include "ledger/recovery_history.h"

#include "ledger/schema.h"

namespace slaudit::ledger {

namespace {

std::optional<int64_t> optional_int(const Statement& s, int column) {
  return s.is_null(column) ? std::nullopt : std::optional<int64_t>(s.int64(column));
}

void read_breaches(Database& db, int64_t recovery_id, RecoveryRow& row) {
  Statement s = db.prepare(
      "SELECT incident, fault, recover_seconds FROM recovery_breach WHERE recovery_id = ? ORDER BY position");
  s.bind(1, recovery_id);
  while (s.step()) row.breach_list.push_back({s.text(0), s.text(1), s.int64(2)});
}

}  // namespace

void record_recovery(Database& db, int64_t audit_id, const std::vector<audit::RecoveryAudit>& recovery) {
  Statement clause = db.prepare(
      "INSERT INTO recovery (audit_id, position, service, clause_label, assessed, limit_seconds, covered, breaches, "
      "credit_minor, cap_minor, owed_minor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  Statement breach = db.prepare(
      "INSERT INTO recovery_breach (recovery_id, position, incident, fault, recover_seconds) VALUES (?, ?, ?, ?, ?)");
  for (size_t k = 0; k < recovery.size(); ++k) {
    const audit::RecoveryAudit& r = recovery[k];
    clause.bind(1, audit_id).bind(2, static_cast<int64_t>(k)).bind(3, r.service).bind(4, r.clause_label);
    clause.bind(5, int64_t{r.assessed});
    clause.bind(6, r.limit ? std::optional<int64_t>(r.limit->count()) : std::nullopt);
    clause.bind(7, static_cast<int64_t>(r.covered)).bind(8, static_cast<int64_t>(r.breaches));
    clause.bind(9, r.credit_minor).bind(10, r.cap_minor < 0 ? std::nullopt : std::optional<int64_t>(r.cap_minor));
    clause.bind(11, r.owed_minor);
    clause.run();
    clause.reset();
    const int64_t id = db.last_insert_id();
    int64_t position = 0;
    for (const audit::RecoveryFinding& f : r.findings) {
      if (!f.breach) continue;
      breach.bind(1, id).bind(2, position++).bind(3, f.id).bind(4, f.fault);
      breach.bind(5, static_cast<int64_t>(f.time_to_recover.count()));
      breach.run();
      breach.reset();
    }
  }
}

std::vector<RecoveryRow> read_recovery(Database& db, const std::string& service) {
  std::vector<RecoveryRow> out;
  if (file_schema_version(db) < 3) return out;
  Statement s = db.prepare(
      "SELECT r.id, a.id, a.recorded_at, a.contract_title, a.range, a.currency, a.currency_digits, r.service, "
      "r.clause_label, r.assessed, r.limit_seconds, r.covered, r.breaches, r.credit_minor, r.cap_minor, r.owed_minor "
      "FROM recovery r JOIN audit a ON a.id = r.audit_id WHERE ?1 = '' OR r.service = ?1 ORDER BY a.id, r.position");
  s.bind(1, service);
  while (s.step()) {
    RecoveryRow row;
    row.audit_id = s.int64(1);
    row.recorded_at = s.text(2);
    row.contract_title = s.text(3);
    row.range = s.text(4);
    row.currency = s.text(5);
    row.currency_digits = static_cast<int>(s.int64(6));
    row.service = s.text(7);
    row.clause_label = s.text(8);
    row.assessed = s.int64(9) != 0;
    row.limit_seconds = optional_int(s, 10);
    row.covered = s.int64(11);
    row.breaches = s.int64(12);
    row.credit_minor = s.int64(13);
    row.cap_minor = optional_int(s, 14);
    row.owed_minor = s.int64(15);
    read_breaches(db, s.int64(0), row);
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace slaudit::ledger
