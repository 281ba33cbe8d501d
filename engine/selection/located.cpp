#include "engine/selection/located.h"

#include <type_traits>
#include <variant>

namespace slaudit::selection {

size_t line_of(const SourceFile& source, SourceRange range) {
  return range.end > range.begin ? source.location(range.begin).line : 0;
}

ServiceLines service_lines(const SourceFile& source, const ast::Contract& syntax, const std::string& service) {
  ServiceLines out;
  for (const ast::ContractItem& item : syntax.items) {
    const auto* decl = std::get_if<ast::ServiceDecl>(&item.node);
    if (!decl || decl->name.text != service) continue;
    out.service = line_of(source, item.range);
    for (const ast::ServiceItem& s : decl->items) {
      const size_t line = line_of(source, s.range);
      std::visit(
          [&](const auto& node) {
            using T = std::decay_t<decltype(node)>;
            if constexpr (std::is_same_v<T, ast::FeeItem>) out.fee = line;
            else if constexpr (std::is_same_v<T, ast::SingleClusterScope> || std::is_same_v<T, ast::AggregateScope>)
              out.scope = line;
            else if constexpr (std::is_same_v<T, ast::CapacityItem>) out.capacity = line;
            else if constexpr (std::is_same_v<T, ast::InterconnectItem>) out.interconnect = line;
            else if constexpr (std::is_same_v<T, ast::BillingItem>) out.billing = line;
          },
          s.node);
    }
    break;
  }
  return out;
}

RecoveryLines recovery_lines(const SourceFile& source, const ast::Contract& syntax, const model::RecoveryClause& clause) {
  RecoveryLines out;
  out.clause = line_of(source, clause.range);
  for (const ast::ContractItem& item : syntax.items) {
    const auto* decl = std::get_if<ast::RecoveryDecl>(&item.node);
    if (!decl || !(item.range == clause.range)) continue;
    for (const ast::RecoveryItem& r : decl->items) {
      const size_t line = line_of(source, r.range);
      if (std::holds_alternative<ast::RecoveryFaultsItem>(r.node)) out.faults = line;
      if (std::holds_alternative<ast::RecoveryLimitItem>(r.node)) out.within = line;
      if (std::holds_alternative<ast::RecoveryCreditItem>(r.node)) out.credit = line;
    }
    break;
  }
  return out;
}

}  // namespace slaudit::selection
