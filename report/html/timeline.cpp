// The period's timeline as inline SVG: no script, no external asset. The
// tooltips are SVG <title> elements, which every browser shows on hover and
// which screen readers read; the incident table beside it carries the same
// facts on paper.
#include "report/html/timeline.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include "report/common/clause_ref.h"
#include "engine/figures/figures.h"
#include "report/html/html_text.h"
#include "report/common/names.h"

namespace slaudit::report {

namespace {

// Vertical layout, in user units.
constexpr int64_t kBarTop = 18, kBarHeight = 30, kLaneTop = 60, kLaneHeight = 14, kMarkerHeight = 10;

std::string rect(int64_t x_milli, int64_t y, int64_t width_milli, int64_t height) {
  return "x=\"" + svg_number(x_milli) + "\" y=\"" + std::to_string(y) + "\" width=\"" + svg_number(width_milli) +
         "\" height=\"" + std::to_string(height) + "\"";
}

std::string clause_words(const HtmlContext& context, SourceRange range) {
  if (!is_stated(range)) return std::string(kDefaultClause);
  return clause_location(context.source, range) + " " + clause_excerpt(context.source, range);
}

std::string segment_title(const HtmlContext& context, const audit::TimelineSegment& s) {
  std::string title = std::string(time_state_word(s.state)) + ": " + html_instant(context, s.start) + " to " +
                      html_instant(context, s.end) + " (" + minutes_text(s.end - s.start) + " min)";
  if (!s.incidents.empty()) {
    title += "\nincidents:";
    for (const std::string& id : s.incidents) title += " " + id;
  }
  return title;
}

std::string segments(const HtmlContext& context, const audit::PeriodAudit& period) {
  std::string out = "<g class=\"segments\">\n";
  for (const audit::TimelineSegment& s : period.timeline) {
    const int64_t x0 = timeline_x_milli(period, s.start), x1 = timeline_x_milli(period, s.end);
    out += "<rect class=\"seg " + std::string(time_state_word(s.state)) + "\" " + rect(x0, kBarTop, x1 - x0, kBarHeight) +
           "><title>" + html_escape(segment_title(context, s)) + "</title></rect>\n";
  }
  return out + "</g>\n";
}

// Local midnights inside the period: every day for up to 62 days, else the first of each month.
std::string ticks(const HtmlContext& context, const audit::PeriodAudit& period) {
  using namespace std::chrono;
  const TimeZone zone = context.zone.value_or(TimeZone::utc());
  const bool daily = period.end - period.start <= days(62);
  const local_days first = floor<days>(zone.to_local(period.start));
  std::string out = "<g class=\"ticks\">\n";
  int guard = 0;  // a year of days at most, whatever the period
  for (local_days day = first; guard < 400; ++guard) {
    const Instant at = zone.to_utc(local_seconds(day));
    if (at >= period.end) break;
    const year_month_day ymd{day};
    if (at >= period.start && (daily || ymd.day() == std::chrono::day{1})) {
      const int64_t x = timeline_x_milli(period, at);
      const std::string label = daily ? std::to_string(static_cast<unsigned>(ymd.day()))
                                      : std::to_string(static_cast<int>(ymd.year())) + "-" +
                                            (static_cast<unsigned>(ymd.month()) < 10 ? "0" : "") +
                                            std::to_string(static_cast<unsigned>(ymd.month()));
      out += "<line x1=\"" + svg_number(x) + "\" y1=\"" + std::to_string(kBarTop + kBarHeight) + "\" x2=\"" +
             svg_number(x) + "\" y2=\"" + std::to_string(kBarTop + kBarHeight + 5) + "\"/>";
      out += "<text x=\"" + svg_number(x) + "\" y=\"" + std::to_string(kBarTop - 5) + "\">" + label + "</text>\n";
    }
    day = daily ? day + days(1) : local_days(year_month_day{ymd.year() / ymd.month() / 1} + months(1));
  }
  return out + "</g>\n";
}

std::string incident_title(const HtmlContext& context, const audit::IncidentFinding& f) {
  std::string title = f.id + " (incident log line " + std::to_string(f.line) + ")\n";
  title += "fault: " + (f.fault.empty() ? std::string("none given") : f.fault) +
           (f.cause.empty() ? std::string() : "; cause: " + f.cause) + "\n";
  title += spoken(audit::incident_role_name(f.role)) + ": " + f.reason + "\n";
  title += html_instant(context, f.start) + " to " + html_instant(context, f.end) + (f.open ? " (open)" : "") +
           ": down " + minutes_text(f.down) + " min, excluded " + minutes_text(f.excluded) + " min\n";
  for (const std::string& flag : f.flags) title += flag + "\n";
  return title + "clause: " + clause_words(context, f.clause);
}

struct Marker {
  int64_t x = 0, width = 0;
  size_t lane = 0;
};

// Each incident on the first lane where it does not overlap the one before it.
std::vector<Marker> place_markers(const audit::PeriodAudit& period) {
  std::vector<Marker> markers;
  std::vector<int64_t> lane_end;  // right edge of each lane's last marker
  for (const audit::IncidentFinding& f : period.incidents) {
    Marker m;
    m.x = timeline_x_milli(period, f.start);
    m.width = std::max(timeline_x_milli(period, f.end) - m.x, kMinIncidentWidthMilli);
    m.x = std::min(m.x, kTimelineWidth * 1000 - m.width);
    m.lane = 0;
    while (m.lane < lane_end.size() && lane_end[m.lane] > m.x) ++m.lane;
    if (m.lane == lane_end.size()) lane_end.push_back(0);
    lane_end[m.lane] = m.x + m.width + 1000;  // one unit of air between neighbours
    markers.push_back(m);
  }
  return markers;
}

std::string role_class(audit::IncidentRole role) {
  std::string word = audit::incident_role_name(role);
  std::replace(word.begin(), word.end(), '_', '-');
  return word;
}

std::string incidents(const HtmlContext& context, const audit::PeriodAudit& period,
                      const std::vector<Marker>& markers) {
  std::string out = "<g class=\"incidents\">\n";
  for (size_t i = 0; i < markers.size(); ++i) {
    const audit::IncidentFinding& f = period.incidents[i];
    const Marker& m = markers[i];
    const int64_t y = kLaneTop + static_cast<int64_t>(m.lane) * kLaneHeight;
    out += "<g class=\"incident " + role_class(f.role) + "\"><title>" + html_escape(incident_title(context, f)) +
           "</title><rect " + rect(m.x, y, m.width, kMarkerHeight) + "/></g>\n";
  }
  return out + "</g>\n";
}

}  // namespace

int64_t timeline_x_milli(const audit::PeriodAudit& period, Instant at) {
  const int64_t length = (period.end - period.start).count();
  if (length <= 0) return 0;
  const int64_t offset = std::clamp<int64_t>((at - period.start).count(), 0, length);
  // offset * 10^6 / length, rounded half up: at most ~10^10 s times 10^6, well inside 128 bits.
  const __int128 scaled = static_cast<__int128>(offset) * kTimelineWidth * 1000 * 2 + length;
  return static_cast<int64_t>(scaled / (static_cast<__int128>(length) * 2));
}

std::string svg_number(int64_t milli) {
  const bool negative = milli < 0;
  const int64_t magnitude = negative ? -milli : milli;
  std::string text = std::to_string(magnitude / 1000);
  int64_t fraction = magnitude % 1000;
  if (fraction != 0) {
    std::string digits = std::to_string(fraction);
    digits.insert(0, 3 - digits.size(), '0');
    while (digits.back() == '0') digits.pop_back();
    text += "." + digits;
  }
  return negative ? "-" + text : text;
}

std::string html_timeline(const HtmlContext& context, const audit::PeriodAudit& period) {
  const std::vector<Marker> markers = place_markers(period);
  size_t lanes = 0;
  for (const Marker& m : markers) lanes = std::max(lanes, m.lane + 1);
  const int64_t height = kLaneTop + static_cast<int64_t>(std::max<size_t>(lanes, 1)) * kLaneHeight + 4;
  std::string out = "<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
                    std::to_string(kTimelineWidth) + " " + std::to_string(height) +
                    "\" role=\"img\" aria-label=\"" +
                    html_escape("timeline of " + period.service + " " + period.period) + "\">\n";
  out += segments(context, period) + ticks(context, period) + incidents(context, period, markers);
  return out + "</svg>\n";
}

}  // namespace slaudit::report
