#include "telemetry/probe/probe_csv.h"

#include <fcntl.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <vector>

#include "telemetry/common/name_check.h"
#include "telemetry/probe/csv_fields.h"
#include "telemetry/probe/histogram_csv.h"
#include "base/util/file_io.h"

namespace slaudit::probe {
namespace {

constexpr size_t kBlock = 1 << 20;
constexpr size_t kPadding = 64;  // readable bytes after the data in the block buffer (see RowParser::split)
enum Column : int { Timestamp, Target, Ok, Total, Success, kColumns };

struct Layout {
  int index[kColumns] = {-1, -1, -1, -1, -1};
  int count = 0;
};

std::string parse_header(std::string_view line, Layout& layout) {
  static constexpr const char* names[kColumns] = {"timestamp", "target", "ok", "total", "success"};
  size_t start = 0;
  for (int col = 0;; ++col) {
    const size_t comma = line.find(',', start);
    const std::string_view field = line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    int which = -1;
    for (int k = 0; k < kColumns; ++k)
      if (field == names[k]) which = k;
    if (which < 0) return "unknown column '" + std::string(field) + "' (expected timestamp, target, ok, total or success)";
    if (layout.index[which] >= 0) return "column '" + std::string(field) + "' appears twice";
    layout.index[which] = col;
    layout.count = col + 1;
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  const bool counts = layout.index[Ok] >= 0 && layout.index[Total] >= 0 && layout.index[Success] < 0;
  const bool success = layout.index[Success] >= 0 && layout.index[Ok] < 0 && layout.index[Total] < 0;
  if (layout.index[Timestamp] < 0 || layout.index[Target] < 0 || !(counts || success))
    return "header must be timestamp,target,ok,total or timestamp,target,success (any order)";
  return {};
}

class RowParser {
 public:
  RowParser(const ProbeInput& in, const Layout& layout) : in_(in), layout_(layout) {
    for (int k = 0; k < kColumns; ++k)
      if (layout.index[k] >= 0) field_of_column_[layout.index[k]] = k;
  }

  // One line (without its '\n'): the last line of an input, or a line read
  // before the block scan takes over.
  void row(std::string_view line, uint64_t line_no) {
    if (too_long != 0) return;
    if (line.size() > in_.max_line_bytes) {
      too_long = line_no;
      return;
    }
    line = trim_cr(line);
    if (line.empty()) return;  // blank lines are not records
    std::string_view fields[kColumns];
    const int col = split(line, fields);
    use(fields, col, line_no);
  }

  // Every whole line in [start, end) of `base`, found by one scan for commas
  // and line ends together (16 bytes at a time with SSE2; the loads may read
  // up to 15 bytes past `end`, which the block buffer's padding keeps inside
  // it, and the bits past `end` are masked off). Returns where the unfinished
  // last line starts. Fields and rows are exactly as row() makes them.
  size_t rows(const char* base, size_t start, size_t end, uint64_t& line_no) {
    std::string_view fields[kColumns];
    int col = 0;
    size_t field = start, line = start;
    auto end_at = [&](size_t at, bool line_end) {
      if (!line_end) {
        if (col < layout_.count) fields[field_of_column_[col]] = {base + field, at - field};
        ++col;
        field = at + 1;
        return;
      }
      ++line_no;
      if (at - line > in_.max_line_bytes && too_long == 0) too_long = line_no;
      size_t stop = at;
      if (stop > field && base[stop - 1] == '\r') --stop;  // CRLF: the '\r' ends the line, not the field
      if (too_long == 0 && (col > 0 || stop > line)) {  // blank lines are not records
        if (col < layout_.count) fields[field_of_column_[col]] = {base + field, stop - field};
        use(fields, col + 1, line_no);
      }
      col = 0;
      field = line = at + 1;
    };
#if defined(__SSE2__)
    const __m128i comma = _mm_set1_epi8(','), newline = _mm_set1_epi8('\n');
    for (size_t off = start; off < end; off += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(base + off));
      uint32_t ends = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, newline)));
      uint32_t mask = ends | static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, comma)));
      if (end - off < 16) mask &= (1u << (end - off)) - 1;
      while (mask != 0) {
        const uint32_t bit = static_cast<uint32_t>(__builtin_ctz(mask));
        end_at(off + bit, (ends >> bit) & 1u);
        mask &= mask - 1;
      }
    }
