#pragma once
// AWS Health events as incidents (`--incidents-format aws-health`). Two forms,
// told apart by content, record by record:
//  - `aws health describe-events --output json`: {"events": [{arn, service,
//    eventTypeCode, eventTypeCategory, region, availabilityZone, startTime,
//    endTime, lastUpdatedTime, statusCode, eventScopeCode}], "nextToken"?}.
//    Times are ISO 8601 with an offset, or epoch seconds with a fraction
//    (1589077890.53) when the CLI's cli_timestamp_format is `none`.
//  - EventBridge "AWS Health Event" events: {"detail-type": "AWS Health Event",
//    "source": "aws.health", "resources": [...], "detail": {eventArn, service,
//    eventTypeCode, eventTypeCategory, eventRegion, startTime, endTime,
//    lastUpdatedTime, statusCode, affectedEntities: [{entityValue}]}} with times
//    in RFC 1123 ("Sat, 05 Jun 2021 10:16:00 GMT").
// The file holds one describe-events page, one event, a JSON array of events
// (either form), or one page or event per line (pages appended by a script
// that follows nextToken; an EventBridge archive or a Lambda's log).
//
// The mapping (docs/inputs.md, "AWS Health"):
//  - start: startTime; end: endTime; no endTime is an open incident (the
//    audit runs it to the end of its period). Fractions of a second round
//    outward (cloud_health_json.h).
//  - service: `service` ("EC2") through SourceNames::resolve: the user's map,
//    else its lower_snake_name when that is a contract service (`ec2`); an
//    event for no service of the contract is not for this contract.
//  - issue and investigation: the provider's outage; scheduledChange: cause
//    maintenance (its notice is unknown: AWS Health does not say when it first
//    told the customer, so a notice-bound exclusion cannot apply to it);
//    accountNotification: a notice, no outage (not for this contract, counted
//    in a note); statusCode upcoming: not begun, so no incident yet (not for
//    this contract, counted in a note). A closed event must carry its endTime.
//  - each affected entity (EventBridge's detail.affectedEntities[].entityValue,
//    else its `resources`) is one incident with that resource, id
//    `ARN/entity`; an event without entities takes its availabilityZone as
//    the incident's zone, else its region (eventRegion, or the ARN's) as its
//    region ("global" names none).
//  - the same ARN more than once (an EventBridge stream sends every update of
//    an event; pages may overlap): the record with the latest lastUpdatedTime
//    is the event, the earlier ones are superseded (not for this contract,
//    counted in a note); two records with the same lastUpdatedTime are one
//    used and the later rejected: "duplicate of line N (identical)" or
//    "... different content (first at line N)".
#include <string_view>

#include "telemetry/sources/source_log.h"

namespace slaudit {

IncidentLogResult read_aws_health(std::string_view content, const SourceReadOptions& options);

}  // namespace slaudit
