#include "report/common/cap_words.h"

#include "report/common/amounts.h"
#include "engine/figures/figures.h"

namespace slaudit::report {

namespace {

std::string window_words(const model::Cap& cap) {
  switch (cap.window) {
    case model::CapWindow::PerPeriod: return "";
    case model::CapWindow::PerContractYear: return " per contract year";
    case model::CapWindow::TrailingMonths: return " over the trailing " + std::to_string(cap.trailing_months) + " months";
  }
  return "";
}

std::string one_cap(const model::Cap& cap, const model::Currency& currency) {
  const std::string limit = cap.percent_of_fee ? percent_text(*cap.percent_of_fee) + " of fee"
                            : cap.amount        ? amount_with_code(cap.amount->minor, currency)
                                                : "a cap";  // the checker gives every cap one of the two
  return limit + window_words(cap);
}

}  // namespace

std::string cap_terms(const std::vector<model::Cap>& caps, const model::Currency& currency) {
  std::string out;
  for (const model::Cap& cap : caps) {
    if (!out.empty()) out += "; ";
    out += one_cap(cap, currency);
  }
  return out;
}

std::string cap_text(int64_t binding_minor, const std::vector<model::Cap>& caps, const model::Currency& currency,
                     bool with_code) {
  if (binding_minor >= 0) return with_code ? amount_with_code(binding_minor, currency) : amount_text(binding_minor, currency);
  if (caps.empty()) return "no cap";
  return "not reached (" + cap_terms(caps, currency) + ")";
}

std::string cap_phrase(int64_t binding_minor, const std::vector<model::Cap>& caps, const model::Currency& currency,
                       bool with_code) {
  if (binding_minor >= 0) return "capped at " + cap_text(binding_minor, caps, currency, with_code);
  return caps.empty() ? "no cap" : "cap " + cap_text(binding_minor, caps, currency, with_code);
}

}  // namespace slaudit::report
