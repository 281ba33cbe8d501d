#include "jobs/as_of.h"

#include <algorithm>
#include <chrono>

#include "base/time/local_day.h"
#include "base/time/time_zone.h"
#include "base/time/timestamp.h"
#include "engine/audit/incident_rules.h"

namespace slaudit::jobs {

std::optional<Instant> as_of_instant(const std::string& text, Messages& messages) {
  if (text == "now") return std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  const TimestampResult parsed = parse_timestamp(text);
  if (!parsed.ok())
    messages.push_back("slaudit audit: bad --as-of '" + text + "': " + parsed.error +
                       "; expected an instant such as 2026-11-20T12:00:00Z, or now");
  return parsed.instant;
}

std::optional<Seconds> window_length(const std::string& text, Messages& messages) {
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  std::string unit = text.substr(digits);
  if (!unit.empty() && unit.front() == ' ') unit.erase(0, 1);
  const int64_t per = unit == "d" ? 86400 : unit == "h" ? 3600 : 0;
  if (digits == 0 || digits > 6 || per == 0) {
    messages.push_back("slaudit audit: bad --window '" + text + "': expected whole days or hours, such as 30d or 24h");
    return std::nullopt;
  }
  const Seconds length{std::stoll(text.substr(0, digits)) * per};
  if (length < Seconds{3600} || length > Seconds{366 * 86400}) {
    messages.push_back("slaudit audit: --window '" + text + "' must be from 1 hour to 366 days");
    return std::nullopt;
  }
  return length;
}

std::optional<audit::AuditRange> as_of_range(Instant at, const model::Contract& contract,
                                             std::optional<Seconds> window, Messages& messages) {
  const std::optional<TimeZone> zone = contract.timezone ? TimeZone::find(*contract.timezone) : std::nullopt;
  if (!zone) return audit::AuditRange{{1970, 1, 1}, {1970, 1, 1}, "as of " + format_utc(at)};  // the audit says why
  // A window's range is its days, so that recovery clauses cover them too.
  const std::optional<LocalDate> day = local_day(*zone, at);
  const std::optional<LocalDate> first = window ? local_day(*zone, at - *window) : day;
  if (!day || !first) {
    messages.push_back("slaudit audit: --as-of " + format_utc(at) + (window ? " and its window are" : " is") +
                       " outside the calendar (years 1400-9999)");
    return std::nullopt;
  }
  const auto civil = [](LocalDate d) {
    return model::CivilDate{static_cast<int>(d.year()), static_cast<int>(d.month().as_number()), static_cast<int>(d.day())};
  };
  return audit::AuditRange{civil(*first), civil(*day),
                           window ? "the last " + audit::duration_text(*window) + " as of " + format_utc(at)
                                  : "as of " + format_utc(at),
                           !window};
}

std::string in_progress_gap(Instant at, bool window, Instant period_end) {
  if (window)
    return "a rolling window as of " + format_utc(at) + ", not a period of the contract: a view during the month, "
           "never a final figure";
  if (at < period_end)
    return "in progress: audited as of " + format_utc(at) + "; the time after it counts as up, so these are the best "
           "figures the period can still end with";
  return {};
}

size_t incidents_not_yet_known(const std::vector<Incident>& incidents, std::optional<Instant> at) {
  if (!at) return 0;
  return static_cast<size_t>(std::ranges::count_if(incidents, [&](const Incident& i) { return i.start >= *at; }));
}

std::string as_of_note(Instant at, size_t later) {
  return "audited as of " + format_utc(at) + ": incidents known by then, open ones counted as down up to it" +
         (later == 0 ? std::string()
                     : "; " + std::to_string(later) +
                           " incident record(s) starting at or after it left out, not yet known then");
}

}  // namespace slaudit::jobs
