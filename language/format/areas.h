#pragma once
// One printer per area of the language, each turning its part of the tree
// into Lines (see layout.h). print_contract calls the others.
#include "language/format/layout.h"
#include "language/syntax/ast.h"

namespace slaudit::format {

void print_contract(LineWriter& out, const ast::Contract& contract);
// Each takes the enclosing item for its range and attributes.
void print_service(LineWriter& out, const ast::ContractItem& item, const ast::ServiceDecl& decl);
void print_availability(LineWriter& out, const ast::ContractItem& item, const ast::AvailabilityDecl& decl);
void print_recovery(LineWriter& out, const ast::ContractItem& item, const ast::RecoveryDecl& decl);
void print_composite(LineWriter& out, const ast::ContractItem& item, const ast::CompositeDecl& decl);

// Where a block's header search for `{` starts: after its last named token,
// or after its attributes when it has no named token (`credit of monthly fee {`).
uint32_t header_end(const ast::Name& name, const std::optional<ast::Text>& label);
uint32_t header_start(SourceRange item, const std::vector<ast::Attribute>& attrs);

}  // namespace slaudit::format
