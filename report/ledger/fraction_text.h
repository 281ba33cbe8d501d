#pragma once
// An exact fraction as the ledger's reports print it: "479/480".
#include <string>

#include "base/num/rational.h"

namespace slaudit::report {

inline std::string fraction_text(const Rational& r) {
  return boost::multiprecision::numerator(r).str() + "/" + boost::multiprecision::denominator(r).str();
}

}  // namespace slaudit::report
