// One `of` overload per ast:: type; variants are visited into them, and the
// wrapper structs (ContractItem, AvailabilityItem, ...) add their range and
// attributes to what their alternative printed.
#include "language/syntax/ast_json.h"

#include "base/util/overloaded.h"

namespace slaudit {

namespace {

using nlohmann::json;

class ToJson {
 public:
  explicit ToJson(const SourceFile* locations) : locations_(locations) {}

  json node(const char* kind, SourceRange range) const {
    json out = kind_only(kind);
    if (locations_ != nullptr) out["range"] = range_of(range);
    return out;
  }
  static json kind_only(const char* kind) { return json{{"kind", kind}}; }

  template <class T>
  json maybe(const std::optional<T>& value) const {
    return value ? of(*value) : json(nullptr);
  }
  template <class T>
  json list(const std::vector<T>& values) const {
    json out = json::array();
    for (const T& v : values) out.push_back(of(v));
    return out;
  }
  template <class... T>
  json one_of(const std::variant<T...>& v) const {
    return std::visit([this](const auto& alternative) { return of(alternative); }, v);
  }

  // ---------------------------------------------------------------- leaves
  json of(const ast::Name& n) const {
    json out = node("Name", n.range);
    out["text"] = n.text;
    return out;
  }
  json of(const ast::Text& t) const {
    json out = node("Text", t.range);
    out["value"] = t.value;
    out["raw"] = t.raw;
    return out;
  }
  json of(const ast::Date& d) const {
    json out = node("Date", d.range);
    out["text"] = d.text;
    out["year"] = d.year;
    out["month"] = d.month;
    out["day"] = d.day;
    return out;
  }
  json of(const ast::TimeOfDay& t) const {
    json out = node("TimeOfDay", t.range);
    out["text"] = t.text;
    out["hour"] = t.hour;
    out["minute"] = t.minute;
    return out;
  }
  json of(const ast::Integer& i) const {
    json out = node("Integer", i.range);
    out["text"] = i.text;
    out["value"] = i.value;
    return out;
  }
  json of(const ast::Quantity& q) const {
    json out = node("Quantity", q.range);
    out["number"] = q.number_text;
    out["percent"] = q.percent;
    out["unit"] = q.unit;
    out["per"] = q.per;
    if (locations_ != nullptr && !q.unit.empty()) out["unit_range"] = range_of(q.unit_range);
    return out;
  }
  json of(const ast::ComparatorOp& c) const {
    json out = node("Comparator", c.range);
    out["op"] = ast::comparator_text(c.op);
    return out;
  }
  json of(const ast::Attribute& a) const {
    json out = node("Attribute", a.range);
    out["name"] = of(a.name);
    json args = json::array();
    for (size_t i = 0; i < a.args.size(); ++i) {
      const bool is_string = i < a.arg_is_string.size() && a.arg_is_string[i];
      args.push_back({{"kind", "AttributeArg"}, {"value", a.args[i]}, {"string", is_string}});
    }
    out["args"] = std::move(args);
    return out;
  }
  json of(const ast::ConditionRef& c) const {
    json out = node("Condition", c.range);
    out["condition"] = word(c.condition);
    return out;
  }
  json of(const ast::AnchorRef& a) const {
    json out = node("DeadlineAnchor", a.range);
    out["anchor"] = word(a.anchor);
    return out;
  }

  // ---------------------------------------------------------------- periods
  json of(const ast::PeriodSpec& p) const {
    json out = one_of(p.kind);
    if (locations_ != nullptr) out["range"] = range_of(p.range);
    return out;
  }
  json of(const ast::CalendarPeriod& p) const { return with(kind_only("CalendarPeriod"), "unit", of(p.unit)); }
  json of(const ast::BillingMonthPeriod& p) const { return with(kind_only("BillingMonthPeriod"), "day", of(p.day)); }
  json of(const ast::RollingPeriod& p) const { return with(kind_only("RollingPeriod"), "length", of(p.length)); }

