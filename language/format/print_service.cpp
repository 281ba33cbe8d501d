// `service NAME { ... }`: fees, scope, regions, capacity and the like.
#include "language/format/areas.h"
#include "language/format/leaves.h"

namespace slaudit::format {

namespace {

struct ServiceLine {
  std::string operator()(const ast::FeeItem& i) const {
    return "fee " + quantity(i.amount) + " per " + i.per.text + ";";
  }
  std::string operator()(const ast::SingleClusterScope& i) const {
    return "scope single cluster " + i.cluster.raw + ";";
  }
  std::string operator()(const ast::AggregateScope& i) const {
    return "scope aggregate clusters (" + comma_list(i.clusters, raw_text) + ");";
  }
  std::string operator()(const ast::RegionsItem& i) const { return "regions " + comma_list(i.regions, raw_text) + ";"; }
  std::string operator()(const ast::CapacityItem& i) const {
    return "capacity " + comma_list(i.counts, quantity) + ";";
  }
  std::string operator()(const ast::StartsItem& i) const { return "starts " + i.date.text + ";"; }
  std::string operator()(const ast::InterconnectItem& i) const {
    return "interconnect " + i.kind.text + (i.tenancy ? " " + i.tenancy->text : "") + ";";
  }
  std::string operator()(const ast::BillingItem& i) const { return "billing per " + i.granularity.text + ";"; }
  std::string operator()(const ast::ResourcesItem& i) const {
    return "resources " + i.noun.text + (i.with_zones ? " with " + i.with_zones->text : "") + ";";
  }
  std::string operator()(const ast::AttributesItem& i) const { return "attributes " + comma_list(i.names, name_text) + ";"; }
  std::string operator()(const ast::MatchingItem& i) const {
    return "each " + i.noun.text + " under " + i.choice.text + " matching clause;";
  }
};

}  // namespace

void print_service(LineWriter& out, const ast::ContractItem& item, const ast::ServiceDecl& decl) {
  out.open("service " + decl.name.text, item.range, header_end(decl.name, std::nullopt));
  for (const ast::ServiceItem& i : decl.items) out.item(std::visit(ServiceLine{}, i.node), i.range);
  out.close(item.range);
}

}  // namespace slaudit::format
