// `availability SERVICE ["label"] { ... }`: target, period, how unavailability
// is measured, exclusions, and the remedy (credits, caps, claims, rounding).
#include <algorithm>

#include "language/check/parts.h"

namespace slaudit::check {

namespace {

using model::Comparator;

bool is_lower_bound(Comparator op) { return op == Comparator::AtLeast || op == Comparator::GreaterThan; }

// The causes an exclusion may name: the closed set of language/syntax/terms.h.
const std::vector<std::string>& cause_words() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> out;
    for (const terms::Cause cause : terms::kCauses) out.emplace_back(terms::keyword(cause));
    return out;
  }();
  return words;
}

std::optional<model::Measurement> affected_threshold(Context& cx, const ast::AffectedThresholdItem& item,
                                                     SourceRange range) {
  if (!is_lower_bound(item.cmp.op)) {
    cx.diagnostics().error("bad-comparator", item.cmp.range, "an affected threshold compares with >= or >",
                           "write: unavailable when incident affects >= 5% of gpus;");
    return std::nullopt;
  }
  model::Measurement m;
  m.kind = model::MeasurementKind::AffectedThreshold;
  m.range = range;
  m.threshold.cmp = item.cmp.op;
  if (item.amount.percent) {
    auto p = cx.percent(item.amount, "the affected share");
    if (!p) return std::nullopt;
    m.threshold.unit = model::AffectedUnit::Share;
    m.threshold.share = p->value.percent_to_share();
    if (item.base && !cx.one_of(*item.base, {"gpus", "nodes"}, "share base")) return std::nullopt;
    return m;
  }
  std::string unit;
  auto n = cx.count(item.amount, "the affected amount", &unit);
  if (!n) return std::nullopt;
  if (unit != "gpus" && unit != "nodes") {
    cx.diagnostics().error("unit-mismatch", item.amount.unit_range, "an affected count is in gpus or nodes");
    return std::nullopt;
  }
  if (item.base) {
    cx.diagnostics().error("bad-qualifier", item.base->range, "'of " + item.base->text + "' goes with a percentage only",
                           "write: unavailable when incident affects >= 64 gpus;");
    return std::nullopt;
  }
  m.threshold.unit = unit == "gpus" ? model::AffectedUnit::Gpus : model::AffectedUnit::Nodes;
  m.threshold.count = *n;
  return m;
}

// One handler per kind of probe item: a new kind does not compile until it is handled.
struct ProbeItemChecker {
  Context& cx;
  model::ProbeRule& rule;
  const ast::ProbeItem& p;
  std::string key;
  bool ok = true;

  bool first(const char* what_key, const char* what) { return cx.first(key + what_key, p.range, what); }

