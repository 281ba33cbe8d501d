#include "telemetry/probe/byte_stream.h"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace slaudit::probe {

namespace {
constexpr size_t kInBlock = 256 << 10;
}

struct ByteStream::Inflater {
  z_stream z{};
  bool in_member = false;     // inside a member: the input may not end here
  uint64_t members = 0;       // members finished
  uint64_t consumed = 0;      // compressed bytes handed to inflate and used
  bool ready = false;
  ~Inflater() {
    if (ready) inflateEnd(&z);
  }
};

size_t FdSource::read(char* out, size_t cap, std::string& error) {
  for (;;) {
    const ssize_t n = ::read(fd_, out, cap);
    if (n >= 0) return size_t(n);
    if (errno == EINTR) continue;
    error = std::string("read error: ") + std::strerror(errno);
    return 0;
  }
}

ByteStream::ByteStream(int fd, std::string_view name)
    : own_source_(std::make_unique<FdSource>(fd)), source_(own_source_.get()), name_(name) {}
ByteStream::ByteStream(RawSource& source, std::string_view name) : source_(&source), name_(name) {}
ByteStream::~ByteStream() = default;

size_t ByteStream::fail(std::string message) {
  if (error_.empty()) error_ = name_ + ": " + std::move(message);
  return 0;
}

size_t ByteStream::read_raw(char* out, size_t cap) {
  std::string error;
  const size_t n = source_->read(out, cap, error);
  if (!error.empty()) return fail(std::move(error));
  return n;
}

// Reads until two bytes are in hand (a pipe may deliver one byte at a time) or
// the input ends, and decides the mode from them.
void ByteStream::detect() {
  in_.resize(kInBlock);
  while (in_end_ < 2 && !eof_) {
    const size_t n = read_raw(in_.data() + in_end_, in_.size() - in_end_);
    if (!error_.empty()) return;
    if (n == 0) eof_ = true;
    in_end_ += n;
  }
  const bool magic = in_end_ >= 2 && static_cast<unsigned char>(in_[0]) == 0x1f &&
                     static_cast<unsigned char>(in_[1]) == 0x8b;
  if (!magic) {
    mode_ = Mode::Plain;
    return;
  }
  mode_ = Mode::Gzip;
  inflater_ = std::make_unique<Inflater>();
  // 16 + MAX_WBITS: gzip wrapper only (not zlib or raw deflate), with its CRC-32 and length checked.
  if (inflateInit2(&inflater_->z, 16 + MAX_WBITS) != Z_OK) {
    fail("cannot start gzip decompression");
    return;
  }
  inflater_->ready = true;
}

size_t ByteStream::read(char* out, size_t cap) {
  if (!error_.empty() || cap == 0) return 0;
  if (!pushback_.empty()) {
    const size_t n = std::min(cap, pushback_.size());
    std::memcpy(out, pushback_.data(), n);
    pushback_.erase(0, n);
    return n;
  }
  if (mode_ == Mode::Unknown) {
    detect();
    if (!error_.empty()) return 0;
  }
  if (!pending_error_.empty()) return fail(std::move(pending_error_));
  if (mode_ == Mode::Gzip) return inflate_into(out, cap);
  if (in_pos_ < in_end_) {  // the bytes read to detect the format come first
    const size_t n = std::min(cap, in_end_ - in_pos_);
    std::memcpy(out, in_.data() + in_pos_, n);
    in_pos_ += n;
    return n;
  }
  if (eof_) return 0;
  return read_raw(out, cap);
}

size_t ByteStream::inflate_into(char* out, size_t cap) {
  Inflater& inf = *inflater_;
  z_stream& z = inf.z;
  z.next_out = reinterpret_cast<Bytef*>(out);
  z.avail_out = static_cast<uInt>(std::min<size_t>(cap, 1u << 30));
  const uInt want = z.avail_out;
  while (z.avail_out == want) {  // until some output, the end, or an error
    if (in_pos_ == in_end_) {
      if (eof_) {
        if (inf.in_member) {
          return fail("truncated gzip data: the input ends inside member " + std::to_string(inf.members + 1) +
                      " after " + std::to_string(inf.consumed) + " compressed bytes");
        }
        return 0;
      }
      in_pos_ = 0;
      in_end_ = read_raw(in_.data(), in_.size());
      if (!error_.empty()) return 0;
      if (in_end_ == 0) {
        eof_ = true;
        continue;
      }
    }
    if (!inf.in_member) {
      // A new member starts here (the first, or one concatenated after another).
      if (inf.members > 0 && inflateReset(&z) != Z_OK) return fail("cannot restart gzip decompression");
      inf.in_member = true;
    }
    z.next_in = reinterpret_cast<Bytef*>(in_.data() + in_pos_);
    z.avail_in = static_cast<uInt>(in_end_ - in_pos_);
    const int rc = inflate(&z, Z_NO_FLUSH);
    const size_t used = (in_end_ - in_pos_) - z.avail_in;
    in_pos_ += used;
    if (rc == Z_STREAM_END) {
      inf.in_member = false;
      ++inf.members;
    } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
      const std::string what = z.msg ? z.msg : "inflate error " + std::to_string(rc);
      std::string message = "corrupt gzip data in member " + std::to_string(inf.members + 1) +
                            " near compressed byte " + std::to_string(inf.consumed + used) + ": " + what;
      // Bytes inflated before the damage are given first and the error on the
      // next read, so a reader sees the same bytes however the input was cut.
      if (z.avail_out != want) {
        pending_error_ = std::move(message);
        return want - z.avail_out;
      }
      return fail(std::move(message));
    }
    inf.consumed += used;
  }
  return want - z.avail_out;
}

bool has_gzip_extension(std::string_view path) {
  if (path.size() < 3) return false;
  const std::string_view ext = path.substr(path.size() - 3);
  return ext[0] == '.' && (ext[1] == 'g' || ext[1] == 'G') && (ext[2] == 'z' || ext[2] == 'Z');
}

std::string require_gzip_if_named(ByteStream& in, std::string_view path) {
  if (!has_gzip_extension(path)) return {};
  char first[2];
  size_t got = 0;
  while (got < sizeof first) {
    const size_t n = in.read(first + got, sizeof first - got);
    if (n == 0) break;
    got += n;
  }
  if (!in.error().empty()) return in.error();
  in.unread({first, got});
  if (in.gzip()) return {};
  return std::string(path) + ": the name ends in .gz but the content is not gzip (no 1f 8b magic bytes)";
}

}  // namespace slaudit::probe
