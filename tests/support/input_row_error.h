#pragma once
// Catch2 prints an InputRowError as "LINE: reason" in failed comparisons: one
// definition for every test of the small CSV and calendar readers.
#include <catch2/catch.hpp>

#include <string>

#include "telemetry/billing/billing_inputs.h"

namespace Catch {
template <>
struct StringMaker<slaudit::InputRowError> {
  static std::string convert(const slaudit::InputRowError& e) { return std::to_string(e.line) + ": " + e.reason; }
};
}  // namespace Catch
