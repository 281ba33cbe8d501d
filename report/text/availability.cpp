// The availability part of the text report: one table row per audited
// period, then what the table cannot hold (partial periods, claims, notes),
// then with --explain every figure's derivation and every incident's fate.
#include <string>

#include "report/common/claim_words.h"
#include "report/common/amounts.h"
#include "report/common/cap_words.h"
#include "report/common/clause_ref.h"
#include "engine/figures/figures.h"
#include "report/common/names.h"
#include "report/text/sections.h"
#include "report/text/text_table.h"

namespace slaudit::report {

namespace {

// The service, and the clause's label when it tells two clauses apart.
std::string clause_name(const audit::PeriodAudit& period) {
  if (period.clause_label.empty() || period.clause_label == period.service) return period.service;
  return period.service + "/" + period.clause_label;
}

std::string tier_text(const std::optional<model::CreditTier>& tier, const model::Currency& currency) {
  if (!tier) return "-";
  return "<" + percent_text(tier->below) + ": " + tier_credit_text(*tier, currency);
}

std::string status_text(const audit::PeriodAudit& period) {
  const audit::Verdict verdict = period.verdict();
  std::string out = verdict == audit::Verdict::NotAssessed ? "not assessed"
                    : !period.target                       ? "-"
                    : period.met                           ? "met"
                                                           : "missed";
  return period.evidence_complete() ? out : out + " (incomplete)";
}

std::string claim_by_or_dash(const audit::PeriodAudit& period) {
  std::string text = claim_by_text(period);
  return text.empty() ? "-" : text;
}

std::vector<std::string> period_row(const TextContext& context, const audit::PeriodAudit& period) {
  const model::Currency& currency = context.report.currency;
  return {clause_name(period),
          period.period + (period.partial ? "*" : ""),
          period.target ? percent_text(*period.target) : "-",
          minutes_text(period.eligible),
          minutes_text(period.down),
          minutes_text(period.excluded),
          period.availability ? percent_text(*period.availability) : "-",
          tier_text(period.tier, currency),
          credit_cell_text(period.credit_minor, period.credit_not_stated, currency),
          cap_text(period.cap_minor, period.caps, currency, false),
          amount_text(period.owed_minor, currency),
          claim_by_or_dash(period),
          status_text(period)};
}

TextTable period_table(const TextContext& context) {
  using C = TextTable::Column;
  TextTable table({C{"service", Align::Left}, C{"period", Align::Left}, C{"target", Align::Right},
                   C{"eligible min", Align::Right}, C{"down min", Align::Right}, C{"excluded min", Align::Right},
                   C{"availability", Align::Right}, C{"tier", Align::Left}, C{"credit", Align::Right},
                   C{"cap", Align::Right}, C{"owed", Align::Right}, C{"claim by", Align::Left},
                   C{"status", Align::Left}});
  for (const audit::PeriodAudit& period : context.report.periods) table.add_row(period_row(context, period));
  return table;
}

std::string claim_text(const TextContext& context, const audit::ClaimStatus& claim) {
  std::string text(claim_phrase(claim.state));
  if (claim.claimed) text += " on " + date_text(*claim.claimed);
  if (claim.earliest) text += ", earliest " + date_text(*claim.earliest);
  if (claim.deadline) text += ", deadline " + date_text(*claim.deadline);
  // The audit's own wording (claim.reason) is in the explanations (--explain, JSON).
  return text + " — " + clause_location(context.contract, claim.clause);
}

// Facts about a period that change what is owed but have no column.
std::string period_remarks(const TextContext& context, const audit::PeriodAudit& period) {
  const std::string who = "  " + clause_name(period) + " " + period.period + ": ";
  std::string out;
  if (period.partial) out += who + "* partial period, " + period.partial_rule + "\n";
  if (period.credit_minor > 0 || period.credit_not_stated || period.claim.state != audit::ClaimState::NotGiven)
    out += who + claim_text(context, period.claim) + "\n";
  if (period.free_hours > 0)
    out += who + std::to_string(period.free_hours) + " clock hours over the hour rule, " +
           amount_with_code(period.hour_rule_minor, context.report.currency) + " credited without a claim\n";
  for (const std::string& note : period.notes) out += who + amounts_grouped(note, context.report.currency) + "\n";
  for (const std::string& gap : period_only_gaps(context.report, period)) out += who + "evidence incomplete: " + gap + "\n";
  return out;
}

// ' "Elevated errors" [OPS-1]': the log's title and ticket beside the id (names: nothing to escape).
std::string labels_text(const IncidentLabels* labels) {
  if (!labels) return "";
  std::string out;
  if (!labels->title.empty()) out += " \"" + labels->title + "\"";
  if (!labels->ticket.empty()) out += " [" + labels->ticket + "]";
  return out;
}

std::string incident_line(const TextContext& context, const audit::IncidentFinding& finding) {
  // Line 0: a group's downtime derived from its members' incidents, on no line of the log.
  const std::string where = finding.line ? " (line " + std::to_string(finding.line) + ") " : " ";
  std::string line = "      " + finding.id + labels_text(context.report.incident_labels.at(finding.line)) + where +
                     spoken(audit::incident_role_name(finding.role)) + ": " + std::string(finding.reason.view()) + "; " +
                     instant_text(context, finding.start) + " to " + instant_text(context, finding.end) +
                     (finding.open ? " (open)" : "") + ", down " + down_minutes_words(finding) + ", excluded " +
                     minutes_text(finding.excluded) + " min";
  for (const std::string& flag : finding.flags) line += "; " + flag;
  return line + " — " + clause_location(context.contract, finding.clause) + "\n";
}

void write_period_explanation(const TextContext& context, const audit::PeriodAudit& period, ChunkedOutput& out) {
  out += "  " + clause_name(period) + " " + period.period + " — " + clause_location(context.contract, period.clause) + "\n";
  out += "    from " + instant_text(context, period.start) + " to " + instant_text(context, period.end) + "\n";
  out += text_explanations(context, period.explain, "    ");
  if (period.incidents.empty()) {
    out += "    incidents: none\n";
    return;
  }
  out += "    incidents:\n";
  for (const audit::IncidentFinding& finding : period.incidents) out += incident_line(context, finding);
}

}  // namespace

void write_availability(const TextContext& context, ChunkedOutput& out) {
  const audit::AuditReport& report = context.report;
  if (report.periods.empty()) {
    out += "Availability: no period audited\n";
    return;
  }
  out += "Availability (minutes; amounts in " + report.currency.code + ")\n";
  out += period_table(context).render("  ");
  for (const audit::PeriodAudit& period : report.periods) out += period_remarks(context, period);
  if (!context.explain) return;
  out += "\nHow each figure was derived\n";
  for (const audit::PeriodAudit& period : report.periods) write_period_explanation(context, period, out);
}

}  // namespace slaudit::report
