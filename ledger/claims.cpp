#include "ledger/claims.h"

#include <array>

#include "base/num/amount_limit.h"
#include "base/num/decimal.h"
#include "base/time/civil_date.h"
#include "ledger/chain.h"
#include "ledger/schema.h"

namespace slaudit::ledger {

namespace {

constexpr std::array<const char*, 4> kEventNames = {"filed", "accepted", "paid", "refused"};

// The current version of a period (not superseded), with what a claim needs.
struct CurrentPeriod {
  std::string contract_title, service, clause_label, period, resource, currency;
  int currency_digits = 2;
  int64_t owed_minor = 0, audit_id = 0;
  std::optional<std::string> deadline, earliest;
  bool credit_not_stated = false;
};

// Older ledgers (schema 1) have no claim columns: read them as absent.
bool has_claims(Database& db) { return file_schema_version(db) >= 2; }

CurrentPeriod read_current(const Statement& s, bool with_earliest) {
  CurrentPeriod p;
  p.contract_title = s.text(0);
  p.service = s.text(1);
  p.clause_label = s.text(2);
  p.period = s.text(3);
  p.currency = s.text(4);
  p.currency_digits = static_cast<int>(s.int64(5));
  p.owed_minor = s.int64(6);
  p.audit_id = s.int64(7);
  if (!s.is_null(8)) p.deadline = s.text(8);
  if (with_earliest && !s.is_null(9)) p.earliest = s.text(9);
  p.resource = s.text(10);
  p.credit_not_stated = s.int64(11) != 0;
  return p;
}

// `where` filters the current periods; ordered as history orders them.
std::vector<CurrentPeriod> current_periods(Database& db, const std::string& where,
                                           const std::vector<std::string>& values) {
  const bool v2 = has_claims(db), v3 = file_schema_version(db) >= 3;
  Statement s = db.prepare(
      "SELECT a.contract_title, p.service, p.clause_label, p.period, a.currency, a.currency_digits, p.owed_minor, "
      "a.id, p.claim_deadline, " +
      std::string(v2 ? "p.claim_earliest, p.resource" : "NULL, ''") + (v3 ? ", p.credit_not_stated" : ", 0") +
      " FROM period p JOIN audit a ON a.id = p.audit_id "
      "WHERE NOT EXISTS (SELECT 1 FROM supersession x WHERE x.period_id = p.id) AND " +
      where + " ORDER BY a.contract_title, p.service, p.clause_label, " + (v2 ? "p.resource" : "''") +
      ", p.start_unix, p.period");
  for (size_t k = 0; k < values.size(); ++k) s.bind(static_cast<int>(k + 1), values[k]);
  std::vector<CurrentPeriod> out;
  while (s.step()) out.push_back(read_current(s, v2));
  return out;
}

std::vector<ClaimEvent> events_of(Database& db, const CurrentPeriod& p) {
  std::vector<ClaimEvent> out;
  if (!has_claims(db)) return out;
  Statement s = db.prepare(
      "SELECT id, recorded_at, event, on_day, reference, amount_minor, reason FROM claim_event "
      "WHERE contract_title = ? AND service = ? AND clause_label = ? AND period = ? AND resource = ? ORDER BY id");
  s.bind(1, p.contract_title).bind(2, p.service).bind(3, p.clause_label).bind(4, p.period).bind(5, p.resource);
  while (s.step()) {
    ClaimEvent e;
    e.id = s.int64(0);
    e.recorded_at = s.text(1);
    e.kind = parse_claim_event(s.text(2)).value_or(ClaimEventKind::Filed);  // the CHECK admits only the four
    e.on_day = s.text(3);
    e.reference = s.text(4);
    if (!s.is_null(5)) e.amount_minor = s.int64(5);
    e.reason = s.text(6);
    out.push_back(std::move(e));
  }
  return out;
}

std::string period_name(const CurrentPeriod& p) {
  return "\"" + p.contract_title + "\" " + p.service + (p.clause_label.empty() ? "" : " \"" + p.clause_label + "\"") +
         (p.resource.empty() ? "" : " " + p.resource) + " " + p.period;
}

// The one current period the step names; otherwise why not.
CurrentPeriod find_period(Database& db, const ClaimStep& step) {
  std::string where = "p.service = ?1 AND p.period = ?2";
  std::vector<std::string> values = {step.service, step.period};
  if (step.contract_title) {
    where += " AND a.contract_title = ?" + std::to_string(values.size() + 1);
    values.push_back(*step.contract_title);
  }
  if (step.clause_label) {
    where += " AND p.clause_label = ?" + std::to_string(values.size() + 1);
    values.push_back(*step.clause_label);
  }
  if (step.resource) {
    where += " AND p.resource = ?" + std::to_string(values.size() + 1);
    values.push_back(*step.resource);
  }
  const std::vector<CurrentPeriod> found = current_periods(db, where, values);
  if (found.empty())
    throw LedgerError(db.path() + ": no recorded period " + step.period + " of service '" + step.service + "'" +
                      (step.contract_title ? " in contract \"" + *step.contract_title + "\"" : "") +
                      (step.clause_label ? " with clause label \"" + *step.clause_label + "\"" : "") +
                      (step.resource ? " for resource '" + *step.resource + "'" : "") +
                      " (`slaudit ledger history` lists what is recorded; a claim follows an audit)");
  if (found.size() > 1) {
    std::string list;  // the first few: a fleet's period matches every resource
    for (size_t k = 0; k < found.size() && k < 4; ++k) list += (list.empty() ? "" : "; ") + period_name(found[k]);
    if (found.size() > 4) list += "; and " + std::to_string(found.size() - 4) + " more";
    throw LedgerError(db.path() + ": " + std::to_string(found.size()) + " recorded periods match (" + list +
                      "): name one with --contract, --clause and --resource");
  }
  return found.front();
}

std::string day_text(const CivilDate& d) { return civil_date_text(d); }

// Why `step` cannot follow `before`, or "".
std::string step_problem(const ClaimProgress& before, const ClaimStep& step) {
  const std::string on = day_text(step.on);
  if (step.kind == ClaimEventKind::Filed)
    return before.filed_on ? "the claim was already filed on " + *before.filed_on + "; a claim is filed once" : "";
  if (!before.filed_on) return std::string("the claim was not filed: record `filed` first");
  if (on < *before.filed_on)
    return std::string("a claim ") + claim_event_name(step.kind) + " on " + on + " cannot come before its filing on " +
           *before.filed_on;
  if (before.stage == ClaimStage::Refused) return "the claim was refused (" + before.refused_reason.value_or("") + ")";
  switch (step.kind) {
    case ClaimEventKind::Accepted:
      if (before.stage == ClaimStage::Accepted) return "the claim was already accepted";
      if (before.stage == ClaimStage::Paid) return "the claim was already paid";
      return "";
    case ClaimEventKind::Refused:
      if (before.stage == ClaimStage::Paid) return "the claim was paid on " + before.last_paid_on.value_or("") +
                                                   ": a refusal cannot follow a payment";
      return "";
    case ClaimEventKind::Paid:
      if (before.last_paid_on && on < *before.last_paid_on)
        return "a payment on " + on + " cannot come before the earlier payment on " + *before.last_paid_on;
      return "";
    case ClaimEventKind::Filed:
      break;
  }
  return "";
}

int64_t paid_amount(const ClaimStep& step, const CurrentPeriod& p, const std::string& path) {
  const std::optional<Decimal> value = Decimal::parse(step.amount);
  if (!value || value->is_negative() || value->is_zero())
    throw LedgerError(path + ": bad amount '" + step.amount + "'; expected a positive decimal such as 120.00 (" +
                      p.currency + ")");
  const std::optional<int64_t> minor = value->scaled_to(p.currency_digits);
  if (!minor)
    throw LedgerError(path + ": the amount '" + step.amount + "' has more decimals than " + p.currency + " allows (" +
                      std::to_string(p.currency_digits) + ")");
  if (*minor > kMaxAmountMinor)
    throw LedgerError(path + ": the amount '" + step.amount + "' is over the largest amount slaudit records, " +
                      minor_units_decimal(kMaxAmountMinor, p.currency_digits) + " " + p.currency);
  return *minor;
}

// A claim's payments sum to at most kMaxAmountMinor, so the sum every report
// prints is exact in int64 however many payments there are.
void check_paid_total(const ClaimProgress& before, int64_t amount, const CurrentPeriod& p, const std::string& path) {
  if (before.paid_minor <= kMaxAmountMinor - amount) return;
  throw LedgerError(path + ": with this payment the claim's payments would sum to more than " +
                    minor_units_decimal(kMaxAmountMinor, p.currency_digits) + " " + p.currency +
                    ", the largest amount slaudit records");
}

// What the audit will say of a filing on that day, when it is out of time.
std::vector<std::string> filing_warnings(const ClaimStep& step, const CurrentPeriod& p) {
  std::vector<std::string> out;
  if (step.kind != ClaimEventKind::Filed) return out;
  const std::string on = day_text(step.on);
  if (p.deadline && on > *p.deadline)
    out.push_back("filed on " + on + ", after the deadline " + *p.deadline +
                  " the latest audit stated: an audit with this ledger owes nothing for the period");
  if (p.earliest && on < *p.earliest)
    out.push_back("filed on " + on + ", before the earliest day " + *p.earliest +
                  " the latest audit stated: an audit with this ledger owes nothing for the period");
  return out;
}

}  // namespace

const char* claim_event_name(ClaimEventKind kind) { return kEventNames[static_cast<size_t>(kind)]; }

std::optional<ClaimEventKind> parse_claim_event(std::string_view name) {
  for (size_t k = 0; k < kEventNames.size(); ++k)
    if (name == kEventNames[k]) return static_cast<ClaimEventKind>(k);
  return std::nullopt;
}

const char* claim_stage_name(ClaimStage stage) {
  switch (stage) {
    case ClaimStage::NotFiled: return "not filed";
    case ClaimStage::Filed: return "filed";
    case ClaimStage::Accepted: return "accepted";
    case ClaimStage::Paid: return "paid";
    case ClaimStage::Refused: return "refused";
  }
  return "?";
}

ClaimProgress progress_of(const std::vector<ClaimEvent>& events) {
  ClaimProgress out;
  for (const ClaimEvent& e : events) {
    switch (e.kind) {
      case ClaimEventKind::Filed:
        out.filed_on = e.on_day;
        out.reference = e.reference;
        if (out.stage == ClaimStage::NotFiled) out.stage = ClaimStage::Filed;
        break;
      case ClaimEventKind::Accepted:
        if (out.stage != ClaimStage::Paid) out.stage = ClaimStage::Accepted;
        break;
      case ClaimEventKind::Paid:
        out.paid_minor += e.amount_minor.value_or(0);
        out.last_paid_on = e.on_day;
        out.stage = ClaimStage::Paid;
        break;
      case ClaimEventKind::Refused:
        out.refused_reason = e.reason;
        out.stage = ClaimStage::Refused;
        break;
    }
  }
  return out;
}

ClaimStepRecorded record_claim_step(Database& db, const ClaimStep& step, const std::string& recorded_at) {
  if (file_schema_version(db) < 2)
    throw LedgerError(db.path() + ": the ledger must be opened for writing to record a claim");  // migrated then
  Transaction t(db);
  const CurrentPeriod p = find_period(db, step);
  const ClaimProgress before = progress_of(events_of(db, p));
  if (const std::string problem = step_problem(before, step); !problem.empty())
    throw LedgerError(db.path() + ": " + period_name(p) + ": " + problem + "; nothing was recorded");
  std::optional<int64_t> amount;
  if (step.kind == ClaimEventKind::Paid) {
    amount = paid_amount(step, p, db.path());
    check_paid_total(before, *amount, p, db.path());
  }
  Statement s = db.prepare(
      "INSERT INTO claim_event (recorded_at, contract_title, service, clause_label, period, event, on_day, reference, "
      "amount_minor, reason, resource) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  s.bind(1, recorded_at).bind(2, p.contract_title).bind(3, p.service).bind(4, p.clause_label).bind(5, p.period);
  s.bind(6, std::string(claim_event_name(step.kind))).bind(7, day_text(step.on));
  s.bind(8, step.reference.empty() ? std::nullopt : std::optional<std::string>(step.reference));
  s.bind(9, amount);
  s.bind(10, step.reason.empty() ? std::nullopt : std::optional<std::string>(step.reason));
  s.bind(11, p.resource);
  s.run();
  ClaimStepRecorded out;
  out.event_id = db.last_insert_id();
  out.contract_title = p.contract_title;
  out.service = p.service;
  out.clause_label = p.clause_label;
  out.period = p.period;
  out.resource = p.resource;
  out.progress = progress_of(events_of(db, p));
  out.warnings = filing_warnings(step, p);
  out.head = chain_claim_event(db, out.event_id);
  t.commit();
  return out;
}

const char* claim_standing_name(ClaimStanding standing) {
  switch (standing) {
    case ClaimStanding::FileBy: return "file_by_deadline";
    case ClaimStanding::NoDeadline: return "file_no_deadline";
    case ClaimStanding::Lapsed: return "lapsed";
    case ClaimStanding::OutOfTime: return "filed_out_of_time";
    case ClaimStanding::NothingOwed: return "nothing_owed";
    case ClaimStanding::AwaitingPayment: return "awaiting_payment";
    case ClaimStanding::PaidShort: return "paid_short";
    case ClaimStanding::Paid: return "paid";
    case ClaimStanding::Refused: return "refused";
  }
  return "?";
}

ClaimStanding standing_of(const ClaimRow& c, const std::string& as_of) {
  const ClaimProgress& p = c.progress;
  switch (p.stage) {
    case ClaimStage::NotFiled:
      if (!c.deadline) return ClaimStanding::NoDeadline;
      return as_of > *c.deadline ? ClaimStanding::Lapsed : ClaimStanding::FileBy;
    case ClaimStage::Refused:
      return ClaimStanding::Refused;
    case ClaimStage::Paid:
      return p.paid_minor >= c.owed_minor ? ClaimStanding::Paid : ClaimStanding::PaidShort;
    case ClaimStage::Filed:
    case ClaimStage::Accepted:
      break;
  }
  if ((c.deadline && *p.filed_on > *c.deadline) || (c.earliest && *p.filed_on < *c.earliest))
    return ClaimStanding::OutOfTime;
  return c.owed_minor == 0 && !c.credit_not_stated ? ClaimStanding::NothingOwed : ClaimStanding::AwaitingPayment;
}

bool needs_action(ClaimStanding s) {
  return s == ClaimStanding::FileBy || s == ClaimStanding::NoDeadline || s == ClaimStanding::AwaitingPayment ||
         s == ClaimStanding::PaidShort;
}

std::vector<ClaimRow> read_claims(Database& db) {
  const std::string with_events =
      has_claims(db) ? " OR EXISTS (SELECT 1 FROM claim_event e WHERE e.contract_title = a.contract_title AND "
                       "e.service = p.service AND e.clause_label = p.clause_label AND e.period = p.period AND "
                      "e.resource = p.resource)"
                     : "";
  // A period in a `not stated` tier earns a credit the contract does not put
  // a figure on: it is listed (to be claimed) although it owes 0 as far as stated.
  const std::string not_stated = file_schema_version(db) >= 3 ? " OR p.credit_not_stated = 1" : "";
  std::vector<ClaimRow> out;
  for (const CurrentPeriod& p : current_periods(db, "(p.owed_minor > 0" + not_stated + with_events + ")", {})) {
    ClaimRow row{p.contract_title, p.service,  p.clause_label, p.period,   p.resource, p.currency,
                 p.currency_digits, p.owed_minor, p.deadline,   p.earliest, p.audit_id, events_of(db, p),
                 {}};
    row.progress = progress_of(row.events);
    row.credit_not_stated = p.credit_not_stated;
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<LedgerFiling> read_filings(Database& db, const std::string& contract_title) {
  std::vector<LedgerFiling> out;
  if (!has_claims(db)) return out;
  Statement s = db.prepare(
      "SELECT service, clause_label, period, on_day, reference, resource FROM claim_event "
      "WHERE contract_title = ? AND event = 'filed' ORDER BY id");
  s.bind(1, contract_title);
  while (s.step()) {
    const std::optional<CivilDate> day = parse_civil_date(s.text(3));
    if (!day) throw LedgerError(db.path() + ": a claim event's day '" + s.text(3) + "' is not a date");
    out.push_back({s.text(0), s.text(1), s.text(2), s.text(5), *day, s.text(4)});
  }
  return out;
}

}  // namespace slaudit::ledger
