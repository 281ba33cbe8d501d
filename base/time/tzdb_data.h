#pragma once
// Layout of the IANA time-zone tables that the build generates from the TZif
// files of Debian's tzdata (base/time/tzgen/) into generated/tzdb_data.cpp.
// Compiling them in means an audit never reads zone files at run time, so the
// same contract gives the same periods on every machine built from the same
// tzdata. Only time_zone.cpp reads these tables; everyone else uses TimeZone.
#include <cstdint>
#include <string_view>

namespace slaudit::tzdb {

// One kind of local time a zone has used (a TZif ttinfo).
struct LocalTimeType {
  std::int32_t utc_offset_seconds;
  std::uint16_t abbreviation_offset;  // into `abbreviations`, NUL-terminated there
  bool is_dst;
};

// A zone's history: transitions [first_transition, first_transition + count)
// of the shared arrays. Zones that are links of one another share one entry.
struct ZoneRules {
  std::uint32_t first_transition;
  std::uint32_t transition_count;
  std::uint16_t initial_type;  // in force before the first transition
};

struct ZoneName {
  std::string_view name;
  std::uint16_t rules;  // index into zone_rules
};

extern const char version[];        // e.g. "2025b"
extern const int last_rule_year;    // footer rules are expanded up to this year
extern const char abbreviations[];
extern const LocalTimeType local_time_types[];
extern const std::int64_t transition_times[];   // UTC seconds since the epoch, ascending per zone
extern const std::uint16_t transition_types[];  // parallel to transition_times
extern const ZoneRules zone_rules[];
extern const ZoneName zone_names[];  // sorted by name
extern const std::uint32_t zone_name_count;

}  // namespace slaudit::tzdb
