#include "telemetry/incidents/json_records.h"

#include <set>

#include "telemetry/common/json_value.h"
#include "telemetry/common/reason_text.h"
#include "telemetry/incidents/record_fields.h"

namespace slaudit {

namespace {

using Kind = JsonValue::Kind;
using Reason = std::optional<std::string>;

RawRecord rejected(std::string reason) { return {std::nullopt, std::move(reason), nullptr}; }

std::string field(std::string_view name) { return quote_value(name); }

// A pretty-printed JSON array is the likeliest way to get JSON Lines wrong.
std::string array_hint(std::string_view line) {
  const size_t first = line.find_first_not_of(" \t\r");
  if (first == std::string_view::npos || (line[first] != '[' && line[first] != ']')) return {};
  return " (JSON Lines has one object per line, not a JSON array)";
}

Reason read_text(std::string_view name, const JsonValue& value, std::optional<std::string_view>& out) {
  if (value.kind == Kind::String) {
    out = value.text;
  } else if (value.kind == Kind::Null) {
    out = std::string_view();  // null is an empty value: absent if optional, rejected if required
  } else {
    return "field " + field(name) + " must be a string, found " + json_kind_name(value.kind);
  }
  return std::nullopt;
}

// {"gpus": N} or {"nodes": N}, N a number.
Reason read_count(const JsonValue& value, RawAffected& out) {
  constexpr const char* kShape = "bad affected value: expected a share, or {\"gpus\": N} or {\"nodes\": N}";
  if (value.members.size() != 1) return std::string(kShape);
  const JsonMember& member = value.members.front();
  if (member.key != "gpus" && member.key != "nodes") return std::string(kShape);
  if (member.value.kind != Kind::Number) {
    return "bad affected value: in {\"" + member.key + "\": N}, N must be a number, found " +
           json_kind_name(member.value.kind);
  }
  out.form = RawAffected::Form::Count;
  out.unit = member.key == "gpus" ? CountUnit::Gpus : CountUnit::Nodes;
  out.text = member.value.text;
  return std::nullopt;
}

Reason read_affected(const JsonValue& value, std::optional<RawAffected>& out) {
  RawAffected affected;
  switch (value.kind) {
    case Kind::Null: return std::nullopt;
    case Kind::Number: affected.form = RawAffected::Form::Number; break;
    case Kind::String: affected.form = RawAffected::Form::Text; break;
    case Kind::Object:
      if (Reason reason = read_count(value, affected)) return reason;
      out = std::move(affected);
      return std::nullopt;
    default:
      return std::string("field 'scope.affected' must be a number, a string or {\"gpus\": N}, found ") +
             json_kind_name(value.kind);
  }
  affected.text = value.text;
  out = std::move(affected);
  return std::nullopt;
}

Reason read_scope(const JsonValue& scope, RawIncident& raw) {
  if (scope.kind == Kind::Null) return std::nullopt;
  if (scope.kind != Kind::Object) {
    return std::string("field 'scope' must be an object such as {\"cluster\": \"bj-gpu-01\", \"affected\": 0.25}, found ") +
           json_kind_name(scope.kind);
  }
  std::set<std::string_view> seen;
  for (const JsonMember& member : scope.members) {
    const std::string name = "scope." + member.key;
    if (!seen.insert(member.key).second) return "field " + field(name) + " appears twice";
    if (member.key == "cluster") {
      if (Reason reason = read_text(name, member.value, raw.cluster)) return reason;
    } else if (member.key == "affected") {
      if (Reason reason = read_affected(member.value, raw.affected)) return reason;
    } else {
      return unknown_field_reason(name, kJsonScopeFieldNames);
    }
  }
  return std::nullopt;
}

Reason read_member(const JsonMember& member, RawIncident& raw, bool strict) {
  if (member.key == "scope") return read_scope(member.value, raw);
  if (const TextField* text = find_text_field(member.key)) return read_text(member.key, member.value, raw.*(text->member));
  if (member.key == "cluster" || member.key == "affected") {
    return "unknown field " + field(member.key) + " (in JSON Lines, 'cluster' and 'affected' go inside 'scope')";
  }
  // Kept unread, whatever its value, unless it looks like a known field mistyped.
  if (!strict && !member.key.empty() && !near_miss(member.key, kJsonFieldNames)) {
    raw.unused_fields.push_back(member.key);
    return std::nullopt;
  }
  return unknown_field_reason(member.key, kJsonFieldNames);
}

}  // namespace

RawRecord raw_incident_from_json_line(std::string_view line, size_t line_number, bool strict) {
  JsonParse parsed = parse_json_keeping_numbers(line);
  if (!parsed.value) {
    const std::string where = parsed.column ? " at column " + std::to_string(parsed.column) : std::string();
    return rejected("malformed JSON" + where + ": " + parsed.error + array_hint(line));
  }
  if (parsed.value->kind != Kind::Object) {
    return rejected(std::string("expected a JSON object, found ") + json_kind_name(parsed.value->kind) +
                    array_hint(line));
  }
  // The raw record's views point into the tree, which moves to the heap first.
  auto tree = std::make_shared<const JsonValue>(std::move(*parsed.value));
  const JsonValue& object = *tree;
  RawIncident raw;
  raw.line = line_number;
  std::set<std::string_view> seen;
  for (const JsonMember& member : object.members) {
    // A repeated key is ambiguous: nlohmann would keep the last, other tools the first.
    if (!seen.insert(member.key).second) return rejected("field " + field(member.key) + " appears twice");
    if (Reason reason = read_member(member, raw, strict)) return rejected(std::move(*reason));
  }
  return {std::move(raw), {}, std::move(tree)};
}

}  // namespace slaudit
