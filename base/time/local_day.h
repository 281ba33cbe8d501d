#pragma once
// The local calendar day an instant falls on in a zone: what a period, a claim
// deadline or a ledger row is dated by. One function, so that every floor
// reads "the day of an instant" the same way (its own header: a change here
// rebuilds only its users).
#include <optional>

#include "base/time/instant.h"
#include "base/time/local_date.h"
#include "base/time/time_zone.h"

namespace slaudit {

// nullopt outside the calendar (years 1400-9999).
std::optional<LocalDate> local_day(const TimeZone& zone, Instant at);

}  // namespace slaudit
