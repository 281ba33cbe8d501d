#include "telemetry/sources/cloud_health_json.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>

#include "base/time/timestamp.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"

namespace slaudit::cloud_health {

Document parse_document(std::string_view content) {
  JsonParse parsed = parse_json_keeping_numbers(content);
  if (parsed.value) return {std::move(parsed.value), ""};
  const size_t at = parsed.offset > 0 ? parsed.offset - 1 : 0;
  const size_t line = line_of_offset(content, at);
  const size_t line_start = content.rfind('\n', at == 0 ? 0 : at - 1);
  const size_t from = (line_start == std::string_view::npos || at == 0) ? 0 : line_start + 1;
  const size_t column = code_point_column(content.substr(from), at - from);
  return {std::nullopt, "malformed JSON at line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
                            parsed.error};
}

std::optional<std::string> read_json_values(std::string_view content, const ValueReader& each,
                                            const std::function<void(size_t, std::string)>& reject) {
  Document document = parse_document(content);
  if (document.value) return each(*document.value, content, 1);
  std::vector<std::pair<size_t, std::string_view>> lines;  // the non-blank ones, with their numbers
  size_t number = 0;
  for (size_t pos = 0; pos < content.size();) {
    const size_t end = std::min(content.find('\n', pos), content.size());
    std::string_view line = content.substr(pos, end - pos);
    ++number;
    pos = end + 1;
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.find_first_not_of(" \t") != std::string_view::npos) lines.emplace_back(number, line);
  }
  if (lines.size() < 2 || !parse_json_keeping_numbers(lines.front().second).value) return document.error;
  for (const auto& [line_number, line] : lines) {
    JsonParse parsed = parse_json_keeping_numbers(line);
    if (!parsed.value) {
      reject(line_number, "not valid JSON at column " + std::to_string(parsed.column) + ": " + parsed.error);
    } else if (std::optional<std::string> error = each(*parsed.value, line, line_number)) {
      reject(line_number, std::move(*error));
    }
  }
  return std::nullopt;
}

const JsonValue* member(const JsonValue& object, std::string_view key) {
  if (object.kind != JsonValue::Kind::Object) return nullptr;
  for (const JsonMember& m : object.members)
    if (m.key == key) return &m.value;
  return nullptr;
}

const JsonValue* Fields::get(std::string_view key) {
  const JsonValue* found = nullptr;
  for (const JsonMember& m : object_.members) {
    if (m.key != key) continue;
    if (found) {
      fail(field(key) + " is given twice");
      return nullptr;
    }
    found = &m.value;
  }
  return found && found->kind != JsonValue::Kind::Null ? found : nullptr;
}

std::optional<std::string> Fields::text(std::string_view key, bool required) {
  const JsonValue* value = get(key);
  if (value && value->kind != JsonValue::Kind::String) {
    fail(field(key) + " must be a string, found " + json_kind_name(value->kind));
    return std::nullopt;
  }
  if (!value || value->text.empty()) {
    if (required) fail(field(key) + " is missing or empty");
    return std::nullopt;
  }
  return value->text;
}

std::optional<std::string> Fields::name(std::string_view key, bool required) {
  std::optional<std::string> value = text(key, required);
  if (!value) return std::nullopt;
  if (std::optional<std::string> problem = name_problem(field(key), *value)) {
    fail(std::move(*problem));
    return std::nullopt;
  }
  return value;
}

void Fields::fail(std::string reason) {
  if (!problem_) problem_ = std::move(reason);
}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

TimeRead failed(std::string error) { return {std::nullopt, std::move(error), false}; }

TimeRead rounded(Instant whole, bool fraction, Rounding rounding) {
  return {fraction && rounding == Rounding::Up ? whole + Seconds{1} : whole, "", fraction};
}

// The latest instant a timestamp can write: 9999-12-31T23:59:59Z.
constexpr int64_t kLastSecond = 253402300799;

}  // namespace

