#include "telemetry/probe/probe_target_map.h"

#include <algorithm>
#include <set>

#include "telemetry/common/json_value.h"
#include "telemetry/common/name_check.h"

namespace slaudit::probe {

namespace {

using Kind = JsonValue::Kind;

// "line L, column C" of the 1-based byte `offset` of a text of many lines.
std::string line_and_column(std::string_view text, size_t offset) {
  const std::string_view before = text.substr(0, std::min(offset, text.size() + 1) - 1);
  const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
  const size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
  size_t column = 1;  // in code points: continuation bytes do not count
  for (size_t i = line_start; i < before.size(); ++i) column += (static_cast<unsigned char>(before[i]) & 0xC0) != 0x80;
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

const JsonValue* member(const JsonValue& object, std::string_view key) {
  for (const JsonMember& m : object.members)
    if (m.key == key) return &m.value;
  return nullptr;
}

// The first key an object repeats, if any: a repeated key is refused, as every reader does.
const std::string* repeated_key(const JsonValue& object) {
  std::set<std::string_view> seen;
  for (const JsonMember& m : object.members)
    if (!seen.insert(m.key).second) return &m.key;
  return nullptr;
}

// One target's home, or the reason it is not one. The target and its
// resource are names that reports print (name_check.h).
std::string read_home(const std::string& target, const JsonValue& home, TargetHome& out) {
  if (auto problem = name_problem("a target", target)) return *problem;
  const std::string where = "target \"" + target + "\": ";
  const JsonValue* service = home.kind == Kind::Object ? member(home, "service") : nullptr;
  if (service == nullptr || service->kind != Kind::String) return where + "expected an object with a string \"service\"";
  if (service->text.empty()) return where + "\"service\" is empty; expected the name of one of the contract's services";
  if (const std::string* key = repeated_key(home)) return where + "key \"" + *key + "\" is repeated";
  out.service = service->text;
  if (const JsonValue* cluster = member(home, "cluster")) {
    if (cluster->kind != Kind::String) return where + "\"cluster\" must be a string";
    out.cluster = cluster->text;
  }
  if (const JsonValue* resource = member(home, "resource")) {
    if (resource->kind != Kind::String || resource->text.empty()) return where + "\"resource\" must be a non-empty string";
    if (auto problem = name_problem("\"resource\"", resource->text)) return where + *problem;
    out.resource = resource->text;
  }
  for (const JsonMember& m : home.members)
    if (m.key != "service" && m.key != "cluster" && m.key != "resource")
      return where + "unknown key \"" + m.key + "\" (expected service, cluster, resource)";
  return {};
}

}  // namespace

TargetMapResult parse_target_map(std::string_view text, std::string_view name) {
  TargetMapResult out;
  const std::string where(name);
  const JsonParse parsed = parse_json_keeping_numbers(text);
  if (!parsed.value) {
    out.error = where + ": not valid JSON" +
                (parsed.offset > 0 ? " at " + line_and_column(text, parsed.offset) + " (byte " +
                                         std::to_string(parsed.offset) + ")"
                                   : std::string()) +
                ": " + parsed.error;
    return out;
  }
  const JsonValue& doc = *parsed.value;
  if (doc.kind != Kind::Object) {
    out.error = where + ": expected an object of targets, e.g. {\"probe-1\": {\"service\": \"training\"}}";
    return out;
  }
  if (const std::string* key = repeated_key(doc)) {
    out.error = where + ": target \"" + *key + "\" is given twice";
    return out;
  }
  TargetMap map;
  for (const JsonMember& m : doc.members) {
    TargetHome home;
    if (std::string error = read_home(m.key, m.value, home); !error.empty()) {
      out.error = where + ": " + error;
      return out;
    }
    map.targets.emplace(m.key, std::move(home));
  }
  out.map = std::move(map);
  return out;
}

}  // namespace slaudit::probe
