#include "telemetry/billing/billing_inputs.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <variant>

#include <boost/date_time/gregorian/gregorian.hpp>

#include "base/num/amount_limit.h"
#include "base/text/display_width.h"
#include "base/text/suggest.h"
#include "base/time/local_date.h"
#include "telemetry/common/csv.h"
#include "telemetry/common/reason_text.h"

namespace slaudit {

namespace {

constexpr size_t kServicesListed = 8;
using Reason = std::optional<std::string>;
using Columns = std::array<std::string_view, 3>;
// The cells of one row, in the order of the reader's Columns (not the file's).
using Cells = std::array<std::string, 3>;

// ---------------------------------------------------------------- cells

std::string field(std::string_view name) { return "'" + std::string(name) + "'"; }

Reason check_service(const std::string& service, const ServiceNames& services) {
  if (services.contains(service)) return std::nullopt;
  std::string reason = "unknown service " + quote_value(service) + "; the contract defines ";
  if (services.empty()) return reason + "no services";
  size_t listed = 0;
  for (const std::string& known : services) {
    if (listed == kServicesListed) return reason + ", …";
    reason += (listed++ ? ", " : "") + quote_value(known);
  }
  return reason;
}

// A period label names a period as reports print it; an interval written
// FIRST..LAST is the same label as FIRST/LAST (base/time/civil_date.h).
Reason read_period(std::string_view name, const std::string& text, std::string& out) {
  if (is_period_label(text)) {
    out = parse_day_range(text)->label;
    return std::nullopt;
  }
  return "bad period in " + field(name) + " " + quote_value(text) +
         "; expected a period label such as 2026-11, 2026-Q4, 2026 or 2026-03-15/2026-04-14";
}

Reason read_date(std::string_view name, const std::string& text, model::CivilDate& out) {
  const std::optional<model::CivilDate> date = parse_civil_date(text);
  if (!date) return "bad date in " + field(name) + " " + quote_value(text) + "; expected a real day as YYYY-MM-DD";
  out = *date;
  return std::nullopt;
}

// A plain decimal in the currency: exact, never negative, no more digits than
// the currency's minor unit (so nothing is rounded on the way in).
Reason read_amount(std::string_view name, const std::string& text, const model::Currency& currency,
                   model::Money& out) {
  const std::optional<Decimal> value = Decimal::parse(text);
  if (!value) return "bad amount in " + field(name) + " " + quote_value(text) + "; expected a decimal such as 1200.00";
  if (value->is_negative()) return "negative amount in " + field(name) + " " + quote_value(text);
  const std::optional<int64_t> minor = value->scaled_to(currency.minor_digits);
  if (!minor) {
    return "amount in " + field(name) + " " + quote_value(text) + " has more decimals than " + currency.code +
           " allows (" + std::to_string(currency.minor_digits) + ")";
  }
  if (*minor > kMaxAmountMinor)
    return "amount in " + field(name) + " " + quote_value(text) + " is over the largest amount slaudit audits, " +
           minor_units_decimal(kMaxAmountMinor, currency.minor_digits) + " " + currency.code;
  out.minor = *minor;
  return std::nullopt;
}

// ---------------------------------------------------------------- header and rows

// Which file column holds each of the reader's columns; the problem otherwise.
struct Header {
  std::array<size_t, 3> position{};
  size_t width = 0;
  std::string problem;
};

std::string expected_header(const Columns& columns) {
  return std::string(columns[0]) + "," + std::string(columns[1]) + "," + std::string(columns[2]);
}

// `comment`: a column a person may add for their own notes ("name" of a
// holiday), read past; empty: none.
Header read_header(const CsvRecord& record, const Columns& columns, std::string_view comment) {
  Header header;
  header.width = record.fields.size();
  const std::string expected = "; expected the header row " + expected_header(columns);
  if (!record.error.empty()) return {{}, 0, "malformed CSV in the header row: " + record.error};
  const std::vector<std::string> names(columns.begin(), columns.end());
  std::array<bool, 3> seen{};
  for (size_t i = 0; i < record.fields.size(); ++i) {
    const std::string& name = record.fields[i];
    if (!comment.empty() && name == comment) continue;
    size_t k = 0;
    while (k < columns.size() && columns[k] != name) ++k;
    if (k == columns.size()) {
      const std::string near = closest_match(name, names);
      const std::string hint = near.empty() ? "" : " (did you mean '" + near + "'?)";
      return {{}, 0, "unknown column " + quote_value(name) + hint + expected};
    }
    if (seen[k]) return {{}, 0, "column " + quote_value(name) + " appears twice" + expected};
    seen[k] = true;
    header.position[k] = i;
  }
  for (size_t k = 0; k < columns.size(); ++k)
    if (!seen[k]) return {{}, 0, "missing column " + field(columns[k]) + expected};
  return header;
}

std::variant<Cells, std::string> row_cells(const CsvRecord& record, const Header& header, const Columns& columns) {
  if (!record.error.empty()) return "malformed CSV: " + record.error;
  if (record.fields.size() != header.width) {
    return "expected " + std::to_string(header.width) + " fields as in the header, found " +
           std::to_string(record.fields.size());
  }
  Cells cells;
  for (size_t k = 0; k < columns.size(); ++k) {
    const std::string& value = record.fields[header.position[k]];
    const size_t invalid = first_invalid_utf8(value);
    if (invalid != std::string_view::npos)
      return "invalid UTF-8 in " + field(columns[k]) + " at byte " + std::to_string(invalid + 1);
    if (value.empty()) return "empty " + field(columns[k]);
    cells[k] = value;
  }
  return cells;
}

// Reads every row with `parse`, which turns checked cells into a row or a reason.
template <class Row>
InputRows<Row> read_rows(std::string_view content, const Columns& columns,
                         const std::function<std::variant<Row, std::string>(const Cells&)>& parse,
                         std::string_view comment = {}) {
  if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);  // spreadsheets write a BOM
  InputRows<Row> out;
  CsvReader reader(content);
  const std::optional<CsvRecord> first = reader.next();
  if (!first) {
    out.errors.push_back({1, "empty file; expected the header row " + expected_header(columns)});
    return out;
  }
  const Header header = read_header(*first, columns, comment);
  if (!header.problem.empty()) {
    out.errors.push_back({first->line, header.problem});
    return out;  // without columns no row can be read
  }
  while (std::optional<CsvRecord> record = reader.next()) {
    auto cells = row_cells(*record, header, columns);
    if (auto* reason = std::get_if<std::string>(&cells)) {
      out.errors.push_back({record->line, std::move(*reason)});
      continue;
    }
    auto row = parse(std::get<Cells>(cells));
    if (auto* reason = std::get_if<std::string>(&row)) out.errors.push_back({record->line, std::move(*reason)});
    else {
      out.rows.push_back(std::move(std::get<Row>(row)));
      out.lines.push_back(record->line);
    }
  }
  return out;
}

// One row per calendar and day: a second one is an error, even when it says
// the same, as for claims and fees.
void reject_duplicate_days(InputRows<HolidayRow>& input) {
  std::map<std::pair<std::string, LocalDate>, size_t> first_line;
  InputRows<HolidayRow> kept;
  kept.errors = std::move(input.errors);
  for (size_t i = 0; i < input.rows.size(); ++i) {
    const HolidayRow& row = input.rows[i];
    auto [at, fresh] = first_line.emplace(std::pair{row.calendar, row.day}, input.lines[i]);
    if (fresh) {
      kept.rows.push_back(row);
      kept.lines.push_back(input.lines[i]);
      continue;
    }
    kept.errors.push_back({input.lines[i], "second row for calendar " + quote_value(row.calendar) + " and day " +
                                               boost::gregorian::to_iso_extended_string(row.day) + " (first at line " +
                                               std::to_string(at->second) + ")"});
  }
  std::stable_sort(kept.errors.begin(), kept.errors.end(),
                   [](const InputRowError& a, const InputRowError& b) { return a.line < b.line; });
  input = std::move(kept);
}

// One row per service and period: a second one is an error, since which of
// the two the audit should believe is not ours to guess.
template <class Row>
void reject_duplicates(InputRows<Row>& input) {
  std::map<std::pair<std::string, std::string>, size_t> first_line;
  InputRows<Row> kept;
  kept.errors = std::move(input.errors);
  for (size_t i = 0; i < input.rows.size(); ++i) {
    const Row& row = input.rows[i];
    const size_t line = input.lines[i];
    auto [at, fresh] = first_line.emplace(std::pair{row.service, row.period}, line);
    if (fresh) {
      kept.rows.push_back(row);
      kept.lines.push_back(line);
      continue;
    }
    kept.errors.push_back({line, "second row for service " + quote_value(row.service) + " and period " +
                                     quote_value(row.period) + " (first at line " + std::to_string(at->second) +
                                     ")"});
  }
  // Errors stay in file order, however they were found.
  std::stable_sort(kept.errors.begin(), kept.errors.end(),
                   [](const InputRowError& a, const InputRowError& b) { return a.line < b.line; });
  input = std::move(kept);
}

}  // namespace

