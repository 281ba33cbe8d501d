// The small CSV inputs of an audit (--claims, --billing, --previous-credits,
// --holidays), each reader over the same bytes: rows usable only when there
// is no error, every row with its line, lines and errors in file order, every
// error with a reason; amounts never negative; a calendar day listed once.
#include <vector>

#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/incident_logs.h"
#include "telemetry/billing/billing_inputs.h"
#include "telemetry/billing/holiday_ics.h"

using namespace slaudit;

namespace {

template <class Row>
void expect_well_formed(const InputRows<Row>& rows, const char* what) {
  const std::string name = what;
  SLAUDIT_FUZZ_EXPECT(rows.rows.size() == rows.lines.size(), name + ": rows and their lines differ in number");
  for (size_t i = 1; i < rows.lines.size(); ++i)
    SLAUDIT_FUZZ_EXPECT(rows.lines[i - 1] < rows.lines[i], name + ": rows out of line order");
  for (size_t i = 0; i < rows.errors.size(); ++i) {
    SLAUDIT_FUZZ_EXPECT(!rows.errors[i].reason.empty() && rows.errors[i].line >= 1, name + ": an error without a line or reason");
    if (i > 0) SLAUDIT_FUZZ_EXPECT(rows.errors[i - 1].line <= rows.errors[i].line, name + ": errors out of line order");
  }
}

}  // namespace

SLAUDIT_FUZZ_TARGET(billing_inputs) {
  const model::Currency eur{"EUR", 2};
  const ServiceNames& services = fuzz::fuzz_services();

  const auto claims = read_claim_filings(data, services);
  expect_well_formed(claims, "claims");

  const auto fees = read_billed_fees(data, eur, services);
  expect_well_formed(fees, "billing");
  if (fees.ok())
    for (const audit::BilledFee& fee : fees.rows) SLAUDIT_FUZZ_EXPECT(fee.fee.minor >= 0, "a negative fee");

  const auto credits = read_previous_credits(data, eur, services);
  expect_well_formed(credits, "previous credits");
  if (credits.ok())
    for (const audit::PreviousCredit& c : credits.rows) SLAUDIT_FUZZ_EXPECT(c.amount.minor >= 0, "a negative credit");

  const auto holidays = read_holidays(data);
  expect_well_formed(holidays, "holidays");
  for (const HolidayRow& row : holidays.rows) {
    const HolidayCalendar calendar = holiday_calendar(holidays.rows, row.calendar, "fuzz");
    SLAUDIT_FUZZ_EXPECT(calendar.years.contains(static_cast<int>(row.day.year())), "a listed day's year not listed");
    SLAUDIT_FUZZ_EXPECT(!(calendar.holidays.contains(row.day) && calendar.working.contains(row.day)),
                        "a day both a holiday and a working day");
    break;  // one calendar is enough: the reader is what is fuzzed
  }

  // The iCalendar form: a multi-day event gives several rows on its line, so lines only never go back.
  const auto ics = read_holidays_ics(data, "X");
  SLAUDIT_FUZZ_EXPECT(ics.rows.size() == ics.lines.size(), "ics: rows and their lines differ in number");
  for (size_t i = 1; i < ics.lines.size(); ++i)
    SLAUDIT_FUZZ_EXPECT(ics.lines[i - 1] <= ics.lines[i], "ics: rows out of line order");
  for (const InputRowError& e : ics.errors)
    SLAUDIT_FUZZ_EXPECT(!e.reason.empty() && e.line >= 1, "ics: an error without a line or reason");
}
