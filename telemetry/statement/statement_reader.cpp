#include "telemetry/statement/statement_reader.h"

#include <algorithm>
#include <array>
#include <set>
#include <tuple>

#include "base/num/amount_limit.h"
#include "base/num/decimal.h"
#include "base/text/display_width.h"
#include "base/time/civil_date.h"
#include "telemetry/common/csv.h"
#include "telemetry/common/csv_header.h"
#include "telemetry/common/json_value.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"

namespace slaudit {

namespace {

using Reason = std::optional<std::string>;

constexpr std::array<std::string_view, 6> kFields = {"service", "clause", "period", "availability", "credit_paid",
                                                     "currency"};
enum Field : size_t { kService, kClause, kPeriod, kAvailability, kCreditPaid, kCurrency };

// A record's fields as written; absent is nullopt (an empty CSV cell, a JSON null).
struct RawRow {
  size_t line = 0;
  std::array<std::optional<std::string>, kFields.size()> fields;
  std::string reason;  // set when the record could not be read
};

std::optional<size_t> field_index(std::string_view name) {
  for (size_t k = 0; k < kFields.size(); ++k)
    if (kFields[k] == name) return k;
  return std::nullopt;
}

RawRow rejected(size_t line, std::string reason) {
  RawRow raw;
  raw.line = line;
  raw.reason = std::move(reason);
  return raw;
}

std::string_view without_bom(std::string_view text) {
  return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
}

// ---------------------------------------------------------------- CSV

std::string header_problem(const CsvRecord& header) {
  static constexpr std::string_view required[] = {"period", "availability"};
  return csv_header_problem(header, kFields, required);
}

RawRow from_csv_row(const std::vector<std::string>& names, const std::string& problem, const CsvRecord& row) {
  if (!problem.empty()) return rejected(row.line, problem);
  if (!row.error.empty()) return rejected(row.line, "malformed CSV: " + row.error);
  if (row.fields.size() != names.size())
    return rejected(row.line, "expected " + std::to_string(names.size()) + " fields as in the header, found " +
                                  std::to_string(row.fields.size()));
  RawRow raw;
  raw.line = row.line;
  for (size_t i = 0; i < names.size(); ++i) {
    const size_t invalid = first_invalid_utf8(row.fields[i]);
    if (invalid != std::string_view::npos)
      return rejected(row.line, "invalid UTF-8 in field " + quote_value(names[i]) + " at byte " +
                                    std::to_string(invalid + 1));
    if (!row.fields[i].empty()) raw.fields[*field_index(names[i])] = row.fields[i];
  }
  return raw;
}

std::vector<RawRow> read_csv(std::string_view text) {
  CsvReader reader(without_bom(text));
  std::vector<RawRow> out;
  const std::optional<CsvRecord> header = reader.next();
  if (!header) return out;
  const std::string problem = header_problem(*header);
  while (std::optional<CsvRecord> row = reader.next()) out.push_back(from_csv_row(header->fields, problem, *row));
  return out;
}

// ---------------------------------------------------------------- JSON Lines

RawRow from_json_line(size_t line, std::string_view text) {
  const JsonParse parsed = parse_json_keeping_numbers(text);
  if (!parsed.value) {
    const std::string where = parsed.column ? " at column " + std::to_string(parsed.column) : std::string();
    return rejected(line, "malformed JSON" + where + ": " + parsed.error);
  }
  if (parsed.value->kind != JsonValue::Kind::Object)
    return rejected(line, std::string("expected a JSON object, found ") + json_kind_name(parsed.value->kind));
  RawRow raw;
  raw.line = line;
  std::set<std::string_view> seen;
  for (const JsonMember& member : parsed.value->members) {
    const std::optional<size_t> k = field_index(member.key);
    if (!k) return rejected(line, unknown_field_reason(member.key, kFields));
    if (!seen.insert(member.key).second) return rejected(line, "field " + quote_value(member.key) + " appears twice");
    const JsonValue& v = member.value;
    if (v.kind == JsonValue::Kind::Null) continue;
    // A figure may be a JSON number (its source text is kept: 99.2 stays 99.2).
    const bool number_ok = *k == kAvailability || *k == kCreditPaid;
    if (v.kind != JsonValue::Kind::String && !(number_ok && v.kind == JsonValue::Kind::Number))
      return rejected(line, "field " + quote_value(member.key) + " must be a " +
                                (number_ok ? "string or a number" : "string") + ", found " + json_kind_name(v.kind));
    if (!v.text.empty()) raw.fields[*k] = v.text;
  }
  return raw;
}

std::vector<RawRow> read_jsonl(std::string_view text) {
  text = without_bom(text);
  std::vector<RawRow> out;
  size_t line = 0;
  for (size_t pos = 0; pos < text.size();) {
    ++line;
    const size_t end = std::min(text.find('\n', pos), text.size());
    std::string_view record = text.substr(pos, end - pos);
    pos = end + 1;
    if (record.ends_with('\r')) record.remove_suffix(1);
    if (record.find_first_not_of(" \t") == std::string_view::npos) continue;
    out.push_back(from_json_line(line, record));
  }
  return out;
}

// ---------------------------------------------------------------- values

std::string trimmed(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return "";
  const size_t last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

Reason check_printable(std::string_view name, const std::string& value) {
  return name_problem("field '" + std::string(name) + "'", value);
}

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + quote_value(names[i]);
  return out;
}

Reason read_service(const RawRow& raw, const StatementReadOptions& o, audit::StatedAvailability& out) {
  const auto& named = raw.fields[kService];
  if (!named) {
    if (o.clauses.size() == 1) {
      out.service = o.clauses.begin()->first;  // a statement of the contract's one service
      return std::nullopt;
    }
    return "no 'service', and the contract defines " + std::to_string(o.clauses.size()) + " services: name one";
  }
  if (Reason reason = check_printable("service", *named)) return reason;
  if (!o.clauses.contains(*named)) {
    std::vector<std::string> known;
    for (const auto& [name, labels] : o.clauses) known.push_back(name);
    return "unknown service " + quote_value(*named) + "; the contract defines " + listed(known);
  }
  out.service = *named;
  return std::nullopt;
}

// Which availability clause of the service the figure is for.
Reason read_clause(const RawRow& raw, const StatementReadOptions& o, audit::StatedAvailability& out) {
  const std::vector<std::string>& labels = o.clauses.at(out.service);
  const auto& named = raw.fields[kClause];
  if (labels.empty()) return "service " + quote_value(out.service) + " has no availability clause to audit";
  if (!named) {
    if (labels.size() == 1) {
      out.clause_label = labels.front();  // the service's one clause, so that naming it or not is the same row
      return std::nullopt;
    }
    return "service " + quote_value(out.service) + " has " + std::to_string(labels.size()) +
           " availability clauses (" + listed(labels) + "): name one in 'clause'";
  }
  if (std::find(labels.begin(), labels.end(), *named) == labels.end())
    return "unknown clause " + quote_value(*named) + " of service " + quote_value(out.service) + "; its clauses are " +
           listed(labels);
  out.clause_label = *named;
  return std::nullopt;
}

// A period label, normalised as reports print it (FIRST..LAST is FIRST/LAST).
Reason read_period(const std::string& text, std::string& out) {
  const std::optional<DayRange> days = parse_day_range(text);
  if (!days || (days->first == days->last && text.size() == 10))  // one day is not a period
    return "bad period " + quote_value(text) +
           "; expected a period label such as 2026-11, 2026-Q4, 2026 or 2026-03-15/2026-04-14";
  out = days->label;
  return std::nullopt;
}

// "100.00", "100.00 USD": an exact amount in the contract's currency, never
// negative, with no more decimals than the currency has (nothing is rounded).
Reason read_paid(const RawRow& raw, const model::Currency& currency, std::optional<int64_t>& out) {
  const auto& text = raw.fields[kCreditPaid];
  const auto& code_field = raw.fields[kCurrency];
  if (!text) {
    if (code_field) return std::string("'currency' without 'credit_paid'");
    return std::nullopt;
  }
  std::string amount = trimmed(*text), code;
  if (const size_t space = amount.find(' '); space != std::string::npos) {
    code = trimmed(amount.substr(space + 1));
    amount = amount.substr(0, space);
  }
  if (code_field) {
    if (!code.empty() && code != *code_field)
      return "'credit_paid' " + quote_value(*text) + " says " + quote_value(code) + " but 'currency' says " +
             quote_value(*code_field);
    code = trimmed(*code_field);
  }
  if (!code.empty() && code != currency.code)
    return "credit paid in " + quote_value(code) + ", not in the contract's currency " + currency.code;
  const std::optional<Decimal> value = Decimal::parse(amount);
  if (!value)
    return "bad amount in 'credit_paid' " + quote_value(*text) + "; expected a decimal such as 100.00 or 100.00 " +
           currency.code;
  if (value->is_negative()) return "negative amount in 'credit_paid' " + quote_value(*text);
  const std::optional<int64_t> minor = value->scaled_to(currency.minor_digits);
  if (!minor)
    return "amount in 'credit_paid' " + quote_value(*text) + " has more decimals than " + currency.code + " allows (" +
           std::to_string(currency.minor_digits) + ")";
  if (*minor > kMaxAmountMinor)
    return "amount in 'credit_paid' " + quote_value(*text) + " is over the largest amount slaudit audits, " +
           minor_units_decimal(kMaxAmountMinor, currency.minor_digits) + " " + currency.code;
  out = *minor;
  return std::nullopt;
}

Reason check_row(const RawRow& raw, const StatementReadOptions& o, audit::StatedAvailability& out) {
  if (!raw.reason.empty()) return raw.reason;
  if (!raw.fields[kPeriod]) return std::string("missing required field 'period'");
  if (!raw.fields[kAvailability]) return std::string("missing required field 'availability'");
  out.line = raw.line;
  out.path = o.path;
  if (Reason reason = read_service(raw, o, out)) return reason;
  if (Reason reason = read_clause(raw, o, out)) return reason;
  if (Reason reason = read_period(*raw.fields[kPeriod], out.period)) return reason;
  std::string why;
  const std::optional<Rational> share = parse_stated_availability(*raw.fields[kAvailability], why);
  if (!share) return "bad availability " + quote_value(*raw.fields[kAvailability]) + ": " + why;
  out.availability = *share;
  out.stated = trimmed(*raw.fields[kAvailability]);
  if (Reason reason = read_paid(raw, o.currency, out.paid_minor)) return reason;
  return std::nullopt;
}

std::string lines_text(const std::vector<size_t>& lines) {
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) out += (i ? ", " : "") + std::to_string(lines[i]);
  return out;
}

}  // namespace

