#include "rules/options.h"

#include "base/text/suggest.h"
#include "rules/registry.h"
#include "rules/support.h"

namespace slaudit::rules {

std::optional<Decimal> parse_percent_option(std::string_view text) {
  if (!text.empty() && text.back() == '%') text.remove_suffix(1);
  auto d = Decimal::parse(text);
  if (!d || d->is_negative() || *d > Decimal::from_int(100)) return std::nullopt;
  return d;
}

std::optional<Severity> parse_severity(std::string_view text) {
  if (text == "error") return Severity::Error;
  if (text == "warning") return Severity::Warning;
  if (text == "note") return Severity::Note;
  return std::nullopt;
}

std::string RuleOptions::add(std::string_view spec) {
  const auto eq = spec.find('=');
  const auto dot = spec.substr(0, eq).rfind('.');
  if (eq == std::string_view::npos || dot == std::string_view::npos || dot == 0 || dot + 1 == eq)
    return "a rule option is ID.KEY=VALUE, e.g. credit-cap-too-low.min=10%; found '" + std::string(spec) + "'";
  const std::string id(spec.substr(0, dot)), key(spec.substr(dot + 1, eq - dot - 1)), value(spec.substr(eq + 1));
  const Rule* rule = find_rule(id);
  if (!rule) return "unknown rule '" + id + "' in --rule-option" + suggestion(id, rule_ids());
  if (key == "severity") {
    if (!parse_severity(value)) return "--rule-option " + id + ".severity is error, warning or note; found '" + value + "'";
  } else {
    std::vector<std::string> keys{"severity"};
    for (const auto& [name, meaning] : rule->info.options) keys.push_back(name);
    if (!rule->info.options.count(key))
      return "rule '" + id + "' has no option '" + key + "'" + suggestion(key, keys) + " (options:" +
             [&] { std::string s; for (const auto& k : keys) s += " " + k; return s; }() + ")";
    // Every option a rule declares today is a percentage.
    if (!parse_percent_option(value))
      return "--rule-option " + id + "." + key + " is a percentage from 0% to 100%; found '" + value + "'";
  }
  values_[{id, key}] = value;
  return "";
}

std::optional<std::string> RuleOptions::get(std::string_view rule, std::string_view key) const {
  auto it = values_.find({std::string(rule), std::string(key)});
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

Decimal RuleOptions::percent(std::string_view rule, std::string_view key, Decimal fallback) const {
  auto v = get(rule, key);
  if (!v) return fallback;
  return parse_percent_option(*v).value_or(fallback);
}

std::optional<Severity> RuleOptions::severity(std::string_view rule) const {
  auto v = get(rule, "severity");
  if (!v) return std::nullopt;
  return parse_severity(*v);
}

}  // namespace slaudit::rules
