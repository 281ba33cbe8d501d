#include "report/common/claim_words.h"

#include <set>

#include "engine/figures/figures.h"

namespace slaudit::report {

namespace {

// A credit of the tiers or of lost time, which is paid on a claim (the hour
// rule's hours are credited without one).
bool needs_claim(const audit::PeriodAudit& period) { return period.credit_minor > 0 || period.credit_not_stated; }

std::string filed_words(const audit::ClaimStatus& claim) {
  if (!claim.claimed) return "";
  const std::string on = date_text(*claim.claimed);
  switch (claim.state) {
    case audit::ClaimState::NotGiven: return "";
    case audit::ClaimState::InTime: return " (filed " + on + ")";
    case audit::ClaimState::Late: return " (filed late " + on + ")";
    case audit::ClaimState::TooEarly: return " (filed too early " + on + ")";
  }
  return "";
}

}  // namespace

std::string claim_by_text(const audit::PeriodAudit& period) {
  if (!needs_claim(period)) return "";
  if (!period.claim.deadline) return "not stated";
  return date_text(*period.claim.deadline) + filed_words(period.claim);
}

std::string total_claim_phrase(const audit::AuditReport& report) {
  std::set<std::string> open;  // deadlines of credits not yet claimed, in date order (ISO dates sort as text)
  size_t in_time = 0, needing = 0;
  for (const audit::PeriodAudit& p : report.periods) {
    // A credit lost to a late claim is not in the total; one not stated is owed, though counted as 0.
    const bool claim_open = p.claim.state == audit::ClaimState::InTime || p.claim.state == audit::ClaimState::NotGiven;
    if (!needs_claim(p) || (p.owed_minor == 0 && !(p.credit_not_stated && claim_open))) continue;
    ++needing;
    if (p.claim.state == audit::ClaimState::InTime) ++in_time;
    else if (p.claim.deadline) open.insert(date_text(*p.claim.deadline));
  }
  if (needing == 0) return "";
  if (open.empty()) return in_time == needing ? "claimed in time" : "";
  if (open.size() == 1) return "claim by " + *open.begin();
  return "claim by " + *open.begin() + " at the earliest, each period's deadline beside it";
}

}  // namespace slaudit::report
