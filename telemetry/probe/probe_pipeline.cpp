#include "telemetry/probe/probe_pipeline.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <optional>
#include <thread>

#include "base/util/sha256.h"
#include "telemetry/probe/bounded_queue.h"
#include "telemetry/probe/byte_stream.h"

namespace slaudit::probe {
namespace {

constexpr size_t kBlockBytes = 1 << 20;
constexpr size_t kBlocksInFlight = 8;
constexpr size_t kBatchSamples = 2048;
constexpr size_t kBatchesInFlight = 16;

// Bytes of one input, or (with `end`) how it ended: its digest, or an error.
struct RawBlock {
  uint32_t file = 0;
  std::vector<char> bytes;
  bool end = false;
  std::string sha256;
  std::string error;             // without the input's name (the ByteStream adds it)
  std::exception_ptr exception;  // thrown on the bytes thread
};

// Samples in reading order, their targets numbered in the parse thread's own table.
struct SampleBatch {
  std::vector<ProbeSample> samples;
  std::vector<std::string> new_targets;  // that table's names first numbered in this batch, by id
  // After the last sample of input `file`: how the input ended.
  bool file_end = false;
  uint32_t file = 0;
  ProbeAccounting accounting;
  std::string sha256, error;
  std::exception_ptr exception;  // thrown on the parse or bytes thread
};

// The calling thread stopped taking batches (an error, or its sink threw):
// unwinds the parse thread out of the reader.
struct Stopped {};

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

// The bytes thread: each input's blocks in order, then its end.
// Writes all of `bytes` to `fd`; false on an error.
bool write_all(int fd, const char* bytes, size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, bytes, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    bytes += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

void read_bytes(const std::vector<std::string>& paths, BoundedQueue<RawBlock>& out,
                BoundedQueue<std::vector<char>>& spare, const ProbeReadOptions& options) {
  for (uint32_t f = 0; f < paths.size(); ++f) {
    RawBlock end;
    end.file = f;
    end.end = true;
    try {
      const bool standard_input = paths[f] == "-";
      const int fd = standard_input ? options.stdin_fd : ::open(paths[f].c_str(), O_RDONLY | O_CLOEXEC);
      const int copy = standard_input ? options.stdin_copy_fd : -1;
      if (fd < 0) {
        end.error = std::string("cannot open: ") + std::strerror(errno);
      } else {
        FdSource source(fd);
        Sha256 digest;
        bool stopped = false;
        for (;;) {
          std::vector<char> block = spare.try_pop().value_or(std::vector<char>{});
          block.resize(kBlockBytes);
          const size_t n = source.read(block.data(), block.size(), end.error);
          if (n == 0) break;
          block.resize(n);
          digest.update({block.data(), n});
          if (copy >= 0 && !write_all(copy, block.data(), n)) {
            end.error = std::string("cannot keep a copy of standard input: ") + std::strerror(errno);
            break;
          }
          RawBlock next;
          next.file = f;
          next.bytes = std::move(block);
          if (!out.push(std::move(next))) {
            stopped = true;
            break;
          }
        }
        if (!standard_input) ::close(fd);
        if (stopped) return;
        if (end.error.empty()) end.sha256 = digest.hex();
      }
    } catch (...) {
      end.exception = std::current_exception();
    }
    const bool failed = !end.error.empty() || end.exception;
    if (!out.push(std::move(end)) || failed) break;
  }
  out.close();
}

// The parse thread's view of one input's blocks.
class QueuedSource : public RawSource {
 public:
  QueuedSource(BoundedQueue<RawBlock>& in, BoundedQueue<std::vector<char>>& spare) : in_(in), spare_(spare) {}

  size_t read(char* out, size_t cap, std::string& error) override {
    while (pos_ == block_.size()) {
      if (ended_) {
        error = error_;
        return 0;
      }
      next();
    }
    const size_t n = std::min(cap, block_.size() - pos_);
    std::memcpy(out, block_.data() + pos_, n);
    pos_ += n;
    return n;
  }

  // Takes the blocks the parser left unread (none, for the readers here, which
  // read to the end; this keeps the next input's blocks from being taken as this one's).
  void drain() {
    pos_ = block_.size();
    while (!ended_) next();
  }
  const std::string& sha256() const { return sha256_; }
  const std::string& error() const { return error_; }

 private:
  void next() {
    if (!block_.empty()) {
      // Given back at its size: the bytes thread's resize to a full block then writes no zeros.
      spare_.try_push(std::move(block_));
      block_ = {};
    }
    pos_ = 0;
    std::optional<RawBlock> b = in_.pop();
    if (!b) throw Stopped{};  // closed without this input's end: the calling thread stopped
    if (!b->end) {
      block_ = std::move(b->bytes);
      return;
    }
    ended_ = true;
    if (b->exception) std::rethrow_exception(b->exception);
    sha256_ = std::move(b->sha256);
    error_ = std::move(b->error);
  }

  BoundedQueue<RawBlock>& in_;
  BoundedQueue<std::vector<char>>& spare_;
  std::vector<char> block_;
  size_t pos_ = 0;
  bool ended_ = false;
  std::string sha256_, error_;
};

// Collects samples into batches and hands each full one on.
class BatchingSink : public ProbeSink {
 public:
  BatchingSink(BoundedQueue<SampleBatch>& out, BoundedQueue<std::vector<ProbeSample>>& spent, const ProbeTargets& targets)
      : out_(out), spent_(spent), targets_(targets) {
    fresh();
  }
  void add(const ProbeSample& s) override {
    batch_.samples.push_back(s);
    if (batch_.samples.size() == kBatchSamples) send(std::move(batch_));
  }
  // Sends what is collected, then `end`.
  void finish_file(SampleBatch end) {
    if (!batch_.samples.empty()) send(std::move(batch_));
    send(std::move(end));
  }

 private:
  void fresh() {
    batch_ = SampleBatch{};
    batch_.samples = spent_.try_pop().value_or(std::vector<ProbeSample>{});
    batch_.samples.clear();
    batch_.samples.reserve(kBatchSamples);
  }
  void send(SampleBatch b) {
    for (; named_ < targets_.size(); ++named_) b.new_targets.push_back(targets_.name(static_cast<TargetId>(named_)));
    if (!out_.push(std::move(b))) throw Stopped{};
    fresh();
  }

  BoundedQueue<SampleBatch>& out_;
  BoundedQueue<std::vector<ProbeSample>>& spent_;
  const ProbeTargets& targets_;
  SampleBatch batch_;
  size_t named_ = 0;  // targets whose names were sent
};

// The parse thread: each input's samples, then its end, in input order.
void parse_inputs(const std::vector<std::string>& paths, const ProbeReadOptions& options, BoundedQueue<RawBlock>& raw,
                  BoundedQueue<std::vector<char>>& spare, BoundedQueue<SampleBatch>& out,
                  BoundedQueue<std::vector<ProbeSample>>& spent) {
  try {
    ProbeTargets targets;  // this thread's own numbering
    BatchingSink sink(out, spent, targets);
    for (uint32_t f = 0; f < paths.size(); ++f) {
      SampleBatch end;
      end.file_end = true;
      end.file = f;
      try {
        QueuedSource source(raw, spare);
        const std::string name = display_name(paths[f]);
        ByteStream in(source, name);
        const ProbeInput input{f, &targets, &sink, &end.accounting};
        end.error = read_probe_stream(in, paths[f], name, input, options);
        if (end.error.empty()) {
          source.drain();
          end.sha256 = source.sha256();
        }
      } catch (const Stopped&) {
        throw;
      } catch (...) {
        end.exception = std::current_exception();
      }
      const bool failed = !end.error.empty() || end.exception;
      sink.finish_file(std::move(end));
      if (failed) break;
    }
  } catch (const Stopped&) {
    // The calling thread stopped taking batches; it reports why.
  } catch (...) {
    // bad_alloc building a batch: the calling thread rethrows it.
    SampleBatch end;
    end.file_end = true;
    end.exception = std::current_exception();
    out.push(std::move(end));
  }
  raw.close();  // the bytes thread stops at its next block
  out.close();
}

// Owns the queues and the two threads; ending it closes every queue, so that
// no thread waits on another, then joins both.
class Pipeline {
 public:
  Pipeline() = default;
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;
  ~Pipeline() { stop(); }

  void start(const std::vector<std::string>& paths, const ProbeReadOptions& options) {
    threads_.emplace_back([this, &paths, &options] { read_bytes(paths, raw, spare, options); });
    threads_.emplace_back([this, &paths, &options] { parse_inputs(paths, options, raw, spare, batches, spent); });
  }
  void stop() {
    raw.close();
    batches.close();
    threads_.clear();  // std::jthread joins
  }

  BoundedQueue<RawBlock> raw{kBlocksInFlight};
  BoundedQueue<std::vector<char>> spare{kBlocksInFlight + 2};
  BoundedQueue<SampleBatch> batches{kBatchesInFlight};
  BoundedQueue<std::vector<ProbeSample>> spent{kBatchesInFlight + 2};

 private:
  std::vector<std::jthread> threads_;
};

}  // namespace

std::string read_probe_inputs_threaded(const std::vector<std::string>& paths, ProbeTargets& targets, ProbeSink& sink,
                                       std::vector<ProbeFileResult>& files, const ProbeReadOptions& options) {
  int stdin_uses = 0;
  for (const std::string& p : paths) stdin_uses += p == "-";
  if (stdin_uses > 1) return "`-` (standard input) is given " + std::to_string(stdin_uses) + " times; it can be read once";

  Pipeline pipeline;
  pipeline.start(paths, options);
  std::vector<TargetId> ids;  // the parse thread's target id -> id in `targets`
  bool same_ids = true;       // so far ids[i] == i: no sample needs rewriting (the usual case: an empty table)
  std::string error;
  while (std::optional<SampleBatch> b = pipeline.batches.pop()) {
    for (const std::string& name : b->new_targets) {
      ids.push_back(targets.intern(name));
      same_ids = same_ids && ids.back() == ids.size() - 1;
    }
    if (!same_ids)
      for (ProbeSample& s : b->samples) s.target = ids[s.target];
    sink.add_batch(b->samples);  // may throw: ~Pipeline stops both threads first
    pipeline.spent.try_push(std::move(b->samples));
    if (!b->file_end) continue;
    if (b->exception) std::rethrow_exception(b->exception);
    if (!b->error.empty()) {
      error = std::move(b->error);
      break;
    }
    files.push_back({std::move(b->accounting), std::move(b->sha256)});
  }
  pipeline.stop();
  return error;
}

}  // namespace slaudit::probe
