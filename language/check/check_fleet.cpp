// Fleets: `resources NOUN [with zones];`, `attributes a, b;` and
// `each NOUN under first|worst|every matching clause;` in a service, the
// `per NOUN` / `where ATTR op VALUE;` of a per-resource availability clause,
// and the `per region|zone|ATTRIBUTE` of a group-level clause with its rules.
#include <algorithm>

#include "base/text/suggest.h"
#include "language/check/parts.h"

namespace slaudit::check {

namespace {

bool reserved(std::string_view name) {
  return std::ranges::any_of(model::kReservedAttributes, [&](const char* r) { return name == r; });
}

void resources(Context& cx, model::Service& s, const ast::ResourcesItem& item, SourceRange range) {
  if (!cx.first("service:" + s.name + ":resources", range, "the resources of service '" + s.name + "'")) return;
  model::Fleet fleet;
  fleet.noun = item.noun.text;
  fleet.range = range;
  if (item.with_zones) {
    if (item.with_zones->text != "zones") {
      cx.diagnostics().error("unknown-name", item.with_zones->range,
                             "expected 'zones' after 'with', found '" + item.with_zones->text + "'",
                             "write: resources " + item.noun.text + " with zones;");
      return;
    }
    fleet.zones = true;
  }
  s.fleet = std::move(fleet);
}

void attributes(Context& cx, model::Service& s, const ast::AttributesItem& item, SourceRange range) {
  if (!s.fleet) {
    cx.diagnostics().error("not-a-fleet", range, "attributes describe the resources of a fleet; service '" + s.name +
                                                     "' declares none",
                           "first write: resources instance;");
    return;
  }
  for (const ast::Name& n : item.names) {
    if (reserved(n.text)) {
      cx.diagnostics().error("reserved-attribute", n.range,
                             "'" + n.text + "' is a reserved attribute, given by the inventory; do not declare it",
                             n.text == "zones" ? "write: resources " + s.fleet->noun + " with zones;" : "");
      continue;
    }
    if (std::ranges::find(s.fleet->attributes, n.text) != s.fleet->attributes.end()) {
      cx.diagnostics().error("duplicate", n.range, "attribute '" + n.text + "' is declared twice", "keep one");
      continue;
    }
    s.fleet->attributes.push_back(n.text);
  }
}

void matching(Context& cx, model::Service& s, const ast::MatchingItem& item, SourceRange range) {
  if (!s.fleet) {
    cx.diagnostics().error("not-a-fleet", range, "service '" + s.name + "' declares no resources to match",
                           "first write: resources " + item.noun.text + ";");
    return;
  }
  if (item.noun.text != s.fleet->noun) {
    cx.diagnostics().error("unknown-name", item.noun.range,
                           "the resources of service '" + s.name + "' are '" + s.fleet->noun + "', not '" +
                               item.noun.text + "'",
                           "write: each " + s.fleet->noun + " under ...");
    return;
  }
  if (!cx.first("service:" + s.name + ":matching", range, "the matching rule of service '" + s.name + "'")) return;
  if (!cx.one_of(item.choice, {"first", "worst", "every"}, "matching rule")) return;
  s.fleet->choice = item.choice.text == "first"   ? model::MatchChoice::First
                    : item.choice.text == "worst" ? model::MatchChoice::Worst
                                                  : model::MatchChoice::Every;
}

std::vector<std::string> selectable(const model::Fleet& fleet) {
  std::vector<std::string> out = fleet.attributes;
  out.emplace_back("region");
  out.emplace_back("zone");
  if (fleet.zones) out.emplace_back("zones");
  return out;
}

// `where zones >= 2`: a whole number, any comparison.
std::optional<model::Selector> zones_selector(Context& cx, const ast::WhereItem& w, model::Selector sel) {
  const auto* q = std::get_if<ast::Quantity>(&w.value);
  if (q == nullptr) {
    cx.diagnostics().error("selector-type", w.attribute.range, "'zones' is a number of zones, compared with a number",
                           "write: where zones >= 2;");
    return std::nullopt;
  }
  if (q->percent || !q->unit.empty() || !q->number.is_integer()) {
    cx.diagnostics().error("selector-type", q->range, "'zones' is compared with a whole number, found '" +
                                                          cx.written(q->range) + "'",
                           "write: where zones >= 2;");
    return std::nullopt;
  }
  sel.number = q->number.scaled_to(0);
  return sel;
}

// `where disk = "premium_ssd"`: text, = or != only.
std::optional<model::Selector> text_selector(Context& cx, const ast::WhereItem& w, model::Selector sel) {
  const auto* t = std::get_if<ast::Text>(&w.value);
  if (t == nullptr) {
    cx.diagnostics().error("selector-type", std::get<ast::Quantity>(w.value).range,
                           "attribute '" + w.attribute.text + "' is text; compare it with a quoted value",
                           "write: where " + w.attribute.text + " = \"...\";");
    return std::nullopt;
  }
  if (sel.op != model::SelectorOp::Equal && sel.op != model::SelectorOp::NotEqual) {
    cx.diagnostics().error("selector-type", w.op.range,
                           "attribute '" + w.attribute.text + "' is text, compared with = or != only");
    return std::nullopt;
  }
  sel.text = t->value;
  return sel;
}

std::optional<model::Selector> selector(Context& cx, const model::Fleet& fleet, const ast::WhereItem& w,
                                        SourceRange range) {
  const auto names = selectable(fleet);
  if (std::ranges::find(names, w.attribute.text) == names.end()) {
    std::string hint = did_you_mean_hint(w.attribute.text, names);
    if (w.attribute.text == "zones") hint = "declare the zones: resources " + fleet.noun + " with zones;";
    if (hint.empty()) hint = "declare it in the service: attributes " + w.attribute.text + ";";
    cx.diagnostics().error("unknown-attribute", w.attribute.range,
                           "unknown attribute '" + w.attribute.text + "' of the " + fleet.noun + "s", hint);
    return std::nullopt;
  }
  model::Selector sel;
  sel.attribute = w.attribute.text;
  sel.op = w.op.op;
  sel.range = range;
  return w.attribute.text == "zones" ? zones_selector(cx, w, std::move(sel)) : text_selector(cx, w, std::move(sel));
}

// "resources", or the fleet's noun, singular or plural: the members of a group.
bool member_word(const model::Fleet& fleet, std::string_view word) {
  return word == "resources" || word == fleet.noun || word == fleet.noun + "s";
}

// A whole number of at least 1 (`at least 2 zones`), or an error.
std::optional<int64_t> whole_count(Context& cx, const ast::Quantity& q, std::string_view example) {
  if (q.percent || !q.number.is_integer() || q.number.scaled_to(0) < 1) {
    cx.diagnostics().error("group-count", q.range, "expected a whole number of at least 1, found '" + cx.written(q.range) + "'",
                           "write: " + std::string(example));
    return std::nullopt;
  }
  return q.number.scaled_to(0);
}

// Zones are counted (down or running) only in a fleet declared `with zones`.
bool zones_declared(Context& cx, const model::Fleet& fleet, SourceRange where) {
  if (fleet.zones) return true;
  cx.diagnostics().error("group-without-zones", where, "the " + fleet.noun + "s have no zones declared, so zones cannot be counted",
                         "declare them: resources " + fleet.noun + " with zones;");
  return false;
}

// `unavailable when all resources down;`, `... at least 2 zones down;`, `... at least 50% of resources down;`.
bool group_down(Context& cx, const model::Fleet& fleet, const ast::GroupDownItem& item, SourceRange range,
                model::GroupRule& rule) {
  rule.down_range = range;
  const std::string members = fleet.noun + "s";
  const bool zones = item.what.text == "zones";
  if (!zones && !member_word(fleet, item.what.text)) {
    cx.diagnostics().error("unknown-name", item.what.range,
                           "a group is down when its " + members + " or its zones are; found '" + item.what.text + "'",
                           "write: unavailable when all " + members + " down;");
    return false;
  }
  if (!item.at_least) {
    if (zones) {
      cx.diagnostics().error("group-count", item.what.range, "'all zones' is every member's zone: say it of the members",
                             "write: unavailable when all " + members + " down;");
      return false;
    }
    rule.down = model::GroupDown::AllMembers;
    return true;
  }
  if (zones) {
    if (!zones_declared(cx, fleet, item.what.range)) return false;
    if (rule.by == "zone") {
      cx.diagnostics().error("group-count", item.what.range, "a clause per zone counts the members of one zone, not zones",
                             "write: unavailable when all " + members + " down;");
      return false;
    }
    const auto n = whole_count(cx, *item.at_least, "unavailable when at least 2 zones down;");
    if (!n) return false;
    rule.down = model::GroupDown::ZonesAtLeast;
    rule.count = *n;
    return true;
  }
  if (item.at_least->percent) {
    const Decimal& p = item.at_least->number;
    if (!(p > Decimal{}) || p > Decimal::from_int(100)) {
      cx.diagnostics().error("group-count", item.at_least->range, "a share of the members is above 0% and at most 100%",
                             "write: unavailable when at least 50% of " + members + " down;");
      return false;
    }
    rule.down = model::GroupDown::ShareAtLeast;
    rule.share = p;
    return true;
  }
  const auto n = whole_count(cx, *item.at_least, "unavailable when at least 2 " + members + " down;");
  if (!n) return false;
  rule.down = model::GroupDown::MembersAtLeast;
  rule.count = *n;
  return true;
}

// `counted while at least 2 resources run;` / `... at least 2 zones run;`:
// minutes with fewer members running (or members running in fewer zones) are
// removed from the period, which the clause must say of excluded time.
bool counted_while(Context& cx, const model::Fleet& fleet, const model::AvailabilityClause& c,
                   const ast::CountedWhileItem& item, SourceRange range, model::GroupRule& rule) {
  const bool zones = item.what.text == "zones";
  if (!zones && !member_word(fleet, item.what.text)) {
    cx.diagnostics().error("unknown-name", item.what.range,
                           "minutes count while enough " + fleet.noun + "s or zones run; found '" + item.what.text + "'",
                           "write: counted while at least 2 " + fleet.noun + "s run;");
    return false;
  }
  if (zones && !zones_declared(cx, fleet, item.what.range)) return false;
  if (zones && rule.by == "zone") {
    cx.diagnostics().error("group-count", item.what.range, "a clause per zone runs in one zone; it cannot count zones",
                           "write: counted while at least 2 " + fleet.noun + "s run;");
    return false;
  }
  const auto n = whole_count(cx, item.at_least, "counted while at least 2 " + std::string(zones ? "zones" : fleet.noun + "s") + " run;");
  if (!n) return false;
  rule.counted_while = zones ? model::CountedWhile::ZonesRunning : model::CountedWhile::MembersRunning;
  if (c.excluded_time != model::ExcludedTreatment::RemovedFromPeriod) {
    cx.diagnostics().error("counted-while-needs-removed", range,
                           "minutes that do not count are taken out of the period; the clause must say so",
                           "add: excluded time removed from period;");
    return false;
  }
  rule.counted_while_at_least = *n;
  rule.counted_range = range;
  return true;
}

bool group_by(const model::Fleet& fleet, std::string_view by) {
  return by == "region" || by == "zone" || std::ranges::find(fleet.attributes, by) != fleet.attributes.end();
}

// A clause `per region` / `per zone` / `per ATTRIBUTE` (docs/fleet.md, group-level clauses).
void check_group(Context& cx, model::AvailabilityClause& c, const ast::AvailabilityDecl& decl, const model::Fleet& fleet) {
  model::GroupRule rule;
  rule.by = decl.per->text;
  bool ok = true, has_down = false, has_counted = false;
  for (const auto& i : decl.items) {
    if (const auto* d = std::get_if<ast::GroupDownItem>(&i.node)) {
      if (has_down) {
        cx.diagnostics().error("duplicate", i.range, "the group's down rule is given twice", "keep one");
        ok = false;
        continue;
      }
      has_down = true;
      ok = group_down(cx, fleet, *d, i.range, rule) && ok;
    } else if (const auto* w = std::get_if<ast::CountedWhileItem>(&i.node)) {
      if (has_counted) {
        cx.diagnostics().error("duplicate", i.range, "the counted-while rule is given twice", "keep one");
        ok = false;
        continue;
      }
      has_counted = true;
      ok = counted_while(cx, fleet, c, *w, i.range, rule) && ok;
    }
  }
  if (!has_down) {
    cx.diagnostics().error("group-without-rule", decl.per->range,
                           "a clause per " + rule.by + " must say when the " + rule.by + " is down",
                           "write: unavailable when all " + fleet.noun + "s down;");
    return;
  }
  if (c.measurement && c.measurement->kind == model::MeasurementKind::Weighted) {
    cx.diagnostics().error("group-measurement", c.measurement->range,
                           "a group's members are down or up by their incidents; this measurement does not apply per member",
                           "write: unavailable when any incident;");
    return;
  }
  // From probes, each member is down in its bad buckets: a measure that gives
  // no member a state of its own (request figures, an average over targets) cannot say.
  if (c.measurement && c.measurement->kind == model::MeasurementKind::Probes && c.measurement->probes &&
      (c.measurement->probes->method != model::ProbeMethod::BadBuckets ||
       c.measurement->probes->combine == model::TargetCombination::Averaged)) {
    cx.diagnostics().error("group-measurement", c.measurement->range,
                           "a group's members are each up or down in a bucket; request figures and targets averaged "
                           "give a member no such state",
                           "write: bad when success ratio < 100%; (with targets any, all or at least N%)");
    return;
  }
  if (ok) c.group = std::move(rule);
}

// `unavailable when all ... down;` and `counted while ...;` belong to group clauses only.
void reject_group_items(Context& cx, const ast::AvailabilityDecl& decl) {
  for (const auto& i : decl.items)
    if (std::holds_alternative<ast::GroupDownItem>(i.node) || std::holds_alternative<ast::CountedWhileItem>(i.node))
      cx.diagnostics().error("group-rule-without-group", i.range,
                             "this rule is about the members of a group; the clause is not per region, zone or attribute",
                             "write: availability " + decl.service.text + " per region { ... }");
}

}  // namespace

void check_fleet_items(Context& cx, model::Service& s, const ast::ServiceDecl& decl) {
  for (const auto& i : decl.items)
    if (auto* r = std::get_if<ast::ResourcesItem>(&i.node)) resources(cx, s, *r, i.range);
  for (const auto& i : decl.items) {
    if (auto* a = std::get_if<ast::AttributesItem>(&i.node)) attributes(cx, s, *a, i.range);
    else if (auto* m = std::get_if<ast::MatchingItem>(&i.node)) matching(cx, s, *m, i.range);
  }
}

void check_per_resource(Context& cx, model::AvailabilityClause& c, const ast::AvailabilityDecl& decl,
                        const model::Service* service) {
  std::vector<const ast::AvailabilityItem*> wheres;
  for (const auto& i : decl.items)
    if (std::holds_alternative<ast::WhereItem>(i.node)) wheres.push_back(&i);
  const bool per_group = decl.per && service && service->fleet && decl.per->text != service->fleet->noun &&
                         group_by(*service->fleet, decl.per->text);
  if (!per_group) reject_group_items(cx, decl);
  if (!decl.per) {
    for (const auto* w : wheres)
      cx.diagnostics().error("where-without-per", w->range, "'where' selects resources; this clause is not per resource",
                             "write: availability " + decl.service.text + " per <resource> { ... }");
    return;
  }
  if (service == nullptr) return;  // the unknown service is reported already
  if (!service->fleet) {
    cx.diagnostics().error("not-a-fleet", decl.per->range,
                           "service '" + service->name + "' is not a fleet, so a clause cannot apply per " +
                               decl.per->text,
                           "declare its resources: service " + service->name + " { resources " + decl.per->text +
                               "; }");
    return;
  }
  if (per_group) {
    check_group(cx, c, decl, *service->fleet);
  } else if (decl.per->text != service->fleet->noun) {
    cx.diagnostics().error("unknown-name", decl.per->range,
                           "the resources of service '" + service->name + "' are '" + service->fleet->noun +
                               "', not '" + decl.per->text + "'; a group is region, zone or a declared attribute",
                           "write: per " + service->fleet->noun);
    return;
  } else {
    c.per_resource = true;
  }
  for (const auto* w : wheres)
    if (auto sel = selector(cx, *service->fleet, std::get<ast::WhereItem>(w->node), w->range))
      c.selectors.push_back(std::move(*sel));
  if (service->fee && service->fee_basis == model::FeeBasis::PerMonth)
    cx.diagnostics().warning("fleet-service-fee", service->fee_range,
                             "the fee of service '" + service->name + "' is for the whole service; a per-" +
                                 service->fleet->noun + " clause credits each " + service->fleet->noun +
                                 " on its own charges",
                             "audit with --billing FILE (each " + service->fleet->noun +
                                 "'s charges); without it the fee is not split between resources");
}

}  // namespace slaudit::check
