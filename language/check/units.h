#pragma once
// The unit table: which words are units, of which dimension, and their factor
// to the dimension's base unit (seconds, bytes, bytes per second, items).
// Units are words, not keywords, so a wrong unit is a checker diagnostic
// ("target must be a percentage, found a duration") and never a syntax error.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "language/model/contract.h"

namespace slaudit::check {

struct UnitDef {
  std::string name;
  model::Dimension dimension;
  Decimal factor;          // to the base unit
  std::string count_unit;  // canonical count unit (gpus, nodes) for counts
};

// `unit` and `per` as written (`GB` and `s` for GB/s); nullopt when unknown.
std::optional<UnitDef> find_unit(std::string_view unit, std::string_view per);
// Every unit word, for did-you-mean.
std::vector<std::string> unit_names();

// The ISO 4217 currencies we know, with their minor-unit digits.
std::optional<model::Currency> find_currency(std::string_view code);
std::vector<std::string> currency_codes();

}  // namespace slaudit::check
