#include "report/html/history_html.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

#include "engine/figures/figures.h"
#include "report/common/amounts.h"
#include "report/html/compare_sections.h"
#include "report/html/html_text.h"
#include "report/html/sections.h"

namespace slaudit::report {

namespace {

// The drawing: periods left to right, one slot each.
constexpr int kLeft = 70, kSlot = 56, kTop = 14, kHeight = 120;
// At most this many rows of a series in the page's table: a fleet's history is
// read in CSV or JSON; the charts summarise every row.
constexpr size_t kTableRows = 200;

// One period of one clause: a service's figures, or the worst of a fleet's
// resources and the sum of what they owe.
struct PeriodPoint {
  std::string period;
  std::optional<Rational> lowest;  // the lowest availability assessed; none: none assessed
  std::string lowest_of;           // the resource it is, in a fleet
  size_t rows = 0, breached = 0;
  int64_t owed_minor = 0;
};

struct Series {
  std::string contract, service, clause, currency;
  int digits = 2;
  std::optional<std::string> target;
  std::vector<PeriodPoint> points;  // by period start
  std::vector<ledger::HistoryRow> rows;  // the first kTableRows, for the table
  size_t row_count = 0;
  bool fleet = false;
};

// Builds one series at a time from the rows as they come (by contract,
// service, clause, then resource and start): its periods' points keyed by
// start, so a fleet's resources fold into one point per period.
class SeriesBuilder {
 public:
  bool same(const ledger::HistoryRow& r) const {
    return started_ && s_.contract == r.contract_title && s_.service == r.service && s_.clause == r.clause_label;
  }
  void start(const ledger::HistoryRow& r) {
    s_ = Series{r.contract_title, r.service, r.clause_label, r.currency, r.currency_digits, r.target, {}, {}, 0, false};
    points_.clear();
    started_ = true;
  }
  void add(const ledger::HistoryRow& r) {
    ++s_.row_count;
    if (s_.rows.size() < kTableRows) s_.rows.push_back(r);
    s_.fleet |= !r.resource.empty();
    if (r.target) s_.target = r.target;
    if (r.superseded_by) return;
    PeriodPoint& p = points_[{r.start_unix, r.period}];
    p.period = r.period;
    ++p.rows;
    p.breached += r.verdict == "breached";
    p.owed_minor += r.owed_minor;
    if (r.availability && (!p.lowest || *r.availability < *p.lowest)) {
      p.lowest = r.availability;
      p.lowest_of = r.resource;
    }
  }
  bool started() const { return started_; }
  const Series& finish() {
    s_.points.clear();
    for (auto& [key, point] : points_) s_.points.push_back(std::move(point));
    return s_;
  }

