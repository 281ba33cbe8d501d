#pragma once
// One JSON Lines record: a JSON object on one line, to a RawIncident.
#include <cstddef>
#include <string_view>

#include "telemetry/incidents/raw_incident.h"

namespace slaudit {

// A field it does not know is kept unread (listed in `unused_fields`), unless
// `strict` or it is a near miss of a known one (reason_text.h: near_miss):
// then the record is rejected, "unknown field 'ned' (did you mean 'end'?)".
// Inside `scope`, which is slaudit's own, every unknown member is rejected.
RawRecord raw_incident_from_json_line(std::string_view line, size_t line_number, bool strict = false);

}  // namespace slaudit
