// The contract and its top-level items: header facts, commitments, claims.
#include "language/format/areas.h"
#include "language/format/leaves.h"

namespace slaudit::format {

namespace {

std::string commit(const ast::CommitDecl& c) {
  std::string out = "commit " + c.metric.text;
  if (c.service) out += " for " + c.service->text;
  out += " " + comparator(c.cmp) + " " + quantity(c.value);
  if (c.condition) out += " " + condition(*c.condition);
  return out + ";";
}

std::string qualifier(const ast::ClaimQualifier& q) {
  using K = ast::ClaimQualifier::Kind;
  switch (q.kind) {
    case K::Single: return "single";
    case K::Aggregate: return "aggregate";
    case K::Period: return q.period ? "period " + period(*q.period) : "period";
    case K::Faults: return "faults (" + comma_list(q.faults, name_text) + ")";
    case K::Condition: return q.condition ? condition(*q.condition) : "";
    case K::Service: return q.service ? "for " + q.service->text : "for";
  }
  return "";
}

std::string claim(const ast::ClaimDecl& c) {
  std::string out = "claim " + c.text.raw;
  if (c.unverifiable) return out + ": unverifiable;";
  if (!c.predicate) return out + ";";
  const ast::ClaimPredicate& p = *c.predicate;
  out += ": " + p.metric.text + " " + comparator(p.cmp) + " " + quantity(p.value);
  for (const ast::ClaimQualifier& q : p.qualifiers) out += " " + qualifier(q);
  return out + ";";
}

// The text of a one-line item; blocks are printed by their area's printer.
struct OneLine {
  std::string operator()(const ast::ProviderItem& i) const { return "provider " + i.name.raw + ";"; }
  std::string operator()(const ast::CustomerItem& i) const { return "customer " + i.name.raw + ";"; }
  std::string operator()(const ast::EffectiveItem& i) const {
    return "effective " + i.from.text + " to " + i.until.text + ";";
  }
  std::string operator()(const ast::TimezoneItem& i) const { return "timezone " + i.zone.raw + ";"; }
  std::string operator()(const ast::HolidaysItem& i) const { return "holidays " + i.calendar.raw + ";"; }
  std::string operator()(const ast::CurrencyItem& i) const { return "currency " + i.code.text + ";"; }
  std::string operator()(const ast::CommitDecl& i) const { return commit(i); }
  std::string operator()(const ast::ClaimDecl& i) const { return claim(i); }
  std::string operator()(const ast::ServiceDecl&) const { return ""; }
  std::string operator()(const ast::AvailabilityDecl&) const { return ""; }
  std::string operator()(const ast::RecoveryDecl&) const { return ""; }
  std::string operator()(const ast::CompositeDecl&) const { return ""; }
};

void print_item(LineWriter& out, const ast::ContractItem& item) {
  print_attributes(out, item.attrs);
  if (auto* s = std::get_if<ast::ServiceDecl>(&item.node)) return print_service(out, item, *s);
  if (auto* a = std::get_if<ast::AvailabilityDecl>(&item.node)) return print_availability(out, item, *a);
  if (auto* r = std::get_if<ast::RecoveryDecl>(&item.node)) return print_recovery(out, item, *r);
  if (auto* c = std::get_if<ast::CompositeDecl>(&item.node)) return print_composite(out, item, *c);
  out.item(std::visit(OneLine{}, item.node), item.range);
}

}  // namespace

uint32_t header_end(const ast::Name& name, const std::optional<ast::Text>& label) {
  return label ? label->range.end : name.range.end;
}

uint32_t header_start(SourceRange item, const std::vector<ast::Attribute>& attrs) {
  return attrs.empty() ? item.begin : attrs.back().range.end;
}

void print_contract(LineWriter& out, const ast::Contract& contract) {
  print_attributes(out, contract.attrs);
  out.open("contract " + contract.title.raw, contract.range, contract.title.range.end);
  for (const ast::ContractItem& item : contract.items) print_item(out, item);
  out.close(contract.range);
}

}  // namespace slaudit::format