  void operator()(const ast::BucketItem& b) {
    if (!first("bucket", "the bucket size")) return;
    auto d = cx.duration(b.size, "the bucket size");
    if (d) rule.bucket = *d;
    ok &= d.has_value();
  }
  void operator()(const ast::BadBucketItem& bad) {
    if (!first("bad", "the bad-bucket rule")) return;
    rule.signal = bad.signal;
    rule.cmp = bad.cmp.op;
    if (bad.signal == ast::ProbeSignal::Latency) return latency(bad);
    if (bad.cmp.op == Comparator::Equal || bad.cmp.op == Comparator::About) {
      cx.diagnostics().error("bad-comparator", bad.cmp.range, "a bad-bucket threshold compares with <, <=, > or >=");
      ok = false;
    }
    auto t = cx.percent(bad.threshold, "the bad-bucket threshold", true);
    if (t) rule.threshold = t->value.percent_to_share();
    ok &= t.has_value();
  }
  // bad when pNN latency > BOUND: the share of requests within BOUND below NN%.
  void latency(const ast::BadBucketItem& bad) {
    if (bad.cmp.op != Comparator::GreaterThan) {
      cx.diagnostics().error("bad-comparator", bad.cmp.range,
                             "a latency percentile is compared with '>' only: a histogram counts the requests that "
                             "took at most each bound, which decides 'p99 latency > 300 ms' exactly and nothing else",
                             "write 'bad when " + (bad.percentile ? bad.percentile->text : std::string("p99")) +
                                 " latency > " + cx.written(bad.threshold.range) + ";'");
      ok = false;
    }
    if (auto share = percentile_share(*bad.percentile)) rule.threshold = *share;
    else ok = false;
    auto bound = cx.amount(bad.threshold, "the latency bound", {model::Dimension::Duration});
    if (!bound) {
      ok = false;
      return;
    }
    // Microseconds at most: a histogram's bounds are written in seconds with a
    // few decimals, and the bound must be one of them exactly.
    if (bound->value.is_negative() || bound->value.is_zero() || !bound->value.scaled_to(6) ||
        bound->value > Decimal::from_int(86400)) {
      cx.diagnostics().error("out-of-range", bad.threshold.range,
                             "the latency bound must be above zero, at most a day, in whole microseconds");
      ok = false;
      return;
    }
    rule.latency_bound = bound->value;
  }
  // p50 -> 0.50, p99 -> 0.99, p999 -> 0.999, p9999 -> 0.9999: "p", two digits
  // of whole percent, then the decimals, the usual names of percentiles.
  std::optional<Decimal> percentile_share(const ast::Name& name) {
    const std::string& t = name.text;
    bool digits = t.size() >= 3 && t.size() <= 8 && t[0] == 'p';
    for (size_t i = 1; digits && i < t.size(); ++i) digits = t[i] >= '0' && t[i] <= '9';
    // p990 would be 99.0%, p100 10.0%: a trailing zero after the whole percent is refused, not guessed.
    if (!digits || t == "p00" || (t.size() > 3 && t.back() == '0')) {
      cx.diagnostics().error("bad-percentile", name.range,
                             "'" + t + "' is not a percentile: write p and its digits without the point",
                             "p50, p90, p99, p999 (99.9%), p9999 (99.99%)");
      return std::nullopt;
    }
    const std::string written = t.substr(1, 2) + (t.size() > 3 ? "." + t.substr(3) : std::string());
    return Decimal::parse(written)->percent_to_share();
  }
  void operator()(const ast::ConsecutiveItem& c) {
    if (!first("consecutive", "the consecutive-bucket minimum")) return;
    if (c.count.value < 1) {
      cx.diagnostics().error("out-of-range", c.count.range, "the consecutive-bucket minimum must be at least 1");
      ok = false;
    }
    rule.min_consecutive = c.count.value;
  }
  void operator()(const ast::MinimumDataItem& m) {
    const bool per_period = m.scope == ast::MinimumDataScope::Period;
    if (!first(per_period ? "minimum-period" : "minimum-bucket",
               per_period ? "the minimum data per period" : "the minimum data per bucket"))
      return;
    if (m.count.value < 1) {
      cx.diagnostics().error("out-of-range", m.count.range, "the minimum data must be at least 1");
      ok = false;
    }
    if (per_period && !m.below) {
      cx.diagnostics().error("minimum-data", p.range, "the clause does not say what a period below the minimum is",
                             "add ', else not assessed' or ', else missed'");
      ok = false;
    }
    if (!per_period && m.below) {
      cx.diagnostics().error("minimum-data", p.range,
                             "a bucket below the minimum is a bucket with missing data, not '" +
                                 std::string(terms::keyword(*m.below)) + "'",
                             "drop ', else ...' and say 'missing data counts as up|down|excluded;'");
      ok = false;
    }
    if (!per_period && m.unit == ast::MinimumDataUnit::Samples) {
      cx.diagnostics().error("minimum-data", p.range, "samples are counted per period (target-buckets with a sample)",
                             "write 'at least N samples per period, else ...' or 'at least N requests per bucket'");
      ok = false;
    }
    model::MinimumData md{m.count.value, m.unit, m.below.value_or(ast::BelowMinimum::NotAssessed), p.range};
    (per_period ? rule.minimum_per_period : rule.minimum_per_bucket) = md;
  }
  void operator()(const ast::TargetsItem& t) {
    if (!first("targets", "the target combination")) return;
    rule.combine = t.combine;
    if (t.share) {
      auto s = cx.percent(*t.share, "the share of targets");
      if (s) rule.combine_share = s->value.percent_to_share();
      ok &= s.has_value();
    }
  }
  void operator()(const ast::MethodItem& m) {
    if (first("measure", "the probe measure")) rule.method = m.method;
  }
  void operator()(const ast::ProbeTargetItem& target) {
    model::ProbeTarget pt{target.name.value, std::nullopt};
    if (target.cluster) pt.cluster = target.cluster->value;
    rule.targets.push_back(std::move(pt));
  }
};

