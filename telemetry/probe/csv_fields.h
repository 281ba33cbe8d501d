#pragma once
// The fields every probe CSV layout shares, parsed by hand: unsigned counts
// and timestamps (Unix seconds or RFC 3339 with an offset).
#include <cstdint>
#include <string>
#include <string_view>

#include "base/time/instant.h"
#include "base/text/short_equal.h"
#include "base/time/timestamp.h"

namespace slaudit::probe {

// A line without the '\r' of a CRLF line end.
inline std::string_view trim_cr(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

// Up to 19 digits: every such number fits in 64 bits.
inline bool parse_u64(std::string_view s, uint64_t& out) {
  if (s.empty() || s.size() > 19) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + uint64_t(c - '0');
  }
  out = v;
  return true;
}

// nullptr, or why the text is not a timestamp.
inline const char* parse_time(std::string_view s, Instant& at) {
  uint64_t secs = 0;
  if (parse_u64(s, secs)) {
    // Past 9999-12-31T23:59:59Z no calendar the audit uses can place it.
    if (secs > 253402300799ULL) return "bad timestamp";
    at = Instant{Seconds{static_cast<int64_t>(secs)}};
    return nullptr;
  }
  const TimestampResult r = parse_timestamp(s);
  if (r.ok()) {
    at = *r.instant;
    return nullptr;
  }
  return r.no_offset ? "timestamp has no UTC offset" : "bad timestamp";
}

// Probe files repeat one timestamp for every target of a minute: the text of
// the last good timestamp and its instant are kept, so only a new text is
// parsed (ISO 8601 parsing is what costs).
class TimestampCache {
 public:
  // nullptr, or why the text is not a timestamp.
  const char* parse(std::string_view text, Instant& at) {
    if (!text.empty() && short_equal(text, last_text_)) {
      at = last_;
      return nullptr;
    }
    if (const char* why = parse_time(text, at)) return why;
    last_text_.assign(text);
    last_ = at;
    return nullptr;
  }

 private:
  std::string last_text_;
  Instant last_{};
};

}  // namespace slaudit::probe
