#include "report/common/claim_letter.h"

#include "base/time/format_local.h"
#include "base/time/timestamp.h"
#include "base/time/time_zone.h"
#include "engine/figures/figures.h"
#include "report/common/amounts.h"

namespace slaudit::report {

namespace {

bool claimable(const audit::PeriodAudit& p) {
  return p.verdict() == audit::Verdict::Breached && (p.owed_minor > 0 || p.credit_not_stated);
}

std::vector<std::string> clause_lines(const SourceFile& source, SourceRange range) {
  std::vector<std::string> out;
  const uint32_t first = source.location(range.begin).line;
  const uint32_t last = source.location(range.end > range.begin ? range.end - 1 : range.begin).line;
  for (uint32_t line = first; line <= last && line <= source.line_count(); ++line)
    out.emplace_back(source.line_text(line));
  return out;
}

std::string amount_claimed(const audit::AuditReport& report, const audit::PeriodAudit& p) {
  if (p.credit_not_stated)
    return "a credit in the tier " + tier_words(*p.tier, report.currency) + ", whose amount the contract does not state";
  return amount_with_code(p.owed_minor, report.currency);
}

std::vector<std::pair<std::string, std::string>> figures(const audit::AuditReport& report, const audit::PeriodAudit& p) {
  std::vector<std::pair<std::string, std::string>> out;
  out.emplace_back("Period", p.period + " (" + report.timezone + ")");
  out.emplace_back("Eligible time", minutes_text(p.eligible) + " min");
  out.emplace_back("Downtime counted", minutes_text(p.down) + " min");
  if (p.availability) out.emplace_back("Availability", percent_text(*p.availability));
  if (p.target) out.emplace_back("Target", percent_text(*p.target));
  if (p.tier) out.emplace_back("Credit tier", tier_words(*p.tier, report.currency));
  out.emplace_back("Fee for the period", amount_with_code(p.fee_minor, report.currency));
  out.emplace_back("Amount claimed", amount_claimed(report, p));
  if (p.claim.earliest) out.emplace_back("Claims accepted from", date_text(*p.claim.earliest));
  if (p.claim.deadline) out.emplace_back("Claim deadline", date_text(*p.claim.deadline));
  return out;
}

std::vector<LetterIncident> incidents(const audit::PeriodAudit& p, const std::optional<TimeZone>& zone,
                                      const audit::IncidentLabelsByLine& labels) {
  std::vector<LetterIncident> out;
  for (const audit::IncidentFinding& f : p.incidents) {
    if (f.role != audit::IncidentRole::Down) continue;
    const auto when = [&](Instant at) { return zone ? format_local(at, *zone) : format_utc(at); };
    const IncidentLabels* given = labels.at(f.line);
    out.push_back({f.id, when(f.start), when(f.end), minutes_text(f.down),
                   given ? std::make_shared<const IncidentLabels>(*given) : nullptr});
  }
  return out;
}

ClaimLetter letter(const audit::AuditReport& report, const model::Contract& contract, const SourceFile& source,
                   const audit::PeriodAudit& p, const std::optional<TimeZone>& zone) {
  ClaimLetter l;
  l.to = contract.provider.value_or("(the provider: the contract names none)");
  l.from = contract.customer.value_or("(the customer: the contract names none)");
  const std::string who = p.clause_label.empty() ? p.service : p.service + " (" + p.clause_label + ")";
  l.subject = "Service credit claim: " + who + ", " + p.period + ", under \"" + report.contract_title + "\"";
  l.date_line = p.claim.claimed ? date_text(*p.claim.claimed)
                                : "____________ (to be filed" +
                                      (p.claim.deadline ? " by " + date_text(*p.claim.deadline) : std::string()) +
                                      (p.claim.earliest ? ", not before " + date_text(*p.claim.earliest) : std::string()) + ")";
  l.opening = "Under the availability commitment for " + who + " quoted below, we claim " + amount_claimed(report, p) +
              " for " + p.period + ": the service was available " +
              (p.availability ? percent_text(*p.availability) : std::string("(not assessed)")) + " of the eligible time" +
              (p.target ? ", against a target of " + percent_text(*p.target) : std::string()) + ".";
  for (const auto& clause : contract.availability)
    if (clause.range == p.clause && clause.payout) l.opening += " The contract pays it as " + *clause.payout + ".";
  l.clause_ref = source.name() + ":" + std::to_string(source.location(p.clause.begin).line);
  l.clause_lines = clause_lines(source, p.clause);
  l.figures = figures(report, p);
  l.incidents = incidents(p, zone, report.incident_labels);
  l.incidents_note = "Times in " + report.timezone + " with their UTC offset, clipped to the period; minutes as "
                     "each incident ran, before the contract's counting rules (the counted total is above).";
  l.evidence = report.inputs;
  l.closing = "The figures were computed by slaudit " + report.engine_version + " (tzdata " + report.tzdata_version +
              ") from the files above, named by their SHA-256 digests, and can be recomputed from them.";
  return l;
}

}  // namespace

std::vector<ClaimLetter> claim_letters(const audit::AuditReport& report, const model::Contract& contract,
                                       const SourceFile& source) {
  const std::optional<TimeZone> zone = TimeZone::find(report.timezone);
  std::vector<ClaimLetter> out;
  for (const audit::PeriodAudit& p : report.periods)
    if (claimable(p)) out.push_back(letter(report, contract, source, p, zone));
  return out;
}

}  // namespace slaudit::report
