#pragma once
// A zone's complete list of transitions: the explicit ones of its TZif file,
// then the ones its POSIX TZ footer implies, year by year up to a last year.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/time/tzgen/tzif.h"

namespace slaudit::tzgen {

struct ZoneHistory {
  std::vector<TzifLocalTimeType> types;
  std::size_t initial_type = 0;               // in force before the first transition
  std::vector<std::int64_t> transition_times;  // UTC seconds, ascending
  std::vector<std::size_t> transition_types;   // index into types
};

// Expands the footer rule through `last_year`. So that the end of the table
// does not freeze a zone in daylight time, the expansion stops at the last
// switch back to standard time: after it, standard time holds for good.
std::optional<ZoneHistory> build_zone_history(const TzifData& tzif, int last_year, std::string& error);

}  // namespace slaudit::tzgen
