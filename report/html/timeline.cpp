// The period's timeline as inline SVG: no script, no external asset. The
// tooltips are SVG <title> elements, which every browser shows on hover and
// which screen readers read; the incident table beside it carries the same
// facts on paper. What a large log does not let it draw one by one, it
// aggregates, and says so (timeline.h).
#include "report/html/timeline.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <numeric>
#include <utility>
#include <vector>

#include "engine/figures/figures.h"
#include "report/common/clause_ref.h"
#include "report/common/names.h"
#include "report/html/html_text.h"

namespace slaudit::report {

namespace {

// Vertical layout, in user units.
constexpr int64_t kBarTop = 18, kBarHeight = 30, kLaneTop = 60, kLaneHeight = 14, kMarkerHeight = 10;

std::string rect(int64_t x_milli, int64_t y, int64_t width_milli, int64_t height) {
  return "x=\"" + svg_number(x_milli) + "\" y=\"" + std::to_string(y) + "\" width=\"" + svg_number(width_milli) +
         "\" height=\"" + std::to_string(height) + "\"";
}

std::string rect_milli(int64_t x_milli, int64_t y_milli, int64_t width_milli, int64_t height_milli) {
  return "x=\"" + svg_number(x_milli) + "\" y=\"" + svg_number(y_milli) + "\" width=\"" + svg_number(width_milli) +
         "\" height=\"" + svg_number(height_milli) + "\"";
}

std::string clause_words(const HtmlContext& context, SourceRange range) {
  if (!is_stated(range)) return std::string(kDefaultClause);
  return clause_location(context.source, range) + " " + clause_excerpt(context.source, range);
}

// [from, to) of stretch `bin` of kBins equal stretches of the period, to the second.
std::pair<Instant, Instant> bin_bounds(const audit::PeriodAudit& period, size_t bin) {
  const int64_t length = (period.end - period.start).count();
  const auto at = [&](size_t b) {
    return period.start + Seconds(static_cast<int64_t>(static_cast<__int128>(length) * static_cast<int64_t>(b) /
                                                       static_cast<int64_t>(kBins)));
  };
  return {at(bin), at(bin + 1)};
}

// The incidents each segment holds: how many, and the first kIdsPerTitle of
// them in log order. A segment that has its names is skipped by the next
// incidents (`next_open`, a union-find over segments), so the work is bounded
// by the incidents plus the names, however long the incidents' spans.
struct SegmentIncidents {
  std::vector<size_t> count;
  std::vector<std::vector<const audit::IncidentFinding*>> named;
};

SegmentIncidents incidents_by_segment(const audit::PeriodAudit& period) {
  const size_t n = period.timeline.size();
  SegmentIncidents out{std::vector<size_t>(n, 0), std::vector<std::vector<const audit::IncidentFinding*>>(n)};
  std::vector<int64_t> starts(n + 1, 0);  // difference array of the counts
  std::vector<size_t> next_open(n + 1);
  std::iota(next_open.begin(), next_open.end(), 0);
  const auto find = [&](size_t s) {
    size_t root = s;
    while (next_open[root] != root) root = next_open[root];
    while (next_open[s] != root) s = std::exchange(next_open[s], root);
    return root;
  };
  for (const audit::IncidentFinding& f : period.incidents) {
    if (!f.segments || f.segments->last >= n) continue;
    ++starts[f.segments->first];
    --starts[f.segments->last + 1];
    for (size_t s = find(f.segments->first); s <= f.segments->last; s = find(s + 1)) {
      out.named[s].push_back(&f);
      if (out.named[s].size() == kIdsPerTitle) next_open[s] = s + 1;
    }
  }
  int64_t running = 0;
  for (size_t s = 0; s < n; ++s) out.count[s] = static_cast<size_t>(running += starts[s]);
  return out;
}

std::string segment_title(const HtmlContext& context, const audit::TimelineSegment& s, size_t count,
                          const std::vector<const audit::IncidentFinding*>& named) {
  std::string title = std::string(time_state_word(s.state)) + ": " + html_instant(context, s.start) + " to " +
                      html_instant(context, s.end) + " (" + minutes_text(s.end - s.start) + " min)";
  if (count == 0) return title;
  title += "\nincidents:";
  for (const audit::IncidentFinding* f : named) title += " " + f->id;
  if (count > named.size()) title += " and " + std::to_string(count - named.size()) + " more";
  return title;
}

std::string each_segment(const HtmlContext& context, const audit::PeriodAudit& period) {
  const SegmentIncidents incidents = incidents_by_segment(period);
  std::string out = "<g class=\"segments\">\n";
  for (size_t i = 0; i < period.timeline.size(); ++i) {
    const audit::TimelineSegment& s = period.timeline[i];
    const int64_t x0 = timeline_x_milli(period, s.start), x1 = timeline_x_milli(period, s.end);
    out += "<rect class=\"seg " + std::string(time_state_word(s.state)) + "\" " + rect(x0, kBarTop, x1 - x0, kBarHeight) +
           "><title>" + html_escape(segment_title(context, s, incidents.count[i], incidents.named[i])) +
           "</title></rect>\n";
  }
  return out + "</g>\n";
}

// Seconds of each state (up, down, excluded) in [from, to); `next` walks the segments forward.
std::array<int64_t, 3> state_seconds(const audit::PeriodAudit& period, Instant from, Instant to, size_t& next) {
  std::array<int64_t, 3> seconds{0, 0, 0};
  while (next < period.timeline.size() && period.timeline[next].end <= from) ++next;
  for (size_t i = next; i < period.timeline.size() && period.timeline[i].start < to; ++i) {
    const audit::TimelineSegment& s = period.timeline[i];
    seconds[static_cast<size_t>(s.state)] += (std::min(s.end, to) - std::max(s.start, from)).count();
  }
  return seconds;
}

// Too many segments to draw: kBins stretches of equal time, each a column of
// its down (bottom), excluded and up shares of the bar's height.
std::string binned_segments(const HtmlContext& context, const audit::PeriodAudit& period) {
  std::string out = "<g class=\"segments binned\">\n";
  size_t next = 0;
  for (size_t bin = 0; bin < kBins; ++bin) {
    const auto [from, to] = bin_bounds(period, bin);
    const int64_t length = (to - from).count();
    if (length <= 0) continue;
    const auto seconds = state_seconds(period, from, to, next);
    const auto share = [&](int64_t s) { return (2 * s * kBarHeight * 1000 + length) / (2 * length); };  // half up
    const int64_t down = share(seconds[static_cast<size_t>(audit::TimeState::Down)]);
    const int64_t excluded = share(seconds[static_cast<size_t>(audit::TimeState::Excluded)]);
    const int64_t up = kBarHeight * 1000 - down - excluded;
    const int64_t x0 = timeline_x_milli(period, from), width = timeline_x_milli(period, to) - x0;
    const std::string title = html_instant(context, from) + " to " + html_instant(context, to) + ": down " +
                              minutes_text(Seconds(seconds[1])) + " min, excluded " +
                              minutes_text(Seconds(seconds[2])) + " min, up " + minutes_text(Seconds(seconds[0])) +
                              " min";
    out += "<g class=\"bin\"><title>" + html_escape(title) + "</title>";
    int64_t y = kBarTop * 1000;
    for (const auto& [cls, height] : {std::pair{"up", up}, {"excluded", excluded}, {"down", down}}) {
      if (height <= 0) continue;
      out += "<rect class=\"seg " + std::string(cls) + "\" " + rect_milli(x0, y, width, height) + "/>";
      y += height;
    }
    out += "</g>\n";
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
  std::string title = f.id + (f.line ? " (incident log line " + std::to_string(f.line) + ")\n"
                                     : " (derived from the members' incidents)\n");
  if (const IncidentLabels* labels = context.report.incident_labels.at(f.line)) {
    if (!labels->title.empty()) title += labels->title + "\n";
    if (!labels->ticket.empty()) title += "ticket: " + labels->ticket + "\n";
  }
  title += "fault: " + f.fault.value_or("none given") + (f.cause.empty() ? "" : "; cause: " + std::string(f.cause)) +
           "\n";
  title += spoken(audit::incident_role_name(f.role)) + ": " + std::string(f.reason.view()) + "\n";
  title += html_instant(context, f.start) + " to " + html_instant(context, f.end) + (f.open ? " (open)" : "") +
           ": down " + down_minutes_words(f) + ", excluded " + minutes_text(f.excluded) + " min\n";
  for (const std::string& flag : f.flags) title += flag + "\n";
  return title + "clause: " + clause_words(context, f.clause);
}

struct Marker {
  size_t incident = 0;  // index into period.incidents
  int64_t x = 0, width = 0;
  size_t lane = 0;
};

struct Marks {
  std::vector<Marker> drawn;
  std::vector<char> is_drawn;  // per incident
  size_t lanes = 0;
  size_t aggregated = 0;  // incidents not drawn
};

// Each listed incident on the first lane where it does not overlap the one
// before it; one that finds no lane of kLanes is counted in the strip instead.
Marks place_markers(const audit::PeriodAudit& period) {
  Marks marks;
  marks.is_drawn.assign(period.incidents.size(), 0);
  std::vector<int64_t> lane_end;  // right edge of each lane's last marker
  for (size_t i : listed_incidents(period)) {
    const audit::IncidentFinding& f = period.incidents[i];
    Marker m;
    m.incident = i;
    m.x = timeline_x_milli(period, f.start);
    m.width = std::max(timeline_x_milli(period, f.end) - m.x, kMinIncidentWidthMilli);
    m.x = std::min(m.x, kTimelineWidth * 1000 - m.width);
    m.lane = 0;
    while (m.lane < lane_end.size() && lane_end[m.lane] > m.x) ++m.lane;
    if (m.lane == kLanes) continue;
    if (m.lane == lane_end.size()) lane_end.push_back(0);
    lane_end[m.lane] = m.x + m.width + 1000;  // one unit of air between neighbours
    marks.drawn.push_back(m);
    marks.is_drawn[i] = 1;
  }
  marks.lanes = lane_end.size();
  marks.aggregated = period.incidents.size() - marks.drawn.size();
  return marks;
}

std::string role_class(audit::IncidentRole role) {
  std::string word = audit::incident_role_name(role);
  std::replace(word.begin(), word.end(), '_', '-');
  return word;
}

std::string incidents(const HtmlContext& context, const audit::PeriodAudit& period, const Marks& marks) {
  std::string out = "<g class=\"incidents\">\n";
  for (const Marker& m : marks.drawn) {
    const audit::IncidentFinding& f = period.incidents[m.incident];
    const int64_t y = kLaneTop + static_cast<int64_t>(m.lane) * kLaneHeight;
    out += "<g class=\"incident " + role_class(f.role) + "\"><title>" + html_escape(incident_title(context, f)) +
           "</title><rect " + rect(m.x, y, m.width, kMarkerHeight) + "/></g>\n";
  }
  return out + "</g>\n";
}

// The incidents not drawn, counted per stretch of time (by where they start):
// one column per stretch, as tall as its count against the fullest stretch.
std::string aggregate_strip(const HtmlContext& context, const audit::PeriodAudit& period, const Marks& marks,
                            int64_t top) {
  struct Counts {
    size_t counted = 0, excluded = 0, other = 0;
    size_t total() const { return counted + excluded + other; }
  };
  std::vector<Counts> bins(kBins);
  const int64_t length = (period.end - period.start).count();
  for (size_t i = 0; i < period.incidents.size(); ++i) {
    if (marks.is_drawn[i]) continue;
    const audit::IncidentFinding& f = period.incidents[i];
    const int64_t offset = std::clamp<int64_t>((f.start - period.start).count(), 0, std::max<int64_t>(length - 1, 0));
    const size_t bin = length <= 0 ? 0 : static_cast<size_t>(static_cast<__int128>(offset) * kBins / length);
    Counts& c = bins[std::min(bin, kBins - 1)];
    if (f.role == audit::IncidentRole::Down) ++c.counted;
    else if (f.role == audit::IncidentRole::Excluded) ++c.excluded;
    else ++c.other;
  }
  size_t fullest = 1;
  for (const Counts& c : bins) fullest = std::max(fullest, c.total());
  std::string out = "<g class=\"aggregate\">\n";
  for (size_t bin = 0; bin < kBins; ++bin) {
    const Counts& c = bins[bin];
    if (c.total() == 0) continue;
    const auto [from, to] = bin_bounds(period, bin);
    const int64_t x0 = timeline_x_milli(period, from), width = timeline_x_milli(period, to) - x0;
    const int64_t height = std::max<int64_t>(2000, static_cast<int64_t>(kMarkerHeight * 1000 * c.total() / fullest));
    const std::string title = std::to_string(c.total()) + " incidents not drawn, starting " +
                              html_instant(context, from) + " to " + html_instant(context, to) + ": " +
                              std::to_string(c.counted) + " counted, " + std::to_string(c.excluded) + " excluded, " +
                              std::to_string(c.other) + " not counted";
    out += "<g><title>" + html_escape(title) + "</title><rect " +
           rect_milli(x0, top * 1000 + kMarkerHeight * 1000 - height, width, height) + "/></g>\n";
  }
  return out + "</g>\n";
}

// What the drawing left out, in words below it; nothing when it left nothing out.
std::string drawing_note(const audit::PeriodAudit& period, bool binned, const Marks& marks) {
  std::string out;
  if (binned)
    out += "<p class=\"note\">" +
           html_escape("The bar shows " + std::to_string(kBins) +
                       " stretches of equal time, each with its shares of down, excluded and up time: the period has " +
                       std::to_string(period.timeline.size()) + " timeline segments, too many to draw one by one.") +
           "</p>\n";
  if (marks.aggregated > 0)
    out += "<p class=\"note\">" +
           html_escape(std::to_string(marks.drawn.size()) + " of the period's " +
                       std::to_string(period.incidents.size()) +
                       " incidents are drawn (those with the most downtime, then the most excluded time); the other " +
                       std::to_string(marks.aggregated) +
                       " are counted in the strip beneath them, per stretch of time: hover for the numbers.") +
           "</p>\n";
  return out;
}

}  // namespace

std::vector<size_t> listed_incidents(const audit::PeriodAudit& period) {
  std::vector<size_t> order(period.incidents.size());
  std::iota(order.begin(), order.end(), 0);
  if (order.size() <= kIncidentsListed) return order;
  const auto ranks_before = [&](size_t a, size_t b) {
    const audit::IncidentFinding &x = period.incidents[a], &y = period.incidents[b];
    if (x.down != y.down) return x.down > y.down;
    if (x.excluded != y.excluded) return x.excluded > y.excluded;
    return a < b;
  };
  std::partial_sort(order.begin(), order.begin() + kIncidentsListed, order.end(), ranks_before);
  order.resize(kIncidentsListed);
  std::sort(order.begin(), order.end());
  return order;
}

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
  const Marks marks = place_markers(period);
  const bool binned = period.timeline.size() > kSegmentsDrawn;
  const int64_t strip_top = kLaneTop + static_cast<int64_t>(std::max<size_t>(marks.lanes, 1)) * kLaneHeight;
  const int64_t height = strip_top + (marks.aggregated > 0 ? kLaneHeight : 0) + 4;
  std::string out = "<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
                    std::to_string(kTimelineWidth) + " " + std::to_string(height) +
                    "\" role=\"img\" aria-label=\"" +
                    html_escape("timeline of " + period.service + " " + period.period) + "\">\n";
  out += binned ? binned_segments(context, period) : each_segment(context, period);
  out += ticks(context, period) + incidents(context, period, marks);
  if (marks.aggregated > 0) out += aggregate_strip(context, period, marks, strip_top);
  return out + "</svg>\n" + drawing_note(period, binned, marks);
}

}  // namespace slaudit::report
