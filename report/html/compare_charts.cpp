// The comparison's two charts, as inline SVG (no script, no network): the
// weighted scores, and the replayed credits against the cost of lost time.
// Lengths are exact fractions of the drawing, printed to three decimals.
#include "report/common/amounts.h"
#include "engine/figures/figures.h"
#include "report/common/compare_words.h"
#include "report/html/compare_sections.h"
#include "report/html/html_text.h"

namespace slaudit::report {

namespace {

using selection::CompareReport;
using selection::VendorComparison;

constexpr int kLeft = 210;    // the vendor names
constexpr int kWidth = 700;   // the bars: the scale's full length
constexpr int kRow = 34;

// A figure for the test that reads the page back: six decimals, rounded.
std::string data_number(const Rational& value) { return decimal_digits(value, 6, false).text; }

std::string attr(const std::string& value) { return "\"" + html_escape(value) + "\""; }

std::string scale_ticks(int top, int bottom, const Rational& full, const std::string& unit, int steps) {
  std::string out = "<g class=\"ticks\">";
  for (int k = 0; k <= steps; ++k) {
    const Rational value = full * k / steps;
    const std::string x = svg_number(kLeft + Rational(kWidth) * k / steps);
    out += "<line x1=" + attr(x) + " y1=\"" + std::to_string(top) + "\" x2=" + attr(x) + " y2=\"" +
           std::to_string(bottom) + "\"/><text x=" + attr(x) + " y=\"" + std::to_string(bottom + 14) + "\">" +
           html_escape(score_text(value) + unit) + "</text>";
  }
  return out + "</g>";
}

std::string vendor_label(const VendorComparison& v, int y) {
  return "<text class=\"vendor\" x=\"" + std::to_string(kLeft - 8) + "\" y=\"" + std::to_string(y) + "\">" +
         html_escape(v.name) + "</text>";
}

// A round ceiling for the remedy scale: 10%, 20%, 50%, 100%, 200%, ...
Rational nice_ceiling(const Rational& value) {
  Rational step(1, 10);
  while (true) {
    for (int m : {1, 2, 5})
      if (value <= step * m) return step * m;
    step *= 10;
  }
}

std::string remedy_bar(const char* cls, const std::optional<Rational>& share, const Rational& full, int y,
                       const std::string& label) {
  if (!share)
    return "<text class=\"missing\" x=\"" + std::to_string(kLeft + 4) + "\" y=\"" + std::to_string(y + 9) + "\">" +
           html_escape(label + ": not priced") + "</text>";
  const Rational width = Rational(kWidth) * std::min(*share, full) / full;
  return "<rect class=" + attr(std::string("bar ") + cls) + " x=\"" + std::to_string(kLeft) + "\" y=\"" +
         std::to_string(y) + "\" width=" + attr(svg_number(width)) + " height=\"12\" data-share=" +
         attr(data_number(*share)) + "><title>" + html_escape(label) + "</title></rect><text class=\"value\" x=" +
         attr(svg_number(kLeft + width + 6)) + " y=\"" + std::to_string(y + 10) + "\">" +
         html_escape(share_text(*share)) + "</text>";
}

}  // namespace

std::string svg_number(const Rational& value) {
  DecimalText text = decimal_digits(value, 3, false);
  if (text.text.find('.') != std::string::npos) {
    while (text.text.back() == '0') text.text.pop_back();
    if (text.text.back() == '.') text.text.pop_back();
  }
  return text.text;
}

std::string scores_chart(const CompareReport& r) {
  const int height = 24 + kRow * static_cast<int>(r.ranking.size()) + 20;
  std::string out = "<svg class=\"chart scores\" viewBox=\"0 0 1000 " + std::to_string(height) +
                    "\" role=\"img\" aria-label=\"weighted scores, 0 to 100\">\n";
  out += scale_ticks(10, height - 22, 100, "", 4);
  int y = 16;
  for (size_t k : r.ranking) {
    const VendorComparison& v = r.vendors[k];
    out += "<g class=\"vendor-bar\" data-vendor=" + attr(v.name) + " data-weighted=" + attr(data_number(v.score.weighted)) + ">";
    out += vendor_label(v, y + 15);
    Rational x = kLeft;
    for (const selection::DimensionScore& d : v.score.dimensions) {
      const Rational part = r.weights.of(d.dimension) * d.score / 100;  // points of the weighted score
      const Rational width = Rational(kWidth) * part / 100;
      out += "<rect class=" + attr(std::string("seg ") + selection::dimension_id(d.dimension)) + " x=" + attr(svg_number(x)) +
             " y=\"" + std::to_string(y) + "\" width=" + attr(svg_number(width)) + " height=\"20\"><title>" +
             html_escape(v.name + ", " + selection::dimension_title(d.dimension) + ": " + score_text(d.score) + " × " +
                         score_text(r.weights.of(d.dimension)) + "% = " + score_text(part) + " points") +
             "</title></rect>";
      x += width;
    }
    out += "<text class=\"value\" x=" + attr(svg_number(x + 6)) + " y=\"" + std::to_string(y + 15) + "\">" +
           html_escape(score_text(v.score.weighted)) + "</text></g>\n";
    y += kRow;
  }
  out += "</svg>\n<p class=\"legend\">";
  for (selection::Dimension d : selection::kDimensions)
    out += "<span class=" + attr(std::string("swatch ") + selection::dimension_id(d)) + "></span> " +
           html_escape(selection::dimension_title(d)) + " &nbsp; ";
  return out + "</p>\n";
}

std::string remedy_chart(const CompareReport& r) {
  Rational top = 0;
  for (const VendorComparison& v : r.vendors) {
    if (!v.replay) continue;
    if (v.replay->credit_share) top = std::max(top, *v.replay->credit_share);
    if (v.replay->lost_share) top = std::max(top, *v.replay->lost_share);
  }
  const Rational full = nice_ceiling(top);
  const int height = 24 + (kRow + 12) * static_cast<int>(r.vendors.size()) + 20;
  std::string out = "<svg class=\"chart remedy\" viewBox=\"0 0 1000 " + std::to_string(height) +
                    "\" role=\"img\" aria-label=\"credits paid and lost training time, as a share of fees\">\n";
  out += scale_ticks(10, height - 22, full * 100, "%", 4);
  int y = 16;
  for (const VendorComparison& v : r.vendors) {
    const selection::ReplayOutcome& o = *v.replay;
    out += "<g class=\"vendor-remedy\" data-vendor=" + attr(v.name) + ">" + vendor_label(v, y + 18);
    out += remedy_bar("credit", o.credit_share, full, y,
                      "credits " + amount_with_code(o.credits_minor, v.currency) + " of fees " +
                          amount_with_code(o.fees_minor, v.currency));
    out += remedy_bar("lost", o.lost_share, full, y + 16,
                      "lost training time " +
                          (o.lost_cost_minor ? money_rational_text(*o.lost_cost_minor, v.currency) : std::string("—")));
    out += "</g>\n";
    y += kRow + 12;
  }
  return out + "</svg>\n<p class=\"legend\"><span class=\"swatch credit\"></span> credits the contract pays, as a share "
               "of fees &nbsp; <span class=\"swatch lost\"></span> the lost training time at the contract's price, as a "
               "share of the same fees</p>\n";
}

}  // namespace slaudit::report
