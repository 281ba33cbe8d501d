#include "telemetry/common/csv.h"

#include <algorithm>

#include <emmintrin.h>

#include <array>

#include "base/text/display_width.h"
#include "telemetry/common/reason_text.h"

namespace slaudit {

namespace {
bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view trim_right(std::string_view text) {
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}
}  // namespace

bool CsvReader::at_record_end() const {
  if (pos_ >= text_.size()) return true;
  const char c = text_[pos_];
  return c == '\n' || (c == '\r' && (pos_ + 1 == text_.size() || text_[pos_ + 1] == '\n'));
}

void CsvReader::advance() {
  if (text_[pos_] == '\n') {
    ++line_;
    line_start_ = pos_ + 1;
  }
  ++pos_;
}

void CsvReader::skip_spaces() {
  while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
}

void CsvReader::skip_blank_lines() {
  while (pos_ < text_.size()) {
    const size_t eol = text_.find('\n', pos_);
    const size_t end = eol == std::string_view::npos ? text_.size() : eol;
    if (text_.substr(pos_, end - pos_).find_first_not_of(" \t\r") != std::string_view::npos) return;
    pos_ = end;
    if (eol != std::string_view::npos) advance();
  }
}

size_t CsvReader::column() const {
  return code_point_column(text_.substr(line_start_), pos_ - line_start_);
}

void CsvReader::finish_line(CsvRecord& record, size_t start, std::string error) {
  record.error = std::move(error);
  const size_t eol = text_.find('\n', pos_);
  pos_ = eol == std::string_view::npos ? text_.size() : eol;
  record.bytes = pos_ - start;
  if (pos_ < text_.size()) advance();
}

bool CsvReader::read_unquoted(CsvRecord& record, size_t start, std::string& value) {
  const size_t begin = pos_;
  for (;;) {
    pos_ = next_special(pos_);  // never past a newline: it is special
    if (at_record_end() || text_[pos_] == ',') break;
    if (text_[pos_] == '"') {
      finish_line(record, start,
                  "'\"' inside unquoted field " + std::to_string(field_number_) + " at column " +
                      std::to_string(column()) + "; quote the whole field and double the quotes inside it");
      return false;
    }
    ++pos_;  // a '\r' inside the line, part of the field
  }
  value = trim_right(text_.substr(begin, pos_ - begin));
  return true;
}

size_t CsvReader::next_special(size_t from) const {
  const char* const data = text_.data();
  const size_t size = text_.size();
  // Sixteen bytes at a time while the text has them (SSE2, which every x86-64
  // has): a field is mostly plain bytes, and a CSV log is mostly fields.
  const __m128i comma = _mm_set1_epi8(','), quote = _mm_set1_epi8('"'), lf = _mm_set1_epi8('\n'),
                cr = _mm_set1_epi8('\r');
  for (; from + 16 <= size; from += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + from));
    const __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, comma), _mm_cmpeq_epi8(bytes, quote)),
                                      _mm_or_si128(_mm_cmpeq_epi8(bytes, lf), _mm_cmpeq_epi8(bytes, cr)));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hits));
    if (mask != 0) return from + static_cast<size_t>(__builtin_ctz(mask));
  }
  // The last bytes one at a time, by table.
  static constexpr auto kSpecial = [] {
    std::array<bool, 256> special{};
    for (const unsigned char c : {',', '"', '\n', '\r'}) special[c] = true;
    return special;
  }();
  while (from < size && !kSpecial[static_cast<unsigned char>(data[from])]) ++from;
  return from;
}

bool CsvReader::read_quoted(CsvRecord& record, size_t start, std::string& value) {
  const size_t open_pos = pos_, open_line = line_, open_line_start = line_start_, open_column = column();
  const std::string where_opened = "line " + std::to_string(open_line) + ", column " + std::to_string(open_column);
  // A quoted field that spans lines and then goes wrong swallowed those lines
  // by mistake, most likely through its opening quote: end the record with the
  // line the quote is on, and give the lines after it back to be read as records.
  const auto fail_from_opening_quote = [&](std::string error) {
    reach_ = std::max(reach_, std::min(pos_ + 1, text_.size()));  // the byte that decided the error, read
    pos_ = open_pos;
    line_ = open_line;
    line_start_ = open_line_start;
    finish_line(record, start, std::move(error));
    return false;
  };
  ++pos_;
  for (;;) {
    if (pos_ >= text_.size()) {
      truncated_ = true;
      return fail_from_opening_quote("unterminated quoted field: the quote at " + where_opened + " is never closed");
    }
    if (text_[pos_] == '"') {
      if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
        value += '"';
        pos_ += 2;
        continue;
      }
      ++pos_;
      break;
    }
    value += text_[pos_];
    advance();
  }
  skip_spaces();
  if (at_record_end() || text_[pos_] == ',') return true;
  size_t next = pos_;
  decode_utf8(text_, next);
  const std::string found = "unexpected " + quote_value(text_.substr(pos_, next - pos_));
  const std::string field = "field " + std::to_string(field_number_);
  const std::string expected = "; expected ',' or the end of the line";
  if (line_ != open_line) {
    return fail_from_opening_quote(found + " at line " + std::to_string(line_) + ", column " +
                                   std::to_string(column()) + " after the closing quote of " + field +
                                   ", which opened at " + where_opened + expected);
  }
  finish_line(record, start, found + " after the closing quote of " + field + " at column " +
                                 std::to_string(column()) + expected);
  return false;
}

std::optional<CsvRecord> CsvReader::next() {
  CsvRecord record;
  if (!next(record)) return std::nullopt;
  return record;
}

bool CsvReader::next(CsvRecord& record) {
  truncated_ = false;
  skip_blank_lines();
  if (pos_ >= text_.size()) return false;
  record.line = line_;
  record.bytes = 0;
  record.error.clear();
  // The fields are read into the strings the record already has: no allocation per row.
  size_t count = 0;
  const size_t start = pos_;
  const auto finish = [&] {
    record.fields.resize(count);
    record.ascii = is_ascii(text_.substr(start, record.bytes));
    return true;
  };
  for (;;) {
    if (count == record.fields.size()) record.fields.emplace_back();
    std::string& value = record.fields[count];
    value.clear();
    field_number_ = count + 1;
    skip_spaces();
    const bool well_formed = pos_ < text_.size() && text_[pos_] == '"' ? read_quoted(record, start, value)
                                                                       : read_unquoted(record, start, value);
    if (!well_formed) return finish();
    ++count;
    if (pos_ < text_.size() && text_[pos_] == ',') {
      ++pos_;
      continue;
    }
    record.bytes = pos_ - start;
    if (pos_ < text_.size() && text_[pos_] == '\r') ++pos_;
    if (pos_ < text_.size()) advance();  // the '\n'
    return finish();
  }
}

}  // namespace slaudit
