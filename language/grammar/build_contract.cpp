// Contract-level items: header, services, clauses, commitments and claims.
#include "language/grammar/builder.h"

namespace slaudit::grammar {

ast::File Builder::file(P::FileContext* ctx) {
  ast::File out;
  if (ctx == nullptr) return out;
  for (auto* c : ctx->contracts) out.contracts.push_back(contract(c));
  return out;
}

ast::Contract Builder::contract(P::ContractDeclContext* ctx) {
  ast::Contract out;
  out.range = range(ctx);
  out.title = text(ctx->title);
  out.attrs = attributes(ctx->attrs);
  for (auto* item : ctx->items)
    if (auto built = contract_item(item)) out.items.push_back(std::move(*built));
  return out;
}

ast::ClaimDecl Builder::claim(P::ClaimDeclContext* ctx) {
  ast::ClaimDecl out;
  out.text = text(ctx->text);
  if (ctx->body == nullptr) return out;
  if (as<P::UnverifiableClaimContext>(ctx->body)) {
    out.unverifiable = true;
    return out;
  }
  auto* p = as<P::PredicateClaimContext>(ctx->body);
  if (p == nullptr) return out;
  ast::ClaimPredicate pred;
  pred.metric = name(p->metric);
  pred.cmp = comparator(p->cmp);
  pred.value = quantity(p->value);
  for (auto* q : p->qualifiers) {
    ast::ClaimQualifier qual;
    qual.range = range(q);
    using K = ast::ClaimQualifier::Kind;
    if (as<P::SingleQualifierContext>(q)) {
      qual.kind = K::Single;
    } else if (as<P::AggregateQualifierContext>(q)) {
      qual.kind = K::Aggregate;
    } else if (auto* per = as<P::PeriodQualifierContext>(q)) {
      qual.kind = K::Period;
      qual.period = period(per->spec);
    } else if (auto* f = as<P::FaultsQualifierContext>(q)) {
      qual.kind = K::Faults;
      qual.faults = names(f->faults);
    } else if (auto* c = as<P::ConditionQualifierContext>(q)) {
      qual.kind = K::Condition;
      qual.condition = condition(c->cond);
    } else if (auto* s = as<P::ServiceQualifierContext>(q)) {
      qual.kind = K::Service;
      qual.service = name(s->service);
    }
    pred.qualifiers.push_back(std::move(qual));
  }
  out.predicate = std::move(pred);
  return out;
}

std::optional<ast::ContractItem> Builder::contract_item(P::ContractItemContext* ctx) {
  ast::ContractItem out;
  out.range = range(ctx);
  if (auto* c = as<P::ProviderItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = ast::ProviderItem{text(c->name)};
  } else if (auto* c = as<P::CustomerItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = ast::CustomerItem{text(c->name)};
  } else if (auto* c = as<P::EffectiveItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = ast::EffectiveItem{date(c->from), date(c->until)};
  } else if (auto* c = as<P::TimezoneItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = ast::TimezoneItem{text(c->zone)};
  } else if (auto* c = as<P::HolidaysItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = ast::HolidaysItem{text(c->calendar)};
  } else if (auto* c = as<P::CurrencyItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = ast::CurrencyItem{name(c->code)};
  } else if (auto* c = as<P::ServiceDeclContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    ast::ServiceDecl decl{name(c->name), {}};
    for (auto* i : c->items)
      if (auto built = service_item(i)) decl.items.push_back(std::move(*built));
    out.node = std::move(decl);
  } else if (auto* c = as<P::AvailabilityDeclContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    ast::AvailabilityDecl decl;
    decl.service = name(c->service);
    if (c->label != nullptr) decl.label = text(c->label);
    if (c->noun != nullptr) decl.per = name(c->noun);
    for (auto* i : c->items)
      if (auto built = availability_item(i)) decl.items.push_back(std::move(*built));
    out.node = std::move(decl);
  } else if (auto* c = as<P::RecoveryDeclContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    ast::RecoveryDecl decl;
    decl.service = name(c->service);
    if (c->label != nullptr) decl.label = text(c->label);
    for (auto* i : c->items)
      if (auto built = recovery_item(i)) decl.items.push_back(std::move(*built));
    out.node = std::move(decl);
  } else if (auto* c = as<P::CompositeDeclContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    ast::CompositeDecl decl;
    decl.name = name(c->name);
    if (c->label != nullptr) decl.label = text(c->label);
    for (auto* i : c->items)
      if (auto built = composite_item(i)) decl.items.push_back(std::move(*built));
    out.node = std::move(decl);
  } else if (auto* c = as<P::CommitDeclContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    ast::CommitDecl decl;
    decl.metric = name(c->metric);
    if (c->service != nullptr) decl.service = name(c->service);
    decl.cmp = comparator(c->cmp);
    decl.value = quantity(c->value);
    if (c->cond != nullptr) decl.condition = condition(c->cond);
    out.node = std::move(decl);
  } else if (auto* c = as<P::ClaimDeclContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = claim(c);
  } else if (auto* c = as<P::MisplacedContractItemContext>(ctx)) {
    misplaced_item(c->misplaced, "at the top of a contract");
    return std::nullopt;
  } else if (auto* c = as<P::UnknownContractItemContext>(ctx)) {
    unknown_item(c->unknown, "contract item",
                 {"provider", "customer", "effective", "timezone", "holidays", "currency", "service", "availability",
                  "recovery", "composite", "commit", "claim"});
    return std::nullopt;
  } else {
    return unbuilt(ctx, "contract item");
  }
  return out;
}

}  // namespace slaudit::grammar