  // ---------------------------------------------------------------- probes
  json of(const ast::ProbeItem& p) const {
    json out = one_of(p.node);
    if (locations_ != nullptr) out["range"] = range_of(p.range);
    return out;
  }
  json of(const ast::BucketItem& i) const { return with(kind_only("BucketItem"), "size", of(i.size)); }
  json of(const ast::BadBucketItem& i) const {
    json out = kind_only("BadBucketItem");
    out["signal"] = word(i.signal);
    if (i.percentile) out["percentile"] = of(*i.percentile);
    out["cmp"] = of(i.cmp);
    out["threshold"] = of(i.threshold);
    return out;
  }
  json of(const ast::ConsecutiveItem& i) const { return with(kind_only("ConsecutiveItem"), "count", of(i.count)); }
  json of(const ast::MinimumDataItem& i) const {
    json out = kind_only("MinimumDataItem");
    out["count"] = of(i.count);
    out["unit"] = word(i.unit);
    out["scope"] = word(i.scope);
    out["below"] = i.below ? json(word(*i.below)) : json(nullptr);
    return out;
  }
  json of(const ast::TargetsItem& i) const {
    json out = kind_only("TargetsItem");
    out["combine"] = word(i.combine);
    out["share"] = maybe(i.share);
    return out;
  }
  json of(const ast::MethodItem& i) const {
    return with(kind_only("MethodItem"), "method", word(i.method));
  }
  json of(const ast::ProbeTargetItem& i) const {
    json out = kind_only("ProbeTargetItem");
    out["name"] = of(i.name);
    out["cluster"] = maybe(i.cluster);
    return out;
  }

  // ---------------------------------------------------------------- exclusions
  json of(const ast::MaintenanceExclusion& e) const {
    json out = kind_only("MaintenanceExclusion");
    out["notice_cmp"] = maybe(e.notice_cmp);
    out["notice"] = maybe(e.notice);
    out["cap"] = maybe(e.cap);
    return out;
  }
  json of(const ast::WindowExclusion& e) const {
    json out = kind_only("WindowExclusion");
    out["days"] = of(e.days);
    out["start"] = of(e.start);
    out["end"] = of(e.end);
    return out;
  }
  json of(const ast::CauseExclusion& e) const { return with(kind_only("CauseExclusion"), "causes", list(e.causes)); }
  json of(const ast::FaultExclusion& e) const { return with(kind_only("FaultExclusion"), "faults", list(e.faults)); }
  json of(const ast::ComponentExclusion& e) const {
    return with(kind_only("ComponentExclusion"), "components", list(e.components));
  }

  // ---------------------------------------------------------------- credits, caps, claims
  json of(const ast::CreditTier& t) const {
    json out = node("CreditTier", t.range);
    out["below"] = of(t.below);
    out["at_least"] = maybe(t.at_least);
    out["credit"] = std::visit(Overloaded{[&](const ast::Quantity& q) { return of(q); },
                                          [&](const ast::NotStated& n) { return node("NotStated", n.range); }},
                               t.credit);
    return out;
  }
  json of(const ast::TieredCredit& c) const { return with(kind_only("TieredCredit"), "tiers", list(c.tiers)); }
  json of(const ast::LostTimeCredit& c) const {
    return with(kind_only("LostTimeCredit"), "multiplier", maybe(c.multiplier));
  }
  json of(const ast::CapWindow& w) const {
    json out = node("CapWindow", w.range);
    out["window"] = word(w.kind);
    out["months"] = maybe(w.months);
    return out;
  }
  json of(const ast::CapSpec& c) const {
    json out = kind_only("CapSpec");
    out["amount"] = of(c.amount);
    out["of_monthly_fee"] = c.of_monthly_fee;
    out["window"] = maybe(c.window);
    return out;
  }
  json of(const ast::ClaimEarliest& e) const {
    json out = node("ClaimEarliest", e.range);
    out["working_days"] = of(e.working_days);
    out["anchor"] = of(e.anchor);
    return out;
  }
  json of(const ast::ClaimWithin& c) const {
    json out = kind_only("ClaimWithin");
    out["span"] = of(c.span);
    out["anchor"] = of(c.anchor);
    out["earliest"] = maybe(c.earliest);
    return out;
  }
  json of(const ast::ClaimByCycleEnd& c) const {
    json out = kind_only("ClaimByCycleEnd");
    out["ordinal"] = of(c.ordinal);
    out["ordinal_text"] = c.ordinal_text;
    out["anchor"] = of(c.anchor);
    out["earliest"] = maybe(c.earliest);
    return out;
  }

