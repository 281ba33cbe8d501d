#include "engine/audit/error_budget.h"

#include "engine/audit/money.h"

namespace slaudit::audit {

namespace {

constexpr Seconds kHour{3600}, kDay{86400};

// A period the budget speaks of: one with a target, measured from incidents
// (a probe clause's budget would be in buckets; a statement's is stated), and
// assessed: a period the log does not cover has no downtime to spend from.
bool has_budget(const PeriodAudit& p) { return p.target && !p.probe && !p.statement && p.availability; }

const PeriodAudit* same_period(const AuditReport& report, const PeriodAudit& p) {
  for (const PeriodAudit& q : report.periods)
    if (q.clause.begin == p.clause.begin && q.service == p.service && q.period == p.period) return &q;
  return nullptr;
}

// Counted downtime of each period of `request` with its incidents as known at `at`.
std::optional<AuditReport> audit_at(const AuditRequest& request, Instant at) {
  AuditRequest earlier;
  earlier.contract = request.contract;
  earlier.contract_source = request.contract_source;
  earlier.incidents = incidents_as_of(request.incidents, at);
  earlier.incident_evidence = request.incident_evidence;
  earlier.range = request.range;
  earlier.holidays = request.holidays;
  earlier.window = request.window;  // the same window: its downtime counted with what was known then
  earlier.record_findings = false;
  earlier.record_timeline = false;
  earlier.record_explanations = false;
  AuditResult result = run_audit(earlier);
  return std::move(result.report);
}

BurnWindow burn(const PeriodAudit& now, const std::optional<AuditReport>& before, Seconds length, Instant as_of,
                const Rational& allowed_share) {
  BurnWindow w;
  w.length = length;
  const Instant from = std::max(now.start, as_of - length);
  w.covered = as_of > from ? as_of - from : Seconds{0};
  const PeriodAudit* then = before ? same_period(*before, now) : nullptr;
  w.down = now.down - (then ? then->down : Rational(0));
  if (w.covered.count() > 0 && allowed_share > 0) w.burn_rate = w.down / w.covered.count() / allowed_share;
  return w;
}

// At the last day's pace (downtime per second), when the budget left is spent.
std::optional<Instant> runs_out(const ErrorBudget& b, Instant as_of) {
  if (b.last_day.covered.count() == 0 || b.last_day.down <= 0) return std::nullopt;
  if (b.left() <= 0) return std::nullopt;  // already spent
  const Rational pace = b.last_day.down / b.last_day.covered.count();
  const Rational seconds = b.left() / pace;
  // Whole seconds, rounded up: the first second by which it is spent.
  const boost::multiprecision::cpp_int num = boost::multiprecision::numerator(seconds);
  const boost::multiprecision::cpp_int den = boost::multiprecision::denominator(seconds);
  const boost::multiprecision::cpp_int up = (num + den - 1) / den;
  if (up >= (b.period_end - as_of).count()) return std::nullopt;  // not before the period ends
  const int64_t whole = static_cast<int64_t>(up);
  return as_of + Seconds{whole};
}

}  // namespace

std::vector<Incident> incidents_as_of(const std::vector<Incident>& incidents, Instant as_of) {
  std::vector<Incident> out;
  out.reserve(incidents.size());
  for (const Incident& i : incidents) {
    if (i.start >= as_of) continue;
    Incident known = i;
    if (!known.end || *known.end > as_of) known.end = as_of;
    if (known.detected && *known.detected > as_of) known.detected = std::nullopt;
    if (known.recovered && *known.recovered > as_of) known.recovered = std::nullopt;
    out.push_back(std::move(known));
  }
  return out;
}

AuditResult run_audit_as_of(const AuditRequest& request, Instant as_of) {
  AuditRequest known = request;
  known.incidents = incidents_as_of(request.incidents, as_of);
  AuditResult result = run_audit(known);
  if (!result.report) return result;
  AsOfAudit& out = result.report->as_of.emplace();
  out.as_of = as_of;
  if (request.window) out.window = request.window->length;
  const std::optional<AuditReport> hour_ago = audit_at(request, as_of - kHour);
  const std::optional<AuditReport> day_ago = audit_at(request, as_of - kDay);
  for (const PeriodAudit& p : result.report->periods) {
    if (!has_budget(p)) continue;
    ErrorBudget b;
    b.service = p.service;
    b.clause_label = p.clause_label;
    b.period = p.period;
    b.clause = p.clause;
    b.period_end = p.end;
    b.target = *p.target;
    const Rational allowed_share = 1 - to_rational(p.target->value.percent_to_share());
    b.allowed = allowed_share * p.eligible;
    b.spent = p.down;
    b.last_hour = burn(p, hour_ago, kHour, as_of, allowed_share);
    b.last_day = burn(p, day_ago, kDay, as_of, allowed_share);
    // A rolling window ends at the instant and moves on: no day it runs out in.
    if (!request.window) b.runs_out = runs_out(b, as_of);
    b.rolling = request.window.has_value();
    out.budgets.push_back(std::move(b));
  }
  return result;
}

}  // namespace slaudit::audit
