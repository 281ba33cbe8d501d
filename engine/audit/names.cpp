#include "engine/audit/report.h"

namespace slaudit::audit {

const char* incident_role_name(IncidentRole role) {
  switch (role) {
    case IncidentRole::Down: return "down";
    case IncidentRole::Excluded: return "excluded";
    case IncidentRole::BelowThreshold: return "below_threshold";
    case IncidentRole::IgnoredShort: return "ignored_short";
    case IncidentRole::Overlapped: return "overlapped";
  }
  return "down";
}

const char* claim_state_name(ClaimState state) {
  switch (state) {
    case ClaimState::NotGiven: return "not_given";
    case ClaimState::InTime: return "in_time";
    case ClaimState::Late: return "late";
    case ClaimState::TooEarly: return "too_early";
  }
  return "not_given";
}

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::Met: return "met";
    case Verdict::Breached: return "breached";
    case Verdict::NotAssessed: return "not_assessed";
  }
  return "";
}

bool AuditReport::evidence_complete() const {
  if (!evidence_gaps.empty()) return false;
  for (const PeriodAudit& p : periods)
    if (!p.evidence_complete()) return false;
  return true;
}

}  // namespace slaudit::audit
