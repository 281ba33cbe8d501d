#include "telemetry/billing/holiday_ics.h"

#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <boost/date_time/gregorian/gregorian.hpp>

namespace slaudit {

namespace {

// One content line after unfolding (RFC 5545 3.1: a line starting with a
// space or tab continues the previous one), with the line it starts on.
struct ContentLine {
  std::string text;
  size_t line = 0;
};

std::vector<ContentLine> unfold(std::string_view content) {
  if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
  std::vector<ContentLine> out;
  size_t line = 0;
  while (!content.empty()) {
    const size_t end = content.find('\n');
    std::string_view raw = content.substr(0, end);
    content.remove_prefix(end == std::string_view::npos ? content.size() : end + 1);
    ++line;
    if (raw.ends_with('\r')) raw.remove_suffix(1);
    if ((raw.starts_with(' ') || raw.starts_with('\t')) && !out.empty()) {
      out.back().text += raw.substr(1);
      continue;
    }
    if (!raw.empty()) out.push_back({std::string(raw), line});
  }
  return out;
}

struct Property {
  std::string name, params, value;  // name upper-cased; params as written (";VALUE=DATE")
};

Property property(const std::string& text) {
  const size_t colon = text.find(':');
  const std::string head = text.substr(0, colon);
  Property p;
  const size_t semi = head.find(';');
  p.name = head.substr(0, semi);
  for (char& c : p.name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (semi != std::string::npos) p.params = head.substr(semi);
  if (colon != std::string::npos) p.value = text.substr(colon + 1);
  return p;
}

// An all-day date, YYYYMMDD; nullopt for a date-time or anything else.
std::optional<LocalDate> ics_date(const std::string& value) {
  if (value.size() != 8) return std::nullopt;
  for (char c : value)
    if (c < '0' || c > '9') return std::nullopt;
  return make_local_date(std::stoi(value.substr(0, 4)), static_cast<unsigned>(std::stoi(value.substr(4, 2))),
                         static_cast<unsigned>(std::stoi(value.substr(6, 2))));
}

struct Event {
  size_t line = 0;
  std::optional<Property> start, end;
};

// The event's days, or why it has none a holiday could be.
std::variant<std::vector<LocalDate>, std::string> event_days(const Event& e) {
  if (!e.start) return std::string("an event without DTSTART");
  const std::optional<LocalDate> first = ics_date(e.start->value);
  if (!first)
    return "DTSTART '" + e.start->value + "' is not a day (YYYYMMDD with VALUE=DATE): a holiday is a whole day, "
           "not an event with a time";
  LocalDate end = *first + boost::gregorian::days(1);  // RFC 5545: one day without DTEND
  if (e.end) {
    const std::optional<LocalDate> last = ics_date(e.end->value);
    if (!last) return "DTEND '" + e.end->value + "' is not a day (YYYYMMDD with VALUE=DATE)";
    if (*last <= *first) return "DTEND " + e.end->value + " is not after DTSTART " + e.start->value;
    if ((*last - *first).days() > 366) return "an event of more than 366 days is no holiday";
    end = *last;
  }
  std::vector<LocalDate> days;
  for (LocalDate d = *first; d < end; d += boost::gregorian::days(1)) days.push_back(d);
  return days;
}

}  // namespace

InputRows<HolidayRow> read_holidays_ics(std::string_view content, const std::string& calendar) {
  InputRows<HolidayRow> out;
  const std::vector<ContentLine> lines = unfold(content);
  if (lines.empty() || property(lines.front().text).name != "BEGIN" || property(lines.front().text).value != "VCALENDAR") {
    out.errors.push_back({lines.empty() ? 1 : lines.front().line, "not an iCalendar file: expected BEGIN:VCALENDAR"});
    return out;
  }
  std::map<LocalDate, size_t> first_line;
  std::optional<Event> event;
  for (const ContentLine& line : lines) {
    const Property p = property(line.text);
    if (p.name == "BEGIN" && p.value == "VEVENT") event = Event{line.line, {}, {}};
    else if (event && p.name == "DTSTART") event->start = p;
    else if (event && p.name == "DTEND") event->end = p;
    else if (event && p.name == "END" && p.value == "VEVENT") {
      auto days = event_days(*event);
      if (auto* reason = std::get_if<std::string>(&days)) out.errors.push_back({event->line, *reason});
      else
        for (const LocalDate& day : std::get<std::vector<LocalDate>>(days)) {
          if (!first_line.emplace(day, event->line).second) continue;  // two events on one holiday: one holiday
          out.rows.push_back({day, calendar, false});
          out.lines.push_back(event->line);
        }
      event.reset();
    }
  }
  if (event) out.errors.push_back({event->line, "an event without END:VEVENT"});
  return out;
}

}  // namespace slaudit
