#pragma once
// The what-if replay: one outage history through one contract. Internal to
// engine/selection (compare_vendors.h is its public face); tests call it.
#include "engine/selection/compare_vendors.h"

namespace slaudit::selection {

// What the history cost the training job: every incident not caused by the
// customer stops the whole job from its start until it is recovered (its
// `recovered` time, else its end, else the end of the window), clipped to the
// window; overlaps count once.
HistorySummary summarize_history(const ReplayInput& replay);

// The days a contract audits: the range given, or the local days (in the
// contract's zone) from the window's first instant to its last.
std::optional<audit::AuditRange> replay_range(const ReplayInput& replay, const model::Contract& contract);

// The history through one contract: audited with the contract's own rules
// (its service renamed onto every incident), then priced.
ReplayOutcome replay_history(const VendorInput& vendor, const ReplayInput& replay, const HistorySummary& history);

}  // namespace slaudit::selection
