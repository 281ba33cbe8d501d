// run_audit: every availability clause over every period of the range, then
// every recovery clause, then totals. Incidents are bucketed by period once
// (O(n log p)), so each period sees only its own incidents.
#include "engine/audit/audit.h"

#include <algorithm>
#include <functional>
#include <future>
#include <span>

#include "base/time/local_day.h"
#include "engine/audit/audit_period.h"
#include "engine/audit/claim_deadline.h"
#include "engine/audit/money.h"
#include "engine/audit/probe/probe_audit.h"
#include "engine/audit/composite.h"
#include "engine/audit/recovery.h"
#include "engine/figures/figures.h"
#include "base/time/time_zone.h"
#include "base/util/radix_sort.h"
#include "base/time/date_steps.h"
#include "base/time/timestamp.h"

namespace slaudit::audit {

namespace {

std::optional<PeriodScheme> scheme_of(const model::AvailabilityClause& clause, const model::Contract& contract,
                                      std::vector<std::string>& notes) {
  if (!clause.period) {
    notes.push_back("the clause states no statistical period: audited per calendar month");
    return PeriodScheme::calendar_month();
  }
  switch (clause.period->kind) {
    case model::PeriodKind::CalendarMonth: return PeriodScheme::calendar_month();
    case model::PeriodKind::CalendarQuarter: return PeriodScheme::calendar_quarter();
    case model::PeriodKind::CalendarYear: return PeriodScheme::calendar_year();
    case model::PeriodKind::CalendarWeek: return PeriodScheme::calendar_week();
    case model::PeriodKind::BillingMonth: return PeriodScheme::billing_month(static_cast<unsigned>(clause.period->anchor_day));
    case model::PeriodKind::Rolling: {
      const LocalDate anchor = contract.effective_from ? from_civil(*contract.effective_from) : LocalDate(2000, 1, 1);
      return PeriodScheme::rolling_days(static_cast<unsigned>(clause.period->rolling_days), anchor);
    }
  }
  return std::nullopt;
}

Instant midnight(const TimeZone& zone, LocalDate day) {
  return zone.to_utc(LocalSeconds{to_local_days(day).time_since_epoch()});
}

// The first instant after `day`: counted in std::chrono's calendar, since the
// day after 9999-12-31 is outside Boost's (which would throw).
Instant midnight_after(const TimeZone& zone, LocalDate day) {
  return zone.to_utc(LocalSeconds{(to_local_days(day) + std::chrono::days{1}).time_since_epoch()});
}

// Each period's incidents: those overlapping its audited part.
std::vector<std::vector<size_t>> bucket(const std::vector<Incident>& incidents, const std::vector<size_t>& indexes,
                                        const std::vector<std::pair<Instant, Instant>>& parts, Instant range_end) {
  std::vector<std::vector<size_t>> out(parts.size());
  for (size_t i : indexes) {
    const Instant start = incidents[i].start, end = incidents[i].end.value_or(range_end);
    // The first part that ends after the incident starts.
    auto it = std::upper_bound(parts.begin(), parts.end(), start,
                               [](Instant t, const std::pair<Instant, Instant>& p) { return t < p.second; });
    for (; it != parts.end() && it->first < end; ++it)
      if (end > it->first && start < it->second) out[static_cast<size_t>(it - parts.begin())].push_back(i);
  }
  return out;
}

// The seconds of the downtime run touching a period's start (or end).
Seconds edge_run(const ClassifiedPeriod& cp, bool at_end) {
  if (cp.runs.empty()) return Seconds{0};
  const auto& run = at_end ? cp.runs.back() : cp.runs.front();
  if (at_end ? !run.touches_end : !run.touches_start) return Seconds{0};
  return run.end - run.start;
}

// A period outside the requested range and the part of it the service is active in.
struct Neighbour {
  Period period;
  std::pair<Instant, Instant> part;
};
struct Neighbours {
  std::optional<Neighbour> before, after;
};

// The periods just before and after `periods` in which the service is active.
// Only the contract bounds the service here (its `effective` range and the
// service's `starts`), not the requested range: without them the service is
// taken to run on both sides of the range.
Neighbours neighbour_periods(const PeriodScheme& scheme, const TimeZone& zone, const model::Contract& contract,
                             const model::Service& service, const std::vector<Period>& periods, bool whole) {
  std::optional<LocalDate> known_first, known_last;
  if (contract.effective_from) known_first = from_civil(*contract.effective_from);
  if (service.starts)
    known_first = known_first ? std::max(*known_first, from_civil(*service.starts)) : from_civil(*service.starts);
  if (contract.effective_until) known_last = from_civil(*contract.effective_until);
  auto neighbour = [&](std::optional<LocalDate> day) -> std::optional<Neighbour> {
    if (!day) return std::nullopt;  // before 1400 or after 9999: no period there
    if ((known_first && *day < *known_first) || (known_last && *day > *known_last)) return std::nullopt;
    const auto found = periods_for_dates(scheme, zone, *day, *day);
    if (found.empty()) return std::nullopt;
    const Period& p = found.front();
    Instant from = p.start, to = p.end;
    if (!whole) {
      if (known_first) from = std::max(from, midnight(zone, *known_first));
      if (known_last) to = std::min(to, midnight_after(zone, *known_last));
    }
    return Neighbour{p, {from, to}};
  };
  Neighbours out;
  out.before = neighbour(add_days(periods.front().first_day, -1));
  out.after = neighbour(add_days(periods.back().last_day, 1));
  return out;
}

// Below this many incidents in a clause, a second thread costs more than it saves.
constexpr size_t kIncidentsWorthAThread = 20000;

using ServiceIndex = std::vector<std::vector<size_t>>;  // per service, incident indexes by start

// One stretch of the log, indexed by service in log order.
struct ServiceIndexPart {
  ServiceIndex indexes;
  std::vector<char> in_order;  // each service's incidents in the stretch are by start
  std::vector<Instant> first_start, latest_start;
};

ServiceIndexPart index_stretch(const AuditRequest& req, size_t begin, size_t end) {
  const auto& services = req.contract->services;
  ServiceIndexPart part{ServiceIndex(services.size()), std::vector<char>(services.size(), 1),
                        std::vector<Instant>(services.size(), Instant::max()),
                        std::vector<Instant>(services.size(), Instant::min())};
  // Incidents share their names' storage: compare the text once per name, not once per incident.
  const std::string* last_name = nullptr;
  std::vector<size_t> slots;  // the services named so (one, in a checked contract)
  for (size_t i = begin; i < end; ++i) {
    const Incident& incident = req.incidents[i];
    if (!incident.service) continue;
    if (&*incident.service != last_name) {
      last_name = &*incident.service;
      slots.clear();
      for (size_t s = 0; s < services.size(); ++s)
        if (services[s].name == *last_name) slots.push_back(s);
    }
    for (const size_t s : slots) {
      if (incident.start < part.latest_start[s]) part.in_order[s] = 0;
      part.first_start[s] = std::min(part.first_start[s], incident.start);
      part.latest_start[s] = std::max(part.latest_start[s], incident.start);
      part.indexes[s].push_back(i);
    }
  }
  return part;
}

// Incident indexes (in increasing order) sorted by start, ties in index order.
void sort_by_start(const std::vector<Incident>& incidents, Instant earliest, Instant latest,
                   std::vector<size_t>& indexes) {
  const std::vector<uint64_t> order =
      order_by_instant(indexes.size(), earliest, latest, [&](size_t k) { return incidents[indexes[k]].start; });
  std::vector<size_t> sorted(indexes.size());
  for (size_t k = 0; k < order.size(); ++k) sorted[k] = indexes[order[k]];
  indexes.swap(sorted);
}

// Per service, its incidents' indexes by start (ties in log order). The log is
// read once for every service (the incidents are most of the memory, and each
// pass reads all of it), a large one in two halves on two threads: it is the
// one part of an audit no clause runs beside.
ServiceIndex index_services(const AuditRequest& req) {
  const size_t n = req.incidents.size();
  ServiceIndexPart all;
  if (req.use_threads && n >= 2 * kIncidentsWorthAThread) {
    auto second = std::async(std::launch::async, index_stretch, std::cref(req), n / 2, n);
    all = index_stretch(req, 0, n / 2);
    ServiceIndexPart rest = second.get();
    for (size_t s = 0; s < all.indexes.size(); ++s) {
      // Still by start if the second half starts no earlier than the first half's latest.
      all.in_order[s] = all.in_order[s] && rest.in_order[s] && all.latest_start[s] <= rest.first_start[s];
      all.first_start[s] = std::min(all.first_start[s], rest.first_start[s]);
      all.latest_start[s] = std::max(all.latest_start[s], rest.latest_start[s]);
      all.indexes[s].insert(all.indexes[s].end(), rest.indexes[s].begin(), rest.indexes[s].end());
    }
  } else {
    all = index_stretch(req, 0, n);
  }
  for (size_t s = 0; s < all.indexes.size(); ++s)
    if (!all.in_order[s]) sort_by_start(req.incidents, all.first_start[s], all.latest_start[s], all.indexes[s]);
  return std::move(all.indexes);
}

// The periods of a clause in the range and the audited part of each.
struct ClausePlan {
  PeriodScheme scheme;
  std::vector<Period> periods;
  std::vector<std::pair<Instant, Instant>> parts;
  Instant active_from, active_to;
  bool whole = false;
};

// A fleet resource is audited from its launch to its termination: the periods
// it did not live in at all are left out, the others are partial periods.
void clip_to_life(const ResourceScope& scope, ClausePlan& plan) {
  if (scope.launched) plan.active_from = std::max(plan.active_from, *scope.launched);
  if (scope.terminated) plan.active_to = std::min(plan.active_to, *scope.terminated);
  std::erase_if(plan.periods, [&](const Period& p) { return p.end <= plan.active_from || p.start >= plan.active_to; });
}

// [from, to) as a period: its local days, labelled as an ISO 8601 interval.
std::optional<Period> window_period(const TimeZone& zone, Instant from, Instant to) {
  const auto day = [&](Instant at) { return local_day(zone, at); };
  const std::optional<LocalDate> first = day(from), last = day(to - Seconds{1});
  if (!first || !last) return std::nullopt;
  return Period{from, to, *first, *last, format_utc(from) + "/" + format_utc(to)};
}

// A rolling window is the clause's one period, clipped to the service's life.
std::optional<ClausePlan> plan_window(const AuditRequest& req, const TimeZone& zone, PeriodScheme scheme,
                                      LocalDate active_first, std::optional<LocalDate> active_last) {
  const RollingWindow& w = *req.window;
  std::optional<Period> period = window_period(zone, w.start(), w.end);
  if (!period) return std::nullopt;
  ClausePlan plan{scheme, {*period}, {}, {}, {}, false};
  plan.active_from = midnight(zone, active_first);
  plan.active_to = active_last ? midnight_after(zone, *active_last) : w.end;
  if (req.resource_scope) clip_to_life(*req.resource_scope, plan);
  if (plan.periods.empty() || plan.active_to <= period->start || plan.active_from >= period->end) return std::nullopt;
  plan.parts.emplace_back(std::max(period->start, plan.active_from), std::min(period->end, plan.active_to));
  return plan;
}

std::optional<ClausePlan> plan_clause(const AuditRequest& req, const TimeZone& zone,
                                      const model::AvailabilityClause& clause, std::vector<std::string>& notes) {
  const auto& contract = *req.contract;
  const auto& service = contract.services[clause.service];
  auto scheme = scheme_of(clause, contract, notes);
  if (!scheme) return std::nullopt;
  // The service is audited from its start (or the contract's), to the contract's end.
  LocalDate first = from_civil(req.range.first), last = from_civil(req.range.last);
  LocalDate active_first = contract.effective_from ? from_civil(*contract.effective_from) : first;
  if (service.starts) active_first = std::max(active_first, from_civil(*service.starts));
  if (req.window) {
    const std::optional<LocalDate> until =
        contract.effective_until ? std::optional<LocalDate>(from_civil(*contract.effective_until)) : std::nullopt;
    return plan_window(req, zone, *scheme, active_first, until);
  }
  const LocalDate active_last = contract.effective_until ? from_civil(*contract.effective_until) : last;
  first = std::max(first, active_first);
  last = std::min(last, active_last);
  if (last < first) return std::nullopt;
  ClausePlan plan{*scheme, periods_for_dates(*scheme, zone, first, last), {}, {}, {}, false};
  if (plan.periods.empty()) return std::nullopt;
  plan.active_from = midnight(zone, active_first);
  plan.active_to = midnight_after(zone, active_last);
  if (req.range.whole_periods) {  // the range's days chose the periods; only the contract and service bound them
    if (!contract.effective_from) {
      plan.active_from = plan.periods.front().start;
      if (service.starts) plan.active_from = std::max(plan.active_from, midnight(zone, from_civil(*service.starts)));
    }
    if (!contract.effective_until) plan.active_to = plan.periods.back().end;
  }
  if (req.resource_scope) clip_to_life(*req.resource_scope, plan);
  if (plan.periods.empty()) return std::nullopt;
  plan.whole = clause.partial_period == model::PartialPeriodMode::Whole;
  for (const auto& p : plan.periods)
    plan.parts.push_back(plan.whole ? std::make_pair(p.start, p.end)
                                    : std::make_pair(std::max(p.start, plan.active_from), std::min(p.end, plan.active_to)));
  return plan;
}

// The periods a clause classifies: those of the range, and for incident
// clauses the periods just outside it where the service is active, which are
// classified but never reported: a downtime run across the range's edge is
// judged by its whole length, whatever range was asked for. (A probe clause's
// engine sees only the range's periods.)
struct ClassifiedSpan {
  std::vector<Period> periods;
  std::vector<std::pair<Instant, Instant>> parts;
  size_t reported_first = 0, reported_end = 0;  // the range's periods: [first, end)
  Instant range_end;
};

ClassifiedSpan classified_span(const AuditRequest& req, const TimeZone& zone, const model::AvailabilityClause& clause,
                               const ClausePlan& plan, const std::vector<size_t>& service_incidents, bool from_probes) {
  ClassifiedSpan span{plan.periods, plan.parts, 0, 0, plan.parts.back().second};
  Neighbours neighbours;
  if (!from_probes && req.window) {
    // The window before, so that a downtime run across the window's start is
    // judged by its whole length; nothing after the instant is known.
    const Instant from = plan.parts.front().first;
    if (from > plan.active_from)
      if (auto before = window_period(zone, std::max(from - req.window->length, plan.active_from), from))
        neighbours.before = Neighbour{*before, {before->start, before->end}};
  } else if (!from_probes) {
    neighbours = neighbour_periods(plan.scheme, zone, *req.contract, req.contract->services[clause.service],
                                   span.periods, plan.whole);
  }
  // Only an incident that reaches the range's edge can carry a run across it.
  const auto reaches = [&](Instant edge) {
    for (size_t i : service_incidents) {
      const Incident& inc = req.incidents[i];
      if (inc.start > edge) break;  // by start
      if (inc.end.value_or(span.range_end) >= edge) return true;
    }
    return false;
  };
  if (neighbours.before && !reaches(span.parts.front().first)) neighbours.before.reset();
  if (neighbours.after && !reaches(span.range_end)) neighbours.after.reset();
  if (neighbours.before) {
    span.periods.insert(span.periods.begin(), neighbours.before->period);
    span.parts.insert(span.parts.begin(), neighbours.before->part);
  }
  if (neighbours.after) {
    span.periods.push_back(neighbours.after->period);
    span.parts.push_back(neighbours.after->part);
  }
  span.reported_first = neighbours.before ? 1 : 0;
  span.reported_end = span.periods.size() - (neighbours.after ? 1 : 0);
  return span;
}

// Hands out a clause's classified periods in order. A large incident clause
// classifies them two at a time, the second on another thread, so at most
// three classified periods are alive at once, whatever the range.
class ClassifiedPeriods {
 public:
  ClassifiedPeriods(std::function<ClassifiedPeriod(size_t)> classify, size_t count, bool in_pairs)
      : classify_(std::move(classify)), count_(count), in_pairs_(in_pairs) {}

