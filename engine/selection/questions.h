#pragma once
// The article's seven questions to settle before signing, answered for one
// vendor: by the contract (the clause, with its line), left open (the rule
// that flags it, or nothing written at all), or contradicted by evidence (the
// claim's verdict). Internal to engine/selection.
#include <array>

#include "engine/selection/compare_vendors.h"
#include "engine/selection/statements.h"

namespace slaudit::selection {

std::array<QuestionAnswer, kQuestionCount> seven_questions(const VendorInput& vendor,
                                                           const std::vector<Statement>& statements);

}  // namespace slaudit::selection
