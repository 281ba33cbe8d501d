#include "telemetry/probe/sample_sort.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <queue>

namespace slaudit::probe {

// A sample as spilled: 40 bytes, the kind in the top bit of the source and the
// latency bound in the 7 bits below it (sources and bounds are checked to fit).
struct SampleSorter::Packed {
  int64_t at;
  uint32_t target;
  uint32_t source_kind;
  uint64_t record, ok, total;
};

namespace {

constexpr uint32_t kRatioFlag = 0x8000'0000u;
constexpr int kBoundShift = 24;
constexpr uint32_t kSourceMask = (1u << kBoundShift) - 1;
constexpr size_t kReadBatch = 4096;   // samples read from each run at a time while merging
constexpr size_t kReplayBatch = 2048;  // samples handed to the sink at a time

bool before(const ProbeSample& a, const ProbeSample& b) {
  if (a.at != b.at) return a.at < b.at;
  if (a.target != b.target) return a.target < b.target;
  if (a.source != b.source) return a.source < b.source;
  if (a.record != b.record) return a.record < b.record;
  return a.bound < b.bound;  // one histogram row gives a sample per latency bound
}

std::string temp_directory(const std::string& given) {
  if (!given.empty()) return given;
  const char* env = std::getenv("TMPDIR");
  return env && *env ? env : "/tmp";
}

// One spilled run being merged: a buffer refilled from its file.
struct RunReader {
  std::FILE* file = nullptr;
  std::vector<ProbeSample> buffer;
  size_t next = 0;
  bool failed = false;

  bool refill() {
    std::vector<char> raw(kReadBatch * 40);
    const size_t n = std::fread(raw.data(), 40, kReadBatch, file);
    if (n == 0) {
      failed = std::ferror(file) != 0;
      return false;
    }
    buffer.resize(n);
    for (size_t i = 0; i < n; ++i) {
      int64_t at;
      uint32_t target, source_kind;
      uint64_t record, ok, total;
      const char* p = raw.data() + i * 40;
      std::memcpy(&at, p, 8);
      std::memcpy(&target, p + 8, 4);
      std::memcpy(&source_kind, p + 12, 4);
      std::memcpy(&record, p + 16, 8);
      std::memcpy(&ok, p + 24, 8);
      std::memcpy(&total, p + 32, 8);
      ProbeSample& s = buffer[i];
      s.at = Instant{Seconds{at}};
      s.target = target;
      s.kind = (source_kind & kRatioFlag) ? SampleKind::Ratio : SampleKind::Counts;
      s.source = source_kind & kSourceMask;
      s.bound = static_cast<uint16_t>((source_kind & ~kRatioFlag) >> kBoundShift);
      s.record = record;
      s.ok = ok;
      s.total = total;
    }
    next = 0;
    return true;
  }
  bool has() const { return next < buffer.size(); }
  const ProbeSample& front() const { return buffer[next]; }
};

// Hands samples to a sink in batches.
class Batcher {
 public:
  explicit Batcher(ProbeSink& sink) : sink_(sink) { batch_.reserve(kReplayBatch); }
  void add(const ProbeSample& s) {
    batch_.push_back(s);
    if (batch_.size() == kReplayBatch) flush();
  }
  void flush() {
    if (!batch_.empty()) sink_.add_batch(batch_);
    batch_.clear();
  }

 private:
  ProbeSink& sink_;
  std::vector<ProbeSample> batch_;
};

}  // namespace

SampleSorter::SampleSorter(size_t run_samples, std::string temp_dir)
    : run_samples_(std::max<size_t>(1, run_samples)), temp_dir_(temp_directory(temp_dir)) {}

SampleSorter::~SampleSorter() {
  for (std::FILE* f : runs_) std::fclose(f);
}

void SampleSorter::add(const ProbeSample& sample) { add_batch({&sample, 1}); }

void SampleSorter::add_batch(std::span<const ProbeSample> samples) {
  for (const ProbeSample& s : samples) {
    if (buffer_.size() == run_samples_ && !spill()) return;
    buffer_.push_back(s);
    ++samples_;
  }
}

// Sorts the buffer and writes it to an unlinked temporary file: it disappears
// when closed, also when the process dies.
bool SampleSorter::spill() {
  if (!error_.empty()) return false;
  std::sort(buffer_.begin(), buffer_.end(), before);
  std::string path = temp_dir_ + "/slaudit-probes-XXXXXX";
  const int fd = ::mkstemp(path.data());
  std::FILE* file = fd >= 0 ? ::fdopen(fd, "w+b") : nullptr;
  if (!file) {
    error_ = "cannot write a temporary file in " + temp_dir_ + ": " + std::strerror(errno);
    if (fd >= 0) ::close(fd);
    return false;
  }
  ::unlink(path.c_str());
  std::vector<char> raw(buffer_.size() * 40);
  for (size_t i = 0; i < buffer_.size(); ++i) {
    const ProbeSample& s = buffer_[i];
    const int64_t at = s.at.time_since_epoch().count();
    const uint32_t source_kind = (s.source & kSourceMask) | (static_cast<uint32_t>(s.bound) << kBoundShift) |
                                 (s.kind == SampleKind::Ratio ? kRatioFlag : 0);
    char* p = raw.data() + i * 40;
    std::memcpy(p, &at, 8);
    std::memcpy(p + 8, &s.target, 4);
    std::memcpy(p + 12, &source_kind, 4);
    std::memcpy(p + 16, &s.record, 8);
    std::memcpy(p + 24, &s.ok, 8);
    std::memcpy(p + 32, &s.total, 8);
  }
  if (std::fwrite(raw.data(), 1, raw.size(), file) != raw.size() || std::fflush(file) != 0) {
    error_ = "cannot write a temporary file in " + temp_dir_ + ": " + std::strerror(errno);
    std::fclose(file);
    return false;
  }
  std::rewind(file);
  runs_.push_back(file);
  spilled_bytes_ += raw.size();
  buffer_.clear();
  return true;
}

std::string SampleSorter::replay(ProbeSink& sink) {
  if (!error_.empty()) return error_;
  Batcher out(sink);
  if (runs_.empty()) {  // everything fits in memory: sort it there
    std::sort(buffer_.begin(), buffer_.end(), before);
    for (const ProbeSample& s : buffer_) out.add(s);
    out.flush();
    buffer_ = {};
    return "";
  }
  if (!buffer_.empty() && !spill()) return error_;
  std::vector<RunReader> readers(runs_.size());
  const auto later = [&](size_t a, size_t b) { return before(readers[b].front(), readers[a].front()); };
  std::priority_queue<size_t, std::vector<size_t>, decltype(later)> heap(later);
  for (size_t r = 0; r < runs_.size(); ++r) {
    readers[r].file = runs_[r];
    if (readers[r].refill()) heap.push(r);
  }
  while (!heap.empty()) {
    const size_t r = heap.top();
    heap.pop();
    out.add(readers[r].front());
    if (++readers[r].next < readers[r].buffer.size() || readers[r].refill()) heap.push(r);
  }
  out.flush();
  for (const RunReader& r : readers)
    if (r.failed) return "cannot read back a temporary file in " + temp_dir_;
  return "";
}

}  // namespace slaudit::probe
