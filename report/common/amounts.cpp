#include "report/common/amounts.h"

#include "base/util/overloaded.h"
#include "engine/figures/figures.h"

namespace slaudit::report {

std::string grouped_decimal(const std::string& plain) {
  const size_t first = plain.find_first_of("0123456789");
  if (first == std::string::npos) return plain;
  size_t end = first;
  while (end < plain.size() && plain[end] >= '0' && plain[end] <= '9') ++end;
  std::string out = plain.substr(0, first);
  for (size_t i = first; i < end; ++i) {
    // A separator before each group of three digits that still has digits to its left.
    if (i > first && (end - i) % 3 == 0) out += ',';
    out += plain[i];
  }
  return out + plain.substr(end);
}

namespace {
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_word(char c) { return is_digit(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
}  // namespace

std::string amounts_grouped(const std::string& text, const model::Currency& currency) {
  if (currency.code.empty()) return text;
  const std::string code = " " + currency.code;
  std::string out;
  size_t copied = 0;  // text before this is in `out`
  for (size_t at = text.find(code); at != std::string::npos; at = text.find(code, at + code.size())) {
    const size_t after = at + code.size();
    if (after < text.size() && is_word(text[after])) continue;  // "CNYX" is not the code
    size_t start = at;
    while (start > copied && (is_digit(text[start - 1]) || text[start - 1] == '.')) --start;
    if (start == at || !is_digit(text[start])) continue;
    if (start > copied && text[start - 1] == '-') --start;
    if (start > 0 && (is_word(text[start - 1]) || text[start - 1] == ',')) continue;  // part of a word, or grouped already
    out.append(text, copied, start - copied);
    out += grouped_decimal(text.substr(start, at - start));
    copied = at;
  }
  return out.append(text, copied, std::string::npos);
}

std::string amount_text(int64_t minor, const model::Currency& currency) {
  return grouped_decimal(money_text(minor, currency));
}

std::string amount_with_code(int64_t minor, const model::Currency& currency) {
  return amount_text(minor, currency) + " " + currency.code;
}

std::string tier_credit_text(const model::CreditTier& tier, const model::Currency& currency) {
  return std::visit(Overloaded{[](const model::Percent& p) { return percent_text(p); },
                               [&](const model::Money& m) { return amount_with_code(m.minor, currency); },
                               [](const model::CreditNotStated&) { return std::string("not stated"); }},
                    tier.credit);
}

std::string tier_words(const model::CreditTier& tier, const model::Currency& currency) {
  const std::string below = " below " + percent_text(tier.below);
  return std::visit(Overloaded{[&](const model::Percent& p) { return percent_text(p) + " of the fee" + below; },
                               [&](const model::Money& m) { return amount_with_code(m.minor, currency) + " (fixed)" + below; },
                               [&](const model::CreditNotStated&) { return "not stated by the contract" + below; }},
                    tier.credit);
}

std::string credit_cell_text(int64_t minor, bool not_stated, const model::Currency& currency) {
  return not_stated ? "not stated" : amount_text(minor, currency);
}

std::string total_owed_text(int64_t minor, bool lower_bound, const model::Currency& currency) {
  if (!lower_bound) return amount_with_code(minor, currency);
  return "at least " + amount_with_code(minor, currency) + " (plus credit not stated by the contract)";
}

}  // namespace slaudit::report
