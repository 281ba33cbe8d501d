#pragma once
// What every part of the checker shares: the diagnostics sink and typed
// expectations. Each expectation reads a written quantity or name, reports a
// precise diagnostic when it does not fit ("target must be a percentage, found
// a duration '20 min'"), and returns nullopt; the caller then leaves the field
// unset and goes on, so one run reports every problem.
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "language/diag/diagnostic.h"
#include "language/model/contract.h"
#include "language/syntax/ast.h"

namespace slaudit::check {

class Context {
 public:
  Context(const SourceFile& source, Diagnostics& diagnostics, model::Contract& contract)
      : source_(source), diagnostics_(diagnostics), contract_(contract) {}

  Diagnostics& diagnostics() { return diagnostics_; }
  model::Contract& contract() { return contract_; }
  std::string written(SourceRange range) const { return std::string(source_.slice(range)); }

  // A percentage in [min, max] (inclusive unless the flags say otherwise).
  std::optional<model::Percent> percent(const ast::Quantity& q, const std::string& what,
                                        bool zero_allowed = false, bool at_most_100 = true);
  std::optional<Seconds> duration(const ast::Quantity& q, const std::string& what, bool zero_allowed = false);
  std::optional<model::Money> money(const ast::Quantity& q, const std::string& what);
  // A price per hour: up to kExtraPriceDigits more decimals than the currency.
  std::optional<model::Price> hourly_price(const ast::Quantity& q, const std::string& what);
  static constexpr int kExtraPriceDigits = 6;
  std::optional<model::CivilDate> date(const ast::Date& d);
  std::optional<int64_t> count(const ast::Quantity& q, const std::string& what, std::string* unit);
  std::optional<model::Amount> amount(const ast::Quantity& q, const std::string& what,
                                      std::initializer_list<model::Dimension> allowed);

  // The index of the service `name` refers to; reports unknown names.
  std::optional<size_t> service(const ast::Name& name);
  // Whether `name` is one of `allowed`; reports it otherwise, with a hint.
  bool one_of(const ast::Name& name, const std::vector<std::string>& allowed, const std::string& what);
  // Reports a second occurrence of a single-valued item.
  void duplicate(const std::string& what, SourceRange here, SourceRange first);
  // True the first time `key` is seen; later times report `what` as given twice.
  bool first(const std::string& key, SourceRange here, const std::string& what);

 private:
  // The quantity as a typed amount, or a diagnostic naming what was found.
  std::optional<model::Amount> resolve(const ast::Quantity& q, const std::string& what,
                                       std::initializer_list<model::Dimension> allowed);

  const SourceFile& source_;
  Diagnostics& diagnostics_;
  model::Contract& contract_;
  std::map<std::string, SourceRange> seen_;
};

// "a percentage", "a duration or a data size"
std::string describe_dimensions(std::initializer_list<model::Dimension> dims);

}  // namespace slaudit::check
