// `composite NAME ["label"] { series|parallel (A, B "label", ...); target P; }`.
// Checked after every clause, since a component may name a clause or a
// composite written further down: names resolved, cycles refused, the
// components' periods compared, and the promise the components' targets make
// together computed exactly (docs/language.md, section 3.21).
#include <map>

#include "language/check/parts.h"

namespace slaudit::check {

namespace {

using Kind = model::CompositeComponent::Kind;

std::string component_text(const ast::ComponentRef& r) {
  return r.name.text + (r.label ? " \"" + r.label->value + "\"" : "");
}

// The composites' names, each once, and not a service's (a component's name
// must say which of the two it is).
std::map<std::string, size_t> composite_names(Context& cx, const std::vector<const ast::CompositeDecl*>& decls) {
  std::map<std::string, size_t> out;
  for (size_t k = 0; k < decls.size(); ++k) {
    const ast::Name& name = decls[k]->name;
    if (!cx.first("composite:" + name.text, name.range, "composite '" + name.text + "'")) continue;
    if (cx.contract().find_service(name.text))
      cx.diagnostics().error("duplicate", name.range, "a composite and a service are both named '" + name.text + "'",
                             "rename the composite: a component names either a service or a composite");
    out.emplace(name.text, k);
  }
  return out;
}

// An availability clause of `service`: the one it has, or the one labelled.
std::optional<size_t> clause_of(Context& cx, const ast::ComponentRef& r, size_t service) {
  const auto& clauses = cx.contract().availability;
  std::vector<size_t> found;
  for (size_t k = 0; k < clauses.size(); ++k)
    if (clauses[k].service == service && (!r.label || clauses[k].label == r.label->value)) found.push_back(k);
  if (found.size() == 1) return found.front();
  if (found.empty()) {
    cx.diagnostics().error("unknown-component", r.range,
                           "service '" + r.name.text + "' has no availability clause" +
                               (r.label ? " labelled \"" + r.label->value + "\"" : std::string()),
                           "a component is an availability clause (or a composite)");
    return std::nullopt;
  }
  auto& d = cx.diagnostics().error("ambiguous-component", r.range,
                                   "service '" + r.name.text + "' has " + std::to_string(found.size()) +
                                       " availability clauses: name one by its label",
                                   "write " + r.name.text + " \"LABEL\"");
  for (size_t k : found) d.notes.push_back({clauses[k].range, "a clause of '" + r.name.text + "'"});
  return std::nullopt;
}

std::optional<model::CompositeComponent> component(Context& cx, const ast::ComponentRef& r,
                                                   const std::map<std::string, size_t>& names) {
  const auto composite = names.find(r.name.text);
  if (composite != names.end() && !r.label) return model::CompositeComponent{Kind::Composite, composite->second,
                                                                            component_text(r), r.range};
  const std::optional<size_t> service = cx.contract().find_service(r.name.text);
  if (!service) {
    cx.diagnostics().error("unknown-component", r.name.range, "no service nor composite is named '" + r.name.text + "'",
                           "a component is a service with an availability clause, or a composite");
    return std::nullopt;
  }
  const std::optional<size_t> clause = clause_of(cx, r, *service);
  if (!clause) return std::nullopt;
  const model::AvailabilityClause& c = cx.contract().availability[*clause];
  if (c.per_resource || c.group) {
    cx.diagnostics()
        .error("composite-fleet", r.range,
               "'" + component_text(r) + "' is audited for each resource or group of a fleet, not as one service",
               "a composite combines service-level clauses")
        .notes.push_back({c.range, "the clause"});
    return std::nullopt;
  }
  return model::CompositeComponent{Kind::Clause, *clause, component_text(r), r.range};
}

model::CompositeClause build(Context& cx, const ast::CompositeDecl& decl, const ast::ContractItem& item,
                             const std::map<std::string, size_t>& names) {
  model::CompositeClause c;
  c.name = decl.name.text;
  c.label = decl.label ? decl.label->value : "";
  c.range = item.range;
  c.attrs = item.attrs;
  const std::string key = "composite@" + std::to_string(item.range.begin) + ":";
  bool shaped = false;
  for (const ast::CompositeItem& i : decl.items) {
    if (auto* t = std::get_if<ast::CompositeTargetItem>(&i.node)) {
      if (!cx.first(key + "target", i.range, "the composite's target")) continue;
      c.target = cx.percent(t->value, "the composite's target");
      c.target_range = i.range;
      continue;
    }
    const auto& shape = std::get<ast::CompositeShapeItem>(i.node);
    if (!cx.first(key + "shape", i.range, "the composite's components (series or parallel)")) continue;
    shaped = true;
    c.shape = shape.shape;
    if (shape.parts.size() < 2)
      cx.diagnostics().error("composite-shape", i.range, "a composite needs at least two components",
                             "with one, audit the component's own clause");
    for (const ast::ComponentRef& r : shape.parts) {
      if (!cx.first(key + "part:" + component_text(r), r.range, "component " + component_text(r))) continue;
      if (auto built = component(cx, r, names)) c.components.push_back(std::move(*built));
    }
  }
  if (!shaped)
    cx.diagnostics().error("composite-shape", decl.name.range, "composite '" + c.name + "' names no components",
                           "add `series (A, B);` (all needed) or `parallel (A, B);` (any one enough)");
  return c;
}

// Composites that contain themselves, through any chain: refused, each cycle once.
bool has_cycle(Context& cx, const std::vector<model::CompositeClause>& all) {
  enum class Mark { New, Open, Done };
  std::vector<Mark> marks(all.size(), Mark::New);
  bool cycle = false;
  const auto visit = [&](auto&& self, size_t k) -> void {
    marks[k] = Mark::Open;
    for (const model::CompositeComponent& c : all[k].components) {
      if (c.kind != Kind::Composite) continue;
      if (marks[c.index] == Mark::Open) {
        cycle = true;
        cx.diagnostics().error("composite-cycle", c.range,
                               "composite '" + all[k].name + "' contains itself through '" + c.name + "'",
                               "a composite's components are clauses or other composites, never its own");
      } else if (marks[c.index] == Mark::New) {
        self(self, c.index);
      }
    }
    marks[k] = Mark::Done;
  };
  for (size_t k = 0; k < all.size(); ++k)
    if (marks[k] == Mark::New) visit(visit, k);
  return cycle;
}

// Every availability clause under composite k, through nested composites.
void leaves(const std::vector<model::CompositeClause>& all, size_t k, std::vector<size_t>& out) {
  for (const model::CompositeComponent& c : all[k].components) {
    if (c.kind == Kind::Clause) out.push_back(c.index);
    else leaves(all, c.index, out);
  }
}

bool same_period(const std::optional<model::PeriodRule>& a, const std::optional<model::PeriodRule>& b) {
  const model::PeriodRule x = a.value_or(model::PeriodRule{}), y = b.value_or(model::PeriodRule{});
  return x.kind == y.kind && x.anchor_day == y.anchor_day && x.rolling_days == y.rolling_days;
}

// The components' periods must be the same: the composite is audited period by period.
void check_periods(Context& cx, const model::CompositeClause& c, const std::vector<size_t>& clauses) {
  const auto& availability = cx.contract().availability;
  for (size_t k : clauses)
    if (!same_period(availability[k].period, availability[clauses.front()].period)) {
      auto& d = cx.diagnostics().error("composite-periods", c.range,
                                       "the components of composite '" + c.name + "' are audited over different periods",
                                       "give their clauses the same `period`");
      d.notes.push_back({availability[clauses.front()].range, "one period here"});
      d.notes.push_back({availability[k].range, "another here"});
      return;
    }
}

Rational share_of(const model::Percent& p) { return Rational(p.value.coefficient(), p.value.denominator() * 100); }

// Series: the product of the shares; parallel: one less the product of the downs.
std::optional<Rational> promise_of(const model::Contract& contract, size_t k) {
  const model::CompositeClause& c = contract.composites[k];
  Rational all_up(1), all_down(1);
  for (const model::CompositeComponent& part : c.components) {
    std::optional<Rational> a;
    if (part.kind == Kind::Composite) a = promise_of(contract, part.index);
    else if (const auto& t = contract.availability[part.index].target) a = share_of(*t);
    if (!a) return std::nullopt;
    all_up *= *a;
    all_down *= 1 - *a;
  }
  return c.shape == terms::CompositeShape::Series ? all_up : 1 - all_down;
}

void check_promise(Context& cx, model::CompositeClause& c, size_t k) {
  c.promise = promise_of(cx.contract(), k);
  if (!c.promise) {
    cx.diagnostics().warning("composite-no-promise", c.range,
                             "a component of composite '" + c.name + "' states no target, so the composition "
                             "promises no figure",
                             "the audit still measures the composite's availability");
    return;
  }
  if (c.target && share_of(*c.target) > *c.promise)
    cx.diagnostics()
        .warning("composite-unreachable", c.target_range,
                 "the target " + c.target->value.to_string() + "% is above what the components promise together",
                 "the contract promises the composition no more than its components' targets give")
        .notes.push_back({c.range, "series multiplies the components' targets; parallel multiplies their downtime"});
}

}  // namespace

void check_composites(Context& cx, const ast::Contract& contract) {
  std::vector<const ast::CompositeDecl*> decls;
  std::vector<const ast::ContractItem*> items;
  for (const ast::ContractItem& item : contract.items)
    if (auto* d = std::get_if<ast::CompositeDecl>(&item.node)) {
      decls.push_back(d);
      items.push_back(&item);
    }
  if (decls.empty()) return;
  const std::map<std::string, size_t> names = composite_names(cx, decls);
  auto& composites = cx.contract().composites;
  for (size_t k = 0; k < decls.size(); ++k) composites.push_back(build(cx, *decls[k], *items[k], names));
  if (has_cycle(cx, composites)) return;
  for (size_t k = 0; k < composites.size(); ++k) {
    std::vector<size_t> clauses;
    leaves(composites, k, clauses);
    if (!clauses.empty()) check_periods(cx, composites[k], clauses);
    if (composites[k].components.size() >= 2) check_promise(cx, composites[k], k);
  }
}

}  // namespace slaudit::check
