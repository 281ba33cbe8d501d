#pragma once
// Where a contract speaks of preemption or reclaim: in service names, clause
// labels, claim texts and `terms per` references. The language has no
// preemption construct; these words are how a contract says the service is
// preemptible, and the lifecycle rules then ask for the terms that go with it.
#include <string>
#include <vector>

#include "rules/rule.h"

namespace slaudit::rules {

struct Mention {
  SourceRange range;
  std::string word;
};

extern const std::vector<std::string> kPreemptionWords;
extern const std::vector<std::string> kReclaimWords;

std::vector<Mention> mentions(const ast::Contract& contract, const std::vector<std::string>& words);

}  // namespace slaudit::rules