// ---------------------------------------------------------------- labels

bool is_period_label(std::string_view text) {
  const std::optional<DayRange> days = parse_day_range(text);
  return days && (days->first != days->last || text.size() != 10);  // one day is not a period
}

// ---------------------------------------------------------------- the three readers

InputRows<audit::ClaimFiling> read_claim_filings(std::string_view content, const ServiceNames& services) {
  const Columns columns = {"service", "period", "filed"};
  auto rows = read_rows<audit::ClaimFiling>(
      content, columns, [&](const Cells& cells) -> std::variant<audit::ClaimFiling, std::string> {
        audit::ClaimFiling filing{cells[0], cells[1], {}, std::nullopt, std::nullopt};
        if (Reason reason = check_service(cells[0], services)) return *reason;
        if (Reason reason = read_period(columns[1], cells[1], filing.period)) return *reason;
        if (Reason reason = read_date(columns[2], cells[2], filing.filed)) return *reason;
        return filing;
      });
  reject_duplicates(rows);
  return rows;
}

InputRows<audit::BilledFee> read_billed_fees(std::string_view content, const model::Currency& currency,
                                             const ServiceNames& services) {
  const Columns columns = {"service", "period", "fee"};
  auto rows = read_rows<audit::BilledFee>(
      content, columns, [&](const Cells& cells) -> std::variant<audit::BilledFee, std::string> {
        audit::BilledFee fee{cells[0], cells[1], {}};
        if (Reason reason = check_service(cells[0], services)) return *reason;
        if (Reason reason = read_period(columns[1], cells[1], fee.period)) return *reason;
        if (Reason reason = read_amount(columns[2], cells[2], currency, fee.fee)) return *reason;
        return fee;
      });
  reject_duplicates(rows);
  return rows;
}

