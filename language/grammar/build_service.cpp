// Items inside `service NAME { ... }`.
#include "language/grammar/builder.h"

namespace slaudit::grammar {

std::optional<ast::ServiceItem> Builder::service_item(P::ServiceItemContext* ctx) {
  ast::ServiceItem out;
  out.range = range(ctx);
  if (auto* c = as<P::FeeItemContext>(ctx)) {
    out.node = ast::FeeItem{quantity(c->amount), name(c->per)};
  } else if (auto* c = as<P::SingleClusterScopeContext>(ctx)) {
    out.node = ast::SingleClusterScope{text(c->cluster)};
  } else if (auto* c = as<P::AggregateScopeContext>(ctx)) {
    out.node = ast::AggregateScope{texts(c->clusters)};
  } else if (auto* c = as<P::RegionsItemContext>(ctx)) {
    out.node = ast::RegionsItem{texts(c->regions)};
  } else if (auto* c = as<P::CapacityItemContext>(ctx)) {
    ast::CapacityItem item;
    for (auto* q : c->counts) item.counts.push_back(quantity(q));
    out.node = std::move(item);
  } else if (auto* c = as<P::StartsItemContext>(ctx)) {
    out.node = ast::StartsItem{date(c->date)};
  } else if (auto* c = as<P::InterconnectItemContext>(ctx)) {
    ast::InterconnectItem item{name(c->kind), std::nullopt};
    if (c->tenancy != nullptr) item.tenancy = name(c->tenancy);
    out.node = std::move(item);
  } else if (auto* c = as<P::BillingItemContext>(ctx)) {
    out.node = ast::BillingItem{name(c->granularity)};
  } else if (auto* c = as<P::ResourcesItemContext>(ctx)) {
    ast::ResourcesItem item{name(c->noun), std::nullopt};
    if (c->zones != nullptr) item.with_zones = name(c->zones);
    out.node = std::move(item);
  } else if (auto* c = as<P::AttributesItemContext>(ctx)) {
    out.node = ast::AttributesItem{names(c->names)};
  } else if (auto* c = as<P::MatchingItemContext>(ctx)) {
    out.node = ast::MatchingItem{name(c->noun), name(c->choice)};
  } else if (auto* c = as<P::MisplacedServiceItemContext>(ctx)) {
    misplaced_item(c->misplaced, "in a service block");
    return std::nullopt;
  } else if (auto* c = as<P::UnknownServiceItemContext>(ctx)) {
    unknown_item(c->unknown, "service item",
                 {"fee", "scope", "regions", "capacity", "starts", "interconnect", "billing", "resources",
                  "attributes", "each"});
    return std::nullopt;
  } else {
    return unbuilt(ctx, "service item");
  }
  return out;
}

}  // namespace slaudit::grammar
