#pragma once
// What the three cloud providers' health readers (aws_health, azure_resource_health,
// gcp_status) share: their documents parsed keeping every number's text (an
// epoch time 1589077890.53 is read from its digits, never through a double),
// fields read with the first problem kept as the record's rejection reason,
// and the providers' time spellings read into whole seconds.
//
// Fractions of a second: providers write them (AWS's CLI prints 1589077890.53;
// Azure writes 2026-11-03T02:00:00.1234567Z) and an audit runs at whole seconds.
// Dropping or rejecting them would lose or shorten downtime, so a fraction is
// rounded outward: a start down to its second, an end up to the next one. An
// incident is never shorter than the provider reported, and at most 2 s longer.
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time/instant.h"
#include "engine/records/incident.h"
#include "telemetry/common/json_value.h"

namespace slaudit::cloud_health {

// The whole document parsed, or why not: "malformed JSON at line 3, column 7: ...".
struct Document {
  std::optional<JsonValue> value;
  std::string error;
};
Document parse_document(std::string_view content);

// Reads the content as one JSON value; when it is not one, but its first
// non-blank line is a whole value and more lines follow, as one value a line
// (pages appended by a script, an event stream's archive). `each(value, text,
// first_line)` reads one value (`text` is the value's own text, for
// json_array_element_lines) and returns why it is none of the source's, if so:
// a line's rejection (`reject`) in the second form, the whole input's error in
// the first. A line that is not JSON is rejected. The returned string is the
// whole input's error: not JSON at all, with line and column, or `each`'s.
using ValueReader = std::function<std::optional<std::string>(const JsonValue&, std::string_view, size_t)>;
std::optional<std::string> read_json_values(std::string_view content, const ValueReader& each,
                                            const std::function<void(size_t, std::string)>& reject);

// The member `key` of an object, nullptr when absent.
const JsonValue* member(const JsonValue& object, std::string_view key);

// Reads one record's fields; the first problem found is the record's rejection reason.
class Fields {
 public:
  // `where`: the prefix naming the record's fields in reasons ("detail." for EventBridge).
  explicit Fields(const JsonValue& object, std::string where = "") : object_(object), where_(std::move(where)) {}
  // The member, nullptr when absent or null; a repeated key is a problem (which one is meant?).
  const JsonValue* get(std::string_view key);
  // A string member: nullopt when absent, null or empty (a problem when `required`), or not a string.
  std::optional<std::string> text(std::string_view key, bool required);
  // A string member that must also be a name (name_problem).
  std::optional<std::string> name(std::string_view key, bool required);
  void fail(std::string reason);  // keeps the first
  const std::optional<std::string>& problem() const { return problem_; }
  std::string field(std::string_view key) const { return "field '" + where_ + std::string(key) + "'"; }

 private:
  const JsonValue& object_;
  std::string where_;
  std::optional<std::string> problem_;
};

enum class Rounding { Down, Up };  // a start rounds down, an end up

struct TimeRead {
  std::optional<Instant> instant;
  std::string error;  // empty when read
  bool had_fraction = false;  // a non-zero fraction of a second was rounded
};
// RFC 3339 with an offset and any fraction of a second ("2020-05-10T02:31:30.530000+00:00").
TimeRead read_rfc3339(std::string_view text, Rounding rounding);
// Epoch seconds as a JSON number's text, digits with an optional fraction ("1589077890.53").
TimeRead read_epoch_seconds(std::string_view number_text, Rounding rounding);
// RFC 1123 in GMT, as EventBridge writes AWS Health times: "Sat, 05 Jun 2021 10:16:00 GMT"
// (the weekday must be the date's).
TimeRead read_rfc1123(std::string_view text);

// The labels an incident carries for people (title, url); nullptr when both are empty.
SharedLabels make_labels(std::string title, std::string url);

// A line's 1-based number for the byte at `offset` (0-based) of `content`.
size_t line_of_offset(std::string_view content, size_t offset);

}  // namespace slaudit::cloud_health
