#pragma once
// Reading a provider's availability statement (docs/audit.md, section 26):
// per service and period, the availability the provider states ("99.2%") and,
// optionally, the credit it paid. CSV with a header row (any column order) or
// JSON Lines, one record per line.
//
//   field        required  value
//   service      no        one of the contract's services; absent: the contract's only one
//   clause       no        the availability clause's label; required when the service has several
//   period       yes       a period label as reports print it: 2026-11, 2026-Q4, 2026, 2026-03-15/2026-04-14
//   availability yes       a percentage: "99.2%", "99.95" (without % a percentage too); a value at most 1
//                          without % is refused as ambiguous (0.992 could be a share)
//   credit_paid  no        an amount in the contract's currency, "100.00" or "100.00 USD"
//   currency     no        the credit's currency code; must be the contract's
//
// Every record is used or rejected with its line and reason. Two records for
// the same service, clause and period are both rejected: which one the
// provider meant is not ours to guess.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/audit/audit.h"
#include "language/model/contract.h"

namespace slaudit {

enum class StatementFormat { Csv, JsonLines };
// "csv"; "jsonl" or "ndjson".
std::optional<StatementFormat> statement_format_from_name(std::string_view name);
// By the file's extension (.csv, .jsonl, .ndjson); nullopt when it does not say.
std::optional<StatementFormat> statement_format_from_path(std::string_view path);

struct StatementReadOptions {
  StatementFormat format = StatementFormat::Csv;
  std::string path;  // as given: each row carries it, for the report
  // Each service of the contract and the labels of its availability clauses.
  std::map<std::string, std::vector<std::string>> clauses;
  model::Currency currency;
};

struct StatementRejection {
  size_t line = 0;  // 1-based; for CSV, where the record starts
  std::string reason;
  bool operator==(const StatementRejection&) const = default;
};

struct Statement {
  size_t records_read = 0;  // data records: not the CSV header, not blank lines
  std::vector<audit::StatedAvailability> rows;  // in file order
  std::vector<StatementRejection> rejected;     // by line; records_read == rows + rejected
};

// Parses an availability as a statement writes it into a share (0..1),
// exactly; the reason otherwise. `json_number`: a JSON number, never with %.
std::optional<Rational> parse_stated_availability(std::string_view text, std::string& reason);

// Never fails as a whole: a bad header rejects every record with its reason.
Statement read_statement(std::string_view content, const StatementReadOptions& options);

}  // namespace slaudit
