#include "ledger/account_summary.h"

#include "ledger/schema.h"

namespace slaudit::ledger {

namespace {

// What a ledger's period rows hold: older schemas lack the later columns.
struct RowColumns {
  bool resource = true;   // schema 2
  bool not_stated = true;  // schema 3
};

RowColumns columns_of(Database& db) {
  const int version = file_schema_version(db);
  return {version >= 2, version >= 3};
}

// The totals of the current period rows matching `where`, one row per
// contract, service, clause and period; period_total's columns in its order.
//
// The lowest availability is found in SQL: each row's share as a double
// printed with 17 decimals (in [0, 1] these sort as the numbers do), then the
// resource (the smallest id among equal shares: the pick never depends on the
// rows' order). With exactly one min() in the query, SQLite takes the bare
// columns (the exact fraction, the resource) from the row that holds the
// minimum. Two availabilities a/b and c/d that differ differ by at least
// 1/(b*d): for periods of whole seconds under 115 days (b, d < 10^7) that is
// above 10^-14, which the doubles (about 10^-16 apart here) tell apart.
std::string totals_select(RowColumns c, const std::string& where) {
  const std::string resource = c.resource ? "p.resource" : "''";
  return "SELECT contract_title, service, clause_label, period, currency, currency_digits, start_local, start_unix, "
         "target, n, breached, not_assessed, not_stated, credit, owed, "
         "CASE WHEN lowest IS NULL THEN NULL ELSE num END, CASE WHEN lowest IS NULL THEN NULL ELSE den END, "
         "CASE WHEN lowest IS NULL THEN NULL ELSE res END FROM ("
         "SELECT a.contract_title, p.service, p.clause_label, p.period, a.currency, a.currency_digits, "
         "p.start_local, p.start_unix, p.target, COUNT(*) AS n, SUM(p.verdict = 'breached') AS breached, "
         "SUM(p.verdict = 'not_assessed') AS not_assessed, " +
         std::string(c.not_stated ? "SUM(p.credit_not_stated)" : "0") +
         " AS not_stated, SUM(p.credit_minor) AS credit, SUM(p.owed_minor) AS owed, "
         "MIN(CASE WHEN p.availability_num IS NULL THEN NULL ELSE "
         "printf('%.17f', CAST(p.availability_num AS REAL) / CAST(p.availability_den AS REAL)) || char(31) || " +
         resource + " END) AS lowest, p.availability_num AS num, p.availability_den AS den, " + resource +
         " AS res FROM period p JOIN audit a ON a.id = p.audit_id "
         "WHERE NOT EXISTS (SELECT 1 FROM supersession x WHERE x.period_id = p.id) AND " +
         where + " GROUP BY a.contract_title, p.service, p.clause_label, p.period)";
}

constexpr const char* kOrder = " ORDER BY contract_title, service, clause_label, start_unix, period";

PeriodSummary read_summary(const Statement& s) {
  PeriodSummary p;
  p.contract_title = s.text(0);
  p.service = s.text(1);
  p.clause_label = s.text(2);
  p.period = s.text(3);
  p.currency = s.text(4);
  p.currency_digits = static_cast<int>(s.int64(5));
  p.start_local = s.text(6);
  if (!s.is_null(8)) p.target = s.text(8);
  p.rows = s.int64(9);
  p.breached = s.int64(10);
  p.not_assessed = s.int64(11);
  p.credit_not_stated = s.int64(12);
  p.credit_minor = s.int64(13);
  p.owed_minor = s.int64(14);
  if (!s.is_null(15)) {
    p.lowest = fraction_from_text(s.text(15), s.text(16));
    p.lowest_resource = s.text(17);
  }
  return p;
}

std::vector<PeriodSummary> read_all(Statement& s) {
  std::vector<PeriodSummary> out;
  while (s.step()) out.push_back(read_summary(s));
  return out;
}

// Service and days as history filters them (?1..?3), on unqualified columns
// that both the rows and the totals have.
constexpr const char* kDayFilters =
    "(?1 = '' OR service = ?1) AND (?2 = '' OR start_local >= ?2) AND (?3 = '' OR start_local <= ?3)";

}  // namespace

std::vector<PeriodSummary> sum_account_summary(Database& db, const HistoryQuery& q) {
  const RowColumns c = columns_of(db);
  const std::string resource = c.resource ? "p.resource" : "''";
  const std::string where = std::string("(?1 = '' OR p.service = ?1) AND (?2 = '' OR p.start_local >= ?2) AND "
                                        "(?3 = '' OR p.start_local <= ?3) AND ") +
                            (q.resource ? resource + " = ?4" : std::string("?4 IS NULL"));
  Statement s = db.prepare(totals_select(c, where) + kOrder);
  s.bind(1, q.service).bind(2, q.first_day).bind(3, q.last_day).bind(4, q.resource);
  return read_all(s);
}

std::vector<PeriodSummary> read_account_summary(Database& db, const HistoryQuery& q) {
  if (q.resource || file_schema_version(db) < 3) return sum_account_summary(db, q);
  // The latest totals of each period: those its latest recording left.
  Statement s = db.prepare(
      "SELECT contract_title, service, clause_label, period, currency, currency_digits, start_local, start_unix, "
      "target, rows, breached, not_assessed, credit_not_stated, credit_minor, owed_minor, lowest_num, lowest_den, "
      "lowest_resource FROM period_total t WHERE t.audit_id = (SELECT MAX(u.audit_id) FROM period_total u "
      "WHERE u.contract_title = t.contract_title AND u.service = t.service AND u.clause_label = t.clause_label "
      "AND u.period = t.period) AND " +
      std::string(kDayFilters) + kOrder);
  s.bind(1, q.service).bind(2, q.first_day).bind(3, q.last_day);
  return read_all(s);
}

void record_period_totals(Database& db, int64_t audit_id, const std::string& contract_title, int64_t first_row,
                          int64_t last_row) {
  // The periods the audit touched, found by its own rows' ids (one range:
  // they were inserted in its transaction); each summed over its current rows.
  Statement s = db.prepare(
      "INSERT INTO period_total SELECT ?1, * FROM (" +
      totals_select({}, "a.contract_title = ?2 AND (p.service, p.clause_label, p.period) IN "
                        "(SELECT service, clause_label, period FROM period WHERE id BETWEEN ?3 AND ?4)") +
      ")");
  s.bind(1, audit_id).bind(2, contract_title).bind(3, first_row).bind(4, last_row);
  s.run();
}

void backfill_period_totals(Database& db) {
  // Every period's totals as they stand after the ledger's latest audit.
  db.exec("INSERT INTO period_total SELECT (SELECT MAX(id) FROM audit), * FROM (" + totals_select({}, "1") + ")");
}

}  // namespace slaudit::ledger
