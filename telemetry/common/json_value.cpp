#include "telemetry/common/json_value.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "telemetry/common/reason_text.h"

namespace slaudit {

namespace {

using Sax = nlohmann::json_sax<nlohmann::json>;

// The byte where the container that passes kMaxJsonDepth opens. SAX events
// carry no position, so on that error (only) the text is scanned again up to it.
size_t deep_open_offset(std::string_view text) {
  size_t depth = 0;
  bool in_string = false, escaped = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxJsonDepth) return i;
    } else if ((c == '}' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return text.size();
}

// Builds a JsonValue from SAX events. The open containers are a stack of
// pointers; a pointer stays valid because a container's parent is never
// modified while the container is open.
class TreeBuilder final : public Sax {
 public:
  explicit TreeBuilder(std::string_view text) : text_(text) {}

  JsonParse result() && {
    if (!error_.empty()) return {std::nullopt, std::move(error_), column_, offset_};
    return {std::move(root_), {}, 0, 0};
  }

  bool null() override { return scalar(JsonValue::Kind::Null, {}); }
  bool boolean(bool value) override { return scalar(JsonValue::Kind::Boolean, value ? "true" : "false"); }
  // Integers arrive already converted, but exactly: their decimal text is theirs.
  bool number_integer(number_integer_t value) override {
    return scalar(JsonValue::Kind::Number, std::to_string(value));
  }
  bool number_unsigned(number_unsigned_t value) override {
    return scalar(JsonValue::Kind::Number, std::to_string(value));
  }
  bool number_float(number_float_t, const string_t& source) override {
    return scalar(JsonValue::Kind::Number, with_decimal_point(source));
  }
  bool string(string_t& value) override { return scalar(JsonValue::Kind::String, std::move(value)); }
  bool binary(binary_t&) override { return fail("binary values are not JSON"); }
  bool start_object(std::size_t) override { return open(JsonValue::Kind::Object); }
  bool key(string_t& key) override {
    pending_key_ = std::move(key);
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(JsonValue::Kind::Array); }
  bool end_array() override { return close(); }

  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override {
    // what(): "[json.exception.parse_error.101] parse error at line 1, column 2: <detail>"
    // or "[json.exception.out_of_range.406] <detail>": keep the detail.
    std::string_view message = ex.what();
    const size_t id_end = message.find("] ");
    if (message.starts_with('[') && id_end != std::string_view::npos) message.remove_prefix(id_end + 2);
    if (message.starts_with("parse error at line ")) {
      const size_t colon = message.find(": ");
      if (colon != std::string_view::npos) message.remove_prefix(colon + 2);
    }
    return fail_at(position, std::string(message));
  }

 private:
  // nlohmann writes the current locale's decimal point (localeconv) into a
  // number's text; JSON has only '.', so any other character is that stand-in.
  static std::string with_decimal_point(std::string text) {
    for (char& c : text) {
      if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == 'e' || c == 'E')) c = '.';
    }
    return text;
  }

  JsonValue* place(JsonValue::Kind kind, std::string text) {
    JsonValue value;
    value.kind = kind;
    value.text = std::move(text);
    if (open_.empty()) {
      root_ = std::move(value);
      return &*root_;
    }
    JsonValue& parent = *open_.back();
    if (parent.kind == JsonValue::Kind::Array) {
      parent.elements.push_back(std::move(value));
      return &parent.elements.back();
    }
    parent.members.push_back({std::move(pending_key_), std::move(value)});
    return &parent.members.back().value;
  }

  bool scalar(JsonValue::Kind kind, std::string text) {
    place(kind, std::move(text));
    return true;
  }

  bool open(JsonValue::Kind kind) {
    if (open_.size() >= kMaxJsonDepth) {
      return fail_at(deep_open_offset(text_) + 1, "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    }
    open_.push_back(place(kind, {}));
    return true;
  }

  bool close() {
    open_.pop_back();
    return true;
  }

  // `position` counts the bytes read, so the offending byte is the one before it.
  bool fail_at(std::size_t position, const std::string& message) {
    column_ = code_point_column(text_, position > 0 ? position - 1 : 0);
    offset_ = std::max<std::size_t>(position, 1);
    return fail(printable(message));
  }

  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  std::string_view text_;
  std::optional<JsonValue> root_;
  std::vector<JsonValue*> open_;
  std::string pending_key_;
  std::string error_;
  size_t column_ = 0;
  size_t offset_ = 0;
};

}  // namespace

const char* json_kind_name(JsonValue::Kind kind) {
  switch (kind) {
    case JsonValue::Kind::Null: return "null";
    case JsonValue::Kind::Boolean: return "a boolean";
    case JsonValue::Kind::Number: return "a number";
    case JsonValue::Kind::String: return "a string";
    case JsonValue::Kind::Object: return "an object";
    case JsonValue::Kind::Array: return "an array";
  }
  return "a value";
}

JsonParse parse_json_keeping_numbers(std::string_view text) {
  TreeBuilder builder(text);
  nlohmann::json::sax_parse(text.begin(), text.end(), &builder);
  return std::move(builder).result();
}

}  // namespace slaudit
