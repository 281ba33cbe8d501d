// SLA terms (the article's 10%): a target over a short statistical period,
// downtime defined, a credit that can reach the whole fee, and maintenance
// exclusions bounded by notice and a cap. The service's best availability
// clause is scored.
#include <algorithm>

#include "engine/audit/period_fee.h"
#include "engine/selection/located.h"
#include "engine/selection/scoring.h"

namespace slaudit::selection {

namespace {

int64_t period_days(const model::PeriodRule& rule) {
  switch (rule.kind) {
    case model::PeriodKind::CalendarMonth:
    case model::PeriodKind::BillingMonth: return 31;
    case model::PeriodKind::CalendarQuarter: return 92;
    case model::PeriodKind::CalendarYear: return 366;
    case model::PeriodKind::CalendarWeek: return 7;
    case model::PeriodKind::Rolling: return rule.rolling_days;
  }
  return 31;
}

struct ClauseScore {
  const model::AvailabilityClause* clause;
  std::vector<Criterion> criteria;
  Rational total;
};

class ClauseScorer {
 public:
  ClauseScorer(const ScoreInput& in, const model::AvailabilityClause& clause) : in_(in), clause_(clause) {}

  Criterion target() const {
    if (!clause_.target) return {"target", 0, 10, where() + " states no target", 0};
    const size_t line = line_of(*in_.vendor.source, clause_.target_range);
    return term_criterion("target", 10, {1, "1 (stated)"}, "contract: " + quoted_line(in_, line), line);
  }

  Criterion period() const {
    if (!clause_.period) return {"statistical period", 0, 15, where() + " states no period", 0};
    const int64_t days = period_days(*clause_.period);
    const Share share = days <= 31   ? Share{1, "1 (a month or less)"}
                        : days <= 92 ? Share{Rational(1, 3), "1/3 (up to a quarter: one bad week hides in it)"}
                                     : Share{0, "0 (longer than a quarter)"};
    const size_t line = line_of(*in_.vendor.source, clause_.period->range);
    return term_criterion("statistical period", 15, share, "contract: " + quoted_line(in_, line), line);
  }

  Criterion definition() const {
    if (!clause_.measurement) return {"downtime defined", 0, 10, where() + " does not define unavailability", 0};
    const size_t line = line_of(*in_.vendor.source, clause_.measurement->range);
    return term_criterion("downtime defined", 10, {1, "1 (stated)"}, "contract: " + quoted_line(in_, line), line);
  }

  Criterion remedy() const {
    if (!clause_.credit) return {"remedy", 0, 30, where() + " pays no credit", 0};
    const size_t line = line_of(*in_.vendor.source, clause_.credit->range);
    Rational payable = 0;  // percent of the period's fee one period can earn
    std::string how;
    if (clause_.credit->form == model::CreditForm::LostTime) {
      const Decimal& n = clause_.credit->lost_time_multiplier;
      payable = Rational(n.coefficient()) * 100 / n.denominator();
      how = "lost time × " + n.to_string() + ": a lost period pays " + num(payable) + "%";
    } else {
      // Only percentage tiers are scored: a fixed amount's share depends on the
      // fee, and a tier not stated pays nothing the contract promises.
      for (const model::CreditTier& tier : clause_.credit->tiers)
        if (const model::Percent* p = tier.percent())
          payable = std::max(payable, Rational(Rational(p->value.coefficient()) / p->value.denominator()));
      how = "the highest tier pays " + num(payable) + "%";
    }
    for (const model::Cap& cap : clause_.caps) apply_cap(cap, payable, how);
    const Rational share = std::min(payable, Rational(100)) / 100;
    return term_criterion("remedy", 30, {share, "min(" + num(payable) + "%, 100%) / 100% (" + how + ")"},
                          "contract: " + quoted_line(in_, line), line);
  }

  Criterion maintenance() const {
    if (clause_.maintenance.empty()) return {"maintenance bounded", 15, 15, "maintenance is not excluded", 0};
    Rational share = 1;
    size_t line = 0;
    std::string what;
    for (const model::MaintenanceExclusion& m : clause_.maintenance) {
      const Rational item = Rational(m.min_notice ? 1 : 0, 2) + Rational(m.cap_per_period ? 1 : 0, 2);
      const size_t at = line_of(*in_.vendor.source, m.range);
      if (!line || item < share) line = at;
      share = std::min(share, item);
      what += (what.empty() ? "" : "; ") + quoted_line(in_, at);
    }
    return term_criterion("maintenance bounded", 15,
                          {share, num(share) + " (1/2 for a minimum notice, 1/2 for a cap per period)"},
                          "contract: " + what, line);
  }

 private:
  std::string where() const { return "the availability clause of " + in_.service().name; }

  // A cap per period lowers what one period can pay.
  void apply_cap(const model::Cap& cap, Rational& payable, std::string& how) const {
    if (cap.window != model::CapWindow::PerPeriod) return;
    Rational limit;
    if (cap.percent_of_fee) {
      limit = Rational(cap.percent_of_fee->value.coefficient()) / cap.percent_of_fee->value.denominator();
    } else {
      const model::Service& service = in_.service();
      if (!cap.amount || !service.fee || service.fee->minor == 0 || service.fee_basis != model::FeeBasis::PerMonth) return;
      const Rational months = audit::months_of_fee(clause_.period ? &*clause_.period : nullptr);  // docs/audit.md section 11
      limit = Rational(cap.amount->minor) * 100 / (service.fee->minor * months);
    }
    if (limit < payable) {
      payable = limit;
      how += ", capped at " + num(limit) + "% (" + quoted_line(in_, line_of(*in_.vendor.source, cap.range)) + ")";
    }
  }

  const ScoreInput& in_;
  const model::AvailabilityClause& clause_;
};

}  // namespace

DimensionScore score_sla_terms(const ScoreInput& in) {
  std::optional<ClauseScore> best;
  for (const model::AvailabilityClause& clause : in.vendor.contract->availability) {
    if (clause.service != in.vendor.service) continue;
    const ClauseScorer s(in, clause);
    ClauseScore scored{&clause, {s.target(), s.period(), s.definition(), s.remedy(), s.maintenance()}, 0};
    for (const Criterion& c : scored.criteria) scored.total += c.points;
    if (!best || scored.total > best->total) best = std::move(scored);
  }
  std::vector<Criterion> criteria;
  if (best) {
    criteria = std::move(best->criteria);
  } else {
    const std::string none = "no availability clause for " + in.service().name;
    criteria = {{"target", 0, 10, none, 0},        {"statistical period", 0, 15, none, 0},
                {"downtime defined", 0, 10, none, 0}, {"remedy", 0, 30, none, 0},
                {"maintenance bounded", 0, 15, none, 0}};
  }
  criteria.push_back(plainly(in, {"availability-no-period", "availability-no-definition", "availability-no-exclusions",
                                  "availability-no-remedy", "availability-no-claim-deadline", "availability-no-target",
                                  "maintenance-no-notice", "maintenance-no-cap", "credit-cap-too-low",
                                  "external-terms"}));
  return dimension(Dimension::SlaTerms, std::move(criteria));
}

}  // namespace slaudit::selection
