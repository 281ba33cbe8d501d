// Step two of a period's audit: downtime rules, availability, tier, credit,
// caps and the claim deadline, each with its explanation.
#include <algorithm>
#include <cstdlib>
#include <boost/date_time/gregorian/gregorian.hpp>

#include "base/time/local_day.h"
#include "engine/audit/audit_period.h"
#include "engine/audit/claim_deadline.h"
#include "engine/audit/composite.h"
#include "engine/audit/credit.h"
#include "engine/audit/hour_rule.h"
#include "engine/audit/incident_rules.h"
#include "engine/audit/interval_rule.h"
#include "engine/audit/money.h"
#include "engine/audit/period_fee.h"
#include "engine/figures/figures.h"
#include "base/time/date_steps.h"
#include "base/util/overloaded.h"

namespace slaudit::audit {

namespace {

// Adds a derivation line, built only when the audit keeps derivations: a
// fleet of 100,000 resources prints none of them, and their texts (exact
// decimals, money, durations) cost more than the figures they explain.
template <class MakeLine>
void derive(const ClauseContext& cx, PeriodAudit& out, MakeLine make) {
  if (cx.request->record_explanations) out.explain.push_back(make());
}


std::string seconds_text(Seconds s) { return std::to_string(s.count()) + " s"; }
std::string rational_text(const Rational& r) {
  return boost::multiprecision::denominator(r) == 1 ? boost::multiprecision::numerator(r).str() + " s"
                                                    : r.str() + " s (" + minutes_text(r) + ")";
}

// What turned the raw downtime into the counted downtime, in words, and the
// term of the contract that says so; an empty range only when the contract
// states no such rule and the raw downtime counts as it is.
Explanation counted_downtime_basis(const model::AvailabilityClause& clause) {
  const bool minimum = clause.minimum_downtime.has_value(), partial = clause.partial_minutes.has_value();
  if (const auto& intervals = clause.downtime_intervals) {
    const std::string rule = intervals->clock_minutes
                                 ? "the clock-minute rule: every clock minute holding downtime counts whole"
                                 : "the " + duration_text(intervals->length) +
                                       " interval rule: every clock interval holding downtime counts whole";
    return {"", "", std::string(minimum ? "after the minimum-downtime rule and " : "after ") + rule +
                        " (its seconds in the period, outside exclusions)",
            intervals->range};
  }
  if (minimum && partial)
    return {"", "", "after the minimum-downtime and partial-minute rules", clause.minimum_downtime->range};
  if (minimum) return {"", "", "after the minimum-downtime rule", clause.minimum_downtime->range};
  if (partial) return {"", "", "after the partial-minute rule", clause.partial_minutes_range};
  return {"", "", "down (raw): the contract states no minimum-downtime or partial-minute rule", SourceRange{}};
}

bool weighted_clause(const model::AvailabilityClause& clause) {
  return clause.measurement && clause.measurement->kind == model::MeasurementKind::Weighted;
}

// The steps of a weighted clause's counted downtime, for its explanation:
// the seconds after the minimum-downtime and partial-minute rules at full
// weight, and each finding's part of them before and after its weight.
struct WeightedSteps {
  int64_t after_rules = 0;            // counted seconds of the counted runs, unweighted
  std::vector<Rational> seconds, weighted;  // per finding (none when findings are not recorded)
};

// Each finding's counted seconds, before and after its weight: a down segment
// counts as its run does (0 when the run is ignored, scaled by the run's
// partial-minute rounding), for the incident it is attributed to. They add up
// to the period's counted downtime.
void weighted_parts(const ClassifiedPeriod& cp, const std::vector<Rational>& run_factor, WeightedSteps& steps) {
  steps.seconds.assign(cp.findings.size(), Rational(0));
  steps.weighted.assign(cp.findings.size(), Rational(0));
  size_t r = 0;
  for (const auto& s : cp.timeline.segments) {
    if (s.state != TimeState::Down || s.owner == SIZE_MAX || s.owner >= cp.findings.size()) continue;
    while (r < cp.runs.size() && cp.runs[r].end <= s.start) ++r;
    if (r == cp.runs.size()) break;
    const Rational counted = run_factor[r] * (s.end - s.start).count();
    steps.seconds[s.owner] += counted;
    steps.weighted[s.owner] += counted * s.weight.num / s.weight.den;
  }
}

// Counted downtime after the minimum-downtime and partial-minute rules.
// `first_counted`: where the first counted run starts (the anchor of deadlines "after incident").
Rational counted_downtime(const ClauseContext& cx, ClassifiedPeriod& cp, Seconds before, Seconds after,
                          PeriodAudit& out, std::optional<Instant>& first_counted, WeightedSteps* steps) {
  const auto& clause = *cx.clause;
  Rational down = 0;
  int64_t whole_seconds = 0;
  std::vector<Rational> run_factor;  // weighted clauses: counted / own seconds of each run, 0 when ignored
  if (steps) run_factor.assign(cp.runs.size(), Rational(0));
  std::vector<bool> counted_owner(cp.findings.size(), false);
  std::vector<const DowntimeRun*> counted_runs;  // for the interval rule: the runs it counts in clock intervals
  size_t ignored = 0;
  const bool detail = !cp.findings.empty();
  for (size_t r = 0; r < cp.runs.size(); ++r) {
    const auto& run = cp.runs[r];
    const bool first = r == 0 && run.touches_start, last = r + 1 == cp.runs.size() && run.touches_end;
    RunVerdict v = judge_run(run, first ? before : Seconds{0}, last ? after : Seconds{0}, clause);
    if (v.ignored) {
      ++ignored;
      continue;
    }
    if (!first_counted) first_counted = run.start;
    if (clause.downtime_intervals) counted_runs.push_back(&run);
    if (detail)
      for (size_t o : run.owners) counted_owner[o] = true;
    const Seconds own = run.end - run.start;
    if (steps) {
      steps->after_rules += v.counted.count();
      if (own.count() > 0) run_factor[r] = Rational(v.counted.count()) / own.count();
    }
    // Most runs are at full weight: their counted seconds (after the
    // partial-minute rule) are whole, summed as integers (exact all the same;
    // a fleet audit judges millions of runs).
    if (run.full_seconds == own.count() && run.partial.is_zero()) {
      whole_seconds += v.counted.count();
      continue;
    }
    // Weighted seconds, scaled by the partial-minute rounding of the run.
    const Rational weighted = Rational(run.full_seconds) + run.partial;
    down += weighted * v.counted.count() / own.count();
  }
  down += whole_seconds;
  // The checker keeps the interval rule to clauses at full weight without a partial-minute rule.
  if (clause.downtime_intervals)
    down = interval_downtime(cp.timeline, counted_runs, cp.from, cp.to, *cx.zone, clause.downtime_intervals->length)
               .count();
  if (steps && detail) weighted_parts(cp, run_factor, *steps);
  static const SharedName overlapped("covered by other downtime or an exclusion window: adds nothing");
  static const SharedName ignored_short("its downtime is within the minimum counted downtime");
  for (size_t k = 0; k < cp.findings.size(); ++k) {
    auto& f = cp.findings[k];
    if (f.role != IncidentRole::Down) continue;
    if (f.down == Seconds{0}) {
      f.role = IncidentRole::Overlapped;
      f.reason = overlapped;
    } else if (!counted_owner[k]) {
      f.role = IncidentRole::IgnoredShort;
      f.reason = ignored_short;
      f.clause = clause.minimum_downtime ? clause.minimum_downtime->range : SourceRange{};
    }
  }
  if (clause.minimum_downtime)
    derive(cx, out, [&] { return Explanation{"downtime runs ignored", std::to_string(ignored),
                           "runs " + std::string(clause.minimum_downtime->relation == model::MinimumRelation::ShorterThan
                                                     ? "shorter than "
                                                     : "up to ") +
                               duration_text(clause.minimum_downtime->value) + " are not counted",
                           clause.minimum_downtime->range}; });
  return down;
}

// The report's timeline: maximal runs of one state (the classification may
// cut a run where the attributed incident changes; a reader sees one run).
// Each finding then names the runs its time [start, end) lies in, once.
void timeline_of(const ClassifiedPeriod& cp, PeriodAudit& out) {
  for (const auto& s : cp.timeline.segments) {
    if (!out.timeline.empty() && out.timeline.back().state == s.state && out.timeline.back().end == s.start)
      out.timeline.back().end = s.end;
    else
      out.timeline.push_back({s.start, s.end, s.state});
  }
  const auto run_at = [&](Instant at) {  // the run holding `at`, which lies inside the period
    const auto after = std::upper_bound(out.timeline.begin(), out.timeline.end(), at,
                                        [](Instant t, const TimelineSegment& seg) { return t < seg.start; });
    return static_cast<uint32_t>(after - out.timeline.begin() - 1);
  };
  for (IncidentFinding& f : out.incidents)
    if (f.start < f.end && !out.timeline.empty())
      f.segments = SegmentSpan{run_at(f.start), run_at(f.end - Seconds(1))};
}

int64_t apply_caps(const ClauseContext& cx, PeriodAudit& out, const Period& period,
                   const std::vector<std::pair<LocalDate, int64_t>>& earlier, model::RoundingMode rounding) {
  int64_t owed = out.credit_minor;
  for (const auto& cap : cx.clause->caps) {
    int64_t limit = cap.amount ? cap.amount->minor : round_to_minor(percent_of(*cap.percent_of_fee, out.fee_base()), rounding);
    std::string window = "per period";
    if (cap.window != model::CapWindow::PerPeriod) {
      // Credits already given in the window count against the cap.
      LocalDate window_start = period.first_day;
      if (cap.window == model::CapWindow::TrailingMonths) {
        // Clamped to the calendar's first day: no credit was given before it.
        const std::optional<LocalDate> after = add_days(period.last_day, 1);
        const std::optional<LocalDate> start = after ? add_months(*after, -cap.trailing_months) : std::nullopt;
        window_start = start.value_or(LocalDate(first_supported_year, 1, 1));
        window = "over the trailing " + std::to_string(cap.trailing_months) + " months";
      } else {
        const LocalDate effective = cx.contract->effective_from ? from_civil(*cx.contract->effective_from) : period.first_day;
        window_start = effective;
        // Boost's year step (it keeps a month's end a month's end), short of year 9999's, which would throw.
        while (window_start.year() < last_supported_year &&
               window_start + boost::gregorian::years(1) <= period.first_day)
          window_start += boost::gregorian::years(1);
        window = "over the contract year from " + boost::gregorian::to_iso_extended_string(window_start);
      }
      int64_t used = 0;
      for (const auto& [day, amount] : earlier)
        if (day >= window_start && day < period.first_day) used += amount;
      for (const auto& p : cx.request->previous_credits)
        if (p.service == cx.service->name && from_civil(p.period_end) >= window_start &&
            from_civil(p.period_end) < period.first_day)
          used += p.amount.minor;
      derive(cx, out, [&] { return Explanation{"credits already given " + window, std::to_string(used) + " minor units",
                             "earlier periods of this audit and the previous credits given as input", cap.range}; });
      limit = std::max<int64_t>(0, limit - used);
    }
    if (owed > limit) {
      owed = limit;
      out.cap_minor = limit;
      derive(cx, out, [&] { return Explanation{"cap", money_with_code(limit, *cx.contract->currency), "the credit is capped " + window, cap.range}; });
    }
  }
  return owed;
}

// A group's excluded time is mostly its minutes with too few members or zones
// running: named with the `counted while` line that removes them.
Explanation excluded_explanation(const model::AvailabilityClause& clause, Seconds excluded) {
  if (clause.group && clause.group->counted_while_at_least)
    return {"excluded", seconds_text(excluded),
            "seconds with fewer than " + std::to_string(*clause.group->counted_while_at_least) + " " +
                model::counted_while_name(clause.group->counted_while) +
                " (not counted), with the group down only through its members' excluded time, or inside exclusion "
                "windows",
            clause.group->counted_range};
  return {"excluded", seconds_text(excluded),
          clause.group ? "seconds with the group down only through its members' excluded time, or inside "
                         "exclusion windows"
                       : "seconds inside exclusion windows or covered only by excluded incidents",
          clause.exclusion_ranges.empty() ? SourceRange{} : clause.exclusion_ranges.front()};
}

// Who and what: the period, its part, and its seconds as the timeline classified them.
PeriodAudit describe_period(const ClauseContext& cx, const ClassifiedPeriod& cp) {
  const auto& clause = *cx.clause;
  PeriodAudit out;
  out.service = cx.service->name;
  out.clause_label = clause.label;
  out.clause = clause.range;
  out.period = cp.period.label;
  out.start = cp.from;
  out.end = cp.to;
  out.partial = cp.partial;
  out.notes = cp.notes;
  out.evidence_gaps = cp.evidence_gaps;
  out.target = clause.target;
  out.caps = clause.caps;
  out.length = cp.to - cp.from;
  for (const auto& s : cp.timeline.segments) {
    if (s.state == TimeState::Excluded) out.excluded += s.end - s.start;
    if (s.state == TimeState::Down) out.down_raw += s.end - s.start;
  }
  derive(cx, out, [&] { return Explanation{"period", seconds_text(out.length),
                         cp.period.label + (cp.partial ? " (the audited part of it)" : ""), clause.period ? clause.period->range : SourceRange{}}; });
  derive(cx, out, [&] { return excluded_explanation(clause, out.excluded); });
  derive(cx, out, [&] { return Explanation{"down (raw)", seconds_text(out.down_raw),
                         cp.probe      ? "seconds in runs of bad probe buckets of at least the minimum, outside exclusions"
                         : clause.group && clause.measurement && clause.measurement->kind == model::MeasurementKind::Probes
                             ? "seconds the group was down, from its members' bad probe buckets as its down rule says"
                         : clause.group ? "seconds the group was down, from its members' incidents as its down rule says"
                                        : "seconds covered by a counted incident, overlaps once",
                         clause.group         ? clause.group->down_range
                         : clause.measurement ? clause.measurement->range
                                              : SourceRange{}}; });
  if (cp.probe)  // the rule behind every probe bucket without a sample, cited where the clause states it
    derive(cx, out, [&] { return Explanation{"missing data", "counts as " + std::string(terms::keyword(cp.probe->missing)),
                           clause.missing_data ? "probe buckets without a sample count as the clause says"
                                               : "the clause does not say: counted as up, and the report also gives "
                                                 "the reading with missing data counted as down",
                           clause.missing_data_range}; });
  return out;
}

std::string seconds_figure(const Rational& s) { return s.str() + " s"; }


// "inc-09: 21600 s × 25% = 5400 s; inc-10: ...": each finding with counted
// seconds, at most kWeightedListed of them, the rest summed.
std::string weighted_breakdown(const std::vector<IncidentFinding>& findings, const WeightedSteps& steps) {
  constexpr size_t kWeightedListed = 5;
  std::string listed;
  size_t n = 0, more = 0;
  Rational rest = 0;
  for (size_t k = 0; k < findings.size() && k < steps.seconds.size(); ++k) {
    if (steps.seconds[k] == 0) continue;
    if (n++ >= kWeightedListed) {
      ++more;
      rest += steps.weighted[k];
      continue;
    }
    const Weight w = findings[k].weight.value_or(kWeightOne);
    listed += (listed.empty() ? "" : "; ") + findings[k].id + ": " + seconds_figure(steps.seconds[k]) + " × " +
              share_text(Rational(w.num) / w.den) + " = " + seconds_figure(steps.weighted[k]);
  }
  if (more > 0)
    listed += "; " + std::to_string(more) + " more incident" + (more == 1 ? "" : "s") + ": " + seconds_figure(rest);
  return listed.empty() ? "" : " (" + listed + ")";
}

// A weighted clause's steps from the raw to the counted downtime, in the
// order the audit takes them: the minimum-downtime and partial-minute rules
// judge each run by its seconds at full weight, then each counted second
// counts at the affected share of the incident it is attributed to.
void explain_weighted(const ClauseContext& cx, const ClassifiedPeriod& cp, const WeightedSteps& steps, PeriodAudit& out) {
  const model::AvailabilityClause& clause = *cx.clause;
  const SourceRange weighting = clause.measurement->range;
  Explanation basis = counted_downtime_basis(clause);
  const bool rules = clause.minimum_downtime || clause.partial_minutes;
  if (rules)
    derive(cx, out, [&] { return Explanation{"down (after rules)", seconds_text(Seconds(steps.after_rules)),
                           "down (raw) " + basis.derivation + ", each run judged at full weight", basis.clause}; });
  derive(cx, out, [&] { return Explanation{"down (weighted)", rational_text(out.down),
                         std::string(rules ? "each counted incident's seconds after the rules"
                                           : "each counted incident's down seconds") +
                             " × its affected share, overlaps once at the larger share" +
                             weighted_breakdown(cp.findings, steps),
                         weighting}; });
  derive(cx, out, [&] { return Explanation{"down (counted)", rational_text(out.down),
                         rules ? "down (weighted): the rules at full weight first, then the affected shares"
                               : "down (weighted): the contract states no minimum-downtime or partial-minute rule",
                         rules ? weighting : SourceRange{}}; });
}

// Counted downtime, eligible time and availability (derived, or measured by probes).
void assess_availability(const ClauseContext& cx, ClassifiedPeriod& cp, Seconds before, Seconds after,
                         PeriodAudit& out, std::optional<Instant>& first_counted) {
  const auto& clause = *cx.clause;
  std::optional<WeightedSteps> steps;
  if (weighted_clause(clause)) steps.emplace();
  out.down = counted_downtime(cx, cp, before, after, out, first_counted, steps ? &*steps : nullptr);
  if (steps) {
    explain_weighted(cx, cp, *steps, out);
  } else {
    derive(cx, out, [&] {
      Explanation counted = counted_downtime_basis(clause);
      counted.figure = "down (counted)";
      counted.value = rational_text(out.down);
      return counted;
    });
  }
  const bool removed = clause.excluded_time.value_or(model::ExcludedTreatment::CountsAsAvailable) ==
                       model::ExcludedTreatment::RemovedFromPeriod;
  out.eligible = removed ? Rational((out.length - out.excluded).count()) : Rational(out.length.count());
  derive(cx, out, [&] { return Explanation{"eligible", rational_text(out.eligible),
                         removed ? "period - excluded (excluded time removed from period)"
                                 : "the whole period (excluded time counts as available)",
                         clause.excluded_time_range}; });  // empty when the contract is silent: the default
  if (cp.unmeasured) {
    out.down = 0;
    out.notes.push_back(cp.measured_derivation);
  } else if (cp.measured_availability && out.eligible > 0) {
    // Measured, not derived: the counted downtime is what the measured availability implies.
    out.down = out.eligible * (1 - *cp.measured_availability);
    out.availability = *cp.measured_availability;
    // A stated figure is the clause's availability whatever the clause measures it from: cite the clause.
    const SourceRange basis = cp.statement ? clause.range : clause.measurement ? clause.measurement->range : SourceRange{};
    derive(cx, out, [&] { return Explanation{"down (implied)", rational_text(out.down),
                           cp.statement ? "eligible x (1 - stated availability): the downtime the stated figure stands for"
                                        : "eligible x (1 - measured availability): the downtime the measured availability stands for",
                           basis}; });
    derive(cx, out, [&] { return Explanation{"availability", percent_text(*out.availability),
                           cp.measured_derivation + " = " + out.availability->str(), basis}; });
  } else if (out.eligible > 0) {
    out.availability = (out.eligible - out.down) / out.eligible;
    derive(cx, out, [&] { return Explanation{"availability", percent_text(*out.availability),
                           "(eligible - down) / eligible = " + out.availability->str(), clause.range}; });
  } else {
    out.notes.push_back("no eligible time in the period: availability is not assessed");
  }
}

// The credit of the tier the availability falls in: a percentage of the
// period's fee, a fixed amount, or unknown when the contract does not state it.
void tier_credit(const ClauseContext& cx, const model::CreditTier& tier, PeriodAudit& out) {
  const auto& currency = *cx.contract->currency;
  const auto rounding = cx.clause->rounding.value_or(model::RoundingMode::HalfUp);
  const std::string which = " (tier below " + tier.below.value.to_string() + "%)";
  std::visit(Overloaded{
                 [&](const model::Percent& p) {
                   out.credit_minor = round_to_minor(percent_of(p, out.fee_base()), rounding);
                   derive(cx, out, [&] { return Explanation{"credit", money_with_code(out.credit_minor, currency),
                                          p.value.to_string() + "% of " + money_with_code(out.fee_minor, currency) +
                                              (out.fee_exact_minor ? " (exactly " + minor_units_text(*out.fee_exact_minor) +
                                                                         " minor units, rounded once)"
                                                                   : std::string()) +
                                              which,
                                          tier.range}; });
                 },
                 [&](const model::Money& m) {
                   // A fixed amount does not depend on the fee: the same for a partial period.
                   out.credit_minor = m.minor;
                   derive(cx, out, [&] { return Explanation{"credit", money_with_code(out.credit_minor, currency),
                                          "fixed " + money_with_code(m.minor, currency) + which, tier.range}; });
                 },
                 [&](const model::CreditNotStated&) {
                   // Missed, and owed a credit the contract does not price: nothing is invented.
                   out.credit_not_stated = true;
                   out.notes.push_back(not_stated_note(tier));
                   derive(cx, out, [&] { return Explanation{"credit", "not stated",
                                          "the contract states no credit below " + tier.below.value.to_string() +
                                              "%: the credit is unknown, and totals are lower bounds",
                                          tier.range}; });
                 }},
             tier.credit);
}

// The verdict against the target.
void judge_target(const ClauseContext& cx, PeriodAudit& out) {
  const auto& clause = *cx.clause;
  if (!out.availability || !clause.target) return;
  out.met = meets_target(*out.availability, *clause.target);
  derive(cx, out, [&] { return Explanation{"target", clause.target->value.to_string() + "%",
                         out.met ? "met: availability >= target" : "missed: availability < target", clause.target_range}; });
}

// The fee, the verdict against the target, and the credit before caps.
void judge_credit(const ClauseContext& cx, const ClassifiedPeriod& cp, PeriodAudit& out) {
  const auto& clause = *cx.clause;
  const auto& currency = *cx.contract->currency;
  const auto rounding = clause.rounding.value_or(model::RoundingMode::HalfUp);
  auto fee = period_fee(cx, cp);
  out.fee_minor = fee.minor;
  out.fee_billed = fee.billed;
  if (fee.exact != Rational(fee.minor)) out.fee_exact_minor = fee.exact;
  derive(cx, out, [&] { return Explanation{"fee", money_with_code(fee.minor, currency), fee.derivation, cx.service->fee_range}; });
  judge_target(cx, out);
  if (!out.availability || !clause.credit) return;
  const auto& credit = *clause.credit;
  if (credit.form == model::CreditForm::Tiered) {
    out.tier = find_tier(credit.tiers, *out.availability);
    if (out.tier) tier_credit(cx, *out.tier, out);
    return;
  }
  // Lost time at the hourly rate, times the multiplier.
  const Rational hourly = hourly_rate(cx, cp, out.fee_base());
  const Rational amount = out.down / 3600 * hourly * to_rational(credit.lost_time_multiplier);
  out.credit_minor = round_to_minor(amount, rounding);
  derive(cx, out, [&] { return Explanation{"credit", money_with_code(out.credit_minor, currency),
                         "down " + rational_text(out.down) + " / 3600 x hourly rate " + minor_units_text(hourly) +
                             " minor units x " + credit.lost_time_multiplier.to_string(),
                         credit.range}; });
}

// What is owed: the capped credit if the claim comes in time, plus the clock
// hours not charged, which need no claim.
void settle(const ClauseContext& cx, const ClassifiedPeriod& cp, int64_t capped,
            std::optional<Instant> first_counted, PeriodAudit& out) {
  const auto& clause = *cx.clause;
  std::optional<LocalDate> first_down;
  if (first_counted) first_down = local_day(*cx.zone, *first_counted);
  std::optional<model::CivilDate> filed;
  for (const auto& c : cx.request->claims)
    if ((c.service.empty() || c.service == out.service) && (c.period.empty() || c.period == out.period) &&
        (!c.clause_label || *c.clause_label == out.clause_label))
      filed = c.filed;
  const auto& calendar = cx.request->contract->holidays;
  DeadlineInputs din{clause.claim ? &*clause.claim : nullptr, cp.period.last_day, first_down, cx.scheme, cx.zone,
                     calendar ? cx.request->holidays : nullptr, calendar && cx.request->holidays == nullptr};
  out.claim = claim_status(din, filed);
  if (din.calendar_missing && clause.claim && clause.claim->earliest_working_days)
    out.notes.push_back("the earliest claim day is not stated: it counts working days of holiday calendar \"" +
                        calendar->name + "\", whose days this audit was not given");
  const bool claim_ok = out.claim.state == ClaimState::InTime || out.claim.state == ClaimState::NotGiven;
  out.owed_minor = claim_ok ? capped : 0;
  if (out.credit_minor > 0 || out.credit_not_stated)
    derive(cx, out, [&] { return Explanation{"claim", claim_state_name(out.claim.state), out.claim.reason, out.claim.clause}; });
  if (!clause.hour_rule_more_than) return;
  const auto rounding = clause.rounding.value_or(model::RoundingMode::HalfUp);
  out.free_hours = hours_over_limit(cp.timeline, *cx.zone, *clause.hour_rule_more_than);
  out.hour_rule_minor = round_to_minor(hourly_rate(cx, cp, out.fee_base()) * out.free_hours, rounding);
  out.owed_minor += out.hour_rule_minor;
  derive(cx, out, [&] { return Explanation{"hours not charged", std::to_string(out.free_hours),
                         "clock hours with more than " + duration_text(*clause.hour_rule_more_than) +
                             " down, at the hourly rate, credited without a claim: " +
                             money_with_code(out.hour_rule_minor, *cx.contract->currency),
                         clause.hour_rule_range}; });
}

}  // namespace

PeriodAudit judge_period(const ClauseContext& cx, ClassifiedPeriod&& cp, Seconds before, Seconds after,
                         const std::vector<std::pair<LocalDate, int64_t>>& earlier) {
  PeriodAudit out = describe_period(cx, cp);
  std::optional<Instant> first_counted;
  assess_availability(cx, cp, before, after, out, first_counted);
  if (cx.request->window) {
    // A view during the month: the contract owes credits per period, never per window.
    judge_target(cx, out);
    out.notes.push_back("a rolling window, not a period of the contract: its availability against the target only; "
                        "no credit, cap or claim is judged for it");
  } else {
    judge_credit(cx, cp, out);
    const int64_t capped = apply_caps(cx, out, cp.period, earlier, cx.clause->rounding.value_or(model::RoundingMode::HalfUp));
    settle(cx, cp, capped, first_counted, out);
  }
  if (!cx.clause->target && out.credit_earned())
    out.notes.push_back("the clause states no target: a credit is earned, so the audit counts the period as breached");
  if (cx.request->record_findings) out.incidents = std::move(cp.findings);
  if (cx.request->record_timeline || is_composite_component(*cx.contract, *cx.clause)) timeline_of(cp, out);
  out.probe = std::move(cp.probe);
  if (cp.statement) {
    out.statement = std::move(cp.statement);
    out.statement->implied_minor = out.owed_minor;  // after caps, the claim rule and the clock-hour amount
    // Paid against owed is the statement's, not the contract's: a note, which every format prints.
    if (const auto paid = out.statement->paid_minor) {
      const auto& currency = *cx.contract->currency;
      out.notes.push_back("credit paid " + money_with_code(*paid, currency) + " (" + out.statement->path + ":" +
                          std::to_string(out.statement->line) + "), owed " + money_with_code(out.owed_minor, currency) +
                          ": " + out.statement->payment_word() +
                          (*paid == out.owed_minor ? std::string()
                                                   : " by " + money_with_code(std::abs(*out.statement->difference()), currency)));
    }
  }
  return out;
}

}  // namespace slaudit::audit
