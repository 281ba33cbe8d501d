#include "telemetry/evidence/inventory.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <span>

#include "base/num/decimal.h"
#include "base/text/display_width.h"
#include "base/util/sha256.h"
#include "telemetry/common/json_value.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"

namespace slaudit::evidence {

namespace {

using Kind = JsonValue::Kind;

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kInterconnects[] = {"rdma", "roce", "infiniband", "ethernet"};
constexpr std::string_view kTenancies[] = {"exclusive", "shared"};
constexpr std::string_view kTopFields[] = {"as_of", "source", "clusters"};
constexpr std::string_view kClusterFields[] = {"id", "region", "gpus", "nodes", "interconnect", "tenancy"};

// Collects every problem of the document, each at its JSON path.
class Reader {
 public:
  std::vector<InventoryError> errors;

  void fail(std::string path, std::string reason) { errors.push_back({std::move(path), 0, 0, std::move(reason)}); }

  // Unknown and repeated keys: a typo ("gpu") must not leave a field unread.
  bool check_keys(const JsonValue& object, const std::string& path, std::span<const std::string_view> known) {
    bool ok = true;
    std::set<std::string> seen;
    for (const JsonMember& m : object.members) {
      if (!seen.insert(m.key).second) {
        fail(path, "field " + quote_value(m.key) + " is repeated");
        ok = false;
      } else if (std::find(known.begin(), known.end(), m.key) == known.end()) {
        fail(path + "." + printable(m.key, 60), unknown_field_reason(m.key, known));
        ok = false;
      }
    }
    return ok;
  }

  // A cluster's id and region are names that reports print (name_check.h).
  std::optional<std::string> name(const JsonValue& v, const std::string& path) {
    std::optional<std::string> t = text(v, path);
    if (!t) return t;
    if (auto problem = name_problem("the value", *t)) {
      fail(path, *problem);
      return std::nullopt;
    }
    return t;
  }

  std::optional<std::string> text(const JsonValue& v, const std::string& path) {
    if (v.kind != Kind::String) {
      fail(path, std::string("must be a string, found ") + json_kind_name(v.kind));
      return std::nullopt;
    }
    if (v.text.empty()) {
      fail(path, "must not be empty");
      return std::nullopt;
    }
    return v.text;
  }

  std::optional<std::string> one_of(const JsonValue& v, const std::string& path,
                                    std::span<const std::string_view> allowed) {
    auto t = text(v, path);
    if (!t) return std::nullopt;
    if (std::find(allowed.begin(), allowed.end(), *t) != allowed.end()) return t;
    std::string list;
    for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    fail(path, quote_value(*t) + " is not one of " + list);
    return std::nullopt;
  }

  std::optional<int64_t> count(const JsonValue& v, const std::string& path) {
    if (v.kind != Kind::Number) {
      fail(path, std::string("must be a whole number, found ") + json_kind_name(v.kind));
      return std::nullopt;
    }
    const auto d = Decimal::parse(v.text);
    const auto whole = d && d->is_integer() ? d->scaled_to(0) : std::nullopt;
    if (!whole) {
      fail(path, "must be a whole number, found " + quote_value(v.text));
      return std::nullopt;
    }
    if (*whole < 0) {
      fail(path, "must not be negative, found " + quote_value(v.text));
      return std::nullopt;
    }
    return whole;
  }

  std::optional<Cluster> cluster(const JsonValue& v, const std::string& path) {
    if (v.kind != Kind::Object) {
      fail(path, std::string("a cluster must be an object, found ") + json_kind_name(v.kind));
      return std::nullopt;
    }
    const size_t before = errors.size();
    check_keys(v, path, kClusterFields);
    Cluster c;
    bool has_id = false, has_gpus = false;
    for (const JsonMember& m : v.members) {
      const std::string at = path + "." + m.key;
      if (m.key == "id") {
        if (auto t = name(m.value, at)) c.id = *t, has_id = true;
      } else if (m.key == "region") {
        c.region = name(m.value, at);
      } else if (m.key == "gpus") {
        if (auto n = count(m.value, at)) c.gpus = *n, has_gpus = true;
      } else if (m.key == "nodes") {
        c.nodes = count(m.value, at);
      } else if (m.key == "interconnect") {
        c.interconnect = one_of(m.value, at, kInterconnects);
      } else if (m.key == "tenancy") {
        c.tenancy = one_of(m.value, at, kTenancies);
      }
    }
    auto present = [&](std::string_view key) {
      for (const JsonMember& m : v.members)
        if (m.key == key) return true;
      return false;
    };
    if (!has_id && !present("id")) fail(path, "missing required field 'id'");
    if (!has_gpus && !present("gpus")) fail(path, "missing required field 'gpus'");
    if (errors.size() != before) return std::nullopt;
    return c;
  }

