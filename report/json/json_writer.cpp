#include "report/json/json_writer.h"

#include <charconv>
#include <stdexcept>

#include "base/text/utf8.h"

namespace slaudit::report {

namespace {

// Printable ASCII with nothing to escape: written as it is, which is what
// nlohmann writes for it. Anything else goes through nlohmann's own escaping.
bool plain(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7F || c == '"' || c == '\\') return false;
  }
  return true;
}

}  // namespace

JsonWriter::JsonWriter(std::ostream& out) : out_(&out) { buffer_.reserve(kFlushAt + 4096); }

JsonWriter::JsonWriter(const std::vector<Frame>& frames, size_t items_before) : out_(nullptr), frames_(frames) {
  frames_.back().count = items_before;
}

void JsonWriter::append_items(const std::string& text, size_t items) {
  frames_.back().count += items;
  if (out_ != nullptr && text.size() >= kFlushAt) {  // a large part goes out as it is, not copied first
    flush();
    out_->write(text.data(), static_cast<std::streamsize>(text.size()));
    return;
  }
  buffer_ += text;
  maybe_flush();
}

JsonWriter::~JsonWriter() { flush(); }

void JsonWriter::flush() {
  if (out_ == nullptr) return;  // a part: its owner takes the buffer
  out_->write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  buffer_.clear();
}

void JsonWriter::newline_indent(size_t depth) {
  buffer_ += '\n';
  buffer_.append(2 * depth, ' ');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (frames_.empty()) return;  // the document's one value
  Frame& frame = frames_.back();
  if (frame.object) throw std::logic_error("JsonWriter: a value in an object needs a key");
  if (frame.count++ > 0) buffer_ += ',';
  if (!frame.compact) newline_indent(frames_.size());
}

JsonWriter& JsonWriter::key(std::string_view name) {
  if (frames_.empty() || !frames_.back().object || after_key_)
    throw std::logic_error("JsonWriter: a key outside an object");
  Frame& frame = frames_.back();
  if (frame.count > 0 && !(frame.last_key < name))
    throw std::logic_error("JsonWriter: key \"" + std::string(name) + "\" after \"" + std::string(frame.last_key) +
                           "\": keys go in ascending order");
  if (frame.count++ > 0) buffer_ += ',';
  frame.last_key = name;
  if (frame.compact) {
    write_string(name);
    buffer_ += ':';
  } else {
    newline_indent(frames_.size());
    write_string(name);
    buffer_ += ": ";
  }
  after_key_ = true;
  return *this;
}

void JsonWriter::push_frame(bool object) {
  Frame frame{object, 0, {}};
  if (!frames_.empty()) frame.compact = frames_.back().compact || frames_.back().items_on_one_line;
  frames_.push_back(frame);
}

void JsonWriter::begin_object() {
  before_value();
  buffer_ += '{';
  push_frame(true);
}

void JsonWriter::begin_array() {
  before_value();
  buffer_ += '[';
  push_frame(false);
}

void JsonWriter::items_on_one_line() {
  if (frames_.empty() || frames_.back().object || after_key_)
    throw std::logic_error("JsonWriter: items outside an array");
  frames_.back().items_on_one_line = true;
}

void JsonWriter::end_object() {
  if (frames_.empty() || !frames_.back().object || after_key_) throw std::logic_error("JsonWriter: no object to end");
  const bool empty = frames_.back().count == 0, compact = frames_.back().compact;
  frames_.pop_back();
  if (!empty && !compact) newline_indent(frames_.size());
  buffer_ += '}';
  maybe_flush();
}

void JsonWriter::end_array() {
  if (frames_.empty() || frames_.back().object) throw std::logic_error("JsonWriter: no array to end");
  const bool empty = frames_.back().count == 0, compact = frames_.back().compact;
  frames_.pop_back();
  if (!empty && !compact) newline_indent(frames_.size());
  buffer_ += ']';
  maybe_flush();
}

void JsonWriter::value(std::string_view text) {
  before_value();
  write_string(text);
}

void JsonWriter::value(bool flag) {
  before_value();
  buffer_ += flag ? "true" : "false";
}

void JsonWriter::value(std::nullptr_t) {
  before_value();
  buffer_ += "null";
}

void JsonWriter::value(const nlohmann::json& dom) {
  // An item of an array written one item a line is on one line too.
  const bool one_line = !frames_.empty() && (frames_.back().compact || frames_.back().items_on_one_line);
  before_value();
  if (one_line) {
    buffer_ += json_text(dom, -1);
    return;
  }
  const std::string text = json_text(dom);
  // dump() indents from column 0: each of its line breaks continues at this depth.
  for (const char c : text) {
    buffer_ += c;
    if (c == '\n') buffer_.append(2 * frames_.size(), ' ');
  }
}

void JsonWriter::write_int(int64_t number) {
  before_value();
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, number).ptr;
  buffer_.append(digits, end);
}

void JsonWriter::value(WideCount number) {
  before_value();
  buffer_ += to_decimal(number);
}

void JsonWriter::write_uint(uint64_t number) {
  before_value();
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, number).ptr;
  buffer_.append(digits, end);
}

void JsonWriter::write_string(std::string_view text) {
  if (plain(text)) {
    buffer_ += '"';
    buffer_ += text;
    buffer_ += '"';
    return;
  }
  buffer_ += json_text(nlohmann::json(text), -1);
}

}  // namespace slaudit::report
