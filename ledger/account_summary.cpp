#include "ledger/account_summary.h"

#include "ledger/schema.h"

namespace slaudit::ledger {

namespace {

// The lowest availability is found in SQL: each row's share as a double
// printed with 17 decimals (in [0, 1] these sort as the numbers do), then the
// resource (the smallest id among equal shares: the pick never depends on the
// rows' order), then the exact fraction, which is what the report shows. Two
// availabilities a/b and c/d that differ differ by at least 1/(b*d): for
// periods of whole seconds under 115 days (b, d < 10^7) that is above 10^-14,
// which the doubles (about 10^-16 apart here) tell apart.
constexpr const char* kSummary =
    "SELECT a.contract_title, p.service, p.clause_label, p.period, a.currency, a.currency_digits, "
    "COUNT(*), SUM(p.verdict = 'breached'), SUM(p.verdict = 'not_assessed'), SUM(p.credit_minor), "
    "SUM(p.owed_minor), MIN(CASE WHEN p.availability_num IS NULL THEN NULL ELSE "
    "printf('%.17f', CAST(p.availability_num AS REAL) / CAST(p.availability_den AS REAL)) || char(31) || RESOURCE || "
    "char(31) || p.availability_num || char(31) || p.availability_den END), "
    "p.target, p.start_local, p.start_unix "
    "FROM period p JOIN audit a ON a.id = p.audit_id "
    "WHERE NOT EXISTS (SELECT 1 FROM supersession x WHERE x.period_id = p.id) AND FILTERS "
    "GROUP BY a.contract_title, p.service, p.clause_label, p.period "
    "ORDER BY a.contract_title, p.service, p.clause_label, p.start_unix, p.period";

// "share\x1fresource\x1fnum\x1fden" -> its parts.
std::vector<std::string> fields(const std::string& text) {
  std::vector<std::string> out(1);
  for (char c : text) {
    if (c == '\x1f') out.emplace_back();
    else out.back() += c;
  }
  return out;
}

std::string replaced(std::string text, const std::string& what, const std::string& with) {
  return text.replace(text.find(what), what.size(), with);
}

}  // namespace

std::vector<PeriodSummary> read_account_summary(Database& db, const HistoryQuery& q) {
  const bool fleets = file_schema_version(db) >= 2;
  const std::string resource = fleets ? "p.resource" : "''";
  const std::string filters = (q.service.empty() ? std::string("?1 = ''") : "p.service = ?1") +
                              " AND (?2 = '' OR p.start_local >= ?2) AND (?3 = '' OR p.start_local <= ?3) AND " +
                              (q.resource ? resource + " = ?4" : std::string("?4 IS NULL"));
  Statement s = db.prepare(replaced(replaced(kSummary, "RESOURCE", resource), "FILTERS", filters));
  s.bind(1, q.service).bind(2, q.first_day).bind(3, q.last_day).bind(4, q.resource);
  std::vector<PeriodSummary> out;
  while (s.step()) {
    PeriodSummary p;
    p.contract_title = s.text(0);
    p.service = s.text(1);
    p.clause_label = s.text(2);
    p.period = s.text(3);
    p.currency = s.text(4);
    p.currency_digits = static_cast<int>(s.int64(5));
    p.rows = s.int64(6);
    p.breached = s.int64(7);
    p.not_assessed = s.int64(8);
    p.credit_minor = s.int64(9);
    p.owed_minor = s.int64(10);
    if (!s.is_null(11)) {
      const std::vector<std::string> lowest = fields(s.text(11));
      if (lowest.size() != 4) throw LedgerError(db.path() + ": a resource id holds the unit separator (0x1F)");
      p.lowest_resource = lowest[1];
      p.lowest = fraction_from_text(lowest[2], lowest[3]);
    }
    if (!s.is_null(12)) p.target = s.text(12);
    p.start_local = s.text(13);
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace slaudit::ledger
