#pragma once
// Parse tree -> syntax tree. Internal to language/grammar/: the generated parser's
// contexts are seen here and nowhere else. Split by area (build_*.cpp), after
// kuzu's transformer. The parse tree may be partial after error recovery, so
// every accessor tolerates missing children; the tree built from a file with
// syntax errors is never checked, only reported.
#include <optional>
#include <vector>

#include "SlauditParser.h"
#include "language/diag/diagnostic.h"
#include "language/syntax/ast.h"
#include "language/grammar/token_offsets.h"

namespace slaudit::grammar {

using P = slaudit_grammar::SlauditParser;

// Which labelled alternative a context is: `if (auto* c = as<P::TargetItemContext>(ctx))`.
template <class T, class C>
T* as(C* ctx) {
  return dynamic_cast<T*>(ctx);
}

class Builder {
 public:
  Builder(const SourceFile& source, const CodePointOffsets& offsets, Diagnostics& diagnostics)
      : source_(source), offsets_(offsets), diagnostics_(diagnostics) {}

  ast::File file(P::FileContext* ctx);

  // build_common.cpp: leaves shared by every area
  SourceRange range(antlr4::ParserRuleContext* ctx) const;
  SourceRange range(antlr4::Token* token) const;
  ast::Name name(P::WordContext* ctx) const;
  std::vector<ast::Name> names(const std::vector<P::WordContext*>& words) const;
  ast::Text text(antlr4::Token* token);
  std::vector<ast::Text> texts(const std::vector<antlr4::Token*>& tokens);
  ast::Date date(antlr4::Token* token) const;
  ast::TimeOfDay time(antlr4::Token* token) const;
  ast::Integer integer(antlr4::Token* token);
  ast::Quantity quantity(P::QuantityContext* ctx);
  // A count written as a bare NUMBER, with a '%' when given (`at least 2`, `at least 50% of`).
  ast::Quantity count_quantity(antlr4::Token* number, antlr4::Token* percent);
  // A NUMBER token's text and exact value into `out`; past 18 digits, an error.
  void read_number(antlr4::Token* number, ast::Quantity& out);
  ast::ComparatorOp comparator(P::ComparatorContext* ctx) const;
  ast::SelectorOpRef selector_op(P::SelectorOpContext* ctx) const;
  std::vector<ast::Attribute> attributes(const std::vector<P::AttributeContext*>& attrs);
  ast::PeriodSpec period(P::PeriodSpecContext* ctx);
  ast::CapSpec cap(P::CapSpecContext* ctx);
  ast::ClaimDeadline claim_deadline(P::ClaimDeadlineContext* ctx);
  ast::ConditionRef condition(P::ConditionContext* ctx) const;
  // Reports an item the error productions skipped: "unknown service item 'fe'; did you mean 'fee'?"
  void unknown_item(antlr4::Token* word, const char* area, const std::vector<std::string>& keywords);
  // Reports an item written in the wrong block: "'target' belongs in an availability clause".
  void misplaced_item(antlr4::ParserRuleContext* keyword, const char* here);
  // A context of no labelled alternative: what the parser's error recovery
  // leaves behind, after a syntax error. Any other is an alternative the
  // builder does not know, reported as an internal error rather than built
  // as something else. Always nullopt, so a dispatch ends `return unbuilt(ctx, "...")`.
  std::nullopt_t unbuilt(antlr4::ParserRuleContext* ctx, const char* what);

  // build_contract.cpp
  ast::Contract contract(P::ContractDeclContext* ctx);
  std::optional<ast::ContractItem> contract_item(P::ContractItemContext* ctx);
  ast::ClaimDecl claim(P::ClaimDeclContext* ctx);
  // build_service.cpp
  std::optional<ast::ServiceItem> service_item(P::ServiceItemContext* ctx);
  // build_availability.cpp
  std::optional<ast::AvailabilityItem> availability_item(P::AvailabilityItemContext* ctx);
  std::optional<ast::ProbeItem> probe_item(P::ProbeItemContext* ctx);
  std::optional<ast::Exclusion> exclusion(P::ExclusionContext* ctx);
  ast::CreditItem credit(P::CreditSpecContext* ctx);
  // build_recovery.cpp
  std::optional<ast::RecoveryItem> recovery_item(P::RecoveryItemContext* ctx);
  // build_composite.cpp
  std::optional<ast::CompositeItem> composite_item(P::CompositeItemContext* ctx);

 private:
  const SourceFile& source_;
  const CodePointOffsets& offsets_;
  Diagnostics& diagnostics_;
};

}  // namespace slaudit::grammar
