#include "engine/audit/recovery.h"

#include <algorithm>
#include <map>

#include "engine/audit/incident_rules.h"
#include "engine/audit/money.h"
#include "engine/time/format_local.h"

namespace slaudit::audit {

Seconds nearest_rank(const std::vector<Seconds>& sorted, int p) {
  if (sorted.empty()) return Seconds{0};
  const size_t rank = (static_cast<size_t>(p) * sorted.size() + 99) / 100;  // ceil(p/100 * n)
  return sorted[std::max<size_t>(rank, 1) - 1];
}

namespace {

std::vector<FaultStats> stats_of(const std::map<std::string, std::vector<Seconds>>& times,
                                 const std::map<std::string, size_t>& breaches) {
  std::vector<FaultStats> out;
  for (auto [fault, values] : times) {
    std::sort(values.begin(), values.end());
    FaultStats s;
    s.fault = fault;
    s.count = values.size();
    s.median = nearest_rank(values, 50);
    s.p95 = nearest_rank(values, 95);
    s.max = values.back();
    if (auto it = breaches.find(fault); it != breaches.end()) s.breaches = it->second;
    out.push_back(s);
  }
  return out;
}

RecoveryFinding measure(const model::RecoveryClause& c, const Incident& i, const RecoveryInputs& in) {
  RecoveryFinding f;
  f.id = i.id;
  f.line = i.line;
  f.fault = i.fault.value_or("unclassified");
  const bool from_detected = c.clock_start.value_or(model::ClockStart::Occurred) == model::ClockStart::Detected;
  Instant start = i.start;
  if (from_detected) {
    if (i.detected) start = *i.detected;
    else f.flags.push_back("no detected time: the clock started when the incident started");
  }
  const bool to_recovered = c.clock_stop.value_or(model::ClockStop::Recovered) == model::ClockStop::Recovered;
  OptionalInstant stop = to_recovered ? (i.recovered ? i.recovered : i.end) : i.end;
  if (to_recovered && !i.recovered && i.end) f.flags.push_back("no recovered time: the clock stopped when the incident ended");
  if (!stop) {
    stop = in.range_end;
    f.flags.push_back("still open: timed to the end of the audited range");
  }
  f.time_to_recover = std::max(Seconds{0}, *stop - start);
  f.breach = c.limit && f.time_to_recover > *c.limit;
  if (!in.record_findings && !f.breach) return f;  // breaches are always worded: they are few, and the point
  f.clock = std::string(from_detected && i.detected ? "detected " : "started ") + format_local(start, *in.zone) + " -> " +
            (to_recovered && i.recovered ? "recovered " : "ended ") + format_local(*stop, *in.zone);
  return f;
}

}  // namespace

RecoveryAudit audit_recovery(const RecoveryInputs& in) {
  const auto& c = *in.clause;
  RecoveryAudit out;
  out.clause_label = c.label;
  out.clause = c.range;
  out.limit = c.limit;
  std::map<std::string, std::vector<Seconds>> covered, uncovered;
  std::map<std::string, size_t> breaches;
  for (const Incident* i : *in.incidents) {
    const std::string fault = i->fault.value_or("unclassified");
    const bool in_clause = std::find(c.faults.begin(), c.faults.end(), fault) != c.faults.end();
    if (!in_clause) {
      const bool by_other = std::find(in.covered_by_any.begin(), in.covered_by_any.end(), fault) != in.covered_by_any.end();
      if (!by_other) {
        uncovered[fault].push_back(measure(c, *i, in).time_to_recover);
        out.uncovered_incidents.push_back(i->id);
      }
      continue;
    }
    auto f = measure(c, *i, in);
    ++out.covered;
    covered[fault].push_back(f.time_to_recover);
    if (f.breach) {
      ++out.breaches;
      ++breaches[fault];
    }
    if (in.record_findings || f.breach) out.findings.push_back(std::move(f));
  }
  out.stats = stats_of(covered, breaches);
  out.uncovered = stats_of(uncovered, {});
  if (c.credit_per_breach && out.breaches > 0) {
    const Rational per_breach = percent_of(*c.credit_per_breach, in.monthly_fee_minor);
    out.credit_minor = round_to_minor(per_breach * static_cast<int64_t>(out.breaches), in.rounding);
    out.explain.push_back({"recovery credit", std::to_string(out.credit_minor),
                           std::to_string(out.breaches) + " breaches x " + c.credit_per_breach->value.to_string() +
                               "% of the monthly fee " + std::to_string(in.monthly_fee_minor) + " (minor units)",
                           c.range});
  }
  out.owed_minor = out.credit_minor;
  for (const auto& cap : c.caps) {
    const int64_t limit = cap.amount ? cap.amount->minor
                                     : round_to_minor(percent_of(*cap.percent_of_fee, in.monthly_fee_minor), in.rounding);
    if (out.owed_minor > limit) {
      out.owed_minor = limit;
      out.cap_minor = limit;
      out.explain.push_back({"recovery cap", std::to_string(limit), "the credit is capped", cap.range});
    }
  }
  return out;
}

}  // namespace slaudit::audit
