#pragma once
// Amounts of money as people read them: the whole units grouped by threes
// with ',' ("120,000.00 CNY", "-1,234,567 JPY"), the currency's minor digits
// after the point. The text, HTML and Markdown reports print every amount
// through here; JSON keeps the plain decimal (figures.h money_text), since a
// machine reads it.
#include <cstdint>
#include <string>

#include "language/model/contract.h"

namespace slaudit::report {

// 12000000 -> "120,000.00" for CNY, "12,000,000" for JPY.
std::string amount_text(int64_t minor, const model::Currency& currency);
// The same with the code: "120,000.00 CNY".
std::string amount_with_code(int64_t minor, const model::Currency& currency);
// Text worded by the audit (an explanation's value and derivation, a note),
// which JSON carries as is, with each amount of the currency grouped: every
// number written just before " CNY" ("10% of 1200000.00 CNY" -> "10% of
// 1,200,000.00 CNY"). Other numbers (seconds, percentages, minor units) are
// left as they are.
std::string amounts_grouped(const std::string& text, const model::Currency& currency);
// A tier's credit as the contract states it: "10%", "2.00 GBP", "not stated".
std::string tier_credit_text(const model::CreditTier& tier, const model::Currency& currency);
// A tier in words: "10% of the fee below 99.9%", "2.00 GBP (fixed) below 99%",
// "not stated by the contract below 99.0%".
std::string tier_words(const model::CreditTier& tier, const model::Currency& currency);
// A period's credit cell: the amount, or "not stated" when its tier is.
std::string credit_cell_text(int64_t minor, bool not_stated, const model::Currency& currency);
// The total owed with its code, and when some tier is `not stated` that it
// is a lower bound: "at least 0.00 USD (plus credit not stated by the contract)".
std::string total_owed_text(int64_t minor, bool lower_bound, const model::Currency& currency);
// A plain decimal ("-1234567.50", "~" marks kept) with its whole part grouped: "-1,234,567.50".
std::string grouped_decimal(const std::string& plain);

}  // namespace slaudit::report
