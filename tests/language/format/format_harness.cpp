#include "tests/language/format/format_harness.h"

#include <catch2/catch.hpp>

#include "language/format/printer.h"
#include "language/syntax/ast_json.h"
#include "language/grammar/parse.h"

namespace slaudit::format_test {

std::string parse_errors(const std::string& text) {
  const SourceFile source("input.sla", text);
  const ParseResult result = parse_contract(source);
  std::string out;
  for (const Diagnostic& d : result.diagnostics.sorted()) out += render_diagnostic(source, d) + "\n";
  return out;
}

std::string formatted(const std::string& text) {
  const SourceFile source("input.sla", text);
  const ParseResult result = parse_contract(source);
  INFO("input:\n" << text);
  REQUIRE(parse_errors(text) == "");
  return format_contract(source, result.file);
}

nlohmann::json meaning(const std::string& text) {
  const SourceFile source("input.sla", text);
  return ast_to_json(parse_contract(source).file, nullptr);
}

std::vector<std::string> comment_texts(const std::string& text) {
  const SourceFile source("input.sla", text);
  std::vector<std::string> out;
  for (const ast::Comment& c : parse_contract(source).file.comments) out.push_back(c.text);
  return out;
}

void check_format_properties(const std::string& text) {
  INFO("input:\n" << text);
  const std::string once = formatted(text);
  INFO("formatted:\n" << once);
  CHECK(parse_errors(once) == "");
  CHECK(meaning(once).dump(2) == meaning(text).dump(2));
  CHECK(formatted(once) == once);
  CHECK(comment_texts(once) == comment_texts(text));
}

}  // namespace slaudit::format_test
