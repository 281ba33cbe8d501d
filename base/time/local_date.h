#pragma once
// A calendar day in some zone, as Boost.Date_Time's Gregorian date, which
// does the month and day arithmetic of statistical periods. Boost throws on
// dates outside its calendar (years 1400-9999); these helpers check first, so
// nothing here throws.
#include <chrono>
#include <optional>

#include <boost/date_time/gregorian/gregorian_types.hpp>

namespace slaudit {

using LocalDate = boost::gregorian::date;

inline constexpr int first_supported_year = 1400;
inline constexpr int last_supported_year = 9999;

// nullopt outside years 1400-9999 or for an impossible date (2026-02-30).
std::optional<LocalDate> make_local_date(int year, unsigned month, unsigned day);
std::optional<LocalDate> to_local_date(std::chrono::local_days day);
// Precondition: `day` is a real date (not Boost's not_a_date_time).
std::chrono::local_days to_local_days(LocalDate day);

}  // namespace slaudit
