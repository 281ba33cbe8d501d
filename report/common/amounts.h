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
// A plain decimal ("-1234567.50", "~" marks kept) with its whole part grouped: "-1,234,567.50".
std::string grouped_decimal(const std::string& plain);

}  // namespace slaudit::report
