#pragma once
// Google Cloud's public status history as incidents (`--incidents-format
// gcp-status`): https://status.cloud.google.com/incidents.json, a JSON array
// of incidents {id, number, begin, created, end, modified, external_desc,
// updates, status_impact, severity, service_key, service_name,
// affected_products: [{title, id}], currently_affected_locations and
// previously_affected_locations: [{title, id}], uri}.
//
// The mapping (docs/inputs.md, "Google Cloud status"):
//  - start: `begin` (when the problem began, which Google may date back
//    before `created`); end: `end`; no `end` is an open incident.
//  - status_impact SERVICE_OUTAGE and SERVICE_DISRUPTION are both incidents:
//    the page says a disruption is a partial outage or degraded service, and
//    which of them the contract counts as downtime is the contract's to say,
//    not the reader's. The fault class is the impact's lower-case name
//    (`service_outage`, `service_disruption`), so `exclude fault in
//    (service_disruption);` counts outages only. SERVICE_INFORMATION is no
//    outage: not for this contract, counted in a note. `severity` is not read
//    (the impact says it).
//  - services: each affected product's title ("Google Compute Engine")
//    through SourceNames::resolve (the user's map, else its lower_snake_name,
//    `google_compute_engine`); no affected_products: the incident's
//    service_name. Products that map to nothing are listed in the notes.
//  - locations: the union of currently and previously affected locations
//    (their ids, "us-central1"); one incident per mapped service and location,
//    with the location as its region ("global" names no region), or one per
//    service when no location is given. Id: `ID/SERVICE[:COMPONENT][/LOCATION]`.
//  - labels: title external_desc, url https://status.cloud.google.com/ + uri.
//  - the same id twice: the first is used, the later rejected as "duplicate
//    of line N (identical)" or "... different content (first at line N)".
#include <string_view>

#include "telemetry/sources/source_log.h"

namespace slaudit {

IncidentLogResult read_gcp_status(std::string_view content, const SourceReadOptions& options);

}  // namespace slaudit
