#include "report/json/values.h"

#include "report/common/clause_ref.h"
#include "engine/figures/figures.h"
#include "base/time/timestamp.h"

namespace slaudit::report {

nlohmann::json rational_json(const audit::Rational& value) {
  DecimalText shown = decimal_digits(value, 6, true);
  std::string text = shown.text;
  if (shown.exact && text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  if (!shown.exact) text += kInexactMark;
  return {{"num", boost::multiprecision::numerator(value).str()},
          {"den", boost::multiprecision::denominator(value).str()},
          {"decimal", text}};
}

nlohmann::json money_json(int64_t minor, const model::Currency& currency) {
  return {{"minor", minor}, {"decimal", money_text(minor, currency)}};
}

nlohmann::json clause_json(const SourceFile& contract, SourceRange range) {
  const std::optional<LineColumn> at = clause_line_column(contract, range);
  if (!at) return nullptr;
  return {{"line", at->line}, {"column", at->column}};
}

nlohmann::json instant_json(Instant at) { return format_utc(at); }

nlohmann::json date_json(const std::optional<model::CivilDate>& date) {
  if (!date) return nullptr;
  return date_text(*date);
}

nlohmann::json percent_json(const std::optional<model::Percent>& percent) {
  if (!percent) return nullptr;
  return percent->value.normalized().to_string();
}

nlohmann::json strings_json(const std::vector<std::string>& items) {
  nlohmann::json out = nlohmann::json::array();
  for (const std::string& item : items) out.push_back(item);
  return out;
}

nlohmann::json explanations_json(const SourceFile& contract, const std::vector<audit::Explanation>& lines) {
  nlohmann::json out = nlohmann::json::array();
  for (const audit::Explanation& line : lines)
    out.push_back({{"figure", line.figure},
                   {"value", line.value},
                   {"derivation", line.derivation},
                   {"clause", clause_json(contract, line.clause)}});
  return out;
}

}  // namespace slaudit::report
