#include "engine/audit/probe/probe_audit.h"

#include "engine/audit/incident_rules.h"
#include "engine/figures/figures.h"

namespace slaudit::audit {

namespace {

// "any", "all", "averaged", or "at least 50%" with the clause's share.
std::string combine_name(const model::ProbeRule& r) {
  std::string out(terms::keyword(r.combine));
  if (r.combine == model::TargetCombination::AtLeastShare)
    out += " " + Decimal(r.combine_share.coefficient(), r.combine_share.scale() - 2).normalized().to_string() + "%";
  return out;
}

std::string count_text(WideCount n) { return to_decimal(n); }

// ", 3 below the minimum of requests per bucket, so missing data", or nothing.
std::string below_minimum_text(const probe::RateFigures& rf) {
  if (rf.below_minimum == 0) return "";
  return ", " + std::to_string(rf.below_minimum) + " below the minimum of requests per bucket, so missing data";
}

// Minimum data per period: with fewer requests or samples than the clause
// asks for, the measurement is not valid, and the period is not assessed or
// counts as missed (availability 0), as the clause says.
void apply_minimum_data(const model::MinimumData& minimum, WideCount seen, ClassifiedPeriod& cp) {
  const auto need = static_cast<WideCount>(minimum.count);
  if (seen >= need) return;
  const std::string unit(terms::keyword(minimum.unit));
  const std::string why = count_text(seen) + " " + unit + " in the period, fewer than the clause's minimum of " +
                          count_text(need);
  if (minimum.below == model::BelowMinimum::NotAssessed) {
    cp.unmeasured = true;
    cp.measured_availability.reset();
    cp.measured_derivation = why + ": availability is not assessed";
  } else {
    cp.unmeasured = false;
    cp.measured_availability = Rational(0);
    cp.measured_derivation = why + ": the clause counts the period as missed, availability";
    // Said in every format, not only in the derivation.
    cp.notes.push_back(why + ": the clause counts the period as missed (availability 0)");
  }
}

}  // namespace

ClassifiedPeriod classify_probe_period(const ClauseContext& cx, const probe::ProbeClauseEngine& engine,
                                       const probe::ProbeOutcome& outcome, const Period& period, size_t part,
                                       const std::vector<size_t>& incident_indexes) {
  const auto& rule = engine.rule();
  const auto& p = engine.parts()[part];
  const probe::BucketFigures bf = probe::part_figures(engine, outcome, part);
  ProbePeriodFigures f;
  f.method = rule.method;
  f.combine = combine_name(rule);
  f.missing = outcome.missing;
  f.bucket = rule.bucket;
  f.min_consecutive = rule.min_consecutive;
  f.targets = engine.target_count();
  f.buckets = bf.buckets;
  f.bad_buckets = bf.bad;
  f.down_buckets = bf.down;
  f.no_data_buckets = bf.no_data;
  f.excluded_buckets = bf.excluded;
  f.target_buckets_missing = bf.target_buckets_missing;

  const bool by_buckets = rule.method == model::ProbeMethod::BadBuckets;
  ClassifiedPeriod cp = classify_period(cx, period, p.from, p.to, incident_indexes,
                                        by_buckets ? bf.intervals : std::vector<TimelineInterval>{});
  if (const uint64_t gaps = engine.part_gaps(part); gaps > 0)
    cp.evidence_gaps.push_back(std::to_string(gaps) + " probe sample(s) of the period late, conflicting or unusable");
  if (by_buckets && bf.buckets > 0 && bf.no_data == bf.buckets && outcome.missing == model::MissingData::Up) {
    // "Missing data counts as up" fills gaps in the evidence; it does not make
    // a period with no sample at all a met one.
    cp.unmeasured = true;
    cp.measured_derivation = "no probe sample in the period: availability is not assessed";
  }
  if (!by_buckets) {
    std::vector<std::pair<Instant, Instant>> excluded;
    for (const auto& s : cp.timeline.segments)
      if (s.state == TimeState::Excluded) excluded.emplace_back(s.start, s.end);
    const probe::RateFigures rf = probe::rate_figures(engine, part, outcome.missing, excluded);
    f.requests_ok = rf.ok;
    f.requests_total = rf.total;
    f.rate_buckets = rf.buckets;
    f.rate_left_out = rf.left_out;
    if (rf.buckets > 0) f.mean_error_rate = rf.error_rate_sum / rf.buckets;
    cp.measured_availability = rf.availability;
    if (!rf.availability) {
      cp.unmeasured = true;
      cp.measured_derivation = rule.method == model::ProbeMethod::Requests
                                   ? "no requests in the period's counted buckets: availability is not assessed"
                                   : "no bucket to average in the period: availability is not assessed";
    } else if (rule.method == model::ProbeMethod::Requests && rf.total == 0) {
      cp.measured_derivation = "no request in the period's " + std::to_string(rf.buckets) +
                               " counted buckets, and missing data counts as down: availability 0";
    } else if (rule.method == model::ProbeMethod::Requests) {
      cp.measured_derivation = "good requests / total requests = " + count_text(rf.ok) + " / " + count_text(rf.total) +
                               " over " + std::to_string(rf.buckets) + " buckets (" + std::to_string(rf.left_out) +
                               " left out for exclusions" + below_minimum_text(rf) + ")";
    } else {
      cp.measured_derivation = "100% - mean error rate over " + std::to_string(rf.buckets) + " buckets of " +
                               duration_text(rule.bucket) + " (" + std::to_string(rf.left_out) +
                               " left out; missing data " + std::string(terms::keyword(outcome.missing)) +
                               below_minimum_text(rf) + ")";
    }
  }
  if (rule.minimum_per_period) {
    // Samples: (target, bucket) pairs with a sample; requests: those counted above.
    const uint64_t samples = static_cast<uint64_t>(bf.buckets) * engine.target_count() - bf.target_buckets_missing;
    const bool by_requests = rule.minimum_per_period->unit == model::MinimumDataUnit::Requests;
    apply_minimum_data(*rule.minimum_per_period, by_requests ? f.requests_total : WideCount{samples}, cp);
  }
  cp.probe = std::move(f);
  return cp;
}

void account_probes(const AuditRequest& req, AuditReport& report) {
  const auto& contract = *req.contract;
  for (size_t c = 0; c < req.probe_engines.size() && c < contract.availability.size(); ++c) {
    const auto* e = req.probe_engines[c];
    if (!e) continue;
    const auto& clause = contract.availability[c];
    const auto& k = e->counts();
    ProbeClauseAccounting a;
    a.service = contract.services[clause.service].name;
    a.clause_label = clause.label;
    a.clause = clause.range;
    a.lateness = e->rule().bucket * (e->window_buckets() - 1);
    a.targets = e->target_count();
    a.seen = k.seen;
    a.used = k.used;
    a.outside_period = k.outside_period;
    a.not_a_target = k.not_a_target;
    a.late = k.late;
    a.duplicate_identical = k.duplicate_identical;
    a.duplicate_conflicting = k.duplicate_conflicting;
    a.unusable = k.unusable;
    for (const auto& x : k.examples)
      a.examples.push_back({x.source < req.probe_sources.size() ? req.probe_sources[x.source] : std::string("probes"),
                            static_cast<size_t>(x.record), x.reason});
    report.probe_accounting.push_back(std::move(a));
  }
}

}  // namespace slaudit::audit
