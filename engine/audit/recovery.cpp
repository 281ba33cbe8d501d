#include "engine/audit/recovery.h"

#include <algorithm>
#include <deque>
#include <map>

#include "engine/audit/incident_rules.h"
#include "engine/audit/money.h"
#include "engine/figures/figures.h"
#include "base/time/format_local.h"

namespace slaudit::audit {

Seconds nearest_rank(const std::vector<Seconds>& sorted, int p) {
  if (sorted.empty()) return Seconds{0};
  const size_t rank = (static_cast<size_t>(p) * sorted.size() + 99) / 100;  // ceil(p/100 * n)
  return sorted[std::max<size_t>(rank, 1) - 1];
}

namespace {

// The value at 0-based `index` in sorted order, with every value before it no
// greater and every value after it no smaller (nth_element), so ranks asked for
// in increasing order each cost linear time on what is left: no full sort.
Seconds select(std::vector<Seconds>& values, size_t from, size_t index) {
  std::nth_element(values.begin() + static_cast<std::ptrdiff_t>(from), values.begin() + static_cast<std::ptrdiff_t>(index),
                   values.end());
  return values[index];
}

// 0-based index of the nearest-rank percentile p of n values (as nearest_rank).
size_t rank_index(size_t n, int p) { return std::max<size_t>((static_cast<size_t>(p) * n + 99) / 100, 1) - 1; }

std::vector<FaultStats> stats_of(std::map<std::string, std::vector<Seconds>>& times,
                                 const std::map<std::string, size_t>& breaches) {
  std::vector<FaultStats> out;
  for (auto& [fault, values] : times) {
    FaultStats s;
    s.fault = fault;
    s.count = values.size();
    const size_t median = rank_index(values.size(), 50), p95 = rank_index(values.size(), 95);
    s.median = select(values, 0, median);
    s.p95 = select(values, median, p95);
    s.max = *std::max_element(values.begin() + static_cast<std::ptrdiff_t>(p95), values.end());
    if (auto it = breaches.find(fault); it != breaches.end()) s.breaches = it->second;
    out.push_back(s);
  }
  return out;
}

RecoveryFinding measure(const model::RecoveryClause& c, const Incident& i, const RecoveryInputs& in) {
  RecoveryFinding f;
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
  f.id = i.id;
  f.line = i.line;
  f.fault = i.fault.value_or("unclassified");
  f.clock = RecoveryClock{start, *stop, from_detected && i.detected.has_value(), to_recovered && i.recovered.has_value()};
  return f;
}

// What a fault class is to this clause, worked out once per name (incidents
// share their names' storage, so the name's address finds it).
struct FaultRole {
  bool in_clause = false, by_other = false;
  std::vector<Seconds>* times = nullptr;
  size_t* breaches = nullptr;
  size_t count = 0;  // incidents of this name
};

class FaultRoles {
 public:
  explicit FaultRoles(const RecoveryInputs& in) : in_(in) {}

  // A handful of names (fault classes times the tables that shared them):
  // a short list searched by address beats a tree, and a log's incidents
  // often repeat the last name. A deque keeps each role where it was put.
  FaultRole& of(const Incident& i) {
    const std::string* name = i.fault ? &*i.fault : &unclassified_;
    if (last_ && last_->first == name) return last_->second;
    for (auto& known : roles_)
      if (known.first == name) return (last_ = &known)->second;
    const auto& c = *in_.clause;
    FaultRole role;
    role.in_clause = std::find(c.faults.begin(), c.faults.end(), *name) != c.faults.end();
    role.by_other = std::find(in_.covered_by_any.begin(), in_.covered_by_any.end(), *name) != in_.covered_by_any.end();
    if (role.in_clause) {
      role.times = &covered[*name];
      role.breaches = &breaches[*name];
    } else if (!role.by_other) {
      role.times = &uncovered[*name];
    }
    roles_.emplace_back(name, role);
    return (last_ = &roles_.back())->second;
  }

  // Counted first, so that every list is made its exact size at once: a list
  // that grows holds its old and new storage together, and on a large log
  // these lists are a good part of the audit's memory.
  void reserve(RecoveryAudit& out) {
    size_t uncovered_count = 0, covered_count = 0;
    for (const size_t index : in_.incidents) {
      FaultRole& role = of((*in_.log)[index]);
      if (role.times) ++role.count;
      uncovered_count += !role.in_clause && !role.by_other;
      covered_count += role.in_clause;
    }
    // Every covered incident is a finding when findings are recorded: one
    // allocation, not a growing vector's copies (a million findings at once).
    if (in_.record_findings) out.findings.reserve(covered_count);
    // Names from different readers' tables may share one list: add their counts up.
    std::map<std::vector<Seconds>*, size_t> sizes;
    for (const auto& [name, role] : roles_)
      if (role.times) sizes[role.times] += role.count;
    for (const auto& [times, size] : sizes) times->reserve(size);
    out.uncovered_incidents.reserve(uncovered_count);
  }

  std::map<std::string, std::vector<Seconds>> covered, uncovered;
  std::map<std::string, size_t> breaches;

 private:
  const RecoveryInputs& in_;
  std::deque<std::pair<const std::string*, FaultRole>> roles_;
  std::pair<const std::string*, FaultRole>* last_ = nullptr;
  const std::string unclassified_ = "unclassified";
};

// The credit per breach, then the caps.
void recovery_credit(const RecoveryInputs& in, RecoveryAudit& out) {
  const auto& c = *in.clause;
  if (c.credit_per_breach && out.breaches > 0) {
    const Rational per_breach = percent_of(*c.credit_per_breach, in.monthly_fee_minor);
    const auto credit = round_to_minor_exactly(per_breach * static_cast<int64_t>(out.breaches), in.rounding);
    if (!credit) {  // past int64 minor units: refused by the audit's totals, never saturated
      out.credit_too_large = true;
      return;
    }
    out.credit_minor = *credit;
    out.explain.push_back({"recovery credit", std::to_string(out.credit_minor),
                           std::to_string(out.breaches) + " breaches x " + c.credit_per_breach->value.to_string() +
                               "% of the monthly fee " + minor_units_text(in.monthly_fee_minor) + " (minor units)",
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
}

}  // namespace

RecoveryAudit audit_recovery(const RecoveryInputs& in) {
  const auto& c = *in.clause;
  RecoveryAudit out;
  out.clause_label = c.label;
  out.clause = c.range;
  out.limit = c.limit;
  out.caps = c.caps;
  FaultRoles roles(in);
  roles.reserve(out);
  for (const size_t index : in.incidents) {
    const Incident* i = &(*in.log)[index];
    FaultRole& role = roles.of(*i);
    if (!role.in_clause) {
      if (!role.by_other) {
        role.times->push_back(measure(c, *i, in).time_to_recover);
        out.uncovered_incidents.push_back(i->id);
      }
      continue;
    }
    auto f = measure(c, *i, in);
    ++out.covered;
    role.times->push_back(f.time_to_recover);
    if (f.breach) {
      ++out.breaches;
      ++*role.breaches;
    }
    if (in.record_findings || f.breach) out.findings.push_back(std::move(f));
  }
  out.stats = stats_of(roles.covered, roles.breaches);
  out.uncovered = stats_of(roles.uncovered, {});
  recovery_credit(in, out);
  return out;
}

std::string recovery_clock_text(const RecoveryClock& clock, const TimeZone& zone) {
  return std::string(clock.from_detected ? "detected " : "started ") + format_local(clock.start, zone) + " -> " +
         (clock.to_recovered ? "recovered " : "ended ") + format_local(clock.stop, zone);
}

}  // namespace slaudit::audit
