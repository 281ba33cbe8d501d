#pragma once
// The structural part of a JSON Schema check, for the reports' schemas in
// docs/ (there is no schema library among the Debian packages the build
// uses): walks a value against `required` and `properties` (following `$ref`,
// `oneOf` and `items`), collecting what is missing, what a closed object does
// not know, and values outside an `enum` or `const`.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace slaudit::testing {

struct SchemaWalk {
  const nlohmann::json& root;  // the whole schema, for `$ref`
  std::vector<std::string> missing, unknown, bad_values;
  size_t objects = 0;

  void walk(const nlohmann::json& schema, const nlohmann::json& value, const std::string& path);

 private:
  const nlohmann::json& resolve(const nlohmann::json& schema) const;
};

// The whole walk of `value` against docs/NAME, one of the reports' schemas.
struct SchemaCheck {
  std::vector<std::string> missing, unknown, bad_values;
  size_t objects = 0;
  bool clean() const { return missing.empty() && unknown.empty() && bad_values.empty(); }
  std::string first_problem() const;  // "" when clean
};
SchemaCheck check_against_docs_schema(const std::string& name, const nlohmann::json& value);

}  // namespace slaudit::testing
