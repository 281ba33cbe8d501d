#pragma once
// The format layer of status-change histories: CSV or JSON Lines records into
// their fields as written, or the reason a record cannot be read. Values are
// checked in one place after this (status_history.cpp), whatever the format.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "telemetry/status/status_history.h"

namespace slaudit {

// A status record's fields; absent is nullopt, an empty CSV cell or a JSON
// null is absent too.
struct RawStatus {
  size_t line = 0;
  std::optional<std::string> time, state, resource, service;
  std::string reason;  // set when the record could not be read
};

// A longer record is rejected unread, as in incident logs: no transition
// needs it, and the bound keeps parsing and messages in proportion.
inline constexpr size_t kMaxStatusRecordBytes = size_t{1} << 20;

inline constexpr std::string_view kStatusFieldNames[] = {"time", "state", "resource", "service"};

// Every data record of the text, in text order; blank lines are no record.
std::vector<RawStatus> read_status_csv(std::string_view text);
std::vector<RawStatus> read_status_jsonl(std::string_view text);

}  // namespace slaudit
