#pragma once
// An IANA time zone ("America/New_York"), backed by the zone tables compiled
// into the binary from Debian's tzdata at build time (see tzdb_data.h); no
// zone file is read at run time. Contract periods are cut at local midnights,
// so everything here is about mapping between instants and wall-clock time.
//
// Coverage: the full history of the TZif files, then each zone's current rule
// up to tzdb::last_rule_year (2200). After the last switch back to standard
// time in that year, standard time holds.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "base/time/civil_time.h"
#include "base/time/instant.h"

namespace slaudit {

// How one wall-clock reading maps to instants in a zone.
struct LocalTimeLookup {
  enum class Kind {
    unique,       // the clock showed this reading once
    ambiguous,    // twice: the clock was set back (end of DST) over it
    nonexistent,  // never: the clock jumped forward (start of DST) over it
  };
  Kind kind = Kind::unique;
  // unique: the instant. ambiguous: the first time the clock showed it.
  // nonexistent: the instant the gap ends (the first reading after the jump).
  Instant earlier;
  // unique, nonexistent: same as `earlier`. ambiguous: the second time.
  Instant later;
};

class TimeZone {
 public:
  // Exact, case-sensitive IANA name, links included ("US/Eastern", "UTC", "Etc/UTC").
  static std::optional<TimeZone> find(std::string_view iana_name);
  static TimeZone utc();
  // Every known name, sorted; for listings and did-you-mean hints.
  static std::vector<std::string_view> names();
  // The tzdata release the tables were generated from, e.g. "2025b".
  static std::string_view tzdata_version();

  std::string_view name() const { return name_; }

  Seconds utc_offset(Instant at) const;
  std::string_view abbreviation(Instant at) const;  // "EST", "CEST", "+0530"; "LMT" before standard time
  bool is_dst(Instant at) const;
  LocalSeconds to_local(Instant at) const;

  LocalTimeLookup lookup(LocalSeconds local) const;
  // The rule used for period boundaries: a nonexistent reading maps to the
  // instant its gap ends, an ambiguous one to the earlier instant. Applied to
  // local midnight, both give the first instant at which the day has begun.
  Instant to_utc(LocalSeconds local) const;
  // As above; nullopt if the civil fields are not a valid date and time.
  std::optional<Instant> to_utc(const CivilTime& local) const;

  friend bool operator==(const TimeZone& a, const TimeZone& b) { return a.name_ == b.name_; }

 private:
  TimeZone(std::string_view name, std::uint16_t rules) : name_(name), rules_(rules) {}

  // Span k is the time between transition k-1 and transition k: span 0 is
  // everything before the first transition, the last span is open-ended.
  std::size_t span_at(std::int64_t utc_seconds) const;
  std::size_t span_count() const;
  std::uint16_t span_type(std::size_t span) const;
  std::int64_t span_start(std::size_t span) const;  // precondition: span > 0
  std::int32_t span_offset(std::size_t span) const;
  bool span_contains(std::size_t span, std::int64_t utc_seconds) const;

  std::string_view name_;  // points into the embedded tables: lives for the whole program
  std::uint16_t rules_;
};

}  // namespace slaudit
