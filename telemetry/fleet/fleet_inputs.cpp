// Inventory and billing-export readers. Both formats of the inventory become
// the same field map first, so a record is checked the same way whichever
// format it came in, and says the same reason.
#include "telemetry/fleet/fleet_inputs.h"

#include <algorithm>
#include <optional>
#include <set>

#include "base/num/amount_limit.h"
#include "base/num/decimal.h"
#include "base/time/civil_date.h"
#include "base/time/timestamp.h"
#include "telemetry/common/csv.h"
#include "telemetry/common/json_value.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"

namespace slaudit::fleet {

namespace {

using Fields = std::map<std::string, std::string, std::less<>>;  // present, non-null values only
using Reason = std::optional<std::string>;

// Printable and cut (reason_text.h): a reason never carries a line break or a megabyte of input.
std::string in_quotes(std::string_view text) { return quote_value(text); }

const model::Service* fleet_service(const model::Contract& contract, std::string_view name) {
  auto index = contract.find_service(name);
  if (!index || !contract.services[*index].fleet) return nullptr;
  return &contract.services[*index];
}

Reason read_zones(const model::Service& service, const Fields& fields, Resource& out) {
  auto it = fields.find("zones");
  if (!service.fleet->zones) {
    if (it != fields.end()) return "service '" + service.name + "' is not declared 'with zones'; 'zones' is not allowed";
    return std::nullopt;
  }
  if (it == fields.end()) return std::string("missing 'zones' (service '" + service.name + "' is declared with zones)");
  auto value = Decimal::parse(it->second);
  if (!value || !value->is_integer() || value->coefficient() < 1)
    return "bad 'zones' " + in_quotes(it->second) + "; expected a whole number >= 1";
  out.zones = *value->scaled_to(0);
  return std::nullopt;
}

Reason read_instant(const Fields& fields, const char* name, std::optional<Instant>& out) {
  auto it = fields.find(name);
  if (it == fields.end()) return std::nullopt;
  TimestampResult parsed = parse_timestamp(it->second);
  if (!parsed.instant) return std::string("bad '") + name + "' " + in_quotes(it->second) + ": " + parsed.error;
  out = parsed.instant;
  return std::nullopt;
}

Reason read_attributes(const model::Service& service, const Fields& fields, Resource& out) {
  for (const std::string& name : service.fleet->attributes) {
    auto it = fields.find(name);
    if (it == fields.end() || it->second.empty())
      return "missing attribute '" + name + "' (declared by service '" + service.name + "')";
    out.attributes.emplace(name, it->second);
  }
  return std::nullopt;
}

constexpr std::string_view kFixed[] = {"id", "service", "region", "zone", "zones", "launched", "terminated"};

// One inventory record, from either format. Its id, region, zone and
// attributes are names that reports print (name_check.h), checked as the
// incident reader checks its ids.
std::variant<Resource, std::string> resource(const Fields& fields, const model::Contract& contract) {
  for (const char* name : {"id", "service", "region", "zone"})
    if (auto it = fields.find(name); it == fields.end() || it->second.empty()) return "missing '" + std::string(name) + "'";
  for (const auto& [name, value] : fields)
    if (Reason r = name_problem("field " + in_quotes(name), value)) return *r;
  const model::Service* service = fleet_service(contract, fields.at("service"));
  if (service == nullptr) return "unknown service " + in_quotes(fields.at("service")) + "; expected one of the contract's fleets";
  for (const auto& [name, value] : fields) {
    const bool fixed = std::ranges::find(kFixed, name) != std::end(kFixed);
    const bool declared = std::ranges::find(service->fleet->attributes, name) != service->fleet->attributes.end();
    if (!fixed && !declared && !value.empty())
      return "attribute " + in_quotes(name) + " is not declared by service '" + service->name + "'";
  }
  Resource out{fields.at("id"), service->name, fields.at("region"), fields.at("zone"), 1, {}, {}, {}};
  if (Reason r = read_zones(*service, fields, out)) return *r;
  if (Reason r = read_attributes(*service, fields, out)) return *r;
  if (Reason r = read_instant(fields, "launched", out.launched)) return *r;
  if (Reason r = read_instant(fields, "terminated", out.terminated)) return *r;
  if (out.launched && out.terminated && *out.terminated <= *out.launched)
    return "'terminated' " + in_quotes(fields.at("terminated")) + " is not after 'launched' " + in_quotes(fields.at("launched"));
  return out;
}

// A JSON Lines record as fields: strings and numbers as their text, null as absent,
// the attributes object flattened.
std::variant<Fields, std::string> json_fields(std::string_view line) {
  JsonParse parsed = parse_json_keeping_numbers(line);
  if (!parsed.value)
    return "not JSON" + (parsed.column ? " at column " + std::to_string(parsed.column) : std::string()) + ": " +
           parsed.error;
  if (parsed.value->kind != JsonValue::Kind::Object) return std::string("expected a JSON object");
  Fields out;
  auto add = [&](const std::string& key, const JsonValue& v) -> Reason {
    if (v.kind == JsonValue::Kind::Null) return std::nullopt;
    if (v.kind != JsonValue::Kind::String && v.kind != JsonValue::Kind::Number)
      return "'" + key + "' must be a string or a number, found " + json_kind_name(v.kind);
    if (!out.emplace(key, v.text).second) return "'" + key + "' is given twice";
    return std::nullopt;
  };
  for (const JsonMember& m : parsed.value->members) {
    if (m.key == "attributes" && m.value.kind == JsonValue::Kind::Object) {
      for (const JsonMember& a : m.value.members)
        if (Reason r = add(a.key, a.value)) return *r;
    } else if (Reason r = add(m.key, m.value)) {
      return *r;
    }
  }
  return out;
}

void add_resource(InventoryInput& in, size_t line, std::variant<Resource, std::string> built, std::set<std::string>& ids) {
  ++in.records_read;
  if (auto* reason = std::get_if<std::string>(&built)) {
    in.rejected.push_back({line, *reason});
    return;
  }
  Resource& r = std::get<Resource>(built);
  if (!ids.insert(r.id).second) {
    in.rejected.push_back({line, "duplicate id " + in_quotes(r.id) + "; the first record with it is used"});
    return;
  }
  in.resources.push_back(std::move(r));
}

InventoryInput inventory_json_lines(std::string_view content, const model::Contract& contract) {
  InventoryInput in;
  std::set<std::string> ids;
  size_t line = 0, at = 0;
  while (at < content.size()) {
    size_t end = content.find('\n', at);
    if (end == std::string_view::npos) end = content.size();
    std::string_view text = content.substr(at, end - at);
    at = end + 1;
    ++line;
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (text.find_first_not_of(" \t") == std::string_view::npos) continue;  // blank lines are skipped
    auto fields = json_fields(text);
    if (auto* reason = std::get_if<std::string>(&fields)) add_resource(in, line, *reason, ids);
    else add_resource(in, line, resource(std::get<Fields>(fields), contract), ids);
  }
  return in;
}

// The CSV header: every column known (fixed, or an attribute of some fleet), each once.
std::variant<std::vector<std::string>, std::string> csv_header(const CsvRecord& record,
                                                               const std::vector<std::string_view>& known,
                                                               const std::vector<std::string_view>& required) {
  if (!record.error.empty()) return "bad header: " + record.error;
  std::vector<std::string> columns;
  for (const std::string& name : record.fields) {
    if (std::ranges::find(known, name) == known.end()) return "unknown column " + in_quotes(name);
    if (std::ranges::find(columns, name) != columns.end()) return "column " + in_quotes(name) + " is given twice";
    columns.push_back(name);
  }
  for (std::string_view name : required)
    if (std::ranges::find(columns, name) == columns.end()) return "missing column " + in_quotes(name);
  return columns;
}

std::variant<Fields, std::string> csv_fields(const CsvRecord& record, const std::vector<std::string>& columns) {
  if (!record.error.empty()) return record.error;
  if (record.fields.size() != columns.size())
    return "expected " + std::to_string(columns.size()) + " cells, found " + std::to_string(record.fields.size());
  Fields out;
  for (size_t i = 0; i < columns.size(); ++i)
    if (!record.fields[i].empty()) out.emplace(columns[i], record.fields[i]);
  return out;
}

template <class OnRow>
std::string read_csv(std::string_view content, const std::vector<std::string_view>& known,
                     const std::vector<std::string_view>& required, OnRow on_row) {
  CsvReader reader(content);
  std::optional<CsvRecord> first = reader.next();
  if (!first) return "empty file; expected a header row";
  auto header = csv_header(*first, known, required);
  if (auto* error = std::get_if<std::string>(&header)) return "line " + std::to_string(first->line) + ": " + *error;
  const auto& columns = std::get<std::vector<std::string>>(header);
  while (std::optional<CsvRecord> record = reader.next()) on_row(record->line, csv_fields(*record, columns));
  return {};
}

InventoryInput inventory_csv(std::string_view content, const model::Contract& contract) {
  std::vector<std::string_view> known(std::begin(kFixed), std::end(kFixed));
  for (const model::Service& s : contract.services)
    if (s.fleet)
      for (const std::string& a : s.fleet->attributes) known.push_back(a);
  InventoryInput in;
  std::set<std::string> ids;
  in.error = read_csv(content, known, {"id", "service", "region", "zone"},
                      [&](size_t line, std::variant<Fields, std::string> fields) {
                        if (auto* reason = std::get_if<std::string>(&fields)) add_resource(in, line, *reason, ids);
                        else add_resource(in, line, resource(std::get<Fields>(fields), contract), ids);
                      });
  return in;
}

// ---------------------------------------------------------------- billing export

bool is_month_label(std::string_view text) {
  return text.size() == 7 && text[4] == '-' && parse_civil_date(std::string(text) + "-01").has_value();
}

std::variant<ExactCharge, std::string> exact_charge(const std::string& text) {
  std::optional<Decimal> value = Decimal::parse(text);
  if (!value) return "bad 'charge' " + in_quotes(text) + "; expected a decimal such as 0.0416";
  if (value->is_negative()) return "negative 'charge' " + in_quotes(text);
  if (value->scale() > kChargeDigits)
    return "'charge' " + in_quotes(text) + " has more than " + std::to_string(kChargeDigits) + " decimals";
  __int128 units = value->coefficient();
  for (int s = value->scale(); s < kChargeDigits; ++s) units *= 10;
  return ExactCharge{units};
}

// One row's charge is at most kMaxChargeMinor: the whole export (read whole,
// under 2^24 rows) then sums under 2^63 minor units, every resource and period.
Reason over_charge_limit(ExactCharge charge, const std::string& text, const model::Currency& currency) {
  __int128 limit = kMaxChargeMinor;
  for (int d = currency.minor_digits; d < kChargeDigits; ++d) limit *= 10;
  if (charge.units <= limit) return std::nullopt;
  return "'charge' " + in_quotes(text) + " is over the largest charge of one row slaudit audits, " +
         minor_units_decimal(kMaxChargeMinor, currency.minor_digits) + " " + currency.code;
}

enum class ChargeKind { Recurring, OneTime, Unknown };

// Only kinds the reader knows go into a sum: a tax, a fee or a credit read as
// recurring would silently grow (or shrink) the credit base.
ChargeKind charge_kind(std::string usage) {
  std::ranges::transform(usage, usage.begin(), [](unsigned char c) {
    return c == '-' || c == ' ' ? '_' : static_cast<char>(std::tolower(c));
  });
  if (usage == "one_time" || usage == "onetime" || usage == "upfront") return ChargeKind::OneTime;
  if (usage.empty() || usage == "recurring" || usage.find("usage") != std::string::npos) return ChargeKind::Recurring;
  return ChargeKind::Unknown;
}

Reason charge_row(const Fields& f, const model::Currency& currency, const std::set<std::string_view>& ids,
                  BillingExportInput& out) {
  for (const char* name : {"resource", "period", "charge", "currency"})
    if (!f.contains(name)) return "missing '" + std::string(name) + "'";
  if (!ids.contains(f.at("resource"))) return "unknown resource " + in_quotes(f.at("resource")) + "; not in the inventory";
  if (!is_month_label(f.at("period"))) return "bad 'period' " + in_quotes(f.at("period")) + "; expected a month such as 2026-11";
  if (f.at("currency") != currency.code)
    return "currency " + in_quotes(f.at("currency")) + " is not the contract's " + currency.code;
  auto charge = exact_charge(f.at("charge"));
  if (auto* reason = std::get_if<std::string>(&charge)) return *reason;
  if (Reason over = over_charge_limit(std::get<ExactCharge>(charge), f.at("charge"), currency)) return *over;
  const ChargeKind kind = f.contains("usage_type") ? charge_kind(f.at("usage_type")) : ChargeKind::Recurring;
  if (kind == ChargeKind::Unknown)
    return "unknown 'usage_type' " + in_quotes(f.at("usage_type")) +
           "; expected a recurring charge (empty, 'recurring' or a usage type such as 'BoxUsage') or a one-time one "
           "('one_time', 'one-time', 'upfront'): a tax, fee or credit is not part of the credit base";
  ResourceCharges& into = out.charges[{f.at("resource"), f.at("period")}];
  const bool one_time = kind == ChargeKind::OneTime;
  (one_time ? into.one_time : into.recurring).units += std::get<ExactCharge>(charge).units;
  ++(one_time ? into.one_time_rows : into.recurring_rows);
  out.one_time_rows += one_time ? 1 : 0;
  return std::nullopt;
}

}  // namespace

InventoryInput read_inventory(std::string_view content, TableFormat format, const model::Contract& contract) {
  return format == TableFormat::Csv ? inventory_csv(content, contract) : inventory_json_lines(content, contract);
}

BillingExportInput read_billing_export(std::string_view content, const model::Currency& currency,
                                       const std::vector<Resource>& resources) {
  std::set<std::string_view> ids;
  for (const Resource& r : resources) ids.insert(r.id);
  BillingExportInput out;
  out.error = read_csv(content, {"resource", "period", "charge", "currency", "usage_type"},
                       {"resource", "period", "charge", "currency"},
                       [&](size_t line, std::variant<Fields, std::string> fields) {
                         ++out.records_read;
                         Reason reason = std::holds_alternative<std::string>(fields)
                                             ? Reason(std::get<std::string>(fields))
                                             : charge_row(std::get<Fields>(fields), currency, ids, out);
                         if (reason) out.rejected.push_back({line, *reason});
                       });
  return out;
}

std::string rejection_text(std::string_view path, const RejectedRow& row) {
  return std::string(path) + ":" + std::to_string(row.line) + ": " + row.reason;
}

std::string charge_text(ExactCharge charge, int min_digits) {
  __int128 units = charge.units;
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(units % 10)));
    units /= 10;
  } while (units > 0);
  while (digits.size() <= static_cast<size_t>(kChargeDigits)) digits.insert(digits.begin(), '0');
  std::string whole = digits.substr(0, digits.size() - kChargeDigits);
  std::string fraction = digits.substr(digits.size() - kChargeDigits);
  while (fraction.size() > static_cast<size_t>(min_digits) && fraction.back() == '0') fraction.pop_back();
  return fraction.empty() ? whole : whole + "." + fraction;
}

}  // namespace slaudit::fleet
