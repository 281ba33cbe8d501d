#pragma once
// What every fleet view (text, Markdown, HTML) lists of a fleet audit, chosen
// once so the views cannot disagree: the breached resource periods in the
// order a reader acts on them, the fleet's availability in bands, and the
// evidence gaps of every resource period, each text once.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/audit/fleet_audit.h"

namespace slaudit::report {

// The breached resource periods, the most owed first; ties in the report's
// order (resource id, then clause, then period).
std::vector<const audit::ResourcePeriod*> breached_by_owed(const audit::FleetReport& report);

// One band of availability: [at_least, below) in percent, or the periods not assessed.
struct AvailabilityBand {
  std::string label;         // "99.9% to 99.99%", "100%", "below 95%", "not assessed"
  size_t resource_periods = 0;
  size_t breached = 0;       // of them
};

// Every resource period (groups' periods left out) in exactly one band, compared exactly: 100%,
// [99.99, 100), [99.9, 99.99), [99.5, 99.9), [99, 99.5), [95, 99), below 95%,
// not assessed. Bands fixed across contracts, so two fleets' tables compare.
// Empty when no resource period was audited (a fleet audited by groups only).
std::vector<AvailabilityBand> availability_bands(const audit::FleetReport& report);

// The gaps of the audit and of each resource period, each text once and
// sorted after the audit's own; past kListedAtMost, a last line says how many
// more the JSON report holds.
std::vector<std::string> fleet_evidence_gaps(const audit::FleetReport& report);

// Per total with groups: "ec2 2026-11: 3 groups audited (group-level clauses), 1 breached".
std::vector<std::string> group_lines(const audit::FleetReport& report);

// The claim deadline as a date, or `none` (each view's dash) when no credit is owed.
std::string claim_deadline_text(const std::optional<model::CivilDate>& deadline, std::string_view none);

// "3 resource periods", "1 group period", "3 resource periods and 1 group period":
// a group-level clause's period is not a resource's, so the two are counted apart.
std::string periods_phrase(const std::vector<const audit::ResourcePeriod*>& periods);

// "every resource met its SLA", "3 resource periods breached", "not assessed: ...".
std::string fleet_result_phrase(const audit::FleetReport& report);

}  // namespace slaudit::report
