// Scheduling and utilisation (the article's 15%): what the contract can state
// of it: scale-out time, notice before preemption, data kept after reclaim,
// and billing granularity.
#include "engine/selection/located.h"
#include "engine/selection/scoring.h"

namespace slaudit::selection {

namespace {

ShareOf stated(bool from_below) {
  return [from_below](const Statement& s, const Meaning&) -> Share {
    if (from_below ? !bounds_from_below(s.predicate.cmp) : !bounds_from_above(s.predicate.cmp))
      return {0, from_below ? "does not promise at least this much" : "does not promise at most this long"};
    return {1, "1 (stated)"};
  };
}

Criterion billing(const ScoreInput& in) {
  const model::Service& service = in.service();
  if (!service.billing_granularity) return {"billing granularity", 0, 25, "no billing granularity stated for " + service.name, 0};
  const std::string& unit = *service.billing_granularity;
  const Share share = unit == "second" || unit == "minute" ? Share{1, "1 (per " + unit + ")"}
                      : unit == "hour"                     ? Share{Rational(3, 5), "3/5 (per hour)"}
                      : unit == "day"                      ? Share{Rational(1, 5), "1/5 (per day)"}
                                                           : Share{0, "0 (per " + unit + ")"};
  const size_t line = service_lines(*in.vendor.source, *in.vendor.syntax, service.name).billing;
  return term_criterion("billing granularity", 25, share, "contract: " + quoted_line(in, line), line);
}

}  // namespace

DimensionScore score_scheduling(const ScoreInput& in) {
  return dimension(Dimension::Scheduling,
                   {best_statement(in, "scale-out time", 25, {"scale_out_time"}, stated(false)),
                    best_statement(in, "notice before preemption", 20, {"preemption_notice"}, stated(true)),
                    best_statement(in, "data kept after reclaim", 10, {"data_retention"}, stated(true)), billing(in),
                    plainly(in, {"preemption-no-notice", "reclaim-no-retention", "billing-no-granularity"})},
                   {"gang scheduling", "topology-aware placement", "heterogeneous compute under one scheduler"});
}

}  // namespace slaudit::selection
