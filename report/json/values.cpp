#include "report/json/values.h"

#include <limits>

#include "base/time/timestamp.h"
#include "engine/figures/figures.h"
#include "report/common/clause_ref.h"

namespace slaudit::report {

namespace {

// A big integer's digits; through 64 bits when it fits (nearly always), which
// spares an allocating conversion per figure of a 100,000-resource report.
std::string integer_text(const boost::multiprecision::cpp_int& n) {
  if (n >= 0 && n <= std::numeric_limits<int64_t>::max()) return std::to_string(n.convert_to<int64_t>());
  return n.str();
}

}  // namespace

void write_rational(JsonWriter& w, const audit::Rational& value) {
  DecimalText shown = decimal_digits(value, 6, true);
  std::string text = shown.text;
  if (shown.exact && text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  if (!shown.exact) text += kInexactMark;
  w.object([&] {
    w.field("decimal", text);
    w.field("den", integer_text(boost::multiprecision::denominator(value)));
    w.field("num", integer_text(boost::multiprecision::numerator(value)));
  });
}

void write_rational(JsonWriter& w, const std::optional<audit::Rational>& value) {
  if (value) write_rational(w, *value);
  else w.value(nullptr);
}

void write_availability(JsonWriter& w, const std::optional<audit::Rational>& share) {
  w.key("availability");
  write_rational(w, share);
  w.key("availability_percent");
  if (share) w.value(percent_text(*share));
  else w.value(nullptr);
}

void write_money(JsonWriter& w, int64_t minor, const model::Currency& currency) {
  w.object([&] {
    w.field("decimal", money_text(minor, currency));
    w.field("minor", minor);
  });
}

void write_clause(JsonWriter& w, const SourceFile& contract, SourceRange range) {
  const std::optional<LineColumn> at = clause_line_column(contract, range);
  if (!at) return w.value(nullptr);
  w.object([&] {
    w.field("column", at->column);
    w.field("line", at->line);
  });
}

void write_instant(JsonWriter& w, Instant at) { w.value(format_utc(at)); }

void write_date(JsonWriter& w, const std::optional<model::CivilDate>& date) {
  if (!date) return w.value(nullptr);
  w.value(date_text(*date));
}

void write_percent(JsonWriter& w, const std::optional<model::Percent>& percent) {
  if (!percent) return w.value(nullptr);
  w.value(percent->value.normalized().to_string());
}

void write_strings(JsonWriter& w, const std::vector<std::string>& items) {
  w.array([&] {
    for (const std::string& item : items) w.value(item);
  });
}

void write_explanations(JsonWriter& w, const SourceFile& contract, const std::vector<audit::Explanation>& lines) {
  w.array([&] {
    for (const audit::Explanation& line : lines)
      w.object([&] {
        w.key("clause");
        write_clause(w, contract, line.clause);
        w.field("derivation", line.derivation);
        w.field("figure", line.figure);
        w.field("value", line.value);
      });
  });
}

}  // namespace slaudit::report