std::optional<StatementFormat> statement_format_from_name(std::string_view name) {
  if (name == "csv") return StatementFormat::Csv;
  if (name == "jsonl" || name == "ndjson") return StatementFormat::JsonLines;
  return std::nullopt;
}

std::optional<StatementFormat> statement_format_from_path(std::string_view path) {
  const size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return std::nullopt;
  std::string ext(path.substr(dot + 1));
  for (char& c : ext)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return statement_format_from_name(ext);
}

std::optional<Rational> parse_stated_availability(std::string_view text, std::string& reason) {
  std::string s = trimmed(text);
  bool percent = false;
  if (s.ends_with('%')) {
    percent = true;
    s = trimmed(std::string_view(s).substr(0, s.size() - 1));
  }
  // digits, then at most one point followed by digits: 99, 99.2, 99.95 (no sign, no exponent).
  size_t digits = 0, point = std::string::npos;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] >= '0' && s[i] <= '9') {
      ++digits;
    } else if (s[i] == '.' && point == std::string::npos && i > 0 && i + 1 < s.size()) {
      point = i;
    } else {
      reason = "expected a percentage such as 99.2% or 99.95";
      return std::nullopt;
    }
  }
  if (digits == 0) {
    reason = "expected a percentage such as 99.2% or 99.95";
    return std::nullopt;
  }
  if (digits > 30) {
    reason = "more than 30 digits";
    return std::nullopt;
  }
  std::string whole = point == std::string::npos ? s : s.substr(0, point) + s.substr(point + 1);
  // Leading zeros off: cpp_int reads a leading 0 as octal ("0992" would be an error, "0750" 488).
  whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size() - 1));
  const size_t decimals = point == std::string::npos ? 0 : s.size() - point - 1;
  Rational value{boost::multiprecision::cpp_int(whole)};
  for (size_t i = 0; i < decimals; ++i) value /= 10;
  if (value > 100) {
    reason = "more than 100%";
    return std::nullopt;
  }
  if (!percent && value <= 1) {
    reason = "a share or a percentage? write it with % (" + s + "% or " + s + " as a share is not read)";
    return std::nullopt;
  }
  return value / 100;
}

