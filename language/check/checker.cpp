// Orchestration: header and services first (clauses may name a service
// declared further down), then clauses, commitments and claims, in source order.
#include "language/check/checker.h"

#include <type_traits>

#include "language/check/parts.h"

namespace slaudit {

namespace {

void check_one(check::Context& cx, const ast::Contract& contract) {
  cx.contract().title = contract.title.value;
  cx.contract().range = contract.range;
  cx.contract().attrs = contract.attrs;
  check::check_attributes(cx, contract.attrs);
  for (const auto& item : contract.items) {
    check::check_attributes(cx, item.attrs);
    if (auto* service = std::get_if<ast::ServiceDecl>(&item.node)) check::check_service(cx, *service, item);
    else if (!std::holds_alternative<ast::AvailabilityDecl>(item.node) &&
             !std::holds_alternative<ast::RecoveryDecl>(item.node) &&
             !std::holds_alternative<ast::CompositeDecl>(item.node) &&
             !std::holds_alternative<ast::CommitDecl>(item.node) && !std::holds_alternative<ast::ClaimDecl>(item.node))
      check::check_header_item(cx, item);
  }
  for (const auto& item : contract.items) {
    std::visit(
        [&](const auto& node) {
          using T = std::decay_t<decltype(node)>;
          if constexpr (std::is_same_v<T, ast::AvailabilityDecl>) check::check_availability(cx, node, item);
          else if constexpr (std::is_same_v<T, ast::RecoveryDecl>) check::check_recovery(cx, node, item);
          else if constexpr (std::is_same_v<T, ast::CommitDecl>) check::check_commitment(cx, node, item);
          else if constexpr (std::is_same_v<T, ast::ClaimDecl>) check::check_claim(cx, node, item);
        },
        item.node);
  }
  check::check_composites(cx, contract);
  check::check_holidays_used(cx);
}

}  // namespace

CheckResult check_contract(const SourceFile& source, const ast::File& file) {
  CheckResult result;
  if (file.contracts.empty()) return result;
  check::Context cx(source, result.diagnostics, result.contract);
  check_one(cx, file.contracts.front());
  for (size_t i = 1; i < file.contracts.size(); ++i)
    result.diagnostics
        .error("second-contract", file.contracts[i].range, "a file holds one contract; this is a second one",
               "put each contract in a file of its own")
        .notes.push_back({file.contracts.front().range, "the first contract starts here"});
  return result;
}

}  // namespace slaudit
