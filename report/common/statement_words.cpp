#include "report/common/statement_words.h"

#include "engine/audit/money.h"
#include "report/common/amounts.h"

namespace slaudit::report {

std::vector<const audit::PeriodAudit*> statement_periods(const audit::AuditReport& report) {
  std::vector<const audit::PeriodAudit*> out;
  for (const audit::PeriodAudit& p : report.periods)
    if (p.statement) out.push_back(&p);
  return out;
}

std::string payment_text(const audit::StatementFigures& s, const model::Currency& currency) {
  const std::optional<int64_t> d = s.difference();
  if (!d) return "credit paid not stated";
  if (*d > 0) return "underpaid by " + amount_with_code(*d, currency);
  if (*d < 0) return "overpaid by " + amount_with_code(-*d, currency);
  return "matches";
}

std::string difference_text(const audit::StatementFigures& s, const model::Currency& currency) {
  const std::optional<int64_t> d = s.difference();
  return d ? amount_with_code(*d, currency) : "-";
}

std::string statement_total_text(const audit::AuditReport& report) {
  const std::vector<const audit::PeriodAudit*> periods = statement_periods(report);
  if (periods.empty()) return "";
  int64_t owed = 0, paid = 0, under = 0, over = 0;
  size_t unstated = 0;
  bool exact = true;  // each credit paid is at most 10^15 minor units, but periods are many
  for (const audit::PeriodAudit* p : periods) {
    const audit::StatementFigures& s = *p->statement;
    if (!s.paid_minor) {
      ++unstated;
      continue;
    }
    exact &= audit::add_money(owed, s.implied_minor);
    exact &= audit::add_money(paid, *s.paid_minor);
    const int64_t d = *s.difference();
    exact &= d > 0 ? audit::add_money(under, d) : audit::add_money(over, -d);
  }
  if (!exact) return "the credits owed or paid sum to more than 9223372036854775807 minor units: not totalled";
  const model::Currency& c = report.currency;
  std::string out;
  if (unstated < periods.size()) {
    out = "owed " + amount_with_code(owed, c) + " at the stated figures, paid " + amount_with_code(paid, c) + ": ";
    if (under == 0 && over == 0) out += "the credits paid match";
    if (under > 0) out += "underpaid by " + amount_with_code(under, c);
    if (under > 0 && over > 0) out += ", ";
    if (over > 0) out += "overpaid by " + amount_with_code(over, c);
  }
  if (unstated > 0)
    out += (out.empty() ? "" : "; ") + std::to_string(unstated) + " period(s) without a credit paid in the statement";
  return out;
}

}  // namespace slaudit::report