std::optional<model::ProbeRule> probes(Context& cx, const ast::ProbesItem& item, SourceRange range) {
  model::ProbeRule rule;
  rule.range = range;
  bool ok = true;
  for (const auto& p : item.items) {
    ProbeItemChecker checker{cx, rule, p, "probes@" + std::to_string(range.begin) + ":"};
    std::visit(checker, p.node);
    ok &= checker.ok;
  }
  const bool has_bad_rule = std::any_of(item.items.begin(), item.items.end(), [](const ast::ProbeItem& p) {
    return std::holds_alternative<ast::BadBucketItem>(p.node);
  });
  if (ok && !has_bad_rule && rule.method == model::ProbeMethod::BadBuckets) {
    cx.diagnostics().error("probe-rule", range, "the probe block says no 'bad when' rule",
                           "write e.g. bad when success ratio < 99%; or bad when error rate > 5%;");
    ok = false;
  }
  for (const auto* md : {&rule.minimum_per_period, &rule.minimum_per_bucket})
    if (ok && *md && (*md)->unit == model::MinimumDataUnit::Requests && rule.method == model::ProbeMethod::BadBuckets) {
      cx.diagnostics().error("minimum-data", (*md)->range, "a minimum of requests needs request counts",
                             "add 'measure requests;' or 'measure average error rate;', or count samples");
      ok = false;
    }
  if (!ok) return std::nullopt;
  return rule;
}