#else
    for (size_t i = start; i < end; ++i)
      if (base[i] == ',' || base[i] == '\n') end_at(i, base[i] == '\n');
#endif
    return line;
  }

  // The first line longer than the input's limit (0: none). Lines after it are
  // not used: the input is refused whole, wherever its blocks end.
  uint64_t too_long = 0;

 private:
  // Checks a split line (`col` fields) and pushes its sample or rejects it.
  void use(const std::string_view (&fields)[kColumns], int col, uint64_t line_no) {
    ++in_.accounting->read;
    if (col != layout_.count) return reject(line_no, "wrong column count");
    ProbeSample s;
    s.source = in_.source;
    s.record = line_no;
    if (const char* why = times_.parse(fields[Timestamp], s.at)) return reject(line_no, why);
    if (fields[Target].empty()) return reject(line_no, "missing field: target");
    if (layout_.index[Success] >= 0) {
      const std::string_view v = fields[Success];
      if (v != "0" && v != "1") return reject(line_no, "success must be 0 or 1");
      s.ok = v == "1";
      s.total = 1;
    } else {
      if (fields[Ok].empty() || fields[Total].empty()) return reject(line_no, "missing field: ok or total");
      if (!parse_u64(fields[Ok], s.ok) || !parse_u64(fields[Total], s.total)) return reject(line_no, "bad number");
      if (s.total == 0) return reject(line_no, "total is 0");
      if (s.ok > s.total) return reject(line_no, "ok > total");
    }
    // A target is a name reports print (telemetry/common/name_check.h): checked the first time it is seen.
    const std::optional<TargetId> target = in_.targets->intern_if(fields[Target], [](std::string_view name) {
      return !name_problem("target", name);
    });
    if (!target) return reject_target(line_no, fields[Target]);
    s.target = *target;
    ++in_.accounting->used;
    in_.sink->add(s);
  }

  // Splits the line at its commas into the layout's fields; returns the
  // number of fields. With SSE2, 16 bytes are searched at a time; the loads
  // may read up to 15 bytes past the line, which the block buffer's padding
  // (kPadding) keeps inside it, and the bits past the line are masked off.
  int split(std::string_view line, std::string_view (&fields)[kColumns]) const {
    const char* const base = line.data();
    const size_t n = line.size();
    int col = 0;
    size_t field = 0;
    auto end_field = [&](size_t at) {
      if (col < layout_.count) fields[field_of_column_[col]] = {base + field, at - field};
      ++col;
      field = at + 1;
    };
#if defined(__SSE2__)
    const __m128i comma = _mm_set1_epi8(',');
    for (size_t off = 0; off < n; off += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(base + off));
      uint32_t mask = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, comma)));
      if (n - off < 16) mask &= (1u << (n - off)) - 1;
      while (mask != 0) {
        end_field(off + static_cast<size_t>(__builtin_ctz(mask)));
        mask &= mask - 1;
      }
    }
#else
    for (size_t i = 0; i < n; ++i)
      if (base[i] == ',') end_field(i);
#endif
    end_field(n);
    return col;
  }

  void reject(uint64_t line_no, const char* why) { in_.accounting->reject(in_.source, line_no, why); }
  void reject_target(uint64_t line_no, std::string_view name) {
    in_.accounting->reject_with(in_.source, line_no, [&] { return *name_problem("field 'target'", name); });
  }
  const ProbeInput& in_;
  const Layout& layout_;
  int field_of_column_[kColumns] = {};
  TimestampCache times_;
};

