#include "language/grammar/syntax_messages.h"

#include <algorithm>
#include <map>

#include "SlauditParser.h"
#include "base/text/suggest.h"

namespace slaudit::grammar {

namespace {

using slaudit_grammar::SlauditParser;

std::string shorten(std::string s, size_t max = 32) {
  if (s.size() <= max) return s;
  size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // whole code points
  return s.substr(0, cut) + "...";
}

bool is_keyword_literal(const std::string& literal) {
  return literal.size() > 2 && literal.front() == '\'' && std::isalpha(static_cast<unsigned char>(literal[1]));
}

std::string unquote(const std::string& literal) { return literal.substr(1, literal.size() - 2); }

// What the rule being parsed is called in the language reference.
std::string rule_description(size_t rule) {
  static const std::map<size_t, std::string> names = {
      {SlauditParser::RuleFile, "`contract \"title\" { ... }`"},
      {SlauditParser::RuleContractItem, "a contract item"},
      {SlauditParser::RuleServiceItem, "a service item"},
      {SlauditParser::RuleAvailabilityItem, "an availability item"},
      {SlauditParser::RuleRecoveryItem, "a recovery item"},
      {SlauditParser::RuleProbeItem, "a probe setting"},
      {SlauditParser::RuleExclusion, "an exclusion"},
      {SlauditParser::RuleCreditSpec, "a credit form"},
      {SlauditParser::RuleCreditTier, "a credit tier such as `below 99.9%: 10%;`"},
      {SlauditParser::RulePeriodSpec, "a statistical period"},
      {SlauditParser::RuleQuantity, "a quantity such as `99.9%`, `72 h` or `4096 gpus`"},
      {SlauditParser::RuleComparator, "a comparison (>=, >, <=, <, = or about)"},
      {SlauditParser::RuleClaimDeadline, "a claim deadline"},
      {SlauditParser::RuleClaimQualifier, "a claim qualifier"},
      {SlauditParser::RuleCapWindow, "a cap window"},
      {SlauditParser::RuleWord, "a name"},
  };
  auto it = names.find(rule);
  return it == names.end() ? "" : it->second;
}

// The items a block holds, named for messages; empty outside blocks.
std::string block_description(antlr4::ParserRuleContext* ctx) {
  if (ctx == nullptr) return "";
  if (dynamic_cast<SlauditParser::ContractDeclContext*>(ctx)) return "a contract item";
  if (dynamic_cast<SlauditParser::ServiceDeclContext*>(ctx)) return "a service item";
  if (dynamic_cast<SlauditParser::AvailabilityDeclContext*>(ctx)) return "an availability item";
  if (dynamic_cast<SlauditParser::RecoveryDeclContext*>(ctx)) return "a recovery item";
  if (dynamic_cast<SlauditParser::CompositeDeclContext*>(ctx)) return "a composite item";
  if (dynamic_cast<SlauditParser::ProbesItemContext*>(ctx)) return "a probe setting";
  if (dynamic_cast<SlauditParser::TieredCreditContext*>(ctx)) return "a credit tier such as `below 99.9%: 10%;`";
  return "";
}

size_t close_brace_type(const antlr4::dfa::Vocabulary& vocabulary) {
  for (size_t t = 1; t <= vocabulary.getMaxTokenType(); ++t)
    if (vocabulary.getLiteralName(t) == "'}'") return t;
  return 0;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " or " : ", ";
    out += items[i];
  }
  return out;
}

}  // namespace

std::string describe_token(antlr4::Token* token) {
  if (token == nullptr || token->getType() == antlr4::Token::EOF) return "end of file";
  const std::string text = token->getText();
  switch (token->getType()) {
    case SlauditParser::STRING: return "string " + shorten(text);
    case SlauditParser::NUMBER: return "number " + shorten(text);
    case SlauditParser::DATE: return "date " + text;
    case SlauditParser::TIME: return "time " + text;
    default: return "'" + shorten(text) + "'";
  }
}

ExpectedDescription describe_expected(antlr4::Parser* parser, const antlr4::misc::IntervalSet& expected) {
  const antlr4::dfa::Vocabulary& vocabulary = parser->getVocabulary();
  std::vector<std::string> named, punctuation, keywords;
  const std::string block = block_description(parser->getContext());
  // At an item position in a block, a bare name is only the unknown-item error
  // production: the items that fit are the keywords.
  const bool item_position = !block.empty() && expected.contains(close_brace_type(vocabulary));
  const bool takes_name = !item_position && expected.contains(static_cast<size_t>(SlauditParser::ID));
  for (size_t type : expected.toList()) {
    if (type == antlr4::Token::EOF) {
      named.push_back("end of file");
      continue;
    }
    const std::string literal = vocabulary.getLiteralName(type);
    if (is_keyword_literal(literal)) {
      keywords.push_back(unquote(literal));
    } else if (!literal.empty()) {
      punctuation.push_back("'" + unquote(literal) + "'");
    } else {
      switch (type) {
        case SlauditParser::ID: if (!item_position) named.push_back("a name"); break;
        case SlauditParser::STRING: named.push_back("a string"); break;
        case SlauditParser::NUMBER: named.push_back("a number"); break;
        case SlauditParser::DATE: named.push_back("a date (YYYY-MM-DD)"); break;
        case SlauditParser::TIME: named.push_back("a time of day (HH:MM)"); break;
        case SlauditParser::ORDINAL: named.push_back("an ordinal such as 2nd"); break;
        default: break;
      }
    }
  }
  ExpectedDescription out;
  out.keywords = keywords;
  std::vector<std::string> quoted_keywords;
  for (const auto& k : keywords) quoted_keywords.push_back("'" + k + "'");
  std::vector<std::string> parts;
  if (!takes_name) parts = quoted_keywords;  // where any name fits, listing every keyword says nothing
  parts.insert(parts.end(), punctuation.begin(), punctuation.end());
  parts.insert(parts.end(), named.begin(), named.end());
  const std::string rule =
      item_position ? block : parser->getContext() ? rule_description(parser->getContext()->getRuleIndex()) : "";
  if (parts.size() <= 4 || rule.empty()) {
    out.text = parts.empty() ? (rule.empty() ? "something else" : rule) : join(parts);
  } else {
    out.text = item_position ? rule + " or '}'" : rule;
    out.hint = rule + " starts with one of: " + join(item_position ? quoted_keywords : parts);
  }
  return out;
}

std::string did_you_mean(antlr4::Token* token, const std::vector<std::string>& keywords) {
  if (token == nullptr || token->getType() != SlauditParser::ID) return "";
  return did_you_mean_hint(token->getText(), keywords);
}

}  // namespace slaudit::grammar
