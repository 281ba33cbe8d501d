#include "telemetry/incidents/log_chunker.h"

#include <algorithm>
#include <string>

#include "telemetry/common/csv.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit {

namespace {

size_t count_lines(std::string_view text) { return static_cast<size_t>(std::count(text.begin(), text.end(), '\n')); }

// The window up to and with its last line end: what a reader may read while more text may follow.
std::string_view whole_lines(std::string_view window) {
  const size_t last = window.rfind('\n');
  return last == std::string_view::npos ? std::string_view() : window.substr(0, last + 1);
}

}  // namespace

LogCut JsonLinesChunker::cut(std::string_view window, bool final) {
  LogCut cut;
  cut.take = final ? window.size() : whole_lines(window).size();
  return cut;
}

bool CsvChunker::read_header(std::string_view window, bool final, LogCut& cut) {
  CsvReader reader(final ? window : whole_lines(window), line_);
  CsvRecord header;
  if (!reader.next(header)) return false;
  // A quoted field open at the end of a window may close in the next one.
  if (reader.truncated() && !final) return false;
  columns_ = csv_columns(header, strict_);
  if (header.bytes > kMaxRecordBytes) {
    columns_->problem = "the header row (line " + std::to_string(header.line) + ") is over the 1 MiB limit";
  }
  cut.skip = reader.position();
  line_ = reader.line();
  return true;
}

LogCut CsvChunker::cut(std::string_view window, bool final) {
  LogCut cut;
  if (!columns_ && !read_header(window, final, cut)) return cut;
  window.remove_prefix(cut.skip);
  cut.first_line = line_;
  if (final) {
    cut.take = window.size();
    return cut;
  }
  const std::string_view lines = whole_lines(window);
  if (lines.find('"') == std::string_view::npos) {
    // No quote: every field is unquoted and ends at the line's end, and so does every record.
    cut.take = lines.size();
    line_ += count_lines(lines);
    return cut;
  }
  CsvReader reader(lines, line_);
  CsvRecord row;
  // A chunk ends only where every record in it was decided by bytes inside it:
  // a record ended on its opening quote's line may have looked further.
  size_t reach = 0;
  while (reader.next(row) && !reader.truncated()) {
    reach = std::max(reach, reader.reach());
    if (reader.position() < reach) continue;
    cut.take = reader.position();
    line_ = reader.line();
  }
  return cut;
}

}  // namespace slaudit
