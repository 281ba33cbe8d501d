#include "base/time/tzgen/zone_history.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>

#include "base/time/tzgen/posix_tz.h"

namespace slaudit::tzgen {
namespace {

std::size_t intern_type(ZoneHistory& history, const PosixLocalTime& local) {
  for (std::size_t i = 0; i < history.types.size(); ++i) {
    const TzifLocalTimeType& t = history.types[i];
    if (t.utc_offset_seconds == local.utc_offset_seconds && t.is_dst == local.is_dst &&
        t.abbreviation == local.abbreviation)
      return i;
  }
  history.types.push_back({local.utc_offset_seconds, local.is_dst, local.abbreviation});
  return history.types.size() - 1;
}

int utc_year_of(std::int64_t seconds) {
  using namespace std::chrono;
  const sys_seconds at{std::chrono::seconds{seconds}};
  return int(year_month_day{floor<days>(at)}.year());
}

std::size_t current_type(const ZoneHistory& history) {
  return history.transition_types.empty() ? history.initial_type : history.transition_types.back();
}

void append_footer_transitions(ZoneHistory& history, const PosixTz& tz, int last_year) {
  const std::size_t standard = intern_type(history, tz.standard);
  const std::size_t daylight = intern_type(history, tz.daylight->daylight);
  const bool has_explicit = !history.transition_times.empty();
  const std::int64_t last_explicit =
      has_explicit ? history.transition_times.back() : std::numeric_limits<std::int64_t>::min();
  const std::size_t explicit_count = history.transition_times.size();
  const int first_year = has_explicit ? utc_year_of(last_explicit) : 1970;
  for (int year = first_year; year <= last_year; ++year) {
    const auto [starts, ends] = daylight_switches(tz, year);
    std::array<std::pair<std::int64_t, std::size_t>, 2> switches{{{starts, daylight}, {ends, standard}}};
    std::sort(switches.begin(), switches.end());
    for (const auto& [at, type] : switches) {
      if (at <= last_explicit || type == current_type(history)) continue;
      history.transition_times.push_back(at);
      history.transition_types.push_back(type);
    }
  }
  while (history.transition_times.size() > explicit_count && current_type(history) != standard) {
    history.transition_times.pop_back();
    history.transition_types.pop_back();
  }
}

}  // namespace

std::optional<ZoneHistory> build_zone_history(const TzifData& tzif, int last_year, std::string& error) {
  ZoneHistory history;
  history.types = tzif.types;
  history.initial_type = 0;  // RFC 8536: type 0 applies before the first transition
  history.transition_times = tzif.transition_times;
  history.transition_types.assign(tzif.transition_types.begin(), tzif.transition_types.end());
  if (tzif.footer.empty()) return history;  // the last transition's type holds forever
  const std::optional<PosixTz> tz = parse_posix_tz(tzif.footer);
  if (!tz) return error = "cannot parse TZ string footer \"" + tzif.footer + "\"", std::nullopt;
  if (tz->daylight) append_footer_transitions(history, *tz, last_year);
  return history;
}

}  // namespace slaudit::tzgen
