#pragma once
// Human wording for syntax errors: tokens as a reader names them ("a string",
// "`service`", "end of file"), expected sets collapsed to what one would
// write, and "did you mean" for misspelt keywords. No ANTLR internals
// (token type names, rule names) reach the message.
#include <string>
#include <vector>

#include "antlr4-runtime.h"

namespace slaudit::grammar {

struct ExpectedDescription {
  std::string text;                   // e.g. "`;`" or "a contract item"
  std::string hint;                   // e.g. "a contract item starts with one of: ..."
  std::vector<std::string> keywords;  // keywords that would fit, for did_you_mean
};

std::string describe_token(antlr4::Token* token);
ExpectedDescription describe_expected(antlr4::Parser* parser, const antlr4::misc::IntervalSet& expected);
// "did you mean `availability`?" when `token` is a near miss of a keyword.
std::string did_you_mean(antlr4::Token* token, const std::vector<std::string>& keywords);

}  // namespace slaudit::grammar
