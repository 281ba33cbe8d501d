#pragma once
// A JSON document written as it is made, to a std::ostream, so that a report
// of a million incidents never exists whole in memory. The layout is
// nlohmann::json::dump(2)'s, byte for byte: two-space indent, `"key": value`,
// `[]` and `{}` when empty, strings escaped alike (UTF-8 kept, invalid bytes
// replaced by U+FFFD), so a small report reads as it always did.
//
// Keys are written in ascending byte order within each object, as the
// std::map of a nlohmann::json object sorts them: the caller writes them in
// that order, and the writer refuses (std::logic_error) a key that is not
// greater than the one before it, so the order cannot silently drift when a
// field is added.
#include <algorithm>
#include <concepts>
#include <cstdint>
#include <future>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/num/wide_count.h"

namespace slaudit::report {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out);
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;
  ~JsonWriter();  // flushes what is buffered

  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  // The next member's key; its value follows (a scalar, an object or an array).
  JsonWriter& key(std::string_view name);

  void value(std::string_view text);
  void value(const std::string& text) { value(std::string_view(text)); }
  void value(const char* text) { value(std::string_view(text)); }
  void value(bool flag);
  void value(std::nullptr_t);
  template <std::integral Int>
    requires(!std::same_as<Int, bool>)
  void value(Int number) {
    if constexpr (std::signed_integral<Int>) write_int(static_cast<int64_t>(number));
    else write_uint(static_cast<uint64_t>(number));
  }
  // A count past 2^64 (request sums), written whole as a JSON integer.
  void value(WideCount number);
  // A small value made as a DOM (written in the same layout, at this depth).
  void value(const nlohmann::json& dom);

  // key(name) then value(v).
  template <class Value>
  void field(std::string_view name, const Value& v) {
    key(name);
    value(v);
  }
  // An object or array whose contents `write` writes.
  template <class Write>
  void object(Write&& write) {
    begin_object();
    write();
    end_object();
  }
  template <class Write>
  void array(Write&& write) {
    begin_array();
    write();
    end_array();
  }

  // Writes the buffer to the stream (done on its own every ~1 MiB).
  void flush();

  // The `count` items of the array being written, `write_item(writer, i)`
  // writing item i: batches of `batch` items are made two at a time, side by
  // side on two threads, each into a text of its own, and appended in order.
  // The document is byte for byte what writing the items one by one gives;
  // memory holds two batches. write_item must be safe to call from two
  // threads at once (it reads shared data only).
  template <class WriteItem>
  void items_side_by_side(size_t count, size_t batch, WriteItem&& write_item) {
    if (frames_.empty() || frames_.back().object || after_key_)
      throw std::logic_error("JsonWriter: items outside an array");
    const size_t before = frames_.back().count;
    const auto render = [&](size_t from, size_t to) {
      JsonWriter part(frames_, before + from);
      for (size_t i = from; i < to; ++i) write_item(part, i);
      return std::move(part.buffer_);
    };
    batch = std::max<size_t>(batch, 1);
    for (size_t from = 0; from < count; from += 2 * batch) {
      const size_t mid = std::min(count, from + batch), to = std::min(count, from + 2 * batch);
      std::future<std::string> second;
      if (mid < to) second = std::async(std::launch::async, render, mid, to);
      append_items(render(from, mid), mid - from);
      if (mid < to) append_items(second.get(), to - mid);
    }
  }

 private:
  struct Frame {
    bool object = false;
    size_t count = 0;         // members or items so far
    std::string_view last_key;  // objects: for the order check (keys are literals or outlive the frame)
  };
  void before_value();  // separator and indent inside an array; nothing after a key
  void newline_indent(size_t depth);
  void write_int(int64_t number);
  void write_uint(uint64_t number);
  void write_string(std::string_view text);
  void maybe_flush() {
    if (buffer_.size() >= kFlushAt) flush();
  }

  // A writer of no stream that continues the array open in `frames` after
  // its first `items_before` items: its buffer is text to append_items.
  JsonWriter(const std::vector<Frame>& frames, size_t items_before);
  void append_items(const std::string& text, size_t items);

  static constexpr size_t kFlushAt = 1 << 20;
  std::ostream* out_;  // null: a part made for items_side_by_side, never flushed
  std::string buffer_;
  std::vector<Frame> frames_;
  bool after_key_ = false;
};

}  // namespace slaudit::report
