#pragma once
// An RFC 4180 CSV tokenizer that knows where each record starts, so a
// rejection points at the right line even after a quoted field with newlines.
//
// Beyond RFC 4180, and why: CRLF or LF ends a record (files come from both
// worlds); blank or whitespace-only lines between records are skipped, as in
// JSON Lines; spaces and tabs around a field are not part of it (hand-edited
// files have them after commas), while spaces inside quotes are kept.
//
// Recovery keeps one bad quote from swallowing the log: after a syntax error
// the record ends with the line the error is on. A quoted field that spans
// lines and then goes wrong (never closed, or text after its closing quote)
// is blamed on its opening quote: the record ends with the line that quote is
// on, and reading resumes on the next line.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace slaudit {

struct CsvRecord {
  size_t line = 0;                  // 1-based line where the record starts
  size_t bytes = 0;                 // length of the record's text, without its line terminator
  std::vector<std::string> fields;  // values with quoting removed
  std::string error;                // malformed CSV: what was found and what was expected
  bool ascii = false;               // the record's text is all ASCII: its fields need no UTF-8 check
};

class CsvReader {
 public:
  // `first_line`: the line number of the text's first line, when it is a
  // window into a longer text that starts on a record boundary.
  explicit CsvReader(std::string_view text, size_t first_line = 1) : text_(text), line_(first_line) {}

  // The next record, or nullopt at the end of the text.
  std::optional<CsvRecord> next();
  // The same into `record`, reusing its fields' storage; false at the end of the text.
  bool next(CsvRecord& record);

  // The last record has a quoted field still open at the end of the text:
  // when the text is a window, a longer one may complete it.
  bool truncated() const { return truncated_; }
  size_t position() const { return pos_; }  // just past the last record read
  // How far reading has looked: past position() when a quoted field ran over
  // later lines before its record was ended on the opening quote's line. A
  // window cut before this point would word that record's error differently.
  size_t reach() const { return reach_; }
  size_t line() const { return line_; }      // the line at position()

 private:
  bool at_record_end() const;
  void skip_blank_lines();
  void skip_spaces();
  void advance();  // one byte, counting lines
  size_t column() const;
  // Ends a malformed record at the end of the current line.
  void finish_line(CsvRecord& record, size_t start, std::string error);
  bool read_quoted(CsvRecord& record, size_t start, std::string& value);
  bool read_unquoted(CsvRecord& record, size_t start, std::string& value);
  size_t next_special(size_t from) const;  // the first ',', '"', '\n' or '\r' from `from`, or the end
  bool truncated_ = false;
  size_t field_number_ = 0;  // 1-based, of the field being read: for messages

  std::string_view text_;
  size_t pos_ = 0;
  size_t reach_ = 0;
  size_t line_ = 1;
  size_t line_start_ = 0;
};

}  // namespace slaudit
