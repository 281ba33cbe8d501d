#pragma once
// RFC 3339 date-times (the ISO 8601 profile logs use) with an explicit UTC
// offset, read into an Instant. Only civil arithmetic is needed: the offset in
// the text says everything, so no time zone database is consulted.
//
// Accepted: YYYY-MM-DD, then 'T', 't' or one space, then hh:mm:ss, optionally
// a fraction that is all zeros (".000"), then 'Z', 'z', +hh:mm or -hh:mm.
// Rejected, with a message: no offset; fields out of range (month 13, Feb 30,
// hour 24, second 60: leap seconds have no place in Instant); a fraction that
// is not zero, since audits run at one-second resolution and rounding it
// silently would move an incident's boundary.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "base/time/instant.h"

namespace slaudit {

struct TimestampResult {
  std::optional<Instant> instant;  // set when the text is a valid timestamp
  std::string error;               // one line, no trailing period; empty on success
  size_t column = 0;               // 1-based column (code points) of the problem; 0 on success
  bool no_offset = false;          // the one error callers may want to explain differently

  bool ok() const { return instant.has_value(); }
};

TimestampResult parse_timestamp(std::string_view text);
// The two halves of parse_timestamp, apart for tests. The fast one reads only
// `YYYY-MM-DDThh:mm:ssZ` and `YYYY-MM-DDThh:mm:ss+hh:mm` and declines anything
// else (nullopt); the scanner reads every accepted form and words every error.
std::optional<Instant> parse_common_timestamp(std::string_view text);
TimestampResult scan_timestamp(std::string_view text);

// `2026-03-08T06:59:59Z`: the canonical form reports and logs use.
std::string format_utc(Instant instant);

}  // namespace slaudit