InputRows<audit::PreviousCredit> read_previous_credits(std::string_view content, const model::Currency& currency,
                                                       const ServiceNames& services) {
  const Columns columns = {"service", "period_end", "amount"};
  // Several credits may be paid for one period (availability and recovery), so no duplicate rule here;
  // a service's credits sum to at most kMaxAmountMinor, so a cap's sum of them is exact however many rows.
  std::map<std::string, int64_t> credited;
  return read_rows<audit::PreviousCredit>(
      content, columns, [&](const Cells& cells) -> std::variant<audit::PreviousCredit, std::string> {
        audit::PreviousCredit credit{cells[0], {}, {}, std::nullopt};
        if (Reason reason = check_service(cells[0], services)) return *reason;
        if (Reason reason = read_date(columns[1], cells[1], credit.period_end)) return *reason;
        if (Reason reason = read_amount(columns[2], cells[2], currency, credit.amount)) return *reason;
        int64_t& sum = credited[credit.service];
        if (credit.amount.minor > kMaxAmountMinor - sum)
          return "the credits of service " + quote_value(credit.service) + " sum past the largest amount slaudit "
                 "audits, " + minor_units_decimal(kMaxAmountMinor, currency.minor_digits) + " " + currency.code;
        sum += credit.amount.minor;
        return credit;
      });
}

InputRows<HolidayRow> read_holidays(std::string_view content) {
  const Columns columns = {"date", "calendar", "day"};
  auto rows = read_rows<HolidayRow>(
      content, columns,
      [&](const Cells& cells) -> std::variant<HolidayRow, std::string> {
        model::CivilDate date;
        if (Reason reason = read_date(columns[0], cells[0], date)) return *reason;
        const std::optional<LocalDate> day = make_local_date(date.year, date.month, date.day);
        if (!day) return "date in 'date' " + quote_value(cells[0]) + " is outside years 1400-9999";
        HolidayRow row{*day, cells[1], false};
        if (cells[2] == "working") row.working = true;
        else if (cells[2] != "holiday")
          return "bad value in 'day' " + quote_value(cells[2]) +
                 "; expected holiday (not a working day) or working (a make-up working day)";
        return row;
      },
      "name");
  reject_duplicate_days(rows);
  return rows;
}

HolidayCalendar holiday_calendar(const std::vector<HolidayRow>& rows, const std::string& name,
                                 const std::string& source) {
  HolidayCalendar out{name, source, {}, {}, {}};
  for (const HolidayRow& row : rows) {
    if (row.calendar != name) continue;
    (row.working ? out.working : out.holidays).insert(row.day);
    out.years.insert(static_cast<int>(row.day.year()));
  }
  return out;
}

}  // namespace slaudit
