#include "tests/support/schema_walk.h"

#include <fstream>

namespace slaudit::testing {

using nlohmann::json;

std::string SchemaCheck::first_problem() const {
  if (!missing.empty()) return "missing " + missing[0];
  if (!unknown.empty()) return "unknown " + unknown[0];
  if (!bad_values.empty()) return "bad value " + bad_values[0];
  return "";
}

SchemaCheck check_against_docs_schema(const std::string& name, const json& value) {
  std::ifstream file(std::string(SLAUDIT_SOURCE_DIR) + "/docs/" + name);
  const json schema = json::parse(file);
  SchemaWalk walk{schema};
  walk.walk(schema, value, "");
  return {walk.missing, walk.unknown, walk.bad_values, walk.objects};
}

const json& SchemaWalk::resolve(const json& schema) const {
  if (!schema.contains("$ref")) return schema;
  return resolve(root.at(json::json_pointer(schema.at("$ref").get<std::string>().substr(1))));
}

void SchemaWalk::walk(const json& schema_in, const json& value, const std::string& path) {
  const json& schema = resolve(schema_in);
  if (value.is_null()) return;  // the schema's "null" branches carry no fields
  if (schema.contains("oneOf")) {
    for (const json& branch : schema.at("oneOf"))
      if (resolve(branch).value("type", "") != "null") walk(branch, value, path);
    return;
  }
  if (schema.contains("enum")) {
    bool found = false;
    for (const json& e : schema.at("enum")) found |= e == value;
    if (!found) bad_values.push_back(path + "=" + value.dump());
  }
  if (schema.contains("const") && schema.at("const") != value) bad_values.push_back(path + "=" + value.dump());
  if (value.is_object()) {
    ++objects;
    for (const json& name : schema.value("required", json::array()))
      if (!value.contains(name.get<std::string>())) missing.push_back(path + "/" + name.get<std::string>());
    const json properties = schema.value("properties", json::object());
    for (const auto& [key, child] : value.items()) {
      if (!properties.contains(key)) unknown.push_back(path + "/" + key);
      else walk(properties.at(key), child, path + "/" + key);
    }
  }
  if (value.is_array() && schema.contains("items"))
    for (size_t i = 0; i < value.size(); ++i) walk(schema.at("items"), value[i], path + "/" + std::to_string(i));
}

}  // namespace slaudit::testing