TimeRead read_rfc3339(std::string_view text, Rounding rounding) {
  // The fraction, if any, follows "YYYY-MM-DDThh:mm:ss" (19 bytes); parse_timestamp reads the rest.
  std::string whole(text);
  bool fraction = false;
  if (text.size() > 19 && text[19] == '.') {
    size_t end = 20;
    while (end < text.size() && is_digit(text[end])) fraction |= text[end++] != '0';
    if (end == 20) return failed("'.' without digits after the seconds");
    whole = std::string(text.substr(0, 19)) + std::string(text.substr(end));
  }
  const TimestampResult parsed = parse_timestamp(whole);
  if (!parsed.ok()) return failed(parsed.error);
  if (fraction && rounding == Rounding::Up && parsed.instant->time_since_epoch().count() >= kLastSecond)
    return failed("past 9999-12-31T23:59:59Z");
  return rounded(*parsed.instant, fraction, rounding);
}

TimeRead read_epoch_seconds(std::string_view number_text, Rounding rounding) {
  const size_t dot = number_text.find('.');
  const std::string_view integer = number_text.substr(0, dot);
  const std::string_view fraction_digits = dot == std::string_view::npos ? "" : number_text.substr(dot + 1);
  const auto all_digits = [](std::string_view s) {
    for (const char c : s)
      if (!is_digit(c)) return false;
    return true;
  };
  if (integer.empty() || !all_digits(integer) || !all_digits(fraction_digits) ||
      (dot != std::string_view::npos && fraction_digits.empty()))
    return failed("epoch seconds must be digits with an optional fraction, found " + quote_value(number_text));
  if (integer.size() > 12) return failed("epoch seconds " + quote_value(number_text) + " are past the year 9999");
  int64_t seconds = 0;
  for (const char c : integer) seconds = seconds * 10 + (c - '0');
  bool fraction = false;
  for (const char c : fraction_digits) fraction |= c != '0';
  if (seconds + (fraction && rounding == Rounding::Up ? 1 : 0) > kLastSecond)
    return failed("epoch seconds " + quote_value(number_text) + " are past the year 9999");
  return rounded(Instant{Seconds{seconds}}, fraction, rounding);
}

TimeRead read_rfc1123(std::string_view text) {
  // "Sat, 05 Jun 2021 10:16:00 GMT": 29 bytes, every one in its place.
  static constexpr std::array<std::string_view, 7> kDays = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr std::array<std::string_view, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                               "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const std::string expected = "a time such as 'Sat, 05 Jun 2021 10:16:00 GMT', found " + quote_value(text);
  if (text.size() != 29 || text.substr(3, 2) != ", " || text[7] != ' ' || text[11] != ' ' || text[16] != ' ' ||
      text.substr(25) != " GMT")
    return failed("expected " + expected);
  size_t month = 0;
  while (month < kMonths.size() && kMonths[month] != text.substr(8, 3)) ++month;
  if (month == kMonths.size()) return failed("expected " + expected);
  char month_digits[3] = {static_cast<char>('0' + (month + 1) / 10), static_cast<char>('0' + (month + 1) % 10), 0};
  const std::string iso = std::string(text.substr(12, 4)) + "-" + month_digits + "-" + std::string(text.substr(5, 2)) +
                          "T" + std::string(text.substr(17, 8)) + "Z";
  const TimestampResult parsed = parse_timestamp(iso);
  if (!parsed.ok()) return failed(parsed.error + " in " + quote_value(text));
  const std::chrono::weekday weekday{std::chrono::floor<std::chrono::days>(*parsed.instant)};
  if (kDays[weekday.c_encoding()] != text.substr(0, 3))
    return failed(quote_value(text) + " names the weekday " + quote_value(text.substr(0, 3)) + " but the date is a " +
                  std::string(kDays[weekday.c_encoding()]));
  return {parsed.instant, "", false};
}

SharedLabels make_labels(std::string title, std::string url) {
  if (title.empty() && url.empty()) return SharedLabels();
  return SharedLabels(IncidentLabels{std::move(title), std::move(url), ""});
}

size_t line_of_offset(std::string_view content, size_t offset) {
  size_t line = 1;
  for (size_t i = 0; i < offset && i < content.size(); ++i) line += content[i] == '\n' ? 1 : 0;
  return line;
}

}  // namespace slaudit::cloud_health
