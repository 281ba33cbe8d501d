#pragma once
// PagerDuty incidents as an incident source (docs/inputs.md, "PagerDuty").
//
// `pagerduty`: the JSON of the REST API v2 `GET /incidents`, one page
// ({"incidents":[...],"limit":..,"offset":..,"more":..}), several pages
// concatenated as a JSON array of pages, or as JSON Lines (one page a line:
// what `curl ... >> pages.jsonl` in a pagination loop leaves). Each element
// of `incidents` is one record.
// `pagerduty-csv`: a CSV of incidents, one row a record, with a header row.
// Its columns: the API's field names (`id`, `incident_number`, `title`,
// `status`, `urgency`, `priority`, `service_name`, `created_at`,
// `resolved_at`, `last_status_change_at`, `html_url`), with the names of the
// web UI's incident CSV download as aliases (`description` for `title`,
// `created_on`, `resolved_on`, `priority_name`, `url`). PagerDuty documents no
// column list for that download: columns not named here are not read and are
// listed once in a note, never rejected.
//
// The mapping (both forms):
//  - service: the service's `summary` (CSV `service_name`) through
//    SourceNames::resolve; one that maps to no service of the contract makes
//    the record "not for this contract" once its id and service are read
//    (its other fields are then not checked: it is no evidence for this
//    contract either way);
//  - start: `created_at`, when PagerDuty triggered the incident;
//  - end: `resolved_at`; for status `resolved` without it (list responses
//    before 2023 carry none) `last_status_change_at`, the time of the change
//    to resolved, said in a note; a triggered or acknowledged incident is
//    open (the audit runs it to the end of its period);
//  - every incident counts, whatever its urgency (high or low) or priority:
//    the contract's clauses decide what is excluded, not the on-call tool's
//    paging policy; the urgencies and priorities seen are counted in a note;
//  - id `id`; title `title`; url `html_url`; ticket `incident_number`.
// Rejected: a missing or malformed id, service, created_at or status; a
// status other than triggered, acknowledged or resolved; an urgency other
// than high or low; a resolved incident with neither end time, or one that
// ends before it starts; resolved_at on an incident not resolved; a title,
// url or ticket that is no printable name (name_problem). The same id twice
// (offset pagination repeats an incident when new ones arrive between
// pages): "duplicate of line N (identical)" or "duplicate id 'X' with
// different content (first at line N)", the first kept.
#include <string_view>

#include "telemetry/incidents/incident_reader.h"
#include "telemetry/sources/source_log.h"

namespace slaudit {

IncidentLogResult read_pagerduty(std::string_view content, const SourceReadOptions& options);
IncidentLogResult read_pagerduty_csv(std::string_view content, const SourceReadOptions& options);

}  // namespace slaudit
