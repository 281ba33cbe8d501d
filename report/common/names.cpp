#include "report/common/names.h"

#include <algorithm>

#include "base/time/timestamp.h"
#include "engine/figures/figures.h"

namespace slaudit::report {

std::string_view time_state_word(audit::TimeState state) {
  switch (state) {
    case audit::TimeState::Up: return "up";
    case audit::TimeState::Down: return "down";
    case audit::TimeState::Excluded: return "excluded";
  }
  return "unknown";
}

std::string judged_at_words(Instant at) {
  return format_utc(at) + " (periods not ended by then are in progress, those not begun are not assessed)";
}

std::string judged_at_line(Instant at) { return "judged as of " + judged_at_words(at); }

std::string spoken(std::string_view word) {
  std::string out(word);
  for (char& c : out)
    if (c == '_') c = ' ';
  return out;
}

std::string_view claim_phrase(audit::ClaimState state) {
  switch (state) {
    case audit::ClaimState::NotGiven: return "no claim date given";
    case audit::ClaimState::InTime: return "claim filed in time";
    case audit::ClaimState::Late: return "claim filed late";
    case audit::ClaimState::TooEarly: return "claim filed too early";
  }
  return "claim state unknown";
}

std::string down_minutes_words(const audit::IncidentFinding& finding) {
  std::string words = minutes_text(finding.down) + " min";
  if (!finding.weight) return words;
  return words + " × " + share_text(audit::Rational(finding.weight->num) / finding.weight->den) + " = " +
         minutes_text(finding.weighted_down()) + " min weighted";
}

std::string counted(size_t count, std::string_view singular, std::string_view plural) {
  return std::to_string(count) + " " + std::string(count == 1 ? singular : plural);
}

std::string joined(const std::vector<std::string>& items, std::string_view separator, size_t limit) {
  std::string out;
  const size_t shown = std::min(items.size(), limit);
  for (size_t i = 0; i < shown; ++i) {
    if (i > 0) out += separator;
    out += items[i];
  }
  if (shown < items.size()) out += " and " + std::to_string(items.size() - shown) + " more";
  return out;
}

std::vector<std::string> period_only_gaps(const audit::AuditReport& report, const audit::PeriodAudit& period) {
  std::vector<std::string> out;
  for (const std::string& gap : period.evidence_gaps)
    if (std::find(report.evidence_gaps.begin(), report.evidence_gaps.end(), gap) == report.evidence_gaps.end())
      out.push_back(gap);
  return out;
}

std::string result_phrase(const audit::AuditReport& report) {
  if (report.verdict == audit::Verdict::Breached) return "SLA breached";
  if (report.verdict == audit::Verdict::NotAssessed) {
    size_t unassessed = 0;
    for (const audit::PeriodAudit& p : report.periods) unassessed += p.verdict() == audit::Verdict::NotAssessed;
    for (const audit::RecoveryAudit& r : report.recovery) unassessed += !r.assessed;
    if (unassessed == 0) return "not assessed: no period of the contract falls in the range";
    return "not assessed: " + counted(unassessed, "period or clause", "periods or clauses") +
           " without usable evidence, and no breach found in the rest";
  }
  if (!report.evidence_complete()) return "no breach found, but the evidence is incomplete";
  return "every SLA met";
}

}  // namespace slaudit::report
