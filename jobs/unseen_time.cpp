#include "jobs/unseen_time.h"

#include <chrono>

#include "base/time/timestamp.h"

namespace slaudit::jobs {

std::optional<Instant> audit_instant(const std::string& text, Messages& messages) {
  if (text.empty() || text == "now") return std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  const TimestampResult parsed = parse_timestamp(text);
  if (!parsed.ok())
    messages.push_back("slaudit audit: bad --now '" + text + "': " + parsed.error +
                       "; expected an instant such as 2026-12-07T00:00:00Z, or now");
  return parsed.instant;
}

std::optional<audit::IncidentSpan> stated_span(const std::string& text, const std::string& log_path,
                                               Messages& messages) {
  const std::string expected = "; expected FROM/TO, two instants such as 2026-11-01T00:00:00Z/2026-12-01T00:00:00Z";
  const size_t slash = text.find('/');
  if (slash == std::string::npos) {
    messages.push_back("slaudit audit: bad --covers '" + text + "'" + expected);
    return std::nullopt;
  }
  const TimestampResult from = parse_timestamp(text.substr(0, slash)), to = parse_timestamp(text.substr(slash + 1));
  if (!from.ok() || !to.ok()) {
    messages.push_back("slaudit audit: bad --covers '" + text + "': " + (from.ok() ? to.error : from.error) + expected);
    return std::nullopt;
  }
  if (*to.instant <= *from.instant) {
    messages.push_back("slaudit audit: bad --covers '" + text + "': TO must be after FROM");
    return std::nullopt;
  }
  return audit::IncidentSpan{*from.instant, *to.instant, true, false, log_path};
}

audit::IncidentSpan inferred_span(const std::vector<Incident>& incidents, const std::string& log_path) {
  audit::IncidentSpan span{Instant::max(), Instant::min(), false, incidents.empty(), log_path};
  for (const Incident& i : incidents) {
    span.from = std::min(span.from, i.start);
    span.to = std::max(span.to, i.end.value_or(i.start));
  }
  if (span.empty) span.from = span.to = Instant{};
  return span;
}

std::string span_note(const audit::IncidentSpan& span) {
  return "the incident log " + span.source + " covers " + format_utc(span.from) + "/" + format_utc(span.to) +
         " (--covers): a period outside it is not assessed, one partly outside it has an evidence gap";
}

}  // namespace slaudit::jobs
