#pragma once
// Prometheus alerts as an incident source, `--incidents-format
// prometheus-alerts` (docs/inputs.md, "Prometheus alerts"): the JSON body of
// /api/v1/query_range for `ALERTS{alertstate="firing"}`, a matrix in which
// each series is one alert's label set and holds a point (value 1) at every
// evaluation step while the alert fires. Read with the exact query_range
// parser (telemetry/prometheus/api_response.h); each series is one record.
//
// The mapping:
//  - the step: the response does not carry the query's step. It is inferred
//    as the smallest gap between consecutive points of any series, and said
//    in a note; a response in which no series has two points cannot give it,
//    and then every series is rejected (one point says when the alert fired,
//    not for how long); a step under a second is an error for the whole
//    input (the audit counts whole seconds: a run could end where it starts);
//  - each run of points one step apart is one incident: it starts at the
//    run's first point and ends one step after its last (the alert was seen
//    firing at the last point and not at the next evaluation: the end is
//    known to within a step, and taken at the later bound);
//  - a run reaching the response's last evaluation (the latest point of any
//    series) is not open: the response cannot say whether the alert fired
//    on, and an open incident would run to the end of the audit's period
//    even when the query ended long before it. It ends one step after that
//    point like any run, and a note gives that point and counts such runs;
//  - service: the `service` label when the series has one, else
//    `alertname`, through SourceNames::resolve; one that maps to no service
//    of the contract makes the series "not for this contract";
//  - resource: the `instance` label; title: `alertname`; fault: none;
//  - id: alertname@<run start, UTC>#<first 8 hex digits of the SHA-256 of
//    the series' label set>, the same whatever the order of the series.
// Timestamps are floored to the whole second, as in the probe reader.
// Rejected series: no alertname; a label value that is no printable name; a
// metric name other than ALERTS or an alertstate other than firing (the
// query chose pending alerts too: they are not outages); a value other than
// 1; points out of time order or outside the years 1970-9999 (with the last
// point's step); a gap between points that is not a whole
// number of steps (responses of different steps mixed); the same label set
// as an earlier series (duplicate of line N).
#include <string_view>

#include "telemetry/incidents/incident_reader.h"
#include "telemetry/sources/source_log.h"

namespace slaudit {

IncidentLogResult read_prometheus_alerts(std::string_view content, const SourceReadOptions& options);

}  // namespace slaudit
