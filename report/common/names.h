#pragma once
// Words for the audit's enumerations in reports. Incident roles and claim
// states use audit::incident_role_name and audit::claim_state_name (report.h);
// those words are enums of the JSON schema (docs/audit-report.schema.json), and
// the report tests pin them.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/audit/report.h"

namespace slaudit::report {

std::string_view time_state_word(audit::TimeState state);  // "up", "down", "excluded"

// For prose (text and Markdown): "below threshold", "filed late".
std::string spoken(std::string_view word);  // underscores to spaces
std::string_view claim_phrase(audit::ClaimState state);
// "1 breach", "2 breaches": `plural` is the word with its plural ending.
std::string counted(size_t count, std::string_view singular, std::string_view plural);
// The gaps in a period's evidence that the audit's own gaps do not already
// say (those apply to every period and are stated once).
std::vector<std::string> period_only_gaps(const audit::AuditReport& report, const audit::PeriodAudit& period);
// "every SLA met", "SLA breached", "not assessed: ...", "no breach found, but the evidence is incomplete".
std::string result_phrase(const audit::AuditReport& report);

// The audit's instant (AuditReport::judged_at) in words: "2026-12-07T00:00:00Z
// (periods not ended by then are in progress, those not begun are not assessed)";
// the text report's line is "judged as of " and these words.
std::string judged_at_words(Instant at);
std::string judged_at_line(Instant at);

// An incident's down time in minutes, for prose: "360 min", and under a
// weighted clause with its weight and weighted minutes, "360 min × 25% = 90 min
// weighted" (before the minimum-downtime and partial-minute rules, as the
// down minutes are).
std::string down_minutes_words(const audit::IncidentFinding& finding);

// "a, b, c" for `separator` ", ": a list of ids or names in one line; past
// `limit` items, the rest are counted: "a, b and 3 more".
std::string joined(const std::vector<std::string>& items, std::string_view separator, size_t limit = SIZE_MAX);

// Lists meant for people (the text report without --explain, Markdown, HTML)
// name at most this many items (breaches, rejected records, incidents) and
// count the rest, so a report stays readable and small whatever the log's
// size; --explain and the JSON report list every one.
inline constexpr size_t kListedAtMost = 100;

}  // namespace slaudit::report
