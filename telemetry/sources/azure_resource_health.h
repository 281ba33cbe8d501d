#pragma once
// Azure Resource Health availability statuses as incidents
// (`--incidents-format azure-resource-health`): the response of
// `GET {resourceUri}/providers/Microsoft.ResourceHealth/availabilityStatuses?api-version=...`
// (and of the subscription- and resource-group-wide lists), as `az rest`
// prints it: {"value": [{id, name, type, location, properties:
// {availabilityState, title, summary, reasonType, occuredTime (sic),
// reportedTime, ...}}], "nextLink"?}; pages appended one a line, or a bare
// array of statuses, are read too.
//
// Statuses are snapshots of a resource's state, so they are read as
// transitions (as telemetry/status/ reads a status history):
//  - the resource: the status's `id` without its
//    `/providers/Microsoft.ResourceHealth/...` tail; its statuses are sorted
//    by occuredTime (the instant the state began; reportedTime is when Azure
//    said so, later).
//  - Unavailable begins an outage; the next Available or Degraded ends it
//    (that status's occuredTime is the end); a history that ends Unavailable
//    is an open incident. Repeated Unavailables are one outage, which takes
//    its cause and title from the first.
//  - Degraded is not downtime: Resource Health means by it that the resource
//    still serves, with lower performance; it is counted in a note.
//  - Unknown says nothing new: the state before it stays in force (an outage
//    goes on through Unknown, an available resource stays available), so
//    Unknown never shortens downtime nor invents it; counted in a note.
//  - Before a resource's first status nothing is known and nothing is counted.
//  - cause: reasonType Planned is maintenance (its notice is unknown: the
//    statuses do not say when it was announced), UserInitiated (or Customer
//    Initiated) the customer's, anything else or none the provider's.
//  - service: the resource type from the id ("Microsoft.Compute/virtualMachines",
//    nested types joined: "Microsoft.Sql/servers/databases") through
//    SourceNames::resolve (the user's map, else its lower_snake_name).
//  - incident id: the resource id, '@' and the outage's start (UTC).
//  - two statuses of one resource at one instant: the same state, cause and
//    title is one status said twice (the later rejected: "duplicate of line N
//    (identical)"); otherwise which one held is unknowable, and every status of
//    that resource at that instant is rejected.
// Every status is used (it began, continued or ended an outage, or said the
// resource was up), rejected, or not for this contract (a resource type the
// contract does not name).
#include <string_view>

#include "telemetry/sources/source_log.h"

namespace slaudit {

IncidentLogResult read_azure_resource_health(std::string_view content, const SourceReadOptions& options);

}  // namespace slaudit
