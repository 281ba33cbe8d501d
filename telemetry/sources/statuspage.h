#pragma once
// Atlassian Statuspage, API v2: the documents any Statuspage-hosted page
// serves to anyone, read as incidents (docs/inputs.md, "Statuspage").
//
//   /api/v2/incidents.json             {"page": {...}, "incidents": [...]}  (the 50 most recent)
//   /api/v2/incidents/unresolved.json  {"page": {...}, "incidents": [...]}
//   /api/v2/scheduled-maintenances.json {"page": {...}, "scheduled_maintenances": [...]}
//
// One reader: it reads whichever of the two arrays the document holds (both,
// for summary.json). A record is one element of an array.
//
// The mapping (what Statuspage leaves open, decided here):
// - Kind. A record whose status is a maintenance's (scheduled, in_progress,
//   verifying, completed) is a maintenance; one whose status is an incident's
//   (investigating, identified, monitoring, resolved, postmortem) is an
//   incident. Under "scheduled_maintenances" only maintenances are accepted.
// - Places. One incident per component the record names (its `components`
//   and the `affected_components` of its `incident_updates`, by component id
//   = `code`) whose name SourceNames::resolve maps to a contract service; id
//   `RECORD_ID/COMPONENT_ID`, component the map's or the Statuspage name
//   lower_snake'd, title `name`, url `shortlink`.
// - State of a component: the worst `new_status` the record's updates gave
//   it (operational < degraded_performance < under_maintenance <
//   partial_outage < major_outage); when no update names it, its status in
//   `components` if the record is still open (that is the live status; once
//   resolved it is the status after); otherwise the record's `impact`,
//   which Statuspage derives from the component statuses (critical:
//   major_outage, major: partial_outage, minor: degraded_performance, none:
//   operational, maintenance: under_maintenance), said in a note.
// - Down: major_outage, partial_outage and under_maintenance. The state is
//   the incident's fault class, so a contract can exclude partial outages by
//   fault; Statuspage gives no share, so a partial outage counts in full
//   (noted). degraded_performance and operational are not downtime (noted).
// - Cause: maintenance for a maintenance record, an impact of maintenance or
//   the state under_maintenance, with notice `created_at` (when the page
//   published it); provider otherwise.
// - Times. Incident: start `started_at`, else `created_at`; end `resolved_at`.
//   Resolved or postmortem without `resolved_at` is rejected; an unresolved
//   status with no `resolved_at` is open (one with it is rejected).
//   Maintenance: start `started_at`, else `scheduled_for`; end `resolved_at`,
//   else, once completed, `scheduled_until`; in_progress or verifying without
//   `resolved_at` is open; scheduled has not begun: no downtime.
//   Statuspage writes milliseconds (`2014-05-14T14:22:39.441-06:00`): the
//   fraction is floored to the second (audits run at one-second resolution),
//   and the log's notes say how many timestamps were.
// - A record none of whose components maps to a contract service is not for
//   this contract; so is one naming no component whose impact is none or
//   minor. A record with a mapped component that took no service down
//   (degraded or operational only, or a maintenance not begun) is used, with
//   no incident; the notes count each kind. A record naming no component
//   whose impact says something was down (major, critical, maintenance) is
//   rejected: it cannot be placed on a service.
// - Duplicates: a record whose id an earlier record (used or not for this
//   contract) carried is rejected: "duplicate of line N (identical)" when the
//   two are the same JSON, "duplicate id 'X' with different content (first
//   at line N)" when not.
// Fields not named here (page, updated_at, body, ...) are not read.
#include <string_view>

#include "telemetry/incidents/incident_reader.h"
#include "telemetry/sources/source_log.h"

namespace slaudit {

IncidentLogResult read_statuspage(std::string_view content, const SourceReadOptions& options);

}  // namespace slaudit
