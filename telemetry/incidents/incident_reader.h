#pragma once
// Reading an incident log: every record is used, rejected with its line and a
// reason, or not for this contract (it names a service the contract does not
// define, nor a near miss of one: another contract's evidence in a shared
// log), and records_read == incidents.size() + rejected.size() +
// not_for_contract, always. A wrong credit or a silently dropped line is a
// real loss. A field the reader does not know is read as absent and listed in
// the log's notes, unless it is a near miss of a known one (`ned` for `end`),
// which is rejected. IncidentReadOptions::strict rejects both instead.
//
// Formats: JSON Lines (one object per line) and CSV with a header row; both
// use the same field names (telemetry/README.md lists them). Blank lines are
// skipped and counted in nothing.
//
// Duplicate ids: the first accepted record with an id is kept; a later one is
// rejected, as "duplicate of line N (identical)" when it describes the same
// incident (same values, however spelled) or "duplicate id 'X' with different
// content (first at line N)" when it does not. Only accepted records count as
// first occurrences: an id whose first record was rejected may still be used.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/records/incident.h"

namespace slaudit {

enum class LogFormat { JsonLines, Csv };

std::string_view log_format_name(LogFormat format);  // "jsonl", "csv"
// "jsonl", "ndjson", "json" or "csv", as a user would name it in an option.
std::optional<LogFormat> log_format_from_name(std::string_view name);
// By extension, ignoring case: .jsonl, .ndjson, .json -> JSON Lines; .csv -> CSV.
std::optional<LogFormat> log_format_for_path(std::string_view path);

// A longer record is rejected unread: no real incident needs it, and the
// bound keeps memory and messages in proportion on hostile input.
inline constexpr size_t kMaxRecordBytes = size_t{1} << 20;
// A record still without its end after this many bytes stops the read with an
// error (the file, the byte where the record starts and the limit): skipping it
// would hold it in memory and, on an endless input such as /dev/zero, never end.
inline constexpr size_t kMaxUnfinishedRecordBytes = size_t{16} << 20;

struct RejectedRecord {
  size_t line = 0;  // 1-based; for CSV, the line where the record starts
  std::string reason;
  bool operator==(const RejectedRecord&) const = default;
};

struct IncidentLog {
  std::string path;    // as given, for display
  std::string sha256;  // of the content exactly as read, BOM and all
  LogFormat format = LogFormat::JsonLines;
  size_t records_read = 0;  // data records: not the CSV header, not blank lines
  std::vector<Incident> incidents;      // in log order
  std::vector<RejectedRecord> rejected;  // in log order

  // Set only when the log was a status-change history (telemetry/status/,
  // docs/audit.md section 25), which says states from its records on only.
  struct UnknownState {
    std::string service, resource;
    Instant until;  // the resource's first record: before it, nothing says its state
  };
  bool from_status_history = false;
  bool assumed_up = false;                  // --initial-state up
  std::vector<UnknownState> unknown_state;  // --initial-state unknown: evidence gaps for the audit
  std::vector<std::string> notes;           // --initial-state up: what was assumed; repeated states merged
  ServiceNames status_services;             // services with at least one used status record

  // Set by the incident sources (telemetry/sources/): the --incidents-format
  // the log was read as ("statuspage", ...), empty for slaudit's own logs.
  std::string source_format;
  // Records whose every name maps to no service of the contract: neither used
  // nor rejected (a log shared by several contracts is no gap for any).
  size_t not_for_contract = 0;
  // Records used: one may give several incidents (a source's record naming several services).
  size_t used_records() const { return records_read - rejected.size() - not_for_contract; }
};

// A file is read in blocks of this size, never whole: a large log need not
// fit in memory beside the incidents read from it.
inline constexpr size_t kReadBlockBytes = size_t{1} << 20;

struct IncidentReadOptions {
  std::optional<LogFormat> format;       // nullopt: from the path's extension
  std::optional<ServiceNames> services;  // the contract's services; nullopt accepts any
  size_t read_block_bytes = kReadBlockBytes;  // for files; tests make it small to cut records anywhere
  size_t max_unfinished_bytes = kMaxUnfinishedRecordBytes;  // for files and `-`; tests make it small
  // JSON Lines: read plain lines with the fast scanner (json_line_scanner.h).
  // false sends every line the general way; tests compare the two.
  bool scan_plain_lines = true;
  // Rejects what the reader would otherwise set aside: a field it does not
  // know (else read as if absent and listed in the log's notes) and a
  // service the contract does not define (else counted in not_for_contract).
  bool strict = false;
};

// Either a log (which may have rejected records) or why there is none.
struct IncidentLogResult {
  std::optional<IncidentLog> log;
  std::string error;  // the file cannot be read, or its format cannot be told
  bool ok() const { return log.has_value(); }
};

// The core: reads `content`; `path` is only for display and for the format.
IncidentLogResult read_incident_log(std::string_view content, std::string path, const IncidentReadOptions& options);
// Reads the file at `path` (`-`: standard input) in blocks, with the same
// result as reading its whole content as above, except that a record past
// `max_unfinished_bytes` is an error here (the text in memory is bounded by
// whoever read it).
IncidentLogResult read_incident_log_file(const std::string& path, const IncidentReadOptions& options);

}  // namespace slaudit
