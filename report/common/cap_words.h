#pragma once
// How a clause's cap reads in a report meant for people. A cap the contract
// states but the credit did not reach is not "no cap": a lawyer reading "-"
// or "none applies" would take the contract to have none.
#include <cstdint>
#include <string>
#include <vector>

#include "language/model/contract.h"

namespace slaudit::report {

// The caps as the contract states them: "100% of fee", "500.00 EUR per
// contract year", "50% of fee over the trailing 12 months", joined by "; ".
std::string cap_terms(const std::vector<model::Cap>& caps, const model::Currency& currency);

// A period's or recovery clause's cap, for a table cell or a line: the binding
// cap's amount (`binding_minor` >= 0; with the currency's code when
// `with_code`), else "not reached (100% of fee)", else "no cap" when the
// clause states none.
std::string cap_text(int64_t binding_minor, const std::vector<model::Cap>& caps, const model::Currency& currency,
                     bool with_code);

// The same in a sentence: "capped at 150000.00 CNY", "cap not reached (50% of
// fee)", "no cap".
std::string cap_phrase(int64_t binding_minor, const std::vector<model::Cap>& caps, const model::Currency& currency,
                       bool with_code);

}  // namespace slaudit::report