std::string parse_csv(ByteStream& in, std::string_view name, const ProbeInput& input) {
  std::vector<char> buf(kBlock * 2 + kPadding);
  size_t have = 0;  // bytes of an unfinished line carried at the front of buf
  uint64_t line_no = 0;
  bool header_done = false;
  Layout layout;
  std::string error;
  std::optional<RowParser> rows;
  std::optional<HistogramRows> histogram;
  static const std::vector<Decimal> kNoBounds;
  std::string fatal;  // a whole message, located already
  const auto too_long = [&](uint64_t line) {
    return std::string(name) + ":" + std::to_string(line) + ": a line longer than " +
           byte_limit_text(input.max_line_bytes) + ", the limit for one line of a probe file";
  };
  auto on_line = [&](std::string_view line) {
    ++line_no;
    if (!header_done) {
      header_done = true;
      if (line.size() > input.max_line_bytes) {
        fatal = too_long(line_no);
        return;
      }
      if (is_histogram_header(line)) {
        HistogramLayout h;
        error = parse_histogram_header(line, input.latency_bounds ? *input.latency_bounds : kNoBounds, h);
        if (error.empty()) histogram.emplace(input, std::move(h));
        return;
      }
      error = parse_header(trim_cr(line), layout);
      if (error.empty()) rows.emplace(input, layout);
      return;
    }
    if (histogram) histogram->row(line, line_no);
    else rows->row(line, line_no);
  };
  for (;;) {
    if (buf.size() - kPadding - have < kBlock) buf.resize(have + kBlock + kPadding);
    const size_t n = in.read(buf.data() + have, buf.size() - kPadding - have);
    if (!in.error().empty()) return in.error();
    const size_t end = have + n;
    size_t start = 0;
    while (!header_done && start < end) {
      const char* nl = static_cast<const char*>(std::memchr(buf.data() + start, '\n', end - start));
      if (!nl) break;
      on_line({buf.data() + start, size_t(nl - (buf.data() + start))});
      if (!fatal.empty()) return fatal;
      if (!error.empty()) return std::string(name) + ":1: " + error;
      start = size_t(nl - buf.data()) + 1;
    }
    if (header_done && rows) start = rows->rows(buf.data(), start, end, line_no);
    if (header_done && histogram) start = histogram->rows(buf.data(), start, end, line_no);
    if (rows && rows->too_long) return too_long(rows->too_long);
    if (histogram && histogram->too_long) return too_long(histogram->too_long);
    std::memmove(buf.data(), buf.data() + start, end - start);
    have = end - start;
    // An unfinished line is scanned again with the next block: bounded, the reading stays linear.
    if (have > input.max_line_bytes) return too_long(line_no + 1);
    if (n == 0) break;
  }
  if (have > 0) on_line({buf.data(), have});
  if (rows && rows->too_long) return too_long(rows->too_long);
  if (histogram && histogram->too_long) return too_long(histogram->too_long);
  if (!fatal.empty()) return fatal;
  if (!error.empty()) return std::string(name) + ":1: " + error;
  if (!header_done) return std::string(name) + ": empty input (expected a header line)";
  return {};
}

}  // namespace

std::string read_probe_csv_stream(ByteStream& in, std::string_view name, const ProbeInput& input) {
  return parse_csv(in, name, input);
}

std::string read_probe_csv_fd(int fd, std::string_view name, const ProbeInput& input) {
  ByteStream in(fd, name);
  return read_probe_csv_stream(in, name, input);
}

std::string read_probe_csv_file(const std::string& path, const ProbeInput& input) {
  if (path == "-") return read_probe_csv_fd(0, "<stdin>", input);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return path + ": cannot open: " + std::strerror(errno);
  ByteStream in(fd, path);
  std::string error = require_gzip_if_named(in, path);
  if (error.empty()) error = read_probe_csv_stream(in, path, input);
  ::close(fd);
  return error;
}

}  // namespace slaudit::probe
