#pragma once
// The bytes of one probe input, plain or gzip, read block by block. Gzip is
// recognised by its magic bytes (1f 8b), not by the file name, and inflated as
// it is read: a compressed file is never whole in memory. Concatenated gzip
// members (what `cat a.gz b.gz` or pigz writes) are read one after another.
// Truncated or corrupt compressed data is an error naming the input and the
// compressed byte offset, never a silently short input.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace slaudit::probe {

// Where a ByteStream's raw bytes (as on disk: compressed for gzip) come from:
// a file descriptor, or the probe pipeline's reading thread.
class RawSource {
 public:
  virtual ~RawSource() = default;
  // Up to `cap` bytes into `out`; 0 at the end. On an error returns 0 and
  // sets `error` (without the input's name, which the ByteStream adds).
  virtual size_t read(char* out, size_t cap, std::string& error) = 0;
};

// read(2) on a descriptor it does not own, retrying on EINTR.
class FdSource : public RawSource {
 public:
  explicit FdSource(int fd) : fd_(fd) {}
  size_t read(char* out, size_t cap, std::string& error) override;

 private:
  int fd_;
};

class ByteStream {
 public:
  // Does not own `fd`. `name` is used in error messages.
  ByteStream(int fd, std::string_view name);
  // Reads `source`, which must outlive the stream.
  ByteStream(RawSource& source, std::string_view name);
  ~ByteStream();
  ByteStream(const ByteStream&) = delete;
  ByteStream& operator=(const ByteStream&) = delete;

  // Fills up to `cap` bytes of `out`; 0 means the end of the input. On an
  // error returns 0 and error() says what went wrong, with the input's name.
  size_t read(char* out, size_t cap);
  const std::string& error() const { return error_; }
  // Bytes given back: the next read() returns them first (to sniff a format).
  void unread(std::string_view bytes) { pushback_.insert(0, bytes); }
  // Known after the first read(): whether the input starts with gzip's magic.
  bool gzip() const { return mode_ == Mode::Gzip; }

 private:
  enum class Mode { Unknown, Plain, Gzip };
  struct Inflater;

  size_t read_raw(char* out, size_t cap);  // from the source; sets error_
  size_t inflate_into(char* out, size_t cap);
  void detect();
  size_t fail(std::string message);

  std::unique_ptr<FdSource> own_source_;
  RawSource* source_;
  std::string name_;
  Mode mode_ = Mode::Unknown;
  std::vector<char> in_;  // compressed input, or the plain bytes read to detect the format
  size_t in_pos_ = 0, in_end_ = 0;
  bool eof_ = false;
  std::unique_ptr<Inflater> inflater_;
  std::string pushback_;
  std::string pending_error_;  // found after bytes this read returned: reported by the next read
  std::string error_;
};

// Whether a path names a gzip file by its extension (`.gz`, any case): such a
// file must start with gzip's magic bytes.
bool has_gzip_extension(std::string_view path);

// Empty, or the error for a `.gz` path whose content is not gzip (reads the
// first bytes of `in` and gives them back).
std::string require_gzip_if_named(ByteStream& in, std::string_view path);

}  // namespace slaudit::probe
