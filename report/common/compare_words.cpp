#include "report/common/compare_words.h"

#include "engine/claims/compare.h"
#include "engine/figures/figures.h"
#include "base/time/timestamp.h"
#include "report/common/amounts.h"  // grouped_decimal, amount_with_code: the reports' one formatter

namespace slaudit::report {

namespace {

std::string marked(const DecimalText& text) { return text.text + (text.exact ? "" : std::string(1, kInexactMark)); }

// Two decimals with trailing zeros dropped ("25", "12.5", "33.33~").
std::string two_decimals(const Rational& value) {
  DecimalText text = decimal_digits(value, 2, true);
  if (text.exact && text.text.find('.') != std::string::npos) {
    while (text.text.back() == '0') text.text.pop_back();
    if (text.text.back() == '.') text.text.pop_back();
  }
  return marked(text);
}

}  // namespace

std::string score_text(const Rational& value) { return two_decimals(value); }

std::string share_text(const Rational& share) {
  std::string text = two_decimals(share * 100);
  const bool cut = text.back() == kInexactMark;
  if (cut) text.pop_back();
  return text + "%" + (cut ? std::string(1, kInexactMark) : "");  // "1.86%~", as the audit marks percentages
}

std::string money_rational_text(const Rational& minor, const model::Currency& currency) {
  // Half up to the minor unit, as the audit rounds money by default; amounts here are never negative.
  const auto n = numerator(minor), d = denominator(minor);
  const int64_t rounded = static_cast<int64_t>((2 * n + d) / (2 * d));
  return amount_with_code(rounded, currency) + (d == 1 ? "" : std::string(1, kInexactMark));
}

std::string hours_text(Seconds seconds) { return grouped_decimal(two_decimals(Rational(seconds.count(), 3600))) + " h"; }

std::string gpu_hours_text(const Rational& hours) { return grouped_decimal(two_decimals(hours)); }

std::string sensitivity_sentence(const selection::CompareReport& report, const selection::Sensitivity& s) {
  const std::string& ahead = report.vendors[s.ahead].name;
  const std::string& behind = report.vendors[s.behind].name;
  if (!s.possible)
    return ahead + " stays ahead of " + behind + " whatever the weights: it scores at least as much on every dimension";
  if (s.gap == 0)
    return ahead + " and " + behind + " tie; any weight moved to " + selection::dimension_title(s.to) + " puts " + behind +
           " ahead";
  std::string from;
  for (const selection::WeightShift& shift : s.from) {
    const Rational before = report.weights.of(shift.from);
    from += (from.empty() ? "" : " and ") + score_text(shift.amount) + " from " + selection::dimension_title(shift.from) +
            " (" + score_text(before) + " → " + score_text(before - shift.amount) + ")";
  }
  const Rational to_before = report.weights.of(s.to);
  return behind + " would overtake " + ahead + " (" + score_text(s.gap) + " points behind) if more than " +
         score_text(s.moved) + " points of weight moved: " + from + ", to " + selection::dimension_title(s.to) + " (" +
         score_text(to_before) + " → " + score_text(to_before + s.moved) + "); at exactly that they tie";
}

std::string weights_sentence(const selection::Weights& weights) {
  std::string out = weights.source + ": ";
  for (selection::Dimension d : selection::kDimensions)
    out += std::string(d == selection::kDimensions.front() ? "" : ", ") + selection::dimension_title(d) + " " +
           score_text(weights.of(d));
  return out;
}

std::string history_sentence(const selection::HistorySummary& h) {
  std::string out = std::to_string(h.incidents) + " incidents (" + std::to_string(h.maintenance) + " maintenance, " +
                    std::to_string(h.customer) + " customer-caused, " + std::to_string(h.open) + " open) from " + h.source;
  if (h.generated)
    out += " (the Llama 3 fault mix: " + std::to_string(h.generated->unexpected) + " unexpected and " +
           std::to_string(h.generated->planned) + " planned interruptions over " + std::to_string(h.generated->days) +
           " days from " + h.generated->from + ", seed " + std::to_string(h.generated->seed) + ")";
  return out + "; window " + format_utc(h.from) + " to " + format_utc(h.to) + "; audited over " + h.range;
}

std::string lost_time_sentence(const selection::HistorySummary& h) {
  return "the job (" + claims::grouped(h.job_gpus) + " GPUs) stood still " + hours_text(h.interrupted) +
         " (every interruption the customer did not cause, from its start until recovered, overlaps once): " +
         gpu_hours_text(h.gpu_hours_lost) + " GPU-hours lost";
}

std::string status_word(selection::QuestionStatus status) {
  switch (status) {
    case selection::QuestionStatus::Answered: return "answered";
    case selection::QuestionStatus::Open: return "open";
    case selection::QuestionStatus::Contradicted: return "contradicted";
  }
  return "open";
}

std::string point_text(const selection::QuestionPoint& p) {
  std::string out = status_word(p.status);
  if (!p.rule.empty()) out += " [" + p.rule + "]";
  if (!p.verdict.empty()) out += " [" + p.verdict + "]";
  out += p.line ? " (line " + std::to_string(p.line) + "): " : ": ";
  if (p.status == selection::QuestionStatus::Open && p.rule.empty() && p.line == 0) out += "nothing written: ";
  return out + p.text;
}

}  // namespace slaudit::report
