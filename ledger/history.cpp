#include "ledger/history.h"

#include "ledger/schema.h"

namespace slaudit::ledger {

Rational fraction_from_text(const std::string& num, const std::string& den) {
  // slaudit writes two decimal integers; anything else was written by another tool.
  try {
    return Rational(boost::multiprecision::cpp_int(num), boost::multiprecision::cpp_int(den));
  } catch (const std::exception& e) {
    throw LedgerError("a recorded fraction '" + num + "/" + den + "' is not two integers (" + e.what() +
                      "): the ledger was changed by another tool (`slaudit ledger verify` names what)");
  }
}

namespace {

HistoryRow read_row(const Statement& s) {
  HistoryRow r;
  r.period_id = s.int64(0);
  r.audit_id = s.int64(1);
  r.recorded_at = s.text(2);
  r.contract_title = s.text(3);
  r.currency = s.text(4);
  r.service = s.text(5);
  r.clause_label = s.text(6);
  r.period = s.text(7);
  r.start_unix = s.int64(8);
  r.end_unix = s.int64(9);
  r.partial = s.int64(10) != 0;
  if (!s.is_null(11)) r.target = s.text(11);
  if (!s.is_null(12)) r.availability = fraction_from_text(s.text(12), s.text(13));
  r.down_seconds = fraction_from_text(s.text(14), s.text(15));
  r.eligible_seconds = fraction_from_text(s.text(16), s.text(17));
  r.verdict = s.text(18);
  r.credit_minor = s.int64(19);
  r.owed_minor = s.int64(20);
  if (!s.is_null(21)) r.cap_minor = s.int64(21);
  if (!s.is_null(22)) r.claim_deadline = s.text(22);
  r.evidence_gaps = s.int64(23);
  if (!s.is_null(24)) r.superseded_by = s.int64(24);
  r.start_local = s.text(25);
  r.currency_digits = static_cast<int>(s.int64(26));
  r.resource = s.text(27);
  r.group_by = s.text(28);
  return r;
}

}  // namespace

void for_each_history_row(Database& db, const HistoryQuery& q, const std::function<void(const HistoryRow&)>& visit) {
  // A ledger of schema 1 has no resources: every row is a service's. A filter
  // given is written as a plain equality, so that its index serves it.
  const bool fleets = file_schema_version(db) >= 2;
  const std::string resource = fleets ? "p.resource" : "''";
  const std::string group_by = fleets ? "p.group_by" : "''";
  Statement s = db.prepare(
      "SELECT p.id, a.id, a.recorded_at, a.contract_title, a.currency, p.service, p.clause_label, p.period, "
      "p.start_unix, p.end_unix, p.partial, p.target, p.availability_num, p.availability_den, p.down_num, "
      "p.down_den, p.eligible_num, p.eligible_den, p.verdict, p.credit_minor, p.owed_minor, p.cap_minor, "
      "p.claim_deadline, p.evidence_gaps, x.by_period_id, p.start_local, a.currency_digits, " + resource + ", " +
      group_by +
      " FROM period p JOIN audit a ON a.id = p.audit_id LEFT JOIN supersession x ON x.period_id = p.id "
      "WHERE " + (q.service.empty() ? "?1 = ''" : "p.service = ?1") +
      " AND (?2 = '' OR p.start_local >= ?2) AND (?3 = '' OR p.start_local <= ?3) "
      "AND (?4 OR x.by_period_id IS NULL) AND " + (q.resource ? resource + " = ?5 " : "?5 IS NULL ") +
      "ORDER BY a.contract_title, p.service, p.clause_label, " + resource + ", p.start_unix, p.period, a.id DESC");
  s.bind(1, q.service);
  s.bind(2, q.first_day);
  s.bind(3, q.last_day);
  s.bind(4, int64_t{q.all_versions});
  s.bind(5, q.resource);
  while (s.step()) visit(read_row(s));
}

std::vector<HistoryRow> read_history(Database& db, const HistoryQuery& q) {
  std::vector<HistoryRow> rows;
  for_each_history_row(db, q, [&](const HistoryRow& r) { rows.push_back(r); });
  return rows;
}

}  // namespace slaudit::ledger
