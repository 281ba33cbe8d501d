// Metric commitments and marketing claims: known metrics, matching units, and
// qualifiers that make sense for the metric.
#include "language/check/metrics.h"
#include "language/check/parts.h"
#include "base/text/suggest.h"

namespace slaudit::check {

namespace {

using model::Dimension;

std::optional<MetricDef> metric(Context& cx, const ast::Name& name, bool in_claim) {
  auto def = find_metric(name.text);
  if (!def) {
    std::string hint = did_you_mean_hint(name.text, metric_names());
    if (hint.empty()) {
      hint = "known metrics:";
      for (const auto& m : metric_names()) hint += " " + m;
    }
    cx.diagnostics().error("unknown-metric", name.range,
                           std::string("unknown metric '") + name.text + "'" +
                               (in_claim ? "; the claim could not be verified" : ""),
                           hint);
  }
  return def;
}

std::optional<model::Amount> value(Context& cx, const MetricDef& def, const ast::Quantity& q) {
  if (def.dimension == Dimension::Count && q.unit.empty() && !q.percent) {
    model::Amount a{Dimension::Count, q.number, cx.written(q.range), def.name};
    return a;  // `gpus >= 10000`: the metric names the unit
  }
  auto a = cx.amount(q, "the value of " + def.name, {def.dimension});
  // A count of the wrong thing: `gpus >= 10 nodes`.
  if (a && def.dimension == Dimension::Count && a->count_unit != def.name) {
    cx.diagnostics().error("unit-mismatch", q.unit_range, def.name + " counts " + def.name + ", not " + q.unit,
                           "write: " + def.name + " >= " + q.number_text + ";");
    return std::nullopt;
  }
  return a;
}

model::Condition condition(const ast::ConditionRef& c) { return c.condition; }

}  // namespace

void check_commitment(Context& cx, const ast::CommitDecl& decl, const ast::ContractItem& item) {
  model::Commitment c;
  c.metric = decl.metric.text;
  c.cmp = decl.cmp.op;
  c.range = item.range;
  c.attrs = item.attrs;
  if (decl.service) {
    c.service = cx.service(*decl.service);
    if (!c.service) return;
  }
  if (decl.cmp.op == model::Comparator::About) {
    cx.diagnostics().error("bad-comparator", decl.cmp.range, "a commitment needs a bound, not 'about'",
                           "write >= or <=; 'about' is for marketing claims");
    return;
  }
  auto def = metric(cx, decl.metric, false);
  if (!def) return;
  if (decl.condition) {
    if (def->dimension != Dimension::DataRate) {
      cx.diagnostics().error("bad-qualifier", decl.condition->range,
                             "a load condition applies to data rates, not to " + def->name);
      return;
    }
    c.condition = condition(*decl.condition);
  }
  auto v = value(cx, *def, decl.value);
  if (!v) return;
  c.value = *v;
  cx.contract().commitments.push_back(std::move(c));
}

void check_claim(Context& cx, const ast::ClaimDecl& decl, const ast::ContractItem& item) {
  model::Claim claim;
  claim.text = decl.text.value;
  claim.unverifiable = decl.unverifiable;
  claim.range = item.range;
  claim.attrs = item.attrs;
  if (decl.text.value.empty())
    cx.diagnostics().error("empty-claim", decl.text.range, "the claim's text is empty", "quote the claim as published");
  if (decl.predicate) {
    const auto& p = *decl.predicate;
    auto def = metric(cx, p.metric, true);
    if (!def) return;
    model::ClaimPredicate pred;
    pred.metric = def->name;
    pred.cmp = p.cmp.op;
    auto v = value(cx, *def, p.value);
    if (!v) return;
    pred.value = *v;
    bool ok = true;
    auto misplaced = [&](const ast::ClaimQualifier& q, const std::string& what, const std::string& metrics) {
      cx.diagnostics().error("bad-qualifier", q.range, what + " applies to " + metrics + ", not to " + def->name);
      ok = false;
    };
    const std::string key = "claim@" + std::to_string(item.range.begin) + ":";
    using K = ast::ClaimQualifier::Kind;
    for (const auto& q : p.qualifiers) {
      switch (q.kind) {
        case K::Single:
        case K::Aggregate:
          if (def->dimension != Dimension::Count || def->name == "models") {
            misplaced(q, "a cluster reading", "gpus and nodes");
          } else if (cx.first(key + "reading", q.range, "the cluster reading")) {
            pred.reading = q.kind == K::Single ? model::ClusterReading::Single : model::ClusterReading::Aggregate;
          }
          break;
        case K::Period:
          if (def->name != "availability") misplaced(q, "a period", "availability");
          else if (cx.first(key + "period", q.range, "the claim's period") && q.period)
            pred.period = check_period(cx, *q.period);
          break;
        case K::Faults:
          if (def->name != "recovery_time") misplaced(q, "a list of fault classes", "recovery_time");
          else if (cx.first(key + "faults", q.range, "the claim's fault classes"))
            for (const auto& f : q.faults) pred.faults.push_back(f.text);
          break;
        case K::Condition:
          if (def->dimension != Dimension::DataRate) misplaced(q, "a load condition", "data rates");
          else if (cx.first(key + "condition", q.range, "the claim's load condition") && q.condition)
            pred.condition = condition(*q.condition);
          break;
        case K::Service:
          if (cx.first(key + "service", q.range, "the claim's service") && q.service) {
            pred.service = cx.service(*q.service);
            ok &= pred.service.has_value();
          }
          break;
      }
    }
    if (!ok) return;
    claim.predicate = std::move(pred);
  }
  cx.contract().claims.push_back(std::move(claim));
}

}  // namespace slaudit::check
