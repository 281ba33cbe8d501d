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
//
// An array can have its items written one per line (items_on_one_line): each
// item compact, as dump() without indent writes it (`{"a":1,"b":[2]}`), on a
// line of its own at the array's indent. A fleet's rows are written so: a
// third of a pretty-printed row is indent, and one line a row can be read by
// line tools (grep, head) as well as by any JSON parser.
#include <algorithm>
#include <concepts>
#include <cstdint>
#include <deque>
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

  // The items of the array being written (those not written yet) each go on
  // one line, compact.
  void items_on_one_line();

  // Writes the buffer to the stream (done on its own every ~1 MiB).
  void flush();

  // The `count` items of the array being written, `write_item(writer, i)`
  // writing item i: batches of `batch` items are made on two threads, each
  // into a text of its own, while this thread appends the batches made
  // before them, in order (writing to a file is much of a large report's
  // time: it goes on beside the making). The document is byte for byte what
  // writing the items one by one gives; memory holds three batches.
  // write_item must be safe to call from two threads at once (it reads
  // shared data only).
  template <class WriteItem>
  void items_side_by_side(size_t count, size_t batch, WriteItem&& write_item) {
    if (frames_.empty() || frames_.back().object || after_key_)
      throw std::logic_error("JsonWriter: items outside an array");
    // The parts start from a copy: append_items changes frames_ while they are made.
    const std::vector<Frame> frames = frames_;
    const size_t before = frames.back().count;
    const auto render = [&frames, &write_item, before](size_t from, size_t to) {
      JsonWriter part(frames, before + from);
      for (size_t i = from; i < to; ++i) write_item(part, i);
      return std::move(part.buffer_);
    };
    batch = std::max<size_t>(batch, 1);
    std::deque<std::pair<std::future<std::string>, size_t>> made;  // batches being made, in order: at most two
    size_t next = 0;
    const auto make_next = [&] {
      const size_t to = std::min(count, next + batch);
      made.emplace_back(std::async(std::launch::async, render, next, to), to - next);
      next = to;
    };
    while (next < count && made.size() < 2) make_next();
    while (!made.empty()) {
      std::string text = made.front().first.get();
      const size_t items = made.front().second;
      made.pop_front();
      if (next < count) make_next();
      append_items(text, items);
    }
  }

 private:
  struct Frame {
    bool object = false;
    size_t count = 0;         // members or items so far
    std::string_view last_key;  // objects: for the order check (keys are literals or outlive the frame)
    bool compact = false;       // within an item written on one line: no line breaks, no spaces
    bool items_on_one_line = false;  // an array whose items are each written on one line
  };
  void push_frame(bool object);
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
