#pragma once
// The checker's parts, one file per area; internal to language/check/.
#include "language/check/context.h"

namespace slaudit::check {

void check_header_item(Context& cx, const ast::ContractItem& item);
// After the clauses: a holiday calendar no clause counts working days with.
void check_holidays_used(Context& cx);
void check_service(Context& cx, const ast::ServiceDecl& decl, const ast::ContractItem& item);
void check_availability(Context& cx, const ast::AvailabilityDecl& decl, const ast::ContractItem& item);
void check_recovery(Context& cx, const ast::RecoveryDecl& decl, const ast::ContractItem& item);
// After the clauses: composites name clauses and composites anywhere in the contract.
void check_composites(Context& cx, const ast::Contract& contract);
void check_commitment(Context& cx, const ast::CommitDecl& decl, const ast::ContractItem& item);
void check_claim(Context& cx, const ast::ClaimDecl& decl, const ast::ContractItem& item);

// Shared by availability and recovery clauses.
std::optional<model::PeriodRule> check_period(Context& cx, const ast::PeriodSpec& spec);
std::optional<model::Cap> check_cap(Context& cx, const ast::CapSpec& spec, SourceRange range);
std::optional<model::CreditRule> check_credit(Context& cx, const ast::CreditItem& item, SourceRange range,
                                              const std::optional<model::Percent>& target);
std::optional<model::ClaimDeadline> check_claim_deadline(Context& cx, const ast::ClaimDeadline& spec,
                                                         SourceRange range);
void check_attributes(Context& cx, const std::vector<ast::Attribute>& attrs);

// check_fleet.cpp: a service's fleet items, and a clause's `per` and `where`.
void check_fleet_items(Context& cx, model::Service& s, const ast::ServiceDecl& decl);
void check_per_resource(Context& cx, model::AvailabilityClause& c, const ast::AvailabilityDecl& decl,
                        const model::Service* service);

}  // namespace slaudit::check