  // ---------------------------------------------------------------- availability
  json of(const ast::AvailabilityItem& i) const { return wrapped(one_of(i.node), i.attrs, i.range); }
  json of(const ast::TargetItem& i) const { return with(kind_only("TargetItem"), "value", of(i.value)); }
  json of(const ast::PeriodItem& i) const { return with(kind_only("PeriodItem"), "spec", of(i.spec)); }
  json of(const ast::PartialPeriodItem& i) const { return with(kind_only("PartialPeriodItem"), "how", of(i.how)); }
  json of(const ast::AffectedThresholdItem& i) const {
    json out = kind_only("AffectedThresholdItem");
    out["cmp"] = of(i.cmp);
    out["amount"] = of(i.amount);
    out["base"] = maybe(i.base);
    return out;
  }
  json of(const ast::AnyIncidentItem&) const { return kind_only("AnyIncidentItem"); }
  json of(const ast::WeightedItem&) const { return kind_only("WeightedItem"); }
  json of(const ast::ProbesItem& i) const { return with(kind_only("ProbesItem"), "items", list(i.items)); }
  json of(const ast::MinimumDowntimeItem& i) const {
    json out = kind_only("MinimumDowntimeItem");
    out["relation"] = word(i.relation);
    out["value"] = of(i.value);
    return out;
  }
  json of(const ast::PartialMinutesItem& i) const {
    return with(kind_only("PartialMinutesItem"), "rule", word(i.rule));
  }
  json of(const ast::DowntimeIntervalsItem& i) const {
    json out = kind_only("DowntimeIntervalsItem");
    out["length"] = i.length ? of(*i.length) : json(nullptr);
    out["unit"] = of(i.unit);
    return out;
  }
  json of(const ast::MissingDataItem& i) const { return with(kind_only("MissingDataItem"), "state", of(i.state)); }
  json of(const ast::ExcludeItem& i) const { return with(kind_only("ExcludeItem"), "what", one_of(i.what)); }
  json of(const ast::ExcludedTimeItem& i) const {
    return with(kind_only("ExcludedTimeItem"), "treatment", word(i.treatment));
  }
  json of(const ast::HourRuleItem& i) const { return with(kind_only("HourRuleItem"), "more_than", of(i.more_than)); }
  json of(const ast::CreditItem& i) const { return with(kind_only("CreditItem"), "spec", one_of(i.spec)); }
  json of(const ast::PayoutItem& i) const { return with(kind_only("PayoutItem"), "form", of(i.form)); }
  json of(const ast::CapItem& i) const { return with(kind_only("CapItem"), "spec", of(i.spec)); }
  json of(const ast::ClaimDeadlineItem& i) const {
    return with(kind_only("ClaimDeadlineItem"), "spec", one_of(i.spec));
  }
  json of(const ast::RoundingItem& i) const { return with(kind_only("RoundingItem"), "mode", word(i.mode)); }
  json of(const ast::ExternalTermsItem& i) const {
    return with(kind_only("ExternalTermsItem"), "reference", of(i.reference));
  }
  json of(const ast::SelectorOpRef& c) const {
    json out = node("SelectorOp", c.range);
    out["op"] = ast::selector_op_text(c.op);
    return out;
  }
  json of(const ast::GroupDownItem& i) const {
    json out = kind_only("GroupDownItem");
    out["at_least"] = i.at_least ? of(*i.at_least) : json(nullptr);
    out["what"] = of(i.what);
    return out;
  }
  json of(const ast::CountedWhileItem& i) const {
    json out = kind_only("CountedWhileItem");
    out["at_least"] = of(i.at_least);
    out["what"] = of(i.what);
    return out;
  }
  json of(const ast::WhereItem& i) const {
    json out = kind_only("WhereItem");
    out["attribute"] = of(i.attribute);
    out["op"] = of(i.op);
    out["value"] = std::visit([this](const auto& v) { return of(v); }, i.value);
    return out;
  }

