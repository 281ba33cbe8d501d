#pragma once
// A JSON value that keeps every number's source text. nlohmann::json's DOM
// turns numbers into doubles, and 0.1 as a double is not 0.1; we read through
// its SAX interface instead and build this small tree.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace slaudit {

struct JsonMember;

struct JsonValue {
  enum class Kind { Null, Boolean, Number, String, Object, Array };
  Kind kind = Kind::Null;
  std::string text;                 // String: its content; Number: its source text; Boolean: true/false
  std::vector<JsonMember> members;  // Object: in source order, duplicate keys kept
  std::vector<JsonValue> elements;  // Array
};

struct JsonMember {
  std::string key;
  JsonValue value;
};

// "a number", "an object", ...: for "must be a string, found a number".
const char* json_kind_name(JsonValue::Kind kind);

struct JsonParse {
  std::optional<JsonValue> value;
  std::string error;  // "syntax error while parsing ..."; set when there is no value
  size_t column = 0;  // 1-based column (code points) where parsing stopped; 0 when unknown
  size_t offset = 0;  // 1-based byte where parsing stopped, for texts of many lines; 0 when unknown
};

// Nesting deeper than this is refused: no record needs it, and the tree is
// freed recursively.
inline constexpr size_t kMaxJsonDepth = 16;

// One complete JSON text (a JSON Lines record): trailing content is an error.
JsonParse parse_json_keeping_numbers(std::string_view text);

}  // namespace slaudit
