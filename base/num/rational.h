#pragma once
// Exact rationals: downtime weighted by an affected share, availability as a
// fraction of eligible time. Never rounded; only their display is.
#include <boost/multiprecision/cpp_int.hpp>

namespace slaudit {

using Rational = boost::multiprecision::cpp_rational;

}  // namespace slaudit
