// `service NAME { ... }`: fee, scope, regions, capacity, start, interconnect, billing.
#include "language/check/parts.h"

namespace slaudit::check {

namespace {

void fee(Context& cx, model::Service& s, const ast::FeeItem& item, SourceRange range) {
  if (!cx.first("service:" + s.name + ":fee", range, "the fee of service '" + s.name + "'")) return;
  if (!cx.one_of(item.per, {"month", "hour"}, "fee basis")) return;
  s.fee_basis = item.per.text == "hour" ? model::FeeBasis::PerHour : model::FeeBasis::PerMonth;
  if (s.fee_basis == model::FeeBasis::PerHour) {
    s.fee = cx.hourly_price(item.amount, "the fee");
  } else if (auto charge = cx.money(item.amount, "the fee")) {
    s.fee = model::Price{Rational(charge->minor)};
  }
  s.fee_range = range;
}

void capacity(Context& cx, model::Service& s, const ast::CapacityItem& item) {
  for (const auto& q : item.counts) {
    std::string unit;
    auto n = cx.count(q, "capacity", &unit);
    if (!n) continue;
    auto& slot = unit == "nodes" ? s.nodes : s.gpus;
    if (unit != "gpus" && unit != "nodes") {
      cx.diagnostics().error("unit-mismatch", q.unit_range, "capacity counts gpus or nodes, found '" + q.unit + "'");
      continue;
    }
    if (slot) {
      cx.diagnostics().error("duplicate", q.range, "the " + unit + " of service '" + s.name + "' are given twice");
      continue;
    }
    slot = *n;
  }
}

void scope(Context& cx, model::Service& s, model::ScopeKind kind, std::vector<std::string> clusters, SourceRange range) {
  if (!cx.first("service:" + s.name + ":scope", range, "the scope of service '" + s.name + "'")) return;
  s.scope = kind;
  s.clusters = std::move(clusters);
}

}  // namespace

void check_service(Context& cx, const ast::ServiceDecl& decl, const ast::ContractItem& item) {
  if (auto existing = cx.contract().find_service(decl.name.text)) {
    cx.duplicate("service '" + decl.name.text + "'", decl.name.range, cx.contract().services[*existing].range);
    return;
  }
  model::Service s;
  s.name = decl.name.text;
  s.range = decl.name.range;
  for (const auto& i : decl.items) {
    if (auto* f = std::get_if<ast::FeeItem>(&i.node)) {
      fee(cx, s, *f, i.range);
    } else if (auto* one = std::get_if<ast::SingleClusterScope>(&i.node)) {
      scope(cx, s, model::ScopeKind::SingleCluster, {one->cluster.value}, i.range);
    } else if (auto* agg = std::get_if<ast::AggregateScope>(&i.node)) {
      std::vector<std::string> ids;
      for (const auto& c : agg->clusters) ids.push_back(c.value);
      scope(cx, s, model::ScopeKind::AggregateClusters, ids, i.range);
    } else if (auto* r = std::get_if<ast::RegionsItem>(&i.node)) {
      for (const auto& region : r->regions) s.regions.push_back(region.value);
    } else if (auto* c = std::get_if<ast::CapacityItem>(&i.node)) {
      capacity(cx, s, *c);
    } else if (auto* st = std::get_if<ast::StartsItem>(&i.node)) {
      if (cx.first("service:" + s.name + ":starts", i.range, "the start date of service '" + s.name + "'"))
        s.starts = cx.date(st->date);
    } else if (auto* ic = std::get_if<ast::InterconnectItem>(&i.node)) {
      if (!cx.one_of(ic->kind, {"rdma", "roce", "infiniband", "ethernet", "nvlink"}, "interconnect")) continue;
      s.interconnect = ic->kind.text;
      if (ic->tenancy && cx.one_of(*ic->tenancy, {"exclusive", "shared"}, "tenancy"))
        s.tenancy = ic->tenancy->text == "exclusive" ? model::Tenancy::Exclusive : model::Tenancy::Shared;
    } else if (auto* b = std::get_if<ast::BillingItem>(&i.node)) {
      if (cx.one_of(b->granularity, {"second", "minute", "hour", "day", "month"}, "billing granularity"))
        s.billing_granularity = b->granularity.text;
    }
  }
  (void)item;
  check_fleet_items(cx, s, decl);
  cx.contract().services.push_back(std::move(s));
}

}  // namespace slaudit::check
