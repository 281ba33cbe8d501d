#include "telemetry/incidents/affected.h"

#include "telemetry/common/reason_text.h"

namespace slaudit {

namespace {

constexpr const char* kExpected = "expected a share (0.25 or 25%) or a count (64 gpus, 8 nodes)";

AffectedResult failure(std::string error) { return {std::nullopt, std::move(error)}; }

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// [+-]digits[.digits]: what Decimal::parse reads, so a failure there on text
// of this shape can only mean too many digits.
bool looks_decimal(std::string_view text) {
  size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  const size_t integer_start = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == integer_start) return false;
  if (i == text.size()) return true;
  if (text[i++] != '.') return false;
  const size_t fraction_start = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  return i > fraction_start && i == text.size();
}

struct NumberResult {
  std::optional<Decimal> value;
  std::string error;
};

NumberResult exact_number(std::string_view text) {
  const std::string_view unsigned_text = text.substr(!text.empty() && (text[0] == '-' || text[0] == '+'));
  const bool starts_with_digit = !unsigned_text.empty() && unsigned_text[0] >= '0' && unsigned_text[0] <= '9';
  if (starts_with_digit && unsigned_text.find_first_of("eE") != std::string_view::npos) {
    return {std::nullopt, "exponent notation is not supported; write the digits out, e.g. 0.25"};
  }
  if (!looks_decimal(text)) return {std::nullopt, kExpected};
  const std::optional<Decimal> value = Decimal::parse(text);
  if (!value) return {std::nullopt, "more than " + std::to_string(Decimal::kMaxDigits) + " digits"};
  return {value, {}};
}

AffectedResult share_of(Decimal share) {
  if (share <= Decimal::from_int(0)) return failure("a share must be greater than 0");
  if (share > Decimal::from_int(1)) return failure("a share must be at most 1 (100%)");
  return {Affected{AffectedShare{share}}, {}};
}

std::optional<CountUnit> unit_from_word(std::string_view word) {
  if (word == "gpus" || word == "gpu") return CountUnit::Gpus;
  if (word == "nodes" || word == "node") return CountUnit::Nodes;
  return std::nullopt;
}

}  // namespace

AffectedResult parse_affected_share(std::string_view number_text) {
  NumberResult number = exact_number(number_text);
  if (!number.value) return failure(number.error);
  return share_of(*number.value);
}

AffectedResult parse_affected_count(std::string_view number_text, CountUnit unit) {
  NumberResult number = exact_number(number_text);
  if (!number.value) return failure(number.error);
  if (*number.value < Decimal::from_int(1)) return failure("a count must be at least 1");
  if (!number.value->is_integer()) return failure("a count must be a whole number");
  return {Affected{AffectedCount{*number.value->scaled_to(0), unit}}, {}};
}

AffectedResult parse_affected_text(std::string_view text) {
  text = trimmed(text);
  if (!text.empty() && text.back() == '%') {
    const std::string_view percent = trimmed(text.substr(0, text.size() - 1));
    NumberResult number = exact_number(percent);
    if (!number.value) return failure(number.error);
    if (number.value->scale() + 2 > Decimal::kMaxDigits) {
      return failure("more than " + std::to_string(Decimal::kMaxDigits) + " decimal places");
    }
    // 25% is 25/100: the same coefficient two decimal places further right.
    return share_of(Decimal(number.value->coefficient(), number.value->scale() + 2));
  }
  const size_t space = text.find_first_of(" \t");
  if (space == std::string_view::npos) return parse_affected_share(text);
  const std::string_view word = trimmed(text.substr(space));
  const std::optional<CountUnit> unit = unit_from_word(word);
  if (!unit) return failure("unknown unit " + quote_value(word) + "; expected gpus or nodes");
  return parse_affected_count(text.substr(0, space), *unit);
}

}  // namespace slaudit
