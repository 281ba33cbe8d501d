#pragma once
// The largest amounts of money an input may state, in minor units of its
// currency, so that every sum the audit makes of them is exact in int64
// (9,223,372,036,854,775,807): an amount past its limit is refused where it
// is read, with its file and line (or the contract's line) and the limit,
// never carried into a figure that would wrap or saturate.
//
//  - kMaxAmountMinor, 10^15 (10,000,000,000,000.00 USD; 1,000,000,000,000,000
//    JPY): a fee per month, a fixed credit or cap, a billed fee, a previous
//    credit, a credit paid. A year's fee is 12 of them (1.2 * 10^16) and 9,223
//    of them sum exactly: more than 768 years of the largest monthly fee.
//  - kMaxHourlyMinor, 10^11 a hour: a year of hours (8,784) stays under
//    kMaxAmountMinor.
//  - kMaxChargeMinor, 10^11: one row of a fleet's billing export. The export
//    is read whole, at most 256 MiB, and a row takes at least 16 bytes, so it
//    holds under 2^24 rows: 2^24 * 10^11 = 1.7 * 10^18, every row summed.
#include <cstdint>
#include <string>

namespace slaudit {

inline constexpr int64_t kMaxAmountMinor = 1'000'000'000'000'000;
inline constexpr int64_t kMaxHourlyMinor = 100'000'000'000;
inline constexpr int64_t kMaxChargeMinor = 100'000'000'000;

// `minor` units as a plain decimal with the currency's `digits` minor digits:
// (10^15, 2) -> "10000000000000.00".
inline std::string minor_units_decimal(int64_t minor, int digits) {
  std::string text = std::to_string(minor);
  if (digits <= 0) return text;
  const size_t d = static_cast<size_t>(digits);
  if (text.size() <= d) text.insert(0, d + 1 - text.size(), '0');
  text.insert(text.size() - d, ".");
  return text;
}

}  // namespace slaudit