unsigned day_bits(const std::string& days) {
  static const char* kDays[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
  for (unsigned i = 0; i < 7; ++i)
    if (days == kDays[i]) return 1u << i;
  if (days == "daily") return 0x7F;
  if (days == "weekdays") return 0x1F;
  if (days == "weekends") return 0x60;
  return 0;
}

std::optional<int> minute_of_day(Context& cx, const ast::TimeOfDay& t) {
  if (t.minute > 59 || t.hour > 24 || (t.hour == 24 && t.minute != 0)) {
    cx.diagnostics().error("bad-time", t.range, "'" + t.text + "' is not a time of day", "times run from 00:00 to 24:00");
    return std::nullopt;
  }
  return t.hour * 60 + t.minute;
}

// One handler per kind of exclusion: a new kind does not compile until it is handled.
struct ExclusionChecker {
  Context& cx;
  model::AvailabilityClause& c;
  SourceRange range;

  void operator()(const ast::MaintenanceExclusion& m) {
    model::MaintenanceExclusion out;
    out.range = range;
    if (m.notice) {
      if (!is_lower_bound(m.notice_cmp->op))
        cx.diagnostics().error("bad-comparator", m.notice_cmp->range, "a minimum notice compares with >= or >");
      out.notice_cmp = m.notice_cmp->op;
      out.min_notice = cx.duration(*m.notice, "the maintenance notice", true);
    }
    if (m.cap) out.cap_per_period = cx.duration(*m.cap, "the maintenance cap");
    c.maintenance.push_back(out);
  }
  void operator()(const ast::WindowExclusion& w) {
    model::RecurringWindow out;
    out.range = range;
    out.days = day_bits(w.days.text);
    if (out.days == 0)
      cx.one_of(w.days, {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "daily", "weekdays", "weekends"}, "day");
    auto start = minute_of_day(cx, w.start);
    auto end = minute_of_day(cx, w.end);
    if (!start || !end || out.days == 0) return;
    if (*start == *end) {
      cx.diagnostics().error("empty-window", w.end.range, "the window " + w.start.text + "-" + w.end.text + " is empty");
      return;
    }
    out.start_minute = *start;
    out.end_minute = *end;
    c.windows.push_back(out);
  }
  void operator()(const ast::CauseExclusion& cause) {
    for (const auto& n : cause.causes)
      if (cx.one_of(n, cause_words(), "cause")) c.excluded_causes.emplace(n.text, range);
  }
  void operator()(const ast::FaultExclusion& f) {
    for (const auto& n : f.faults) c.excluded_faults.emplace(n.text, range);
  }
  void operator()(const ast::ComponentExclusion& comp) {
    for (const auto& t : comp.components) c.excluded_components.emplace(t.value, range);
  }
};

void exclusion(Context& cx, model::AvailabilityClause& c, const ast::Exclusion& what, SourceRange range) {
  c.exclusion_ranges.push_back(range);
  std::visit(ExclusionChecker{cx, c, range}, what);
}

void measurement(Context& cx, model::AvailabilityClause& c, std::optional<model::Measurement> m, SourceRange range) {
  if (!cx.first("availability@" + std::to_string(c.range.begin) + ":measure", range, "how unavailability is measured"))
    return;
  if (m) m->range = range;
  c.measurement = m;
}

// One handler per kind of availability item, as a binder has one overload per
// node kind: a new kind does not compile until it is handled here.
struct ItemChecker {
  Context& cx;
  model::AvailabilityClause& c;
  const ast::AvailabilityItem& i;
  std::string key = "availability@" + std::to_string(c.range.begin) + ":";

  bool first(const char* k, const char* what) { return cx.first(key + k, i.range, what); }

  void operator()(const ast::TargetItem& t) {
    if (!first("target", "the target")) return;
    c.target = cx.percent(t.value, "the target");
    c.target_range = i.range;
  }
  void operator()(const ast::PeriodItem& p) {
    if (first("period", "the statistical period")) c.period = check_period(cx, p.spec);
  }
  void operator()(const ast::PartialPeriodItem& pp) {
    if (!first("partial-period", "the partial-period rule")) return;
    if (cx.one_of(pp.how, {"prorated", "whole", "split"}, "partial-period rule"))
      c.partial_period = pp.how.text == "prorated" ? model::PartialPeriodMode::Prorated
                         : pp.how.text == "whole"  ? model::PartialPeriodMode::Whole
                                                   : model::PartialPeriodMode::Split;
  }
  void operator()(const ast::AffectedThresholdItem& a) { measurement(cx, c, affected_threshold(cx, a, i.range), i.range); }
  void operator()(const ast::AnyIncidentItem&) {
    measurement(cx, c, model::Measurement{model::MeasurementKind::AnyIncident, {}, std::nullopt, i.range}, i.range);
  }
  void operator()(const ast::WeightedItem&) {
    measurement(cx, c, model::Measurement{model::MeasurementKind::Weighted, {}, std::nullopt, i.range}, i.range);
  }
  void operator()(const ast::ProbesItem& pr) {
    auto rule = probes(cx, pr, i.range);
    std::optional<model::Measurement> m;
    if (rule) m = model::Measurement{model::MeasurementKind::Probes, {}, rule, i.range};
    measurement(cx, c, m, i.range);
  }
  void operator()(const ast::MinimumDowntimeItem& md) {
    if (!first("minimum", "the minimum counted downtime")) return;
    if (auto d = cx.duration(md.value, "the minimum downtime"))
      c.minimum_downtime = model::MinimumDowntime{md.relation, *d, i.range};
  }
  void operator()(const ast::PartialMinutesItem& pm) {
    if (!first("partial-minutes", "the partial-minute rule")) return;
    c.partial_minutes = pm.rule;
    c.partial_minutes_range = i.range;
  }
  void operator()(const ast::DowntimeIntervalsItem& di) {
    if (!first("downtime-intervals", "the downtime counting rule")) return;
    if (!di.length) {
      if (cx.one_of(di.unit, {"minutes"}, "clock unit"))
        c.downtime_intervals = model::DowntimeIntervals{Seconds{60}, true, i.range};
      return;
    }
    if (!cx.one_of(di.unit, {"intervals"}, "downtime counting")) return;
    const auto d = cx.duration(*di.length, "the interval length");
    if (!d) return;
    // Intervals start on the local clock's hours, so their length divides an hour.
    if (d->count() % 60 != 0 || 3600 % d->count() != 0) {
      cx.diagnostics().error("interval-length", di.length->range,
                             "an interval length is a whole number of minutes that divides an hour "
                             "(1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30 or 60 min)",
                             "write: downtime counted in 5 min intervals;");
      return;
    }
    c.downtime_intervals = model::DowntimeIntervals{*d, false, i.range};
  }
  void operator()(const ast::MissingDataItem& miss) {
    if (!first("missing", "the missing-data rule")) return;
    if (!cx.one_of(miss.state, {"up", "down", "excluded"}, "missing-data state")) return;
    c.missing_data = miss.state.text == "up"     ? model::MissingData::Up
                     : miss.state.text == "down" ? model::MissingData::Down
                                                 : model::MissingData::Excluded;
    c.missing_data_range = i.range;
  }
  void operator()(const ast::ExcludeItem& ex) { exclusion(cx, c, ex.what, i.range); }
  void operator()(const ast::ExcludedTimeItem& et) {
    if (!first("excluded-time", "the treatment of excluded time")) return;
    c.excluded_time = et.treatment;
    c.excluded_time_range = i.range;
  }
  void operator()(const ast::HourRuleItem& h) {
    if (!first("hour-rule", "the clock-hour rule")) return;
    auto d = cx.duration(h.more_than, "the clock-hour limit", true);
    if (d && *d >= Seconds{3600}) {
      cx.diagnostics().error("out-of-range", h.more_than.range, "the clock-hour limit must be shorter than 1 h");
      return;
    }
    c.hour_rule_more_than = d;
    if (d) c.hour_rule_range = i.range;
  }
  void operator()(const ast::CreditItem& cr) {
    if (first("credit", "the credit")) c.credit = check_credit(cx, cr, i.range, c.target);
  }
  void operator()(const ast::PayoutItem& po) {
    if (first("payout", "the payout form") && cx.one_of(po.form, {"voucher", "service_credit", "refund"}, "payout form"))
      c.payout = po.form.text;
  }
  void operator()(const ast::CapItem& cap) {
    if (auto built = check_cap(cx, cap.spec, i.range)) c.caps.push_back(*built);
  }
  void operator()(const ast::ClaimDeadlineItem& cl) {
    if (first("claim", "the claim deadline")) c.claim = check_claim_deadline(cx, cl.spec, i.range);
  }
  void operator()(const ast::RoundingItem& r) {
    if (first("rounding", "the rounding rule")) c.rounding = r.mode;
  }
  void operator()(const ast::ExternalTermsItem& terms) { c.external_terms.push_back(terms.reference.value); }
  void operator()(const ast::WhereItem&) {}  // resource selectors: check_per_resource, with the fleet in hand
  // A group's rules: check_per_resource too, with the fleet and the clause's other terms in hand.
  void operator()(const ast::GroupDownItem&) {}
  void operator()(const ast::CountedWhileItem&) {}
};

void item(Context& cx, model::AvailabilityClause& c, const ast::AvailabilityItem& i) {
  std::visit(ItemChecker{cx, c, i}, i.node);
}

// Counting downtime in clock intervals decides how partial minutes count, and
// applies to downtime derived from incidents at full weight only: a probe
// clause counts in its own buckets, and a weighted second is not a clock second.
void check_downtime_counting(Context& cx, const model::AvailabilityClause& c) {
  if (!c.downtime_intervals) return;
  const SourceRange here = c.downtime_intervals->range;
  if (c.partial_minutes) {
    cx.diagnostics()
        .error("downtime-counting", here,
               "counting downtime in clock intervals and the partial-minute rule both say how a partial minute "
               "counts",
               "keep one: `downtime counted in clock minutes;` counts every clock minute that holds downtime")
        .notes.push_back({c.partial_minutes_range, "the partial-minute rule"});
  }
  if (!c.measurement) return;
  if (c.measurement->kind == model::MeasurementKind::Probes)
    cx.diagnostics()
        .error("downtime-counting", here, "a probe clause counts downtime in its own buckets, not in clock intervals",
               "set the bucket instead: bucket 5 min;")
        .notes.push_back({c.measurement->range, "the probe block"});
  else if (c.measurement->kind == model::MeasurementKind::Weighted)
    cx.diagnostics()
        .error("downtime-counting", here,
               "a weighted clause counts shares of seconds, which clock intervals cannot count whole",
               "drop the weighting or the interval rule")
        .notes.push_back({c.measurement->range, "the weighting"});
}

}  // namespace

