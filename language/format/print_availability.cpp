// `availability SERVICE ["label"] { ... }`: the availability clause, with its
// two nested blocks, `unavailable from probes { ... }` and
// `credit of monthly fee { ... }`.
#include "base/util/overloaded.h"
#include "language/format/areas.h"
#include "language/format/leaves.h"

namespace slaudit::format {

namespace {

// The words of the language for an enum value (language/syntax/terms.h).
template <class Enum>
std::string word(Enum value) {
  return std::string(terms::keyword(value));
}

std::string targets(const ast::TargetsItem& t) {
  if (t.combine == ast::TargetCombination::AtLeastShare)  // "at least 50%"
    return word(t.combine) + " " + (t.share ? quantity(*t.share) : std::string());
  return word(t.combine);
}

struct ProbeLine {
  std::string operator()(const ast::BucketItem& i) const { return "bucket " + quantity(i.size) + ";"; }
  std::string operator()(const ast::BadBucketItem& i) const {
    const std::string percentile = i.percentile ? i.percentile->text + " " : std::string();
    return "bad when " + percentile + word(i.signal) + " " + comparator(i.cmp) + " " + quantity(i.threshold) + ";";
  }
  std::string operator()(const ast::ConsecutiveItem& i) const {
    return "at least " + i.count.text + " consecutive bad buckets;";
  }
  std::string operator()(const ast::MinimumDataItem& i) const {
    return "at least " + i.count.text + " " + word(i.unit) + " per " + word(i.scope) +
           (i.below ? ", else " + word(*i.below) : std::string()) + ";";
  }
  std::string operator()(const ast::TargetsItem& i) const { return "targets " + targets(i) + ";"; }
  std::string operator()(const ast::MethodItem& i) const { return "measure " + word(i.method) + ";"; }
  std::string operator()(const ast::ProbeTargetItem& i) const {
    return "target " + i.name.raw + (i.cluster ? " cluster " + i.cluster->raw : "") + ";";
  }
};


std::string tier(const ast::CreditTier& t) {
  std::string out = "below " + quantity(t.below);
  if (t.at_least) out += " and at least " + quantity(*t.at_least);
  const std::string credit = std::visit(Overloaded{[](const ast::Quantity& q) { return quantity(q); },
                                                   [](const ast::NotStated&) { return std::string("not stated"); }},
                                        t.credit);
  return out + ": " + credit + ";";
}

std::string lost_time(const ast::LostTimeCredit& c) {
  return "credit lost time at hourly rate" + (c.multiplier ? " times " + c.multiplier->number_text : "") + ";";
}

// The one-line availability items; the two blocks return nothing and are
// printed by print_item below.
struct AvailabilityLine {
  std::string operator()(const ast::TargetItem& i) const { return "target " + quantity(i.value) + ";"; }
  std::string operator()(const ast::PeriodItem& i) const { return "period " + period(i.spec) + ";"; }
  std::string operator()(const ast::PartialPeriodItem& i) const { return "partial period " + i.how.text + ";"; }
  std::string operator()(const ast::AffectedThresholdItem& i) const {
    return "unavailable when incident affects " + comparator(i.cmp) + " " + quantity(i.amount) +
           (i.base ? " of " + i.base->text : "") + ";";
  }
  std::string operator()(const ast::AnyIncidentItem&) const { return "unavailable when any incident;"; }
  std::string operator()(const ast::WeightedItem&) const { return "unavailable weighted by affected share;"; }
  std::string operator()(const ast::ProbesItem&) const { return ""; }
  std::string operator()(const ast::MinimumDowntimeItem& i) const {
    return "ignore downtime " + word(i.relation) + " " + quantity(i.value) + ";";
  }
  std::string operator()(const ast::PartialMinutesItem& i) const {
    return "partial minutes " + word(i.rule) + ";";
  }
  std::string operator()(const ast::DowntimeIntervalsItem& i) const {
    return "downtime counted in " + (i.length ? quantity(*i.length) + " " : std::string("clock ")) + i.unit.text + ";";
  }
  std::string operator()(const ast::MissingDataItem& i) const { return "missing data counts as " + i.state.text + ";"; }
  std::string operator()(const ast::ExcludeItem& i) const { return "exclude " + exclusion(i.what) + ";"; }
  std::string operator()(const ast::ExcludedTimeItem& i) const { return "excluded time " + word(i.treatment) + ";"; }
  std::string operator()(const ast::HourRuleItem& i) const {
    return "no charge for clock hour with more than " + quantity(i.more_than) + " down;";
  }
  std::string operator()(const ast::CreditItem& i) const {
    auto* lost = std::get_if<ast::LostTimeCredit>(&i.spec);
    return lost ? lost_time(*lost) : "";
  }
  std::string operator()(const ast::PayoutItem& i) const { return "payout " + i.form.text + ";"; }
  std::string operator()(const ast::CapItem& i) const { return "cap " + cap(i.spec) + ";"; }
  std::string operator()(const ast::ClaimDeadlineItem& i) const { return "claim " + claim_deadline(i.spec) + ";"; }
  std::string operator()(const ast::RoundingItem& i) const { return "rounding " + word(i.mode) + ";"; }
  std::string operator()(const ast::ExternalTermsItem& i) const { return "terms per " + i.reference.raw + ";"; }
  std::string operator()(const ast::GroupDownItem& i) const {
    if (!i.at_least) return "unavailable when all " + i.what.text + " down;";
    return "unavailable when at least " + i.at_least->number_text + (i.at_least->percent ? "% of " : " ") + i.what.text +
           " down;";
  }
  std::string operator()(const ast::CountedWhileItem& i) const {
    return "counted while at least " + i.at_least.number_text + " " + i.what.text + " run;";
  }
  std::string operator()(const ast::WhereItem& i) const {
    const auto* text = std::get_if<ast::Text>(&i.value);
    return "where " + i.attribute.text + " " + ast::selector_op_text(i.op.op) + " " +
           (text ? text->raw : quantity(std::get<ast::Quantity>(i.value))) + ";";
  }
};

void print_probes(LineWriter& out, const ast::AvailabilityItem& item, const ast::ProbesItem& probes) {
  out.open("unavailable from probes", item.range, header_start(item.range, item.attrs));
  for (const ast::ProbeItem& p : probes.items) out.item(std::visit(ProbeLine{}, p.node), p.range);
  out.close(item.range);
}

void print_tiers(LineWriter& out, const ast::AvailabilityItem& item, const ast::TieredCredit& credit) {
  out.open("credit of monthly fee", item.range, header_start(item.range, item.attrs));
  for (const ast::CreditTier& t : credit.tiers) out.item(tier(t), t.range);
  out.close(item.range);
}

void print_item(LineWriter& out, const ast::AvailabilityItem& item) {
  print_attributes(out, item.attrs);
  if (auto* probes = std::get_if<ast::ProbesItem>(&item.node)) return print_probes(out, item, *probes);
  if (auto* credit = std::get_if<ast::CreditItem>(&item.node))
    if (auto* tiers = std::get_if<ast::TieredCredit>(&credit->spec)) return print_tiers(out, item, *tiers);
  out.item(std::visit(AvailabilityLine{}, item.node), item.range);
}

}  // namespace

void print_availability(LineWriter& out, const ast::ContractItem& item, const ast::AvailabilityDecl& decl) {
  std::string header = "availability " + decl.service.text;
  if (decl.label) header += " " + decl.label->raw;
  if (decl.per) header += " per " + decl.per->text;
  out.open(std::move(header), item.range, decl.per ? decl.per->range.end : header_end(decl.service, decl.label));
  for (const ast::AvailabilityItem& i : decl.items) print_item(out, i);
  out.close(item.range);
}

}  // namespace slaudit::format
