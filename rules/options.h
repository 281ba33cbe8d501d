#pragma once
// Options given to rules on the command line: `--rule-option ID.KEY=VALUE`.
// Every rule takes `severity` (error, warning or note); a rule may declare
// more (credit-cap-too-low.min). They are checked against the catalogue before
// any contract is read, so a typo is a usage error, not a silently ignored flag.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "language/diag/diagnostic.h"
#include "base/num/decimal.h"

namespace slaudit::rules {

class RuleOptions {
 public:
  // Parses and validates one `ID.KEY=VALUE`; returns an error message, or "" when added.
  std::string add(std::string_view spec);

  std::optional<std::string> get(std::string_view rule, std::string_view key) const;
  // The value of a percent option (`10%` or `10`), or `fallback` when not given.
  Decimal percent(std::string_view rule, std::string_view key, Decimal fallback) const;
  std::optional<Severity> severity(std::string_view rule) const;

  bool empty() const { return values_.empty(); }
  const std::map<std::pair<std::string, std::string>, std::string>& all() const { return values_; }

 private:
  std::map<std::pair<std::string, std::string>, std::string> values_;
};

// `10%` or `10` as a percentage from 0 to 100; nullopt otherwise.
std::optional<Decimal> parse_percent_option(std::string_view text);
std::optional<Severity> parse_severity(std::string_view text);

}  // namespace slaudit::rules