void check_availability(Context& cx, const ast::AvailabilityDecl& decl, const ast::ContractItem& contract_item) {
  model::AvailabilityClause c;
  c.range = contract_item.range;
  c.attrs = contract_item.attrs;
  c.label = decl.label ? decl.label->value : "";
  auto service = cx.service(decl.service);
  cx.first("availability:" + decl.service.text + ":" + c.label, decl.service.range,
           "an availability clause for service '" + decl.service.text + "'" +
               (c.label.empty() ? "" : " labelled \"" + c.label + "\""));
  // The target first: credit tiers are checked against it.
  for (const auto& i : decl.items)
    if (std::holds_alternative<ast::TargetItem>(i.node)) item(cx, c, i);
  for (const auto& i : decl.items) {
    check_attributes(cx, i.attrs);
    if (!std::holds_alternative<ast::TargetItem>(i.node)) item(cx, c, i);
  }
  // Caps with the same window say the same thing twice.
  for (size_t a = 0; a < c.caps.size(); ++a)
    for (size_t b = a + 1; b < c.caps.size(); ++b)
      if (c.caps[a].window == c.caps[b].window && c.caps[a].trailing_months == c.caps[b].trailing_months)
        cx.duplicate("a cap over the same window", c.caps[b].range, c.caps[a].range);
  check_downtime_counting(cx, c);
  check_per_resource(cx, c, decl, service ? &cx.contract().services[*service] : nullptr);
  if (!service) return;
  c.service = *service;
  cx.contract().availability.push_back(std::move(c));
}

}  // namespace slaudit::check