Statement read_statement(std::string_view content, const StatementReadOptions& options) {
  const std::vector<RawRow> raws = options.format == StatementFormat::Csv ? read_csv(content) : read_jsonl(content);
  Statement out;
  out.records_read = raws.size();
  std::vector<audit::StatedAvailability> read;
  for (const RawRow& raw : raws) {
    audit::StatedAvailability row;
    if (Reason reason = check_row(raw, options, row)) out.rejected.push_back({raw.line, std::move(*reason)});
    else read.push_back(std::move(row));
  }
  // One figure per service, clause and period: two are both rejected.
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<size_t>> lines;
  for (const auto& row : read) lines[{row.service, row.clause_label, row.period}].push_back(row.line);
  for (auto& row : read) {
    const std::vector<size_t>& same = lines[{row.service, row.clause_label, row.period}];
    if (same.size() == 1) {
      out.rows.push_back(std::move(row));
      continue;
    }
    out.rejected.push_back({row.line, "lines " + lines_text(same) + " all state service " + quote_value(row.service) +
                                          (row.clause_label.empty() ? "" : " clause " + quote_value(row.clause_label)) +
                                          " period " + quote_value(row.period) + ": none of them is used"});
  }
  std::stable_sort(out.rejected.begin(), out.rejected.end(),
                   [](const StatementRejection& a, const StatementRejection& b) { return a.line < b.line; });
  return out;
}

}  // namespace slaudit