  // ---------------------------------------------------------------- recovery
  json of(const ast::RecoveryItem& i) const { return wrapped(one_of(i.node), i.attrs, i.range); }
  json of(const ast::RecoveryFaultsItem& i) const {
    return with(kind_only("RecoveryFaultsItem"), "faults", list(i.faults));
  }
  json of(const ast::RecoveryLimitItem& i) const {
    json out = kind_only("RecoveryLimitItem");
    out["limit"] = of(i.limit);
    out["clock_start"] = of(i.clock_start);
    out["clock_stop"] = of(i.clock_stop);
    return out;
  }
  json of(const ast::RecoveryCreditItem& i) const {
    return with(kind_only("RecoveryCreditItem"), "amount", of(i.amount));
  }
  json of(const ast::RecoveryCapItem& i) const { return with(kind_only("RecoveryCapItem"), "spec", of(i.spec)); }

  // ---------------------------------------------------------------- composites
  json of(const ast::CompositeItem& i) const {
    json out = one_of(i.node);
    if (locations_ != nullptr) out["range"] = range_of(i.range);
    return out;
  }
  json of(const ast::ComponentRef& c) const {
    json out = node("ComponentRef", c.range);
    out["name"] = of(c.name);
    out["label"] = maybe(c.label);
    return out;
  }
  json of(const ast::CompositeShapeItem& i) const {
    json out = kind_only("CompositeShapeItem");
    out["shape"] = word(i.shape);
    out["parts"] = list(i.parts);
    return out;
  }
  json of(const ast::CompositeTargetItem& i) const {
    return with(kind_only("CompositeTargetItem"), "value", of(i.value));
  }

  // ---------------------------------------------------------------- services
  json of(const ast::ServiceItem& i) const {
    json out = one_of(i.node);
    if (locations_ != nullptr) out["range"] = range_of(i.range);
    return out;
  }
  json of(const ast::FeeItem& i) const {
    json out = kind_only("FeeItem");
    out["amount"] = of(i.amount);
    out["per"] = of(i.per);
    return out;
  }
  json of(const ast::SingleClusterScope& i) const {
    return with(kind_only("SingleClusterScope"), "cluster", of(i.cluster));
  }
  json of(const ast::AggregateScope& i) const { return with(kind_only("AggregateScope"), "clusters", list(i.clusters)); }
  json of(const ast::RegionsItem& i) const { return with(kind_only("RegionsItem"), "regions", list(i.regions)); }
  json of(const ast::CapacityItem& i) const { return with(kind_only("CapacityItem"), "counts", list(i.counts)); }
  json of(const ast::StartsItem& i) const { return with(kind_only("StartsItem"), "date", of(i.date)); }
  json of(const ast::InterconnectItem& i) const {
    json out = kind_only("InterconnectItem");
    out["kind_name"] = of(i.kind);  // "kind" is the node's own kind
    out["tenancy"] = maybe(i.tenancy);
    return out;
  }
  json of(const ast::BillingItem& i) const { return with(kind_only("BillingItem"), "granularity", of(i.granularity)); }
  json of(const ast::ResourcesItem& i) const {
    json out = kind_only("ResourcesItem");
    out["noun"] = of(i.noun);
    out["with"] = maybe(i.with_zones);
    return out;
  }
  json of(const ast::AttributesItem& i) const { return with(kind_only("AttributesItem"), "names", list(i.names)); }
  json of(const ast::MatchingItem& i) const {
    json out = kind_only("MatchingItem");
    out["noun"] = of(i.noun);
    out["choice"] = of(i.choice);
    return out;
  }

