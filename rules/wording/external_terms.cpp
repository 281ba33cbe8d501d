// external-terms: a clause whose terms are in an outside document (`terms per "..."`).
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  for (const auto& item : in.syntax.items) {
    auto* decl = std::get_if<ast::AvailabilityDecl>(&item.node);
    if (!decl) continue;
    for (const auto& i : decl->items)
      if (auto* t = std::get_if<ast::ExternalTermsItem>(&i.node))
        out.push_back({i.range, "the availability clause of service '" + decl->service.text + "' takes terms from \"" +
                                    t->reference.value + "\", a document outside the contract: they cannot be verified",
                       ""});
  }
}
}  // namespace

const Rule& external_terms() {
  static const Rule rule{
      {"external-terms", Severity::Warning, "terms in an outside document make the clause unverifiable",
       "\"Per the provider's policy\", \"as published on the SLA page\": a clause that takes its terms from a "
       "document outside the contract can be changed without the customer signing anything, and nobody can audit "
       "it from the contract alone. Providers revise their SLA pages (the AWS compute SLA of May 2022, S3's of "
       "November 2023, Azure's consolidated SLA of September 2026). The rule fires on every `terms per \"...\"` item.",
       "Copy the terms into the clause (period, definition of unavailable, exclusions, credits, cap, claim "
       "deadline) and remove `terms per`; if the document must stay referenced, pin its version in the reference "
       "and silence the rule with `@allow(external_terms)` on the clause.",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training { target 99.9%; terms per \"the provider's SLA page\"; }\n",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training { target 99.9%; exclude cause in (customer); }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
