#include "report/csv/audit_csv.h"

#include "base/time/timestamp.h"
#include "engine/figures/figures.h"
#include "report/csv/csv_field.h"

namespace slaudit::report {

namespace {

// A figure's exact value as a fraction ("2419109/2592000", "600"): a spreadsheet divides it if it must.
std::string exact_text(const Rational& value) {
  return boost::multiprecision::denominator(value) == 1 ? boost::multiprecision::numerator(value).str() : value.str();
}

// A percentage as a plain number, six decimals, truncated toward zero (never
// overstated); the exact value is the next column.
std::string percent_number(const Rational& share) { return decimal_digits(share * 100, 6, true).text; }

std::string tier_text(const std::optional<model::CreditTier>& tier) {
  if (!tier) return "";
  return "below " + percent_text(tier->below);
}

std::string date_cell(const std::optional<model::CivilDate>& date) { return date ? date_text(*date) : ""; }

std::string gaps_text(const std::vector<std::string>& gaps) {
  std::string out;
  for (const std::string& gap : gaps) out += (out.empty() ? "" : "; ") + gap;
  return out;
}

}  // namespace

void write_periods_csv(const audit::AuditReport& r, const SourceFile& contract, std::ostream& out) {
  write_csv_row(out, {"service", "clause", "clause_line", "period", "start", "end", "partial", "target_percent",
                      "length_seconds", "excluded_seconds", "down_seconds", "eligible_seconds", "availability_percent",
                      "availability_exact", "verdict", "tier", "fee", "credit", "cap", "owed", "currency",
                      "claim_state", "claim_deadline", "claim_earliest", "evidence_gaps"});
  for (const audit::PeriodAudit& p : r.periods) {
    write_csv_row(out, {p.service, p.clause_label, std::to_string(contract.location(p.clause.begin).line), p.period,
                        format_utc(p.start), format_utc(p.end), p.partial ? "yes" : "no",
                        p.target ? p.target->value.to_string() : "", std::to_string(p.length.count()),
                        std::to_string(p.excluded.count()), exact_text(p.down), exact_text(p.eligible),
                        p.availability ? percent_number(*p.availability) : "",
                        p.availability ? exact_text(*p.availability) : "", audit::verdict_name(p.verdict()),
                        tier_text(p.tier), money_text(p.fee_minor, r.currency),
                        p.credit_not_stated ? "not stated" : money_text(p.credit_minor, r.currency),
                        p.cap_minor >= 0 ? money_text(p.cap_minor, r.currency) : "",
                        money_text(p.owed_minor, r.currency), r.currency.code, audit::claim_state_name(p.claim.state),
                        date_cell(p.claim.deadline), date_cell(p.claim.earliest), gaps_text(p.evidence_gaps)});
  }
}

// One of the log's labels of the finding's incident, "" when it gives none.
static std::string label_of(const audit::AuditReport& r, const audit::IncidentFinding& f,
                            std::string IncidentLabels::*field) {
  const IncidentLabels* given = r.incident_labels.at(f.line);
  return given ? given->*field : std::string();
}

void write_incidents_csv(const audit::AuditReport& r, const SourceFile& contract, std::ostream& out) {
  write_csv_row(out, {"service", "clause", "period", "incident", "log_line", "start", "end", "open", "role",
                      "down_seconds", "excluded_seconds", "clause_line", "reason", "title", "url", "ticket"});
  for (const audit::PeriodAudit& p : r.periods)
    for (const audit::IncidentFinding& f : p.incidents)
      write_csv_row(out, {p.service, p.clause_label, p.period, f.id, f.line ? std::to_string(f.line) : "",
                          format_utc(f.start), format_utc(f.end), f.open ? "yes" : "no",
                          audit::incident_role_name(f.role), std::to_string(f.down.count()),
                          std::to_string(f.excluded.count()), std::to_string(contract.location(f.clause.begin).line),
                          std::string(f.reason.view()), label_of(r, f, &IncidentLabels::title),
                          label_of(r, f, &IncidentLabels::url), label_of(r, f, &IncidentLabels::ticket)});
}

}  // namespace slaudit::report
