#pragma once
// A count summed over many records, each of which fits 64 bits: probe rows
// carry `ok` and `total` up to 2^64 - 1 (19 digits and more), so two rows in
// one bucket can pass 2^64. 128 bits hold 2^64 rows of the largest count, so
// a sum never wraps and never depends on the order it was added in.
#include <cstdint>
#include <string>

#include "base/num/rational.h"

namespace slaudit {

using WideCount = unsigned __int128;

// The count in decimal digits ("0", "18446744073709551616", ...).
std::string to_decimal(WideCount value);

// The count as an exact rational (boost's constructors do not all take 128 bits).
Rational to_rational(WideCount value);

}  // namespace slaudit
