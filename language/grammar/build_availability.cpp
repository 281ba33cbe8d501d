// Items inside `availability SERVICE { ... }`: targets, periods, measurement,
// exclusions, credits, caps and claim deadlines.
#include "language/grammar/builder.h"

namespace slaudit::grammar {

std::optional<ast::ProbeItem> Builder::probe_item(P::ProbeItemContext* ctx) {
  ast::ProbeItem out;
  out.range = range(ctx);
  if (auto* c = as<P::BucketItemContext>(ctx)) {
    out.node = ast::BucketItem{quantity(c->size)};
  } else if (auto* c = as<P::BadBucketItemContext>(ctx)) {
    ast::BadBucketItem item{ast::ProbeSignal::SuccessRatio, comparator(c->cmp), quantity(c->threshold), std::nullopt};
    if (as<P::ErrorRateContext>(c->signal)) item.signal = ast::ProbeSignal::ErrorRate;
    if (auto* latency = as<P::LatencySignalContext>(c->signal)) {
      item.signal = ast::ProbeSignal::Latency;
      item.percentile = name(latency->percentile);
    }
    out.node = std::move(item);
  } else if (auto* c = as<P::ConsecutiveItemContext>(ctx)) {
    out.node = ast::ConsecutiveItem{integer(c->count)};
  } else if (auto* c = as<P::MinimumDataItemContext>(ctx)) {
    ast::MinimumDataItem item{integer(c->count), ast::MinimumDataUnit::Requests, ast::MinimumDataScope::Period,
                              std::nullopt};
    if (as<P::SamplesUnitContext>(c->unit)) item.unit = ast::MinimumDataUnit::Samples;
    if (as<P::PerBucketScopeContext>(c->scope)) item.scope = ast::MinimumDataScope::Bucket;
    if (c->below != nullptr)
      item.below = as<P::BelowMissedContext>(c->below) ? ast::BelowMinimum::Missed : ast::BelowMinimum::NotAssessed;
    out.node = std::move(item);
  } else if (auto* c = as<P::TargetsItemContext>(ctx)) {
    ast::TargetsItem item{ast::TargetCombination::Any, std::nullopt};
    if (as<P::AllTargetsContext>(c->combine)) item.combine = ast::TargetCombination::All;
    else if (as<P::AveragedTargetsContext>(c->combine)) item.combine = ast::TargetCombination::Averaged;
    else if (auto* s = as<P::ShareOfTargetsContext>(c->combine)) {
      item.combine = ast::TargetCombination::AtLeastShare;
      item.share = quantity(s->share);
    }
    out.node = std::move(item);
  } else if (auto* c = as<P::MethodItemContext>(ctx)) {
    ast::ProbeMethod method = ast::ProbeMethod::BadBuckets;
    if (as<P::RequestsMethodContext>(c->method)) method = ast::ProbeMethod::Requests;
    else if (as<P::AverageErrorRateMethodContext>(c->method)) method = ast::ProbeMethod::AverageErrorRate;
    out.node = ast::MethodItem{method};
  } else if (auto* c = as<P::ProbeTargetItemContext>(ctx)) {
    ast::ProbeTargetItem item{text(c->name), std::nullopt};
    if (c->cluster != nullptr) item.cluster = text(c->cluster);
    out.node = std::move(item);
  } else if (auto* c = as<P::UnknownProbeItemContext>(ctx)) {
    unknown_item(c->unknown, "probe setting", {"bucket", "bad", "at", "targets", "measure", "target"});
    return std::nullopt;
  } else {
    return unbuilt(ctx, "probe setting");
  }
  return out;
}

std::optional<ast::Exclusion> Builder::exclusion(P::ExclusionContext* ctx) {
  if (auto* c = as<P::MaintenanceExclusionContext>(ctx)) {
    ast::MaintenanceExclusion out;
    if (c->notice != nullptr) {
      out.notice_cmp = comparator(c->cmp);
      out.notice = quantity(c->notice);
    }
    if (c->cap != nullptr) out.cap = quantity(c->cap);
    return out;
  }
  if (auto* c = as<P::WindowExclusionContext>(ctx)) return ast::WindowExclusion{name(c->days), time(c->start), time(c->end)};
  if (auto* c = as<P::CauseExclusionContext>(ctx)) return ast::CauseExclusion{names(c->names)};
  if (auto* c = as<P::FaultExclusionContext>(ctx)) return ast::FaultExclusion{names(c->names)};
  if (auto* c = as<P::ComponentExclusionContext>(ctx)) return ast::ComponentExclusion{texts(c->components)};
  return unbuilt(ctx, "exclusion");
}

ast::CreditItem Builder::credit(P::CreditSpecContext* ctx) {
  if (auto* c = as<P::LostTimeCreditContext>(ctx)) {
    ast::LostTimeCredit out;
    if (c->multiplier != nullptr) {
      ast::Quantity m;
      m.number_text = c->multiplier->getText();
      m.range = range(c->multiplier);
      if (auto v = Decimal::parse(m.number_text)) {
        m.number = *v;
      } else {
        diagnostics_.error("number-too-long", m.range,
                           "number '" + m.number_text + "' has more than " + std::to_string(Decimal::kMaxDigits) +
                               " significant digits",
                           "numbers are exact decimals of at most 18 digits");
      }
      out.multiplier = m;
    }
    return {out};
  }
  ast::TieredCredit out;
  if (auto* c = as<P::TieredCreditContext>(ctx)) {
    for (auto* t : c->tiers) {
      ast::CreditTier tier;
      tier.range = range(t);
      tier.below = quantity(t->upper);
      if (t->lower != nullptr) tier.at_least = quantity(t->lower);
      if (t->credit != nullptr) tier.credit = quantity(t->credit);
      else tier.credit = ast::NotStated{range(t->unstated)};
      out.tiers.push_back(std::move(tier));
    }
  }
  return {out};
}

std::optional<ast::AvailabilityItem> Builder::availability_item(P::AvailabilityItemContext* ctx) {
  ast::AvailabilityItem out;
  out.range = range(ctx);
  if (auto* c = as<P::TargetItemContext>(ctx)) {
    out.node = ast::TargetItem{quantity(c->value)};
  } else if (auto* c = as<P::PeriodItemContext>(ctx)) {
    out.node = ast::PeriodItem{period(c->spec)};
  } else if (auto* c = as<P::PartialPeriodItemContext>(ctx)) {
    out.node = ast::PartialPeriodItem{name(c->how)};
  } else if (auto* c = as<P::AffectedThresholdItemContext>(ctx)) {
    ast::AffectedThresholdItem item{comparator(c->cmp), quantity(c->amount), std::nullopt};
    if (c->base != nullptr) item.base = name(c->base);
    out.node = std::move(item);
  } else if (as<P::AnyIncidentItemContext>(ctx)) {
    out.node = ast::AnyIncidentItem{};
  } else if (as<P::WeightedItemContext>(ctx)) {
    out.node = ast::WeightedItem{};
  } else if (auto* c = as<P::ProbesItemContext>(ctx)) {
    ast::ProbesItem item;
    for (auto* p : c->probes)
      if (auto built = probe_item(p)) item.items.push_back(std::move(*built));
    out.node = std::move(item);
  } else if (auto* c = as<P::MinimumDowntimeItemContext>(ctx)) {
    const auto rel = as<P::UpToContext>(c->rel) ? ast::MinimumRelation::UpTo : ast::MinimumRelation::ShorterThan;
    out.node = ast::MinimumDowntimeItem{rel, quantity(c->value)};
  } else if (auto* c = as<P::PartialMinutesItemContext>(ctx)) {
    ast::PartialMinuteRule rule = ast::PartialMinuteRule::RoundedUp;
    if (as<P::DroppedContext>(c->minutes)) rule = ast::PartialMinuteRule::Dropped;
    else if (as<P::ExactContext>(c->minutes)) rule = ast::PartialMinuteRule::Exact;
    out.node = ast::PartialMinutesItem{rule};
  } else if (auto* c = as<P::ClockMinutesItemContext>(ctx)) {
    out.node = ast::DowntimeIntervalsItem{std::nullopt, name(c->unit)};
  } else if (auto* c = as<P::IntervalsItemContext>(ctx)) {
    out.node = ast::DowntimeIntervalsItem{quantity(c->length), name(c->kind)};
  } else if (auto* c = as<P::MissingDataItemContext>(ctx)) {
    out.node = ast::MissingDataItem{name(c->state)};
  } else if (auto* c = as<P::ExcludeItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    std::optional<ast::Exclusion> what = exclusion(c->what);
    if (!what) return std::nullopt;
    out.node = ast::ExcludeItem{std::move(*what)};
  } else if (auto* c = as<P::ExcludedTimeItemContext>(ctx)) {
    const auto t = as<P::CountsAsAvailableContext>(c->treatment) ? ast::ExcludedTreatment::CountsAsAvailable
                                                                  : ast::ExcludedTreatment::RemovedFromPeriod;
    out.node = ast::ExcludedTimeItem{t};
  } else if (auto* c = as<P::HourRuleItemContext>(ctx)) {
    out.node = ast::HourRuleItem{quantity(c->value)};
  } else if (auto* c = as<P::CreditItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = credit(c->spec);
  } else if (auto* c = as<P::PayoutItemContext>(ctx)) {
    out.node = ast::PayoutItem{name(c->form)};
  } else if (auto* c = as<P::CapItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = ast::CapItem{cap(c->spec)};
  } else if (auto* c = as<P::ClaimDeadlineItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = ast::ClaimDeadlineItem{claim_deadline(c->spec)};
  } else if (auto* c = as<P::RoundingItemContext>(ctx)) {
    ast::RoundingMode mode = ast::RoundingMode::HalfUp;
    if (as<P::HalfEvenContext>(c->rounding)) mode = ast::RoundingMode::HalfEven;
    else if (as<P::RoundUpContext>(c->rounding)) mode = ast::RoundingMode::Up;
    else if (as<P::RoundDownContext>(c->rounding)) mode = ast::RoundingMode::Down;
    out.node = ast::RoundingItem{mode};
  } else if (auto* c = as<P::ExternalTermsItemContext>(ctx)) {
    out.node = ast::ExternalTermsItem{text(c->reference)};
  } else if (auto* c = as<P::GroupDownItemContext>(ctx)) {
    ast::GroupDownItem item{std::nullopt, name(c->what)};
    if (c->all == nullptr) item.at_least = count_quantity(c->count, c->percent);
    out.node = std::move(item);
  } else if (auto* c = as<P::CountedWhileItemContext>(ctx)) {
    out.node = ast::CountedWhileItem{count_quantity(c->count, nullptr), name(c->what)};
  } else if (auto* c = as<P::WhereItemContext>(ctx)) {
    ast::WhereItem item{name(c->attr), selector_op(c->op), ast::Text{}};
    if (c->text != nullptr) item.value = text(c->text);
    else item.value = quantity(c->number);
    out.node = std::move(item);
  } else if (auto* c = as<P::MisplacedAvailabilityItemContext>(ctx)) {
    misplaced_item(c->misplaced, "in an availability clause");
    return std::nullopt;
  } else if (auto* c = as<P::UnknownAvailabilityItemContext>(ctx)) {
    unknown_item(c->unknown, "availability item",
                 {"target", "period", "partial", "unavailable", "ignore", "missing", "exclude", "excluded", "no",
                  "credit", "payout", "cap", "claim", "rounding", "terms", "where", "counted"});
    return std::nullopt;
  } else {
    return unbuilt(ctx, "availability item");
  }
  return out;
}

}  // namespace slaudit::grammar
