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
#include <concepts>
#include <cstdint>
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

  static constexpr size_t kFlushAt = 1 << 20;
  std::ostream& out_;
  std::string buffer_;
  std::vector<Frame> frames_;
  bool after_key_ = false;
};

}  // namespace slaudit::report
