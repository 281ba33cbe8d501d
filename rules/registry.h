#pragma once
// The catalogue: every rule in a stable order (the order of docs/rules.md, of
// `slaudit rules` and of the SARIF rules array). Add a rule by writing its file
// and one line in registry.cpp; an id is never reused for another meaning.
#include <string>
#include <string_view>
#include <vector>

#include "rules/rule.h"

namespace slaudit::rules {

const std::vector<const Rule*>& all_rules();
const Rule* find_rule(std::string_view id);
std::vector<std::string> rule_ids();
// Position in all_rules() (the SARIF ruleIndex); all_rules().size() when unknown.
size_t rule_index(std::string_view id);

}  // namespace slaudit::rules