  // ---------------------------------------------------------------- contract items
  json of(const ast::ContractItem& i) const { return wrapped(one_of(i.node), i.attrs, i.range); }
  json of(const ast::ProviderItem& i) const { return with(kind_only("ProviderItem"), "name", of(i.name)); }
  json of(const ast::CustomerItem& i) const { return with(kind_only("CustomerItem"), "name", of(i.name)); }
  json of(const ast::EffectiveItem& i) const {
    json out = kind_only("EffectiveItem");
    out["from"] = of(i.from);
    out["until"] = of(i.until);
    return out;
  }
  json of(const ast::TimezoneItem& i) const { return with(kind_only("TimezoneItem"), "zone", of(i.zone)); }
  json of(const ast::HolidaysItem& i) const { return with(kind_only("HolidaysItem"), "calendar", of(i.calendar)); }
  json of(const ast::CurrencyItem& i) const { return with(kind_only("CurrencyItem"), "code", of(i.code)); }
  json of(const ast::ServiceDecl& d) const {
    json out = kind_only("ServiceDecl");
    out["name"] = of(d.name);
    out["items"] = list(d.items);
    return out;
  }
  json of(const ast::AvailabilityDecl& d) const {
    json out = kind_only("AvailabilityDecl");
    out["service"] = of(d.service);
    out["label"] = maybe(d.label);
    if (d.per) out["per"] = of(*d.per);  // only fleet clauses carry it: the single-service AST is unchanged
    out["items"] = list(d.items);
    return out;
  }
  json of(const ast::RecoveryDecl& d) const {
    json out = kind_only("RecoveryDecl");
    out["service"] = of(d.service);
    out["label"] = maybe(d.label);
    out["items"] = list(d.items);
    return out;
  }
  json of(const ast::CompositeDecl& d) const {
    json out = kind_only("CompositeDecl");
    out["name"] = of(d.name);
    out["label"] = maybe(d.label);
    out["items"] = list(d.items);
    return out;
  }
  json of(const ast::CommitDecl& d) const {
    json out = kind_only("CommitDecl");
    out["metric"] = of(d.metric);
    out["service"] = maybe(d.service);
    out["cmp"] = of(d.cmp);
    out["value"] = of(d.value);
    out["condition"] = maybe(d.condition);
    return out;
  }
  json of(const ast::ClaimQualifier& q) const;
  json of(const ast::ClaimPredicate& p) const {
    json out = kind_only("ClaimPredicate");
    out["metric"] = of(p.metric);
    out["cmp"] = of(p.cmp);
    out["value"] = of(p.value);
    out["qualifiers"] = list(p.qualifiers);
    return out;
  }
  json of(const ast::ClaimDecl& d) const {
    json out = kind_only("ClaimDecl");
    out["text"] = of(d.text);
    out["unverifiable"] = d.unverifiable;
    out["predicate"] = maybe(d.predicate);
    return out;
  }
  json of(const ast::Contract& c) const {
    json out = node("Contract", c.range);
    out["title"] = of(c.title);
    out["attributes"] = list(c.attrs);
    out["items"] = list(c.items);
    return out;
  }
  json of(const ast::File& f) const { return with(kind_only("File"), "contracts", list(f.contracts)); }

 private:
  json range_of(SourceRange r) const {
    auto point = [this](uint32_t offset) {
      const LineColumn at = locations_->location(offset);
      return json{{"line", at.line}, {"column", at.column}};
    };
    return json{{"begin", point(r.begin)}, {"end", point(r.end)}};
  }
  static json with(json out, const char* key, json value) {
    out[key] = std::move(value);
    return out;
  }
  json wrapped(json out, const std::vector<ast::Attribute>& attrs, SourceRange range) const {
    out["attributes"] = list(attrs);
    if (locations_ != nullptr) out["range"] = range_of(range);
    return out;
  }

  // The words of the language for an enum value (language/syntax/terms.h).
  template <class Enum>
  static std::string word(Enum value) {
    return std::string(terms::keyword(value));
  }

  const SourceFile* locations_;
};

json ToJson::of(const ast::ClaimQualifier& q) const {
  using K = ast::ClaimQualifier::Kind;
  json out = node("ClaimQualifier", q.range);
  switch (q.kind) {
    case K::Single: out["qualifier"] = "single"; break;
    case K::Aggregate: out["qualifier"] = "aggregate"; break;
    case K::Period:
      out["qualifier"] = "period";
      out["period"] = maybe(q.period);
      break;
    case K::Faults:
      out["qualifier"] = "faults";
      out["faults"] = list(q.faults);
      break;
    case K::Condition:
      out["qualifier"] = "condition";
      out["condition"] = maybe(q.condition);
      break;
    case K::Service:
      out["qualifier"] = "service";
      out["service"] = maybe(q.service);
      break;
  }
  return out;
}

}  // namespace

nlohmann::json ast_to_json(const ast::File& file, const SourceFile* locations) {
  return ToJson(locations).of(file);
}

}  // namespace slaudit