 private:
  Series s_;
  std::map<std::pair<int64_t, std::string>, PeriodPoint> points_;
  bool started_ = false;
};

std::string attr(const std::string& value) { return "\"" + html_escape(value) + "\""; }
std::string num(const Rational& value) { return svg_number(value); }

Rational target_share(const Series& s) {
  if (!s.target) return Rational(1);
  const std::optional<Decimal> d = Decimal::parse(*s.target);
  return d ? Rational(d->coefficient(), d->denominator()) / 100 : Rational(1);
}

// The scale's floor: below the lowest figure and the target by a tenth of
// what lies under 100%, so that a miss shows as a drop.
Rational scale_floor(const Series& s) {
  Rational low = target_share(s);
  for (const PeriodPoint& p : s.points)
    if (p.lowest) low = std::min(low, *p.lowest);
  const Rational floor = low - (Rational(1) - low) / 10;
  return floor < 0 ? Rational(0) : (floor == Rational(1) ? Rational(99, 100) : floor);
}

Rational y_of(const Rational& share, const Rational& floor) {
  return Rational(kTop) + Rational(kHeight) * (Rational(1) - share) / (Rational(1) - floor);
}

std::string x_label(const PeriodPoint& p, size_t k, int y) {
  const Rational x = Rational(kLeft) + Rational(kSlot) * k + Rational(kSlot, 2);
  return "<text class=\"period\" x=" + attr(num(x)) + " y=\"" + std::to_string(y) + "\">" + html_escape(p.period) +
         "</text>";
}

std::string availability_chart(const Series& s) {
  const Rational floor = scale_floor(s), target = target_share(s);
  const int width = kLeft + kSlot * static_cast<int>(std::max<size_t>(s.points.size(), 1)) + 10;
  const int bottom = kTop + kHeight;
  std::string out = "<svg class=\"availability\" role=\"img\" viewBox=\"0 0 " + std::to_string(width) + " " +
                    std::to_string(bottom + 34) + "\" width=\"" + std::to_string(width) + "\" data-target=" +
                    attr(decimal_digits(target, 6, false).text) + ">";
  out += "<text class=\"axis\" x=\"" + std::to_string(kLeft - 6) + "\" y=\"" + std::to_string(kTop + 4) + "\">100%</text>";
  out += "<text class=\"axis\" x=\"" + std::to_string(kLeft - 6) + "\" y=\"" + std::to_string(bottom) + "\">" +
         html_escape(percent_text(floor)) + "</text>";
  const std::string ty = num(y_of(target, floor));
  out += "<line class=\"target\" x1=\"" + std::to_string(kLeft) + "\" x2=\"" + std::to_string(width - 10) +
         "\" y1=" + attr(ty) + " y2=" + attr(ty) + "/><text class=\"target\" x=\"" + std::to_string(width - 12) +
         "\" y=" + attr(num(y_of(target, floor) - 4)) + ">target " + html_escape(s.target.value_or("-")) + "%</text>";
  for (size_t k = 0; k < s.points.size(); ++k) {
    const PeriodPoint& p = s.points[k];
    out += x_label(p, k, bottom + 16);
    if (!p.lowest) continue;
    const Rational x = Rational(kLeft) + Rational(kSlot) * k + Rational(kSlot, 2);
    const std::string cls = p.breached > 0 ? "breached" : "met";
    out += "<circle class=" + attr("point " + cls) + " cx=" + attr(num(x)) + " cy=" + attr(num(y_of(*p.lowest, floor))) +
           " r=\"4\" data-period=" + attr(p.period) + " data-availability=" +
           attr(decimal_digits(*p.lowest, 6, false).text) + "><title>" +
           html_escape(p.period + ": " + percent_text(*p.lowest) +
                       (s.fleet ? " (lowest of " + std::to_string(p.rows) + ", " + p.lowest_of + ")" : "")) +
           "</title></circle>";
  }
  return out + "</svg>";
}

std::string credits_chart(const Series& s) {
  int64_t most = 0;
  for (const PeriodPoint& p : s.points) most = std::max(most, p.owed_minor);
  const int width = kLeft + kSlot * static_cast<int>(std::max<size_t>(s.points.size(), 1)) + 10;
  const int height = 60, bottom = kTop + height;
  const model::Currency currency{s.currency, s.digits};
  std::string out = "<svg class=\"credits\" role=\"img\" viewBox=\"0 0 " + std::to_string(width) + " " +
                    std::to_string(bottom + 34) + "\" width=\"" + std::to_string(width) + "\">";
  out += "<text class=\"axis\" x=\"" + std::to_string(kLeft - 6) + "\" y=\"" + std::to_string(kTop + 4) + "\">" +
         html_escape(grouped_decimal(money_text(most, currency))) + "</text>";
  out += "<line class=\"base\" x1=\"" + std::to_string(kLeft) + "\" x2=\"" + std::to_string(width - 10) + "\" y1=\"" +
         std::to_string(bottom) + "\" y2=\"" + std::to_string(bottom) + "\"/>";
  for (size_t k = 0; k < s.points.size(); ++k) {
    const PeriodPoint& p = s.points[k];
    out += x_label(p, k, bottom + 16);
    const Rational h = most == 0 ? Rational(0) : Rational(height) * p.owed_minor / most;
    const Rational x = Rational(kLeft) + Rational(kSlot) * k + 12;
    out += "<rect class=\"owed\" x=" + attr(num(x)) + " y=" + attr(num(Rational(bottom) - h)) + " width=\"" +
           std::to_string(kSlot - 24) + "\" height=" + attr(num(h)) + " data-period=" + attr(p.period) +
           " data-owed-minor=\"" + std::to_string(p.owed_minor) + "\"><title>" +
           html_escape(p.period + ": " + grouped_decimal(money_text(p.owed_minor, currency)) + " " + s.currency) +
           "</title></rect>";
  }
  return out + "</svg>";
}

std::string row_html(const ledger::HistoryRow& r, bool fleet) {
  const model::Currency currency{r.currency, r.currency_digits};
  std::string out = "<tr" + std::string(r.superseded_by ? " class=\"superseded\"" : "") + ">";
  if (fleet) out += html_element("td", r.resource);
  out += html_element("td", r.period) + html_element("td", r.target ? *r.target + "%" : "-", "num") +
         html_element("td", r.availability ? percent_text(*r.availability) : "not assessed", "num") +
         html_element("td", minutes_text(r.down_seconds), "num") +
         html_element("td", grouped_decimal(money_text(r.owed_minor, currency)) + " " + r.currency, "num") +
         html_element("td", r.verdict) + html_element("td", r.claim_deadline.value_or("-")) +
         html_element("td", std::to_string(r.audit_id) + " (" + r.recorded_at + ")") +
         html_element("td", r.superseded_by ? "superseded by period " + std::to_string(*r.superseded_by) : "current");
  return out + "</tr>\n";
}

std::string series_html(const Series& s) {
  std::string out = "<section class=\"series\">\n" +
                    html_element("h3", s.service + (s.clause.empty() ? "" : " - " + s.clause)) + "\n";
  out += "<figure><figcaption>Availability by period against the target" +
         std::string(s.fleet ? " (each period: its lowest resource)" : "") + "</figcaption>" + availability_chart(s) +
         "</figure>\n";
  out += "<figure><figcaption>Credits owed by period (" + html_escape(s.currency) +
         (s.fleet ? ", all resources" : "") + ")</figcaption>" + credits_chart(s) + "</figure>\n";
  out += "<table class=\"history\"><thead><tr>" + std::string(s.fleet ? "<th>resource</th>" : "") +
         "<th>period</th><th>target</th><th>availability</th><th>down (min)</th><th>owed</th><th>verdict</th>"
         "<th>claim by</th><th>audit</th><th>version</th></tr></thead><tbody>\n";
  for (const ledger::HistoryRow& r : s.rows) out += row_html(r, s.fleet);
  out += "</tbody></table>\n";
  if (s.row_count > s.rows.size())
    out += html_element("p", std::to_string(s.row_count - s.rows.size()) + " more row(s) not shown: `--format csv` lists "
                             "every row; the charts above count them all.", "note");
  return out + "</section>\n";
}

std::string history_style() {
  return R"css(<style>
svg.availability, svg.credits { display: block; max-width: 100%; height: auto; font-size: 11px; }
svg text.axis { text-anchor: end; fill: #555; }
svg text.period { text-anchor: middle; fill: #333; }
svg text.target { text-anchor: end; fill: #8a5a00; }
svg line.target { stroke: #c98a00; stroke-dasharray: 5 3; }
svg line.base { stroke: #999; }
svg circle.met { fill: #2f7d32; }
svg circle.breached { fill: #b71c1c; }
svg rect.owed { fill: #5c7fb8; }
figure { margin: .6em 0 1em; break-inside: avoid; }
figcaption { font-weight: bold; margin-bottom: .2em; }
table.history tr.superseded td { color: #777; }
section.series { break-inside: auto; }
</style>
)css";
}

}  // namespace

void write_history_html(const HistoryRows& rows, const std::string& ledger_path, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << html_element("title", "Ledger history: " + ledger_path) << "\n" << html_style() << history_style()
      << "</head>\n<body>\n" << html_element("h1", "Ledger history") << "\n"
      << html_element("p", "The periods recorded in " + ledger_path + ". Availability is truncated to four decimals "
                           "(the JSON and CSV forms hold the exact fractions); each chart shows the current version "
                           "of each period.") << "\n";
  SeriesBuilder series;
  std::string contract;
  size_t count = 0;
  const auto flush = [&] {
    if (series.started()) out << series_html(series.finish());
  };
  rows([&](const ledger::HistoryRow& r) {
    ++count;
    if (!series.same(r)) {
      flush();
      if (r.contract_title != contract || count == 1) {
        contract = r.contract_title;
        out << html_element("h2", contract) << "\n";
      }
      series.start(r);
    }
    series.add(r);
  });
  flush();
  out << html_element("p", count == 0 ? std::string("No period recorded matches.")
                                      : std::to_string(count) + " recorded period row(s).", "note")
      << "\n</body>\n</html>\n";
}

}  // namespace slaudit::report
