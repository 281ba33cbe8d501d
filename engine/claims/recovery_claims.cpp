// Recovery claims ("约20分钟自动恢复") against the incident log: every incident
// with a fault in the range is timed, per fault class and over all. The clock
// is the one the service's recovery clause states (from detection, to
// recovery), else from the incident's start to its recovery (or its end).
// Maintenance and customer-caused incidents are left out; an incident still open is timed
// to the end of the range and flagged (a lower bound, never dropped).
#include <algorithm>
#include <map>
#include <set>

#include "engine/audit/recovery.h"
#include "engine/claims/compare.h"
#include "engine/claims/readings.h"
#include "engine/figures/figures.h"
#include "base/time/local_date.h"
#include "base/time/time_zone.h"

namespace slaudit::claims {

namespace {

struct Timed {
  std::vector<Seconds> times;  // sorted
  std::vector<std::string> ids;
  size_t open = 0;
};

const model::RecoveryClause* clause_of(const model::Contract& contract, const std::string& service) {
  for (const auto& c : contract.recovery)
    if (contract.services[c.service].name == service) return &c;
  return nullptr;
}

// In std::chrono's calendar, which has no range to leave (Boost's throws outside 1400-9999).
Instant midnight(const TimeZone& zone, const model::CivilDate& day) {
  const std::chrono::local_days date{std::chrono::year{day.year} / static_cast<unsigned>(day.month) /
                                     static_cast<unsigned>(day.day)};
  return zone.to_utc(LocalSeconds{date.time_since_epoch()});
}

Seconds time_to_recover(const Incident& i, const model::RecoveryClause* clause, Instant range_end, bool& open) {
  const bool from_detected = clause && clause->clock_start == model::ClockStart::Detected;
  const bool to_resolved = clause && clause->clock_stop == model::ClockStop::Resolved;
  const Instant start = from_detected && i.detected ? *i.detected : i.start;
  const OptionalInstant stop = to_resolved ? i.end : (i.recovered ? i.recovered : i.end);
  open = !stop;
  return std::max(Seconds{0}, stop.value_or(range_end) - start);
}

// "from detected to recovered (its recovery clause)", as time_to_recover measures it.
std::string clock_text(const model::RecoveryClause* clause) {
  if (!clause) return "from start to recovered, else end (no recovery clause)";
  const bool from_detected = clause->clock_start == model::ClockStart::Detected;
  const bool to_resolved = clause->clock_stop == model::ClockStop::Resolved;
  return std::string("from ") + (from_detected ? "detected (else start)" : "start") + " to " +
         (to_resolved ? "end" : "recovered, else end") + " (its recovery clause)";
}

std::string minutes(Seconds s) { return minutes_text(s) + " min"; }

Reading judge(const std::string& name, const Timed& t, const model::ClaimPredicate& claim) {
  const Statistic stat = statistic_for(claim.cmp);
  const Seconds median = audit::nearest_rank(t.times, 50), p95 = audit::nearest_rank(t.times, 95);
  const Seconds value = stat == Statistic::Min ? t.times.front() : stat == Statistic::Max ? t.times.back() : median;
  const bool ok = holds(claim.cmp, Rational(value.count()), to_rational(claim.value.value));
  std::string evidence = std::to_string(t.times.size()) + " incident" + (t.times.size() == 1 ? "" : "s") +
                         ": median " + minutes(median) + ", p95 " + minutes(p95) + ", max " + minutes(t.times.back());
  if (t.open) evidence += " (" + std::to_string(t.open) + " still open, timed to the end of the range)";
  evidence += std::string("; ") + statistic_name(stat) + " " + minutes(value);
  if (claim.cmp == model::Comparator::About)
    evidence += ok ? std::string(" is ") + kAboutRule + " of " + claim.value.written + " (" + about_range_text(claim.value) + ")"
                   : std::string(" is not ") + kAboutRule + " of " + claim.value.written + " (" +
                         about_range_text(claim.value) + ")";
  else
    evidence += std::string(ok ? " is " : " is not ") + comparator_symbol(claim.cmp) + " " + claim.value.written;
  return {name, ok ? Verdict::Verified : Verdict::Refuted, evidence, ""};
}

}  // namespace

Judged recovery_readings(const model::ClaimPredicate& claim, const Evidence& ev) {
  Judged out;
  if (!ev.incidents || !ev.range) {
    out.needs = "an incident log with each fault's class and its start, detection and recovery times";
    return out;
  }
  const auto zone = TimeZone::find(ev.contract->timezone.value_or("UTC"));
  const TimeZone tz = zone ? *zone : TimeZone::utc();
  const Instant from = midnight(tz, ev.range->first);
  const Instant to = midnight(tz, ev.range->last) + std::chrono::days(1);
  const std::optional<std::string> service =
      claim.service ? std::optional(ev.contract->services[*claim.service].name) : std::nullopt;

  std::map<std::string, Timed> by_fault;
  std::set<std::string> services_seen;
  Timed all;
  for (const Incident& i : *ev.incidents) {
    // Maintenance is no fault, and what the customer broke is not the platform's to heal.
    if (i.cause == Cause::Maintenance || i.cause == Cause::Customer || i.start < from || i.start >= to) continue;
    if (service && i.service != *service) continue;
    const std::string fault = i.fault.value_or("unclassified");
    if (!claim.faults.empty() && std::find(claim.faults.begin(), claim.faults.end(), fault) == claim.faults.end())
      continue;
    services_seen.insert(*i.service);
    bool open = false;
    const Seconds t = time_to_recover(i, clause_of(*ev.contract, *i.service), to, open);
    for (Timed* group : {&by_fault[fault], &all}) {
      group->times.push_back(t);
      group->ids.push_back(i.id);
      group->open += open ? 1 : 0;
    }
  }
  for (auto& [fault, t] : by_fault) std::sort(t.times.begin(), t.times.end());
  std::sort(all.times.begin(), all.times.end());
  std::string clocks;
  for (const std::string& name : services_seen) {
    const model::RecoveryClause* clause = clause_of(*ev.contract, name);
    clocks += (clocks.empty() ? "" : ", ") + name + " " + clock_text(clause);
  }
  out.notes.push_back("time to recover: " + (clocks.empty() ? std::string("no incident") : clocks) +
                      "; maintenance and customer-caused incidents left out; incidents starting in " + ev.range->label);
  if (claim.cmp == model::Comparator::About)
    out.notes.push_back(std::string("about: the median ") + kAboutRule + " of the claimed time");

  if (!claim.faults.empty()) {
    std::string missing;
    for (const std::string& f : claim.faults)
      if (!by_fault.count(f)) missing += (missing.empty() ? "" : ", ") + f;
    if (all.times.empty()) {
      out.needs = "incidents of fault class " + missing + " in the incident log";
      return out;
    }
    if (!missing.empty()) out.notes.push_back("no incident of " + missing + " in the range");
    std::string names;
    for (const std::string& f : claim.faults) names += (names.empty() ? "" : ", ") + f;
    out.readings.push_back(judge("faults (" + names + ")", all, claim));
    return out;
  }
  if (all.times.empty()) {
    out.needs = "incidents with fault classes in the incident log over the range";
    return out;
  }
  for (const auto& [fault, t] : by_fault) out.readings.push_back(judge("fault " + fault, t, claim));
  if (by_fault.size() > 1) out.readings.push_back(judge("all faults", all, claim));
  return out;
}

}  // namespace slaudit::claims
