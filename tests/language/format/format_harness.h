#pragma once
// Helpers shared by the format tests: parse-or-fail, the meaning of a source
// (its AST as JSON without locations), comment texts, and the three
// properties every input must have (round trip, idempotency, comments kept).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace slaudit::format_test {

// The source's parse errors rendered, or "" when it parses cleanly.
std::string parse_errors(const std::string& text);
// The canonical text; the input must parse cleanly.
std::string formatted(const std::string& text);
// What the source means: ast_to_json without locations.
nlohmann::json meaning(const std::string& text);
// The texts of the source's comments, in order.
std::vector<std::string> comment_texts(const std::string& text);

// Checks (Catch2 CHECKs) parse(format(x)) == parse(x), format(format(x)) ==
// format(x), and that the comments are the same, in the same order.
void check_format_properties(const std::string& text);

}  // namespace slaudit::format_test
