#include "base/time/time_zone.h"

#include <algorithm>
#include <span>

#include "base/time/tzdb_data.h"

namespace slaudit {
namespace {

// No zone's offset from UTC has ever reached a day; every reading that could
// match a local time lies within this distance of it.
constexpr std::int64_t max_offset_seconds = 26 * 3600;

std::span<const tzdb::ZoneName> all_zone_names() { return {tzdb::zone_names, tzdb::zone_name_count}; }

const tzdb::ZoneRules& rules_of(std::uint16_t rules) { return tzdb::zone_rules[rules]; }

std::span<const std::int64_t> transitions_of(std::uint16_t rules) {
  const tzdb::ZoneRules& r = rules_of(rules);
  return {tzdb::transition_times + r.first_transition, r.transition_count};
}

std::int64_t seconds_of(Instant at) { return at.time_since_epoch().count(); }
std::int64_t seconds_of(LocalSeconds local) { return local.time_since_epoch().count(); }
Instant instant_at(std::int64_t seconds) { return Instant{Seconds{seconds}}; }

}  // namespace

std::optional<TimeZone> TimeZone::find(std::string_view iana_name) {
  const auto names = all_zone_names();
  const auto found = std::lower_bound(names.begin(), names.end(), iana_name,
                                      [](const tzdb::ZoneName& z, std::string_view n) { return z.name < n; });
  if (found == names.end() || found->name != iana_name) return std::nullopt;
  return TimeZone(found->name, found->rules);
}

TimeZone TimeZone::utc() {
  // The generator refuses to build tables without "Etc/UTC", so the search cannot fail.
  return *find("Etc/UTC");
}

std::vector<std::string_view> TimeZone::names() {
  std::vector<std::string_view> out;
  out.reserve(tzdb::zone_name_count);
  for (const tzdb::ZoneName& z : all_zone_names()) out.push_back(z.name);
  return out;  // already sorted: the generator writes them in order
}

std::string_view TimeZone::tzdata_version() { return tzdb::version; }

std::size_t TimeZone::span_count() const { return transitions_of(rules_).size() + 1; }

std::size_t TimeZone::span_at(std::int64_t utc_seconds) const {
  const auto times = transitions_of(rules_);
  return static_cast<std::size_t>(std::upper_bound(times.begin(), times.end(), utc_seconds) - times.begin());
}

std::uint16_t TimeZone::span_type(std::size_t span) const {
  const tzdb::ZoneRules& r = rules_of(rules_);
  return span == 0 ? r.initial_type : tzdb::transition_types[r.first_transition + span - 1];
}

std::int64_t TimeZone::span_start(std::size_t span) const { return transitions_of(rules_)[span - 1]; }

std::int32_t TimeZone::span_offset(std::size_t span) const {
  return tzdb::local_time_types[span_type(span)].utc_offset_seconds;
}

bool TimeZone::span_contains(std::size_t span, std::int64_t utc_seconds) const {
  const bool after_start = span == 0 || utc_seconds >= span_start(span);
  const bool before_end = span + 1 == span_count() || utc_seconds < span_start(span + 1);
  return after_start && before_end;
}

Seconds TimeZone::utc_offset(Instant at) const { return Seconds{span_offset(span_at(seconds_of(at)))}; }

std::string_view TimeZone::abbreviation(Instant at) const {
  const tzdb::LocalTimeType& type = tzdb::local_time_types[span_type(span_at(seconds_of(at)))];
  return tzdb::abbreviations + type.abbreviation_offset;
}

bool TimeZone::is_dst(Instant at) const {
  return tzdb::local_time_types[span_type(span_at(seconds_of(at)))].is_dst;
}

LocalSeconds TimeZone::to_local(Instant at) const {
  return LocalSeconds{at.time_since_epoch() + utc_offset(at)};
}

// A reading L matches span k when L minus k's offset falls inside k. Spans
// are in time order, so matches come out earliest first; with none, L lies
// in the gap a transition opened between its old and new offsets.
LocalTimeLookup TimeZone::lookup(LocalSeconds local) const {
  const std::int64_t reading = seconds_of(local);
  const std::size_t first = span_at(reading - max_offset_seconds);
  const std::size_t last = span_at(reading + max_offset_seconds);
  std::size_t match_count = 0;
  std::int64_t earliest = 0, latest = 0;
  for (std::size_t k = first; k <= last; ++k) {
    const std::int64_t candidate = reading - span_offset(k);
    if (!span_contains(k, candidate)) continue;
    if (match_count++ == 0) earliest = candidate;
    latest = candidate;
  }
  if (match_count == 1) return {LocalTimeLookup::Kind::unique, instant_at(earliest), instant_at(latest)};
  if (match_count > 1) return {LocalTimeLookup::Kind::ambiguous, instant_at(earliest), instant_at(latest)};
  for (std::size_t k = std::max<std::size_t>(first, 1); k <= last; ++k) {
    const std::int64_t transition = span_start(k);
    if (transition + span_offset(k - 1) <= reading && reading < transition + span_offset(k))
      return {LocalTimeLookup::Kind::nonexistent, instant_at(transition), instant_at(transition)};
  }
  // Unreachable with consistent tables; fall back to the offset in force at the reading.
  const std::int64_t guess = reading - span_offset(span_at(reading));
  return {LocalTimeLookup::Kind::unique, instant_at(guess), instant_at(guess)};
}

Instant TimeZone::to_utc(LocalSeconds local) const { return lookup(local).earlier; }

std::optional<Instant> TimeZone::to_utc(const CivilTime& local) const {
  const std::optional<LocalSeconds> reading = to_local_seconds(local);
  if (!reading) return std::nullopt;
  return to_utc(*reading);
}

}  // namespace slaudit
