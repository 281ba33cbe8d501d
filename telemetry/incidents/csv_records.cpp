#include "telemetry/incidents/csv_records.h"

#include <set>

#include "base/text/display_width.h"
#include "telemetry/common/reason_text.h"
#include "telemetry/incidents/record_fields.h"

namespace slaudit {

namespace {

RawRecord rejected(std::string reason) { return {std::nullopt, std::move(reason), nullptr}; }

std::string header_problem(const CsvRecord& header) {
  const std::string where = "the header row (line " + std::to_string(header.line) + ")";
  if (!header.error.empty()) return where + " is malformed CSV: " + header.error;
  for (size_t i = 0; i < header.fields.size(); ++i) {
    if (first_invalid_utf8(header.fields[i]) != std::string_view::npos) {
      return where + " is not valid UTF-8 in column " + std::to_string(i + 1);
    }
    if (header.fields[i].empty()) return where + " has an empty name for column " + std::to_string(i + 1);
  }
  return {};
}

// Puts one cell where its column says; the reason when the column is not a field.
std::optional<std::string> place(std::string_view name, std::string_view value, RawIncident& raw) {
  if (const TextField* text = find_text_field(name)) {
    raw.*(text->member) = value;
  } else if (name == "cluster") {
    raw.cluster = value;
  } else if (name == "affected") {
    raw.affected = RawAffected{RawAffected::Form::Text, value, CountUnit::Gpus};
  } else if (name == "scope") {
    return "unknown field 'scope' (in CSV, use the columns 'cluster' and 'affected')";
  } else {
    return unknown_field_reason(name, kCsvFieldNames);
  }
  return std::nullopt;
}

// A column a record may carry without being rejected: not --strict, not a
// field's name, not a field that belongs elsewhere, and no near miss of a field.
bool unused_column(std::string_view name, bool strict) {
  if (strict || find_text_field(name) || name == "cluster" || name == "affected" || name == "scope") return false;
  return !near_miss(name, kCsvFieldNames);
}

}  // namespace

CsvColumns csv_columns(const CsvRecord& header, bool strict) {
  CsvColumns columns{header.fields, header.fields.size(), header_problem(header), {}};
  columns.unused.reserve(columns.names.size());
  for (const std::string& name : columns.names) columns.unused.push_back(unused_column(name, strict));
  std::set<std::string_view> seen;
  for (size_t i = 0; i < columns.names.size(); ++i) {
    if (!seen.insert(columns.names[i]).second) {
      columns.first_repeat = i;
      break;
    }
  }
  return columns;
}

RawRecord raw_incident_from_csv(const CsvColumns& columns, const CsvRecord& row) {
  if (!columns.problem.empty()) return rejected(columns.problem);
  if (!row.error.empty()) return rejected("malformed CSV: " + row.error);
  if (row.fields.size() != columns.names.size()) {
    return rejected("expected " + std::to_string(columns.names.size()) + " fields as in the header, found " +
                    std::to_string(row.fields.size()));
  }
  RawIncident raw;
  raw.line = row.line;
  for (size_t i = 0; i < row.fields.size(); ++i) {
    const std::string& name = columns.names[i];
    // Found once from the header: the same column in every row.
    if (i == columns.first_repeat) return rejected("field " + quote_value(name) + " appears twice");
    const size_t invalid = row.ascii ? std::string_view::npos : first_invalid_utf8(row.fields[i]);
    if (invalid != std::string_view::npos) {
      return rejected("invalid UTF-8 in field " + quote_value(name) + " at byte " + std::to_string(invalid + 1));
    }
    if (columns.unused[i]) {
      raw.unused_fields.push_back(name);
    } else if (auto reason = place(name, row.fields[i], raw)) {
      return rejected(std::move(*reason));
    }
  }
  return {std::move(raw), {}, nullptr};
}

}  // namespace slaudit
