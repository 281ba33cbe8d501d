#include "ledger/earlier_credits.h"

#include <optional>

#include "base/time/civil_date.h"
#include "base/time/local_date.h"
#include "base/time/local_day.h"
#include "base/time/time_zone.h"
#include "ledger/schema.h"

namespace slaudit::ledger {

namespace {

// The local day of the period's last second: its end is exclusive.
model::CivilDate last_local_day(int64_t end_unix, const TimeZone& zone, const std::string& path) {
  const Instant last{std::chrono::seconds(end_unix - 1)};
  const std::optional<LocalDate> day = local_day(zone, last);
  if (!day) throw LedgerError(path + ": a recorded period ends outside the calendar (years 1400-9999)");
  return {static_cast<int>(day->year()), static_cast<int>(day->month().as_number()), static_cast<int>(day->day())};
}

}  // namespace

std::vector<EarlierCredit> read_earlier_credits(Database& db, const std::string& contract_title,
                                                const model::CivilDate& first_day, bool fleet) {
  // A fleet's resources (schema 2) have credits of their own, not the service's.
  const bool v2 = file_schema_version(db) >= 2;
  if (fleet && !v2) return {};
  const std::string service_rows = !v2 ? "1" : fleet ? "p.resource <> ''" : "p.resource = ''";
  Statement s = db.prepare(
      "SELECT p.service, p.clause_label, p.period, p.end_unix, p.owed_minor, a.id, a.timezone, " +
      std::string(v2 ? "p.resource" : "''") + " "
      "FROM period p JOIN audit a ON a.id = p.audit_id "
      "WHERE a.contract_title = ?1 AND p.owed_minor > 0 AND " + service_rows + " "
      "AND NOT EXISTS (SELECT 1 FROM supersession x WHERE x.period_id = p.id) "
      "AND p.start_local < ?2 ORDER BY p.service, p.clause_label, " + std::string(v2 ? "p.resource, " : "") +
      "p.start_unix");
  s.bind(1, contract_title).bind(2, civil_date_text(first_day));
  std::vector<EarlierCredit> out;
  while (s.step()) {
    const std::optional<TimeZone> zone = TimeZone::find(s.text(6));
    if (!zone) throw LedgerError(db.path() + ": a recorded audit's time zone '" + s.text(6) + "' is unknown");
    out.push_back({s.text(0), s.text(1), s.text(2), s.text(7), last_local_day(s.int64(3), *zone, db.path()),
                   s.int64(4), s.int64(5)});
  }
  return out;
}

}  // namespace slaudit::ledger
