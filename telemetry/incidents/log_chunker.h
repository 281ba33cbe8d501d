#pragma once
// Where the whole records of a window of log text end, so that the chunks cut
// there can be read apart (on other threads) and give the records, line
// numbers and messages that reading the log front to back gives.
//
// JSON Lines: a record is a line, so every chunk ends after a '\n'.
// CSV: a quoted field may hold line ends, and a malformed one is given back
// line by line (csv.h), so a chunk ends where the CSV reader itself ends a
// record; a window with no quote at all has a record end at every '\n'. The
// header row is read here, once, before any chunk: every chunk needs it.
#include <cstddef>
#include <optional>
#include <string_view>

#include "telemetry/incidents/csv_records.h"

namespace slaudit {

struct LogCut {
  size_t skip = 0;        // bytes read here and not part of a chunk (the CSV header row)
  size_t take = 0;        // bytes after them that form the chunk; 0: wait for more text
  size_t first_line = 1;  // the chunk's first line (JSON Lines: 1, counted from the chunk's start)
};

// JSON Lines chunks count their lines from their own start: every line ends
// with '\n', so the worker that reads a chunk counts its lines, and the
// merger, which takes the chunks in order, adds the lines before it. Nothing
// in a JSON Lines record's reason names a line, so nothing else changes.
class JsonLinesChunker {
 public:
  // `window` starts where the last cut ended; `final`: nothing follows it.
  LogCut cut(std::string_view window, bool final);
};

class CsvChunker {
 public:
  // `strict`: columns no field has reject every record (csv_columns).
  explicit CsvChunker(bool strict = false) : strict_(strict) {}
  LogCut cut(std::string_view window, bool final);
  // From the header row, once a cut has read it.
  const std::optional<CsvColumns>& columns() const { return columns_; }

 private:
  // Reads the header row off the window's front; false: wait for more text.
  bool read_header(std::string_view window, bool final, LogCut& cut);
  std::optional<CsvColumns> columns_;
  size_t line_ = 1;
  bool strict_ = false;
};

}  // namespace slaudit
