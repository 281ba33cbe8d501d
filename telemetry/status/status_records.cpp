#include "telemetry/status/status_records.h"

#include <set>

#include "base/text/display_width.h"
#include "telemetry/common/csv.h"
#include "telemetry/common/csv_header.h"
#include "telemetry/common/json_value.h"
#include "telemetry/common/reason_text.h"

namespace slaudit {

namespace {

RawStatus rejected(size_t line, std::string reason) {
  RawStatus raw;
  raw.line = line;
  raw.reason = std::move(reason);
  return raw;
}

// The member of `raw` a field name fills; nullptr for a name that is no field.
std::optional<std::string> RawStatus::*field_member(std::string_view name) {
  if (name == "time") return &RawStatus::time;
  if (name == "state") return &RawStatus::state;
  if (name == "resource") return &RawStatus::resource;
  if (name == "service") return &RawStatus::service;
  return nullptr;
}

// A typo such as `stat` must not silently drop what a record says: unknown
// names reject, as in incident logs.
std::string header_problem(const CsvRecord& header) {
  static constexpr std::string_view required[] = {"time", "state"};
  return csv_header_problem(header, kStatusFieldNames, required);
}

std::string too_long(size_t bytes) {
  return "record of " + std::to_string(bytes) + " bytes is longer than the limit of " +
         std::to_string(kMaxStatusRecordBytes) + " bytes";
}

RawStatus from_csv_row(const std::vector<std::string>& names, const std::string& problem, const CsvRecord& row) {
  if (!problem.empty()) return rejected(row.line, problem);
  if (row.bytes > kMaxStatusRecordBytes) return rejected(row.line, too_long(row.bytes));
  if (!row.error.empty()) return rejected(row.line, "malformed CSV: " + row.error);
  if (row.fields.size() != names.size()) {
    return rejected(row.line, "expected " + std::to_string(names.size()) + " fields as in the header, found " +
                                  std::to_string(row.fields.size()));
  }
  RawStatus raw;
  raw.line = row.line;
  for (size_t i = 0; i < names.size(); ++i) {
    const size_t invalid = row.ascii ? std::string_view::npos : first_invalid_utf8(row.fields[i]);
    if (invalid != std::string_view::npos) {
      return rejected(row.line, "invalid UTF-8 in field " + quote_value(names[i]) + " at byte " +
                                    std::to_string(invalid + 1));
    }
    if (!row.fields[i].empty()) raw.*field_member(names[i]) = row.fields[i];
  }
  return raw;
}

std::string_view without_bom(std::string_view text) {
  return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
}

bool is_blank(std::string_view text) {
  return text.find_first_not_of(" \t\r") == std::string_view::npos;
}

RawStatus from_json_object(size_t line, const JsonValue& object) {
  RawStatus raw;
  raw.line = line;
  std::set<std::string_view> seen;
  for (const JsonMember& member : object.members) {
    const auto member_of = field_member(member.key);
    if (!member_of) return rejected(line, unknown_field_reason(member.key, kStatusFieldNames));
    if (!seen.insert(member.key).second) return rejected(line, "field " + quote_value(member.key) + " appears twice");
    if (member.value.kind == JsonValue::Kind::Null) continue;
    if (member.value.kind != JsonValue::Kind::String) {
      return rejected(line, "field " + quote_value(member.key) + " must be a string, found " +
                                json_kind_name(member.value.kind));
    }
    if (!member.value.text.empty()) raw.*member_of = member.value.text;
  }
  return raw;
}

RawStatus from_json_line(size_t line, std::string_view text) {
  if (text.size() > kMaxStatusRecordBytes) return rejected(line, too_long(text.size()));
  const JsonParse parsed = parse_json_keeping_numbers(text);
  if (!parsed.value) {
    const std::string where = parsed.column ? " at column " + std::to_string(parsed.column) : std::string();
    return rejected(line, "malformed JSON" + where + ": " + parsed.error);
  }
  if (parsed.value->kind != JsonValue::Kind::Object)
    return rejected(line, std::string("expected a JSON object, found ") + json_kind_name(parsed.value->kind));
  return from_json_object(line, *parsed.value);
}

}  // namespace

std::vector<RawStatus> read_status_csv(std::string_view text) {
  CsvReader reader(without_bom(text));
  std::vector<RawStatus> out;
  const std::optional<CsvRecord> header = reader.next();
  if (!header) return out;
  const std::string problem = header_problem(*header);
  CsvRecord row;
  while (reader.next(row)) out.push_back(from_csv_row(header->fields, problem, row));
  return out;
}

std::vector<RawStatus> read_status_jsonl(std::string_view text) {
  text = without_bom(text);
  std::vector<RawStatus> out;
  size_t line = 0;
  for (size_t pos = 0; pos < text.size();) {
    ++line;
    const size_t end = std::min(text.find('\n', pos), text.size());
    std::string_view record = text.substr(pos, end - pos);
    pos = end + 1;
    if (record.ends_with('\r')) record.remove_suffix(1);
    if (is_blank(record)) continue;
    out.push_back(from_json_line(line, record));
  }
  return out;
}

}  // namespace slaudit