  ClassifiedPeriod at(size_t k) {
    if (ahead_) {
      ClassifiedPeriod cp = std::move(*ahead_);
      ahead_.reset();
      return cp;
    }
    if (!in_pairs_ || k + 1 >= count_) return classify_(k);
    auto beside = std::async(std::launch::async, classify_, k + 1);
    ClassifiedPeriod cp = classify_(k);
    ahead_ = beside.get();
    return cp;
  }

 private:
  std::function<ClassifiedPeriod(size_t)> classify_;
  size_t count_;
  bool in_pairs_;
  std::optional<ClassifiedPeriod> ahead_;  // classified beside the one before it
};

// One reading of a clause (its missing-data rule) over the span: each period is
// judged once its neighbours' edge runs are known, and then freed. The
// neighbour periods outside the range lend their edge runs and are never judged.
std::vector<PeriodAudit> judge_span(const ClauseContext& cx, const ClausePlan& plan, const ClassifiedSpan& span,
                                    ClassifiedPeriods& classified) {
  const auto& clause = *cx.clause;
  std::vector<PeriodAudit> out;
  std::vector<std::pair<LocalDate, int64_t>> earlier;
  ClassifiedPeriod current = classified.at(0);
  Seconds previous_end_run{0};
  Instant previous_to{};
  for (size_t k = 0; k < span.periods.size(); ++k) {
    std::optional<ClassifiedPeriod> next;
    if (k + 1 < span.periods.size()) next = classified.at(k + 1);
    // A run continues across a boundary only when the parts are adjacent.
    const bool joined_before = k > 0 && previous_to == current.from;
    const bool joined_after = next && current.to == next->from;
    const Seconds before = joined_before ? previous_end_run : Seconds{0};
    const Seconds after = joined_after ? edge_run(*next, false) : Seconds{0};
    previous_end_run = edge_run(current, true);
    previous_to = current.to;
    if (k >= span.reported_first && k < span.reported_end) {
      const LocalDate period_last = current.period.last_day;
      PeriodAudit one = judge_period(cx, std::move(current), before, after, earlier);
      // Counted as whole, a period the service only partly covered is still reported as partial.
      const Period& period = span.periods[k];
      if (plan.whole && (period.start < plan.active_from || period.end > plan.active_to)) one.partial = true;
      if (one.partial)
        one.partial_rule = plan.whole ? "whole"
                           : clause.partial_period == model::PartialPeriodMode::Split ? "split"
                                                                                       : "prorated";
      // Caps count the capped credits only: the hour rule's credit is outside them.
      earlier.emplace_back(period_last, one.owed_minor - one.hour_rule_minor);
      out.push_back(std::move(one));
    }
    if (next) current = std::move(*next);
  }
  return out;
}

// A probe clause without a missing-data rule is audited both ways; the report
// gives the first reading (missing counted as up) and says what the other gives.
void note_other_reading(PeriodAudit& one, const PeriodAudit& other, const model::Currency& currency) {
  one.probe->ambiguous = true;
  one.probe->other_missing = model::MissingData::Down;
  one.probe->other_availability = other.availability;
  one.probe->other_met = other.met;
  one.probe->other_owed_minor = other.owed_minor;
  one.notes.push_back("ambiguous: the clause does not say how missing probe data counts; counted as up here, "
                      "counted as down the availability would be " +
                      (other.availability ? percent_text(*other.availability) : std::string("not assessed")) +
                      (other.owed_minor != one.owed_minor ? " and the credit " + money_with_code(other.owed_minor, currency)
                                                          : std::string()));
}

// A group's minutes that do not count, within one period's part, as exclusion windows.
std::vector<TimelineInterval> not_counted_in(const AuditRequest& req, const std::pair<Instant, Instant>& part) {
  std::vector<TimelineInterval> out;
  if (!req.resource_scope) return out;
  for (const auto& [start, end] : req.resource_scope->not_counted) {
    const Instant from = std::max(start, part.first), to = std::min(end, part.second);
    if (from < to) out.push_back({from, to, IntervalKind::ExclusionWindow, kWeightOne, SIZE_MAX});
  }
  return out;
}

// A period audited from the provider's statement: its stated figure, or not
// assessed when the statement gives none for it.
void stated_figure(const AuditRequest& req, const model::AvailabilityClause& clause, const model::Service& service,
                   const std::string& period, ClassifiedPeriod& cp) {
  for (const StatedAvailability& s : req.stated) {
    if (s.service != service.name || s.period != period) continue;
    if (!s.clause_label.empty() && s.clause_label != clause.label) continue;
    cp.measured_availability = s.availability;
    cp.measured_derivation = "stated by the provider's statement (" + s.path + ":" + std::to_string(s.line) +
                             "): " + s.stated;
    cp.statement = StatementFigures{s.stated, s.path, s.line, 0, s.paid_minor};
    return;
  }
  cp.unmeasured = true;
  cp.measured_derivation = "the statement gives no availability for " + service.name + " " + period +
                           ": availability is not assessed";
}

// ------------------------------------------------- time the evidence has not seen

// " (the audit's instant)" after the instant: every reason names it, so that a
// report judged by the machine's clock says which instant decided.
std::string instant_words(Instant at) { return format_utc(at) + " (the audit's instant)"; }

std::string span_text(const IncidentSpan& span) { return format_utc(span.from) + "/" + format_utc(span.to); }

// Why a period of a clause measured from incidents lies outside the log's
// span; empty when it does not. [from, to): its audited part, within `whole`.
std::string outside_span(const IncidentSpan& span, std::pair<Instant, Instant> whole, Instant from, Instant to) {
  const std::string how = "; state the span the log covers with --covers FROM/TO";
  if (span.empty)
    return "the incident log " + span.source + " holds no record and states no span it covers: not assessed" + how;
  if (span.stated) {
    if (to <= span.from || from >= span.to)
      return "outside the span the incident log " + span.source + " covers (" + span_text(span) + ", --covers): not assessed";
    return {};
  }
  // Inferred: the periods from the one holding the earliest record to the one holding the latest.
  if (whole.second <= span.from || whole.first > span.to)
    return "outside the span of the incident log " + span.source + ", which states none: its records run from " +
           format_utc(span.from) + " to " + format_utc(span.to) + ", so nothing says this period was looked at" + how;
  return {};
}

// A period's time the evidence has not seen: not begun at the audit's instant,
// or outside the log's span, the period is not assessed (never met: no record
// there means "not looked at", not "no outage"); not ended, or partly outside a
// stated span, its evidence has a gap. `from_incidents`: the clause is measured
// from a usable incident log.
void note_unseen_time(const AuditRequest& req, bool from_incidents, const Period& whole, ClassifiedPeriod& cp) {
  // The note says why in full; the gap, which every format lists (CSV too), says what.
  const auto not_assessed = [&](const std::string& why, const std::string& gap) {
    cp.unmeasured = true;
    cp.measured_derivation = why;
    cp.evidence_gaps.push_back(gap);
  };
  if (req.judged_at && cp.from >= *req.judged_at) {
    const std::string why = "not begun at " + instant_words(*req.judged_at) + ": not assessed";
    return not_assessed(why, why);
  }
  if (from_incidents && req.incident_span) {
    const IncidentSpan& span = *req.incident_span;
    if (const std::string why = outside_span(span, {whole.start, whole.end}, cp.from, cp.to); !why.empty())
      return not_assessed(why, "outside the span the incident log " + span.source + " covers: not assessed");
    if (span.stated && (cp.from < span.from || cp.to > span.to))
      cp.evidence_gaps.push_back("the incident log " + span.source + " covers only " + span_text(span) +
                                 " (--covers) of this period: the rest is unseen");
  }
  if (req.judged_at && cp.to > *req.judged_at)
    cp.evidence_gaps.push_back("in progress at " + instant_words(*req.judged_at) +
                               ": the period has not ended, so its figures are not final");
}

void audit_clause(const AuditRequest& req, const TimeZone& zone, size_t clause_index,
                  const ServiceIndex& by_service, AuditReport& report) {
  const auto& contract = *req.contract;
  const auto& clause = contract.availability[clause_index];
  const auto& service = contract.services[clause.service];
  std::vector<std::string> notes;
  // From a statement, the stated figure is the period's availability however the clause measures it.
  const bool from_statement = req.incident_evidence == IncidentEvidence::Statement;
  // A group clause is measured by its members' states, whatever measures them:
  // the fleet audit gives their downtime as the group's incidents.
  const bool from_probes = !from_statement && !clause.group && clause.measurement &&
                           clause.measurement->kind == model::MeasurementKind::Probes;
  const probe::ProbeClauseEngine* engine =
      from_probes && clause_index < req.probe_engines.size() ? req.probe_engines[clause_index] : nullptr;
  if (from_probes && !engine) {
    report.notes.push_back("availability " + service.name + (clause.label.empty() ? "" : " \"" + clause.label + "\"") +
                           " is measured from probes: an incident log cannot audit it: it needs probe samples");
    return;
  }
  if (!clause.measurement && !clause.group && !from_statement)  // a group clause's down rule defines it
    notes.push_back("the clause does not define unavailability: every counted incident is a full outage");
  if (!clause.excluded_time) notes.push_back("the clause does not say how excluded time counts: it counts as available");
  auto plan = plan_clause(req, zone, clause, notes);
  if (!plan) return;
  const ClassifiedSpan span = classified_span(req, zone, clause, *plan, by_service[clause.service], from_probes);
  const auto buckets = bucket(req.incidents, by_service[clause.service], span.parts, span.range_end);
  size_t incidents_in_clause = 0;
  for (const auto& b : buckets) incidents_in_clause += b.size();
  const bool in_pairs = req.use_threads && !engine && incidents_in_clause >= kIncidentsWorthAThread;

  ClauseContext cx{&contract, &clause, &service, &req, &zone, &plan->scheme, &req.incidents, span.range_end, from_probes};
  std::vector<model::MissingData> readings{clause.missing_data.value_or(model::MissingData::Up)};
  if (from_probes && !clause.missing_data) readings.push_back(model::MissingData::Down);
  std::vector<std::vector<PeriodAudit>> audited;
  for (const model::MissingData reading : readings) {
    std::optional<probe::ProbeOutcome> outcome;
    if (engine) outcome = probe::service_outcome(*engine, reading);
    ClassifiedPeriods classified(
        [&](size_t k) {
          ClassifiedPeriod cp =
              engine ? classify_probe_period(cx, *engine, *outcome, span.periods[k], k, buckets[k])
                     : classify_period(cx, span.periods[k], span.parts[k].first, span.parts[k].second, buckets[k],
                                       not_counted_in(req, span.parts[k]));
          cp.notes.insert(cp.notes.begin(), notes.begin(), notes.end());  // the clause's notes, then the period's
          if (from_statement) {
            stated_figure(req, clause, service, span.periods[k].label, cp);
          } else if (!engine && req.incident_evidence != IncidentEvidence::Log) {
            cp.unmeasured = true;
            cp.measured_derivation = req.incident_evidence == IncidentEvidence::NoLog
                                         ? "no incident log was given: availability is not assessed"
                                         : "every record of the incident log was rejected: availability is not assessed";
          }
          note_unseen_time(req, !engine && !from_statement && req.incident_evidence == IncidentEvidence::Log,
                           span.periods[k], cp);
          if (cp.partial && !clause.partial_period)
            cp.notes.push_back("a partial period, and the clause does not say how to treat one: prorated");
          return cp;
        },
        span.periods.size(), in_pairs);
    audited.push_back(judge_span(cx, *plan, span, classified));
  }
  for (size_t k = 0; k < audited[0].size(); ++k) {
    PeriodAudit& one = audited[0][k];
    if (audited.size() > 1 && one.probe) note_other_reading(one, audited[1][k], *contract.currency);
    report.periods.push_back(std::move(one));
  }
}

// Working days counted with the contract's holiday calendar need its days in
// every year the count steps into: a year the calendar does not list would
// silently count as Monday to Friday.
void check_holiday_years(const AuditRequest& req, const model::AvailabilityClause& clause, const ClausePlan& plan,
                         std::vector<AuditError>& errors) {
  const auto& contract = *req.contract;
  if (!clause.claim->earliest_working_days || !contract.holidays) return;
  if (req.holidays == nullptr) {
    // Without its days the earliest claim day is not stated (judge_period
    // notes it), which is honest for a replay; a filing cannot be judged.
    if (req.claims.empty()) return;
    errors.push_back({"the contract counts working days with holiday calendar \"" + contract.holidays->name +
                          "\", and no such calendar was given to the audit: a claim filing cannot be judged",
                      contract.holidays->range, true});
    return;
  }
  for (const Period& period : plan.periods) {
    const std::optional<int> year = year_not_in_calendar(*clause.claim, period.first_day, period.last_day, *req.holidays);
    if (!year) continue;
    errors.push_back({"holiday calendar \"" + req.holidays->name + "\" (" + req.holidays->source + ") lists no day in " +
                          std::to_string(*year) + ", and the earliest claim day of " +
                          contract.services[clause.service].name + " " + period.label +
                          " counts working days into it; add that year's holidays (and make-up working days)",
                      clause.claim->range, true});
    return;
  }
}

// Dates are computed in years 1400-9999 only: a claim deadline past them is
// no date a report could state, so the audit stops with an error instead. The
// range asked for reaches there, not the contract: a usage error. A rolling
// window has no claim.
bool claim_deadlines_fit(const AuditRequest& req, const TimeZone& zone, std::vector<AuditError>& errors) {
  const auto& contract = *req.contract;
  if (req.window) return true;
  for (const auto& clause : contract.availability) {
    if (!clause.claim) continue;
    std::vector<std::string> notes;  // the clause's audit states them
    const std::optional<ClausePlan> plan = plan_clause(req, zone, clause, notes);
    if (!plan) continue;
    const Period& last = plan->periods.back();
    if (!deadlines_in_calendar(*clause.claim, last.last_day, plan->scheme, zone)) {
      errors.push_back({"the claim deadline of " + contract.services[clause.service].name + " " + last.label +
                            " would fall after 9999-12-31, past the calendar slaudit computes in (years 1400-9999); "
                            "audit an earlier range",
                        clause.claim->range, true});
      continue;
    }
    check_holiday_years(req, clause, *plan, errors);
  }
  return errors.empty();
}

// What the recovery clauses add to a report.
struct RecoveryPart {
  std::vector<RecoveryAudit> audits;
  std::vector<std::string> notes;
};

// Whether the requested range holds a day the service is active (its start,
// or the contract's, to the contract's end): a recovery clause has nothing to
// audit on other days, as an availability clause has no period there.
bool range_meets_service(const AuditRequest& req, const model::Service& service) {
  const auto& contract = *req.contract;
  LocalDate first = from_civil(req.range.first), last = from_civil(req.range.last);
  if (contract.effective_from) first = std::max(first, from_civil(*contract.effective_from));
  if (service.starts) first = std::max(first, from_civil(*service.starts));
  if (contract.effective_until) last = std::min(last, from_civil(*contract.effective_until));
  return first <= last;
}

// Why a recovery clause cannot be assessed over [from, to); empty when it can.
std::string recovery_unseen(const AuditRequest& req, Instant from, Instant to) {
  if (req.incident_evidence != IncidentEvidence::Log) return "no usable incident log";
  if (req.judged_at && from >= *req.judged_at) return "the range has not begun at " + instant_words(*req.judged_at);
  if (!req.incident_span) return {};
  return outside_span(*req.incident_span, {from, to}, from, to);
}

RecoveryPart audit_recovery_clauses(const AuditRequest& req, const TimeZone& zone, const ServiceIndex& by_service) {
  RecoveryPart report;
  const auto& contract = *req.contract;
  const Instant range_from = midnight(zone, from_civil(req.range.first));
  const Instant range_to = midnight_after(zone, from_civil(req.range.last));
  for (const auto& clause : contract.recovery) {
    const auto& service = contract.services[clause.service];
    if (!range_meets_service(req, service)) continue;
    // The service's incidents are by start: those starting in the range are one stretch of them.
    const std::vector<size_t>& by_start = by_service[clause.service];
    const auto starts_before = [&](Instant at) {
      return [&, at](size_t i) { return req.incidents[i].start < at; };
    };
    const auto first = std::partition_point(by_start.begin(), by_start.end(), starts_before(range_from));
    const auto last = std::partition_point(first, by_start.end(), starts_before(range_to));
    const std::span<const size_t> incidents(by_start.data() + (first - by_start.begin()), static_cast<size_t>(last - first));
    std::vector<std::string> covered;
    for (const auto& other : contract.recovery)
      if (other.service == clause.service) covered.insert(covered.end(), other.faults.begin(), other.faults.end());
    RecoveryInputs in{&clause, &req.incidents, incidents, covered, range_to, service.fee ? service.fee->minor : Rational(0),
                      model::RoundingMode::HalfUp, req.record_findings};
    if (service.fee && service.fee_basis == model::FeeBasis::PerHour)
      in.monthly_fee_minor = service.fee->minor * 730;  // the common 730-hour month
    RecoveryAudit audited = audit_recovery(in);
    audited.service = service.name;
    audited.not_assessed_reason = recovery_unseen(req, range_from, range_to);
    audited.assessed = audited.not_assessed_reason.empty();
    report.audits.push_back(std::move(audited));
  }
  if (!contract.recovery.empty())
    report.notes.push_back("recovery credits and caps are computed over the whole audited range");
  if (!contract.recovery.empty() && req.incident_evidence == IncidentEvidence::Statement)
    report.notes.push_back("a statement gives availability figures, not incidents: recovery clauses are not assessed");
  return report;
}

// What each service owes, and the audit's verdict: breached when anything
// breached (a target missed, a credit earned - claimed in time or not - or a
// recovery breach); else not assessed when some period or recovery clause
// could not be assessed, or nothing at all was audited; else met. False when
// a total would pass int64.
bool add_totals(AuditReport& report) {
  bool breached = false;
  bool not_assessed = report.periods.empty() && report.recovery.empty();
  bool exact = true;
  for (const auto& p : report.periods) {
    for (auto& t : report.totals)
      if (t.service == p.service) exact &= add_money(t.owed_minor, p.owed_minor);
    const Verdict v = p.verdict();
    breached |= v == Verdict::Breached;
    not_assessed |= v == Verdict::NotAssessed;
  }
  for (const auto& r : report.recovery) {
    for (auto& t : report.totals)
      if (t.service == r.service) exact &= add_money(t.owed_minor, r.owed_minor);
    exact &= !r.credit_too_large;
    breached |= r.breaches > 0;
    not_assessed |= !r.assessed;
  }
  // A composite with a target is judged like a clause; without one it is measured only.
  for (const auto& c : report.composites) {
    not_assessed |= c.target && !c.assessed;
    for (const auto& p : c.periods) {
      breached |= p.verdict == Verdict::Breached;
      not_assessed |= p.verdict == Verdict::NotAssessed;
    }
  }
  for (const auto& t : report.totals) exact &= add_money(report.total_owed_minor, t.owed_minor);
  report.verdict = breached ? Verdict::Breached : not_assessed ? Verdict::NotAssessed : Verdict::Met;
  return exact;
}

Instant range_to_of(const AuditRequest& req, const TimeZone& zone) { return midnight_after(zone, from_civil(req.range.last)); }

// The report states the audit's instant when it decided something: a period
// (or a recovery clause's range) that had not ended by then. A recovery
// clause assessed over a range still running has no final figure either: the
// audit's evidence has a gap (its periods carry their own).
void note_judged_at(const AuditRequest& req, Instant range_to, AuditReport& report) {
  if (!req.judged_at) return;
  bool recovery_running = false;
  for (const RecoveryAudit& r : report.recovery) recovery_running |= r.assessed && range_to > *req.judged_at;
  if (recovery_running)
    report.evidence_gaps.push_back("in progress at " + instant_words(*req.judged_at) + ": the range runs to " +
                                   format_utc(range_to) + ", so the recovery clauses' figures are not final");
  bool decided = !report.recovery.empty() && range_to > *req.judged_at;
  for (const PeriodAudit& p : report.periods) decided |= p.end > *req.judged_at;
  if (decided) report.judged_at = req.judged_at;
}

}  // namespace

std::vector<probe::ProbePart> probe_parts(const AuditRequest& req, size_t clause_index) {
  std::vector<probe::ProbePart> out;
  const auto& contract = *req.contract;
  if (!contract.timezone || clause_index >= contract.availability.size()) return out;
  const auto zone = TimeZone::find(*contract.timezone);
  if (!zone) return out;
  std::vector<std::string> notes;
  const auto plan = plan_clause(req, *zone, contract.availability[clause_index], notes);
  if (!plan) return out;
  for (size_t k = 0; k < plan->periods.size(); ++k)
    out.push_back({plan->periods[k].start, plan->parts[k].first, plan->parts[k].second});
  return out;
}

AuditResult run_audit(const AuditRequest& req) {
  AuditResult result;
  const auto& contract = *req.contract;
  if (!contract.timezone) result.errors.push_back({"the contract states no time zone: periods cannot be cut", contract.range});
  if (!contract.currency) result.errors.push_back({"the contract states no currency: credits cannot be priced", contract.range});
  // A per-resource clause audited as one service would give a figure for no
  // resource at all: only the fleet audit (fleet_audit.h) runs one, per resource.
  for (const model::AvailabilityClause& clause : contract.availability)
    if ((clause.per_resource || clause.group) && !req.resource_scope)
      result.errors.push_back({std::string(clause.group ? "a group-level clause is audited group by group"
                                                        : "a per-resource clause is audited resource by resource") +
                                   ", by the fleet audit, from an inventory of the resources (docs/fleet.md)",
                               clause.range});
  if (!result.errors.empty()) return result;
  const auto zone = TimeZone::find(*contract.timezone);
  if (!zone) {
    result.errors.push_back({"unknown time zone " + *contract.timezone, contract.range});
    return result;
  }
  AuditReport report;
  report.engine_version = SLAUDIT_VERSION;
  report.tzdata_version = std::string(TimeZone::tzdata_version());
  report.contract_title = contract.title;
  report.timezone = *contract.timezone;
  report.currency = *contract.currency;
  report.range = req.range.label;
  if (!claim_deadlines_fit(req, *zone, result.errors)) return result;
  const ServiceIndex by_service = index_services(req);
  // Recovery clauses read what availability clauses read and write nothing
  // they share, so on a large log they run beside them, on another core.
  const bool beside = req.use_threads && !req.resource_scope && !contract.recovery.empty() && !contract.availability.empty() &&
                      req.incidents.size() >= kIncidentsWorthAThread;
  std::future<RecoveryPart> recovery_beside;
  if (beside) recovery_beside = std::async(std::launch::async, [&] { return audit_recovery_clauses(req, *zone, by_service); });
  if (req.resource_scope) {
    for (const size_t c : req.resource_scope->clauses) audit_clause(req, *zone, c, by_service, report);
  } else {
    for (size_t c = 0; c < contract.availability.size(); ++c) audit_clause(req, *zone, c, by_service, report);
  }
  account_probes(req, report);
  RecoveryPart recovery = beside                ? recovery_beside.get()
                          : req.resource_scope ? RecoveryPart{}
                                               : audit_recovery_clauses(req, *zone, by_service);
  report.recovery = std::move(recovery.audits);
  report.notes.insert(report.notes.end(), recovery.notes.begin(), recovery.notes.end());
  if (!req.resource_scope) report.composites = audit_composites(contract, report.periods);

  for (const auto& s : contract.services) report.totals.push_back({s.name, 0});
  if (!add_totals(report)) {
    result.errors.push_back({total_too_large(), {}, true});
    return result;
  }
  note_judged_at(req, range_to_of(req, *zone), report);
  result.report = std::move(report);
  return result;
}

}  // namespace slaudit::audit
