#include "ledger/record.h"

#include <optional>

#include "base/time/civil_date.h"
#include "base/time/time_zone.h"
#include "ledger/account_summary.h"
#include "ledger/chain.h"
#include "ledger/recovery_history.h"
#include "ledger/schema.h"

namespace slaudit::ledger {

namespace {

// What the audit row holds, from a service's report or a fleet's.
struct AuditHeader {
  const char* kind;
  const std::string &engine_version, &tzdata_version, &contract_title, &timezone, &range;
  const model::Currency& currency;
  audit::Verdict verdict;
  bool evidence_complete;
  int64_t total_owed_minor;
  const std::vector<audit::InputFile>* inputs;
};

std::string integer_text(const boost::multiprecision::cpp_int& v) { return v.str(); }

// The local date `at` falls on in `zone`, YYYY-MM-DD.
std::string local_date_text(Instant at, const TimeZone& zone) {
  const std::chrono::year_month_day day{std::chrono::floor<std::chrono::days>(zone.to_local(at))};
  return civil_date_text({static_cast<int>(day.year()), static_cast<int>(static_cast<unsigned>(day.month())),
                          static_cast<int>(static_cast<unsigned>(day.day()))});
}

int64_t insert_audit(Database& db, const AuditHeader& r, const std::string& recorded_at, const std::string& options) {
  Statement s = db.prepare(
      "INSERT INTO audit (recorded_at, engine_version, tzdata_version, contract_title, timezone, range, currency, "
      "currency_digits, verdict, evidence_complete, total_owed_minor, options, kind, recorded_schema) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  s.bind(1, recorded_at).bind(2, r.engine_version).bind(3, r.tzdata_version).bind(4, r.contract_title);
  s.bind(5, r.timezone).bind(6, r.range).bind(7, r.currency.code).bind(8, int64_t{r.currency.minor_digits});
  s.bind(9, std::string(audit::verdict_name(r.verdict)));
  s.bind(10, int64_t{r.evidence_complete}).bind(11, r.total_owed_minor);
  s.bind(12, options.empty() ? std::nullopt : std::optional<std::string>(options));
  s.bind(13, std::string(r.kind));
  s.bind(14, int64_t{schema_version()});
  s.run();
  const int64_t id = db.last_insert_id();
  Statement in = db.prepare("INSERT INTO audit_input (audit_id, position, role, path, sha256) VALUES (?, ?, ?, ?, ?)");
  for (size_t k = 0; k < r.inputs->size(); ++k) {
    const audit::InputFile& input = (*r.inputs)[k];
    in.bind(1, id).bind(2, static_cast<int64_t>(k)).bind(3, input.role).bind(4, input.path).bind(5, input.sha256);
    in.run();
    in.reset();
  }
  return id;
}

std::optional<std::string> day_text(const std::optional<model::CivilDate>& day) {
  return day ? std::optional<std::string>(civil_date_text(*day)) : std::nullopt;
}

// The figures a service's period and a fleet resource's share, by the same names.
template <class Figures>
void bind_figures(Statement& s, int64_t audit_id, const Figures& p, const TimeZone& zone) {
  s.bind(1, audit_id).bind(2, p.service).bind(3, p.clause_label).bind(4, p.period);
  s.bind(5, static_cast<int64_t>(p.start.time_since_epoch().count()));
  s.bind(6, static_cast<int64_t>(p.end.time_since_epoch().count()));
  s.bind(7, int64_t{p.partial});
  s.bind(23, local_date_text(p.start, zone));
  s.bind(8, p.target ? std::optional<std::string>(p.target->value.to_string()) : std::nullopt);
  std::optional<std::string> num, den;
  if (p.availability) {
    num = integer_text(boost::multiprecision::numerator(*p.availability));
    den = integer_text(boost::multiprecision::denominator(*p.availability));
  }
  s.bind(9, num).bind(10, den);
  s.bind(11, integer_text(boost::multiprecision::numerator(p.down)));
  s.bind(12, integer_text(boost::multiprecision::denominator(p.down)));
  s.bind(13, integer_text(boost::multiprecision::numerator(p.eligible)));
  s.bind(14, integer_text(boost::multiprecision::denominator(p.eligible)));
  s.bind(15, static_cast<int64_t>(p.excluded.count()));
  s.bind(16, std::string(audit::verdict_name(p.verdict())));
  s.bind(17, p.fee_minor).bind(18, p.credit_minor);
  s.bind(19, p.cap_minor < 0 ? std::nullopt : std::optional<int64_t>(p.cap_minor));
  s.bind(20, p.owed_minor);
  s.bind(22, static_cast<int64_t>(p.evidence_gaps.size()));
  s.bind(27, int64_t{p.credit_not_stated});
}

void bind_period(Statement& s, int64_t audit_id, const audit::PeriodAudit& p, const TimeZone& zone) {
  bind_figures(s, audit_id, p, zone);
  s.bind(21, day_text(p.claim.deadline)).bind(24, day_text(p.claim.earliest));
  s.bind(25, std::string()).bind(26, std::string());
}

void bind_period(Statement& s, int64_t audit_id, const audit::ResourcePeriod& r, const TimeZone& zone) {
  bind_figures(s, audit_id, r.figures, zone);
  s.bind(21, day_text(r.figures.claim_deadline)).bind(24, day_text(r.figures.claim_earliest));
  s.bind(25, r.resource).bind(26, r.group_by);
}

const std::string& service_of(const audit::PeriodAudit& p) { return p.service; }
const std::string& service_of(const audit::ResourcePeriod& r) { return r.figures.service; }
const std::string& clause_of(const audit::PeriodAudit& p) { return p.clause_label; }
const std::string& clause_of(const audit::ResourcePeriod& r) { return r.figures.clause_label; }
const std::string& period_of(const audit::PeriodAudit& p) { return p.period; }
const std::string& period_of(const audit::ResourcePeriod& r) { return r.figures.period; }
std::string resource_of(const audit::PeriodAudit&) { return {}; }
const std::string& resource_of(const audit::ResourcePeriod& r) { return r.resource; }

// Every period in, each superseding the current version of the same period
// (same contract title, service, clause, period and resource) from earlier audits.
template <class Period>
Recorded record(Database& db, const AuditHeader& header, const std::vector<Period>& periods,
                const std::string& recorded_at, const std::string& options,
                const std::vector<audit::RecoveryAudit>& recovery) {
  const std::optional<TimeZone> zone = TimeZone::find(header.timezone);
  if (!zone) throw LedgerError(db.path() + ": the audit's time zone '" + header.timezone + "' is unknown");
  Transaction t(db);
  Recorded out;
  out.audit_id = insert_audit(db, header, recorded_at, options);
  Statement insert = db.prepare(
      "INSERT INTO period (audit_id, service, clause_label, period, start_unix, end_unix, partial, target, "
      "availability_num, availability_den, down_num, down_den, eligible_num, eligible_den, excluded_seconds, "
      "verdict, fee_minor, credit_minor, cap_minor, owed_minor, claim_deadline, evidence_gaps, start_local, "
      "claim_earliest, resource, group_by, credit_not_stated) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  Statement current = db.prepare(
      "SELECT p.id FROM period p JOIN audit a ON a.id = p.audit_id "
      "WHERE p.service = ? AND p.clause_label = ? AND p.period = ? AND p.resource = ? AND a.contract_title = ? "
      "AND p.audit_id <> ? AND NOT EXISTS (SELECT 1 FROM supersession x WHERE x.period_id = p.id)");
  Statement supersede = db.prepare("INSERT INTO supersession (period_id, by_period_id) VALUES (?, ?)");
  std::vector<int64_t> earlier;
  int64_t first_row = 0, last_row = 0;
  for (const Period& p : periods) {
    bind_period(insert, out.audit_id, p, *zone);
    insert.run();
    insert.reset();
    const int64_t id = db.last_insert_id();
    if (first_row == 0) first_row = id;
    last_row = id;
    ++out.periods;
    current.bind(1, service_of(p)).bind(2, clause_of(p)).bind(3, period_of(p)).bind(4, resource_of(p));
    current.bind(5, header.contract_title).bind(6, out.audit_id);
    earlier.clear();
    while (current.step()) earlier.push_back(current.int64(0));
    current.reset();
    for (int64_t old : earlier) {
      supersede.bind(1, old).bind(2, id);
      supersede.run();
      supersede.reset();
      ++out.superseded;
    }
  }
  if (first_row != 0) record_period_totals(db, out.audit_id, header.contract_title, first_row, last_row);
  record_recovery(db, out.audit_id, recovery);
  out.head = chain_audit(db, out.audit_id);  // last: its digest covers every row above
  t.commit();
  return out;
}

}  // namespace

Recorded record_audit(Database& db, const audit::AuditReport& report, const std::string& recorded_at,
                      const std::string& options) {
  const AuditHeader header{"service", report.engine_version, report.tzdata_version, report.contract_title,
                           report.timezone, report.range, report.currency, report.verdict,
                           report.evidence_complete(), report.total_owed_minor, &report.inputs};
  return record(db, header, report.periods, recorded_at, options, report.recovery);
}

Recorded record_fleet_audit(Database& db, const audit::FleetReport& report, const std::string& recorded_at,
                            const std::string& options) {
  const AuditHeader header{"fleet", report.engine_version, report.tzdata_version, report.contract_title,
                           report.timezone, report.range, report.currency, report.verdict,
                           report.evidence_complete(), report.total_owed_minor, &report.inputs};
  return record(db, header, report.periods, recorded_at, options, {});  // a fleet audit judges no recovery clause
}

}  // namespace slaudit::ledger