  std::optional<Inventory> document(const JsonValue& root) {
    if (root.kind != Kind::Object) {
      fail("$", std::string("the inventory must be a JSON object {\"clusters\": [...]}, found ") + json_kind_name(root.kind));
      return std::nullopt;
    }
    check_keys(root, "$", kTopFields);
    Inventory inv;
    const JsonValue* clusters = nullptr;
    for (const JsonMember& m : root.members) {
      if (m.key == "as_of") inv.as_of = text(m.value, "$.as_of");
      if (m.key == "source") inv.source = text(m.value, "$.source");
      if (m.key == "clusters") clusters = &m.value;
    }
    if (!clusters) {
      fail("$", "missing required field 'clusters'");
      return std::nullopt;
    }
    if (clusters->kind != Kind::Array) {
      fail("$.clusters", std::string("must be an array, found ") + json_kind_name(clusters->kind));
      return std::nullopt;
    }
    std::set<std::string> ids;
    for (size_t i = 0; i < clusters->elements.size(); ++i) {
      const std::string path = "$.clusters[" + std::to_string(i) + "]";
      auto c = cluster(clusters->elements[i], path);
      if (!c) continue;
      if (!ids.insert(c->id).second) {
        fail(path + ".id", "duplicate cluster id " + quote_value(c->id));
        continue;
      }
      inv.clusters.push_back(std::move(*c));
    }
    if (!errors.empty()) return std::nullopt;
    return inv;
  }
};

// Line and column of the `column`-th code point of `text` (the JSON parser counts from the start).
std::pair<size_t, size_t> line_column(std::string_view text, size_t column) {
  size_t line = 1, col = 1, seen = 1;
  for (size_t i = 0; i < text.size() && seen < column; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte & 0xC0) == 0x80) continue;
    ++seen;
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return {line, col};
}

}  // namespace

std::string inventory_error_text(const std::string& path, const InventoryError& error) {
  if (error.line > 0)
    return path + ":" + std::to_string(error.line) + ":" + std::to_string(error.column) + ": " + error.reason;
  return path + ": " + error.json_path + ": " + error.reason;
}

InventoryResult read_inventory(std::string_view content, std::string path) {
  InventoryResult result;
  const std::string digest = sha256_hex(content);
  std::string_view body = content;
  if (body.substr(0, kBom.size()) == kBom) body.remove_prefix(kBom.size());
  if (const size_t bad = first_invalid_utf8(body); bad != std::string_view::npos) {
    auto [line, column] = line_column(body, code_point_column(body, bad));
    const size_t nth = bad + 1 + (content.size() - body.size());  // 1-based, of the file, BOM and all
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(body[bad])));
    result.errors.push_back({"$", line, column,
                             "the inventory is not valid UTF-8: byte " + std::string(hex) + " at byte " +
                                 std::to_string(nth) + " of the file"});
    return result;
  }
  JsonParse parsed = parse_json_keeping_numbers(body);
  if (!parsed.value) {
    auto [line, column] = line_column(body, parsed.column);
    result.errors.push_back({"$", parsed.column ? line : 0, parsed.column ? column : 0,
                             "not valid JSON: " + parsed.error});
    return result;
  }
  Reader reader;
  std::optional<Inventory> inv = reader.document(*parsed.value);
  if (!inv) {
    result.errors = std::move(reader.errors);
    return result;
  }
  inv->path = std::move(path);
  inv->sha256 = digest;
  result.inventory = std::move(inv);
  return result;
}

}  // namespace slaudit::evidence
