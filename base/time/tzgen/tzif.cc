#include "base/time/tzgen/tzif.h"

#include <fstream>
#include <iterator>

namespace slaudit::tzgen {
namespace {

constexpr std::size_t header_size = 44;

// A bounds-checked big-endian reader over the file's bytes.
class ByteReader {
 public:
  explicit ByteReader(const std::string& bytes) : bytes_(bytes) {}

  bool has(std::size_t count) const { return bytes_.size() - pos_ >= count; }
  std::size_t position() const { return pos_; }
  void skip(std::size_t count) { pos_ += count; }

  std::uint64_t unsigned_be(std::size_t width) {
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < width; ++i)
      value = (value << 8) | static_cast<unsigned char>(bytes_[pos_ + i]);
    pos_ += width;
    return value;
  }
  std::int32_t int32() { return static_cast<std::int32_t>(static_cast<std::uint32_t>(unsigned_be(4))); }
  std::int64_t int64() { return static_cast<std::int64_t>(unsigned_be(8)); }
  std::uint8_t byte() { return static_cast<std::uint8_t>(unsigned_be(1)); }
  std::string text(std::size_t count) {
    std::string out = bytes_.substr(pos_, count);
    pos_ += count;
    return out;
  }

 private:
  const std::string& bytes_;
  std::size_t pos_ = 0;
};

struct TzifCounts {
  std::uint64_t isut = 0, isstd = 0, leap = 0, time = 0, type = 0, chars = 0;
};

// Reads a header; `version` receives the version byte ('\0', '2', '3', '4').
bool read_header(ByteReader& in, char& version, TzifCounts& counts) {
  if (!in.has(header_size) || in.text(4) != "TZif") return false;
  version = static_cast<char>(in.byte());
  in.skip(15);
  counts.isut = in.unsigned_be(4);
  counts.isstd = in.unsigned_be(4);
  counts.leap = in.unsigned_be(4);
  counts.time = in.unsigned_be(4);
  counts.type = in.unsigned_be(4);
  counts.chars = in.unsigned_be(4);
  return true;
}

std::uint64_t data_block_size(const TzifCounts& c, std::uint64_t time_width) {
  return c.time * time_width + c.time + c.type * 6 + c.chars + c.leap * (time_width + 4) + c.isstd +
         c.isut;
}

std::string abbreviation_at(const std::string& chars, std::size_t index) {
  if (index >= chars.size()) return {};
  return std::string(chars.c_str() + index);  // NUL-terminated within the block
}

bool read_data_block(ByteReader& in, const TzifCounts& c, TzifData& out, std::string& error) {
  if (c.type == 0 || c.chars == 0) return error = "no local time types", false;
  if (!in.has(data_block_size(c, 8))) return error = "truncated 64-bit data block", false;
  for (std::uint64_t i = 0; i < c.time; ++i) out.transition_times.push_back(in.int64());
  for (std::uint64_t i = 0; i < c.time; ++i) out.transition_types.push_back(in.byte());
  struct RawType {
    std::int32_t offset;
    bool dst;
    std::uint8_t abbreviation_index;
  };
  std::vector<RawType> raw;
  for (std::uint64_t i = 0; i < c.type; ++i) {
    RawType t{};
    t.offset = in.int32();
    t.dst = in.byte() != 0;
    t.abbreviation_index = in.byte();
    raw.push_back(t);
  }
  const std::string chars = in.text(c.chars);
  for (const RawType& t : raw)
    out.types.push_back({t.offset, t.dst, abbreviation_at(chars, t.abbreviation_index)});
  for (std::uint8_t type : out.transition_types)
    if (type >= out.types.size()) return error = "transition refers to a missing type", false;
  in.skip(c.leap * 12 + c.isstd + c.isut);
  return true;
}

// The footer is "\n<POSIX TZ string>\n" right after the 64-bit block.
bool read_footer(ByteReader& in, TzifData& out, std::string& error) {
  if (!in.has(1) || in.byte() != '\n') return error = "missing TZ string footer", false;
  std::string footer;
  while (in.has(1)) {
    const char c = static_cast<char>(in.byte());
    if (c == '\n') return out.footer = footer, true;
    footer += c;
  }
  return error = "unterminated TZ string footer", false;
}

}  // namespace

bool is_tzif_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  char magic[4] = {};
  return in.read(magic, 4) && std::string(magic, 4) == "TZif";
}

std::optional<TzifData> read_tzif(const std::filesystem::path& file, std::string& error) {
  std::ifstream stream(file, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
  ByteReader in(bytes);
  char version = 0;
  TzifCounts counts;
  if (!read_header(in, version, counts)) return error = "not a TZif file", std::nullopt;
  if (version < '2') return error = "TZif version 1 has no 64-bit data", std::nullopt;
  const std::uint64_t v1_size = data_block_size(counts, 4);
  if (!in.has(v1_size)) return error = "truncated version 1 data block", std::nullopt;
  in.skip(v1_size);
  if (!read_header(in, version, counts)) return error = "missing version 2 header", std::nullopt;
  TzifData data;
  if (!read_data_block(in, counts, data, error)) return std::nullopt;
  if (!read_footer(in, data, error)) return std::nullopt;
  return data;
}

}  // namespace slaudit::tzgen
