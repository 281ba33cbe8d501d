#pragma once
// A holiday calendar as iCalendar (RFC 5545), the form governments and
// calendar services publish: `--holidays FILE.ics`. Every all-day event
// (DTSTART;VALUE=DATE:20261001, DTEND exclusive, or one day without DTEND) is
// a holiday of the calendar the contract names; an .ics file holds one
// calendar, and cannot say that a weekend day is worked (make-up working
// days need the CSV form). Folded lines are unfolded. An event with a time
// of day, without DTSTART, or ending before it starts is an error with its
// line, as a bad CSV row is: a dropped holiday would move a claim date.
#include <string>
#include <string_view>

#include "telemetry/billing/billing_inputs.h"

namespace slaudit {

// Holidays of `calendar`, one row per day, with the line of the event's BEGIN:VEVENT.
InputRows<HolidayRow> read_holidays_ics(std::string_view content, const std::string& calendar);

}  // namespace slaudit
