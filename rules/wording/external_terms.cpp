// external-terms: a clause whose terms are in an outside document (`terms per "..."`).
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {

// How a claim's text points to terms kept elsewhere.
const std::vector<std::string> kElsewhere = {"provider's policy", "per the provider", "as published",
                                             "subject to change", "see website", "以官网为准", "为准", "详见", "参见"};

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
  for (const auto* claim : wordy_claims(in.syntax)) {
    const auto& raw = claim->text.raw;
    if (raw.size() < 2) continue;
    if (auto m = find_word(std::string_view(raw).substr(1, raw.size() - 2), kElsewhere))
      out.push_back({range_in_literal(claim->text, *m),
                     "the claim takes its terms from elsewhere ('" + m->word + "'): it cannot be verified",
                     "state the terms themselves, as a predicate: claim \"...\": availability >= 99.9% period "
                     "calendar month;"});
  }
}
}  // namespace

const Rule& external_terms() {
  static const Rule rule{
      {"external-terms", Severity::Warning, "terms in an outside document make the clause unverifiable",
       "\"Per the provider's policy\", \"as published on the SLA page\": a clause that takes its terms from a "
       "document outside the contract can be changed without the customer signing anything, and nobody can audit "
       "it from the contract alone. Providers revise their SLA pages (the AWS compute SLA of May 2022, S3's of "
       "November 2023, Azure's consolidated SLA of September 2026). The rule fires on every `terms per \"...\"` item, "
       "and on a claim without a predicate whose text points elsewhere (\"per the provider's policy\", \"as "
       "published\", \"subject to change\", 以官网为准, 详见, 参见).",
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
