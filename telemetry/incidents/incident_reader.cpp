#include "telemetry/incidents/incident_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <new>
#include <system_error>
#include <utility>
#include <vector>

#include "base/util/file_io.h"
#include "base/util/sha256.h"
#include "telemetry/common/csv.h"
#include "telemetry/incidents/chunk_pipeline.h"
#include "telemetry/incidents/csv_records.h"
#include "telemetry/incidents/incident_builder.h"
#include "telemetry/incidents/json_line_scanner.h"
#include "telemetry/incidents/json_records.h"
#include "telemetry/incidents/log_chunker.h"
#include "telemetry/common/reason_text.h"

namespace slaudit {

namespace {

// Distinct unread field names kept per chunk and per log: a hostile log with a
// new key on every line must not grow the note (or its memory) with it.
constexpr size_t kUnusedNamesKept = 256;
// Of which the note lists the first (by name), then says how many more.
constexpr size_t kUnusedNamesListed = 20;

// Counts `count` records holding the field (or naming the service) `name` into `names`; past the bound,
// into the entry "" (fields beyond the names kept).
void count_name(std::map<std::string, size_t, std::less<>>& names, std::string_view name, size_t count) {
  auto found = names.find(name);
  if (found == names.end()) {
    if (names.size() >= kUnusedNamesKept) name = {};
    found = names.try_emplace(std::string(name), 0).first;
  }
  found->second += count;
}

// "fields not used (read as absent): 'owner' (3), 'priority' (2)": records holding each, by name.
std::string unused_fields_note(const std::string& path, const std::map<std::string, size_t, std::less<>>& names) {
  std::string note = path + ": fields not used (read as absent): ";
  size_t listed = 0;
  bool more = false;
  for (const auto& [name, records] : names) {
    if (name.empty() || listed == kUnusedNamesListed) {
      more = true;  // "" holds the fields past the names kept
      continue;
    }
    note += (listed++ ? ", " : "") + quote_value(name) + " (" + std::to_string(records) + ")";
  }
  return more ? note + " and other fields" : note;
}

// "records for services this contract does not define: 'gce' (3), 'ec2' (2)":
// the most records first, then by name.
std::string not_for_contract_note(const std::string& path, const std::map<std::string, size_t, std::less<>>& services) {
  std::vector<std::pair<size_t, std::string_view>> by_count;
  bool more = false;
  for (const auto& [service, records] : services) {
    if (service.empty()) more = true;  // the services past the names kept
    else by_count.emplace_back(records, service);
  }
  std::sort(by_count.begin(), by_count.end(),
            [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
  std::string note = path + ": records for services this contract does not define (not for this contract): ";
  for (size_t i = 0; i < by_count.size(); ++i) {
    if (i == kUnusedNamesListed) {
      more = true;
      break;
    }
    note += (i ? ", " : "") + quote_value(by_count[i].second) + " (" + std::to_string(by_count[i].first) + ")";
  }
  return more ? note + " and other services" : note;
}

std::string too_big(size_t bytes) {
  return "record is " + std::to_string(bytes) + " bytes, over the 1 MiB limit";
}

// A hint, and only that: where the kernel does not take it, nothing changes.
void advise_huge_pages(const void* begin, size_t bytes) {
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  const uintptr_t first = (reinterpret_cast<uintptr_t>(begin) + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t last = (reinterpret_cast<uintptr_t>(begin) + bytes) & ~(kHugePage - 1);
  if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

// The accepted ids, as an open-addressing table of incident indexes: the ids
// themselves stay in the incidents, not copied into the table.
class IdIndex {
 public:
  static constexpr size_t kNone = SIZE_MAX;
  // At most 5/8 full: probes stay short (the slots keep the hash's high bits,
  // so most unequal ids are passed over unread), and the table of a million
  // ids takes 16 MiB, not 32, which also keeps more of it in the TLB's reach.
  static constexpr size_t kMaxLoadNum = 5, kMaxLoadDen = 8;

  // The index of the incident with `id`, or kNone.
  size_t find(std::string_view id, uint64_t hash, const std::vector<Incident>& store) const {
    if (slots_.empty()) return kNone;
    for (size_t s = position(pack(0, hash)) & mask(); slots_[s] != 0; s = (s + 1) & mask()) {
      const uint64_t slot = slots_[s];
      if ((slot >> 32) == (hash >> 32) && store[(slot & 0xFFFFFFFFu) - 1].id == id) return (slot & 0xFFFFFFFFu) - 1;
    }
    return kNone;
  }

  // Room for `count` ids without growing.
  void reserve(size_t count) {
    size_t size = 1024;
    while (size * kMaxLoadNum < count * kMaxLoadDen) size *= 2;
    if (size > slots_.size()) resize(size);
  }

  // `index` (below 2^32 - 1) is not in the table yet.
  void insert(size_t index, uint64_t hash) {
    assert(index < 0xFFFFFFFFu);
    if ((count_ + 1) * kMaxLoadDen > slots_.size() * kMaxLoadNum) grow();
    place(pack(index, hash));
    ++count_;
  }

  static uint64_t hash_of(std::string_view id) { return std::hash<std::string_view>{}(id); }

  // Brings the first slot find() and insert() will read for `hash` towards the cache.
  void prefetch(uint64_t hash) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[position(pack(0, hash)) & mask()]);
  }

 private:
  // High half: the hash's high bits, to skip most unequal ids unread; low half: index + 1 (0 is empty).
  static uint64_t pack(size_t index, uint64_t hash) { return (hash & ~uint64_t{0xFFFFFFFFu}) | (index + 1); }
  size_t mask() const { return slots_.size() - 1; }
  void place(uint64_t slot) {
    // The slot keeps only the hash's high bits; the position uses its low bits,
    // so a moved slot's position comes from its high bits rehashed.
    size_t s = position(slot) & mask();
    while (slots_[s] != 0) s = (s + 1) & mask();
    slots_[s] = slot;
  }
  static size_t position(uint64_t slot) { return static_cast<size_t>((slot >> 32) * 0x9E3779B97F4A7C15ull >> 16); }
  void grow() { resize(std::max<size_t>(1024, 2 * slots_.size())); }
  void resize(size_t size) {
    std::vector<uint64_t> old = std::move(slots_);
    slots_.reserve(size);
    // Every lookup lands on a random slot: in small pages a large table misses
    // the TLB on nearly every one; in huge pages, where the kernel has them, not.
    advise_huge_pages(slots_.data(), size * sizeof(uint64_t));
    slots_.assign(size, 0);
    for (const uint64_t slot : old)
      if (slot != 0) place(slot);
  }

  std::vector<uint64_t> slots_;
  size_t count_ = 0;
};

// Checks and builds the records of one chunk; ids are compared later, by the LogMerger.
class ChunkCollector {
 public:
  ChunkCollector(IncidentBuilder& builder, ChunkRecords& out) : builder_(builder), out_(out) {}

  void reject(size_t line, std::string reason) { out_.rejected.push_back({line, std::move(reason)}); }

  void take(const RawRecord& raw, size_t line) {
    if (!raw.incident) return reject(line, raw.reason);
    take(*raw.incident, line);
  }

  void take(const RawIncident& raw, size_t line) {
    for (const std::string_view name : raw.unused_fields) count_name(out_.unused_fields, name, 1);
    BuiltIncident built = builder_.build(raw);
    if (built.not_for_contract) return count_name(out_.not_for_contract, *raw.service, 1);
    if (!built.incident) return reject(line, std::move(built.reason));
    out_.id_hashes.push_back(IdIndex::hash_of(built.incident->id));
    out_.incidents.push_back(std::move(*built.incident));
  }

 private:
  IncidentBuilder& builder_;
  ChunkRecords& out_;
};

// Accounts for every record: each one read ends up in exactly one of
// log.incidents and log.rejected, both in log order. Takes the chunks in log
// order and keeps the first accepted record of each id.
class LogMerger {
 public:
  explicit LogMerger(IncidentLog& log) : log_(log) {}

  void merge(ChunkRecords& chunk) {
    size_t r = 0;
    const size_t count = chunk.incidents.size();
    for (size_t i = 0; i < count; ++i) {
      // The table is far larger than the caches: ask for a later id's slot while this one is looked up.
      if (i + kLookAhead < count) ids_.prefetch(chunk.id_hashes[i + kLookAhead]);
      Incident& incident = chunk.incidents[i];
      while (r < chunk.rejected.size() && chunk.rejected[r].line < incident.line) reject(std::move(chunk.rejected[r++]));
      take(std::move(incident), chunk.id_hashes[i]);
    }
    while (r < chunk.rejected.size()) reject(std::move(chunk.rejected[r++]));
    for (const auto& [name, records] : chunk.unused_fields) count_name(unused_fields_, name, records);
    for (const auto& [service, records] : chunk.not_for_contract) {
      count_name(not_for_contract_, service, records);
      log_.records_read += records;
      log_.not_for_contract += records;
    }
  }

  // Once every chunk is merged: the log's notes.
  void finish() {
    if (!unused_fields_.empty()) log_.notes.push_back(unused_fields_note(log_.path, unused_fields_));
    if (!not_for_contract_.empty()) log_.notes.push_back(not_for_contract_note(log_.path, not_for_contract_));
  }

  // About how many records are coming: room is made for them at once, since
  // a vector that grows needs its old and new storage together, half again
  // the memory of a large log. Room reserved and never used is never touched,
  // so it costs address space, not memory.
  void expect(size_t records) {
    try {
      log_.incidents.reserve(records);
      ids_.reserve(records);
    } catch (const std::bad_alloc&) {
      // An estimate too large to reserve (a huge file): grow as records come instead.
    }
  }

 private:
  void reject(RejectedRecord&& rejected) {
    ++log_.records_read;
    log_.rejected.push_back(std::move(rejected));
  }

  static constexpr size_t kLookAhead = 8;

  void take(Incident&& incident, uint64_t hash) {
    const size_t first = ids_.find(incident.id, hash, log_.incidents);
    if (first != IdIndex::kNone) return reject({incident.line, duplicate_reason(log_.incidents[first], incident)});
    ids_.insert(log_.incidents.size(), hash);
    ++log_.records_read;
    log_.incidents.push_back(std::move(incident));
  }

  static std::string duplicate_reason(const Incident& first, const Incident& again) {
    if (same_content(first, again)) return "duplicate of line " + std::to_string(first.line) + " (identical)";
    return "duplicate id " + quote_value(again.id) + " with different content (first at line " +
           std::to_string(first.line) + ")";
  }

  IncidentLog& log_;
  IdIndex ids_;
  std::map<std::string, size_t, std::less<>> unused_fields_, not_for_contract_;
};

bool is_blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

// The records of a chunk of JSON Lines: every line of `text`, the last one
// with or without its '\n'.
size_t parse_json_lines(std::string_view text, size_t first_line, bool scan_plain, bool strict,
                        ChunkCollector& collector) {
  size_t line_number = first_line - 1;
  size_t pos = 0;
  RawIncident plain;  // reused from line to line
  while (pos < text.size()) {
    const size_t eol = text.find('\n', pos);
    std::string_view line = text.substr(pos, (eol == std::string_view::npos ? text.size() : eol) - pos);
    pos = eol == std::string_view::npos ? text.size() : eol + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (is_blank(line)) continue;
    if (line.size() > kMaxRecordBytes) {
      collector.reject(line_number, too_big(line.size()));
      continue;
    }
    // Most lines are plain, and read without a tree; any other goes the general way.
    if (scan_plain && scan_plain_json_line(line, line_number, plain)) {
      collector.take(plain, line_number);
    } else {
      collector.take(raw_incident_from_json_line(line, line_number, strict), line_number);
    }
  }
  return line_number - (first_line - 1);
}

// The records of a chunk of CSV: whole records, after the header row.
void parse_csv(std::string_view text, size_t first_line, const CsvColumns& columns, ChunkCollector& collector) {
  CsvReader reader(text, first_line);
  CsvRecord row;  // reused: its fields keep their storage from row to row
  while (reader.next(row)) {
    if (row.bytes > kMaxRecordBytes) {
      collector.reject(row.line, too_big(row.bytes));
      continue;
    }
    collector.take(raw_incident_from_csv(columns, row), row.line);
  }
}

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// Cuts the log into chunks of whole records and parses them (on workers when
// there are any), merging them in log order into the log.
class LogReader {
 public:
  LogReader(LogFormat format, const IncidentReadOptions& options, IncidentLog& log, unsigned workers)
      : format_(format),
        scan_plain_(options.scan_plain_lines),
        strict_(options.strict),
        csv_(options.strict),
        merger_(log),
        pipeline_([this](std::string_view text, size_t first_line, IncidentBuilder& builder,
                         ChunkRecords& out) { parse_chunk(text, first_line, builder, out); },
                  [this](ChunkRecords& records) { merge_chunk(records); },
                  options.services ? &*options.services : nullptr, workers, options.strict) {}

  LogMerger& merger() { return merger_; }

  // Reads the whole records at the front of `window` (after the BOM, if any);
  // returns the bytes it used. `copy`: the window's text is reused after this call.
  size_t feed(std::string_view window, bool final, bool copy) {
    const LogCut cut = format_ == LogFormat::Csv ? csv_.cut(window, final) : json_lines_.cut(window, final);
    if (cut.take > 0) {
      const std::string_view chunk = window.substr(cut.skip, cut.take);
      copy ? pipeline_.submit_copy(chunk, cut.first_line) : pipeline_.submit_view(chunk, cut.first_line);
    }
    return cut.skip + cut.take;
  }

  void finish() {
    pipeline_.finish();
    merger_.finish();
  }

  // A CSV log whose header cannot name a single incident: an error for the
  // whole log (as the probe and billing readers have it), never an empty log.
  std::string header_error() const {
    if (format_ != LogFormat::Csv || !csv_.columns()) return {};
    const std::vector<std::string>& names = csv_.columns()->names;
    for (const std::string& name : names)
      if (name.find('\r') != std::string::npos)
        return "the header row holds a bare carriage return: the file's lines end in CR alone; "
               "convert them to LF or CRLF";
    // A malformed header rejects every record with its problem instead.
    if (!csv_.columns()->problem.empty()) return {};
    std::string missing;
    for (const std::string_view required : {"id", "service", "start"})
      if (std::find(names.begin(), names.end(), required) == names.end())
        missing += (missing.empty() ? "'" : ", '") + std::string(required) + "'";
    if (missing.empty()) return {};
    return "the header row lacks the required column(s) " + missing +
           "; a CSV incident log starts with a header such as id,service,start,end";
  }

 private:
  // On a worker: reads only the chunk and what never changes once chunks are cut.
  void parse_chunk(std::string_view text, size_t first_line, IncidentBuilder& builder, ChunkRecords& out) const {
    // Room for the chunk's records at once: growing would copy the incidents
    // again and again. The first chunk counts its lines; the others go by the
    // bytes per line it found, with a quarter to spare (a chunk of shorter
    // lines only grows its lists: the records are the same either way).
    size_t bytes_per_line = bytes_per_line_.load(std::memory_order_relaxed);
    size_t room = 0;
    if (bytes_per_line == 0) {
      room = static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
      bytes_per_line_.store(std::max<size_t>(text.size() / room, 1), std::memory_order_relaxed);
    } else {
      room = text.size() / bytes_per_line;
      room += room / 4 + 16;
    }
    out.incidents.reserve(room);
    out.id_hashes.reserve(room);
    ChunkCollector collector(builder, out);
    if (format_ == LogFormat::Csv) {
      // The chunker read the header before it cut any chunk, and never changes it after.
      parse_csv(text, first_line, *csv_.columns(), collector);
    } else {
      out.lines = parse_json_lines(text, first_line, scan_plain_, strict_, collector);
    }
  }

  // On the reading thread, chunk after chunk in log order.
  void merge_chunk(ChunkRecords& records) {
    if (format_ == LogFormat::JsonLines) {
      // Its lines were counted from its start: add the lines before it.
      for (Incident& incident : records.incidents) incident.line += lines_before_;
      for (RejectedRecord& rejected : records.rejected) rejected.line += lines_before_;
      lines_before_ += records.lines;
    }
    merger_.merge(records);
  }

  LogFormat format_;
  bool scan_plain_;
  bool strict_;
  size_t lines_before_ = 0;  // JSON Lines: lines in the chunks merged so far
  mutable std::atomic<size_t> bytes_per_line_{0};  // of the first chunk parsed, for the others' room
  JsonLinesChunker json_lines_;
  CsvChunker csv_;
  LogMerger merger_;
  ChunkPipeline pipeline_;
};

std::string_view without_bom(std::string_view text) {
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  return text;
}

std::string read_error(const std::string& path, int error) {
  return "cannot read " + quote_value(path) + ": " + std::generic_category().message(error);
}

// Reads a file block by block into a window of unparsed text: a record cut by
// a block's end stays in the window until the rest of it arrives. The window
// grows only for a record longer than a block, and then at least doubles, so
// re-reading the start of a long record stays linear.
std::string parse_file(int fd, const IncidentReadOptions& options, LogReader& reader, Sha256& digest,
                       const std::string& path, size_t file_bytes) {
  const size_t block = std::max<size_t>(options.read_block_bytes, 1);
  std::unique_ptr<char[]> buffer;
  size_t capacity = 0, begin = 0, end = 0;  // the window is buffer[begin, end)
  bool at_start = true, first_block = true;
  size_t read_total = 0;  // bytes of the file read so far
  for (bool final = false; !final;) {
    const size_t pending = end - begin;
    // A window never holds more than the limit + 1 bytes, so a record longer than
    // the limit never ends inside one, whatever the block size: it is refused below.
    // (pending is at most the limit here: more was refused after the last feed.)
    const size_t wanted = std::min(std::max(block, pending), options.max_unfinished_bytes + 1 - pending);
    if (pending + wanted > capacity) {
      capacity = pending + wanted;
      auto bigger = std::make_unique<char[]>(capacity);
      if (pending > 0) std::memcpy(bigger.get(), buffer.get() + begin, pending);
      buffer = std::move(bigger);
    } else if (begin > 0) {
      std::memmove(buffer.get(), buffer.get() + begin, pending);
    }
    begin = 0;
    end = pending;
    size_t got = 0;
    while (got < wanted) {
      const ssize_t n = ::read(fd, buffer.get() + end + got, wanted - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return read_error(path, errno);
      if (n == 0) {
        final = true;
        break;
      }
      got += static_cast<size_t>(n);
    }
    digest.update(std::string_view(buffer.get() + end, got));
    end += got;
    if (at_start && (end >= kBom.size() || final)) {
      // The BOM is in the digest but not a record's text.
      if (std::string_view(buffer.get(), end).substr(0, kBom.size()) == kBom) begin = kBom.size();
      at_start = false;
    }
    if (at_start) continue;
    if (first_block) {
      // The file's lines are likely as long as the first block's: room for a
      // quarter more records than that predicts.
      first_block = false;
      const std::string_view first(buffer.get(), end);
      const size_t lines = static_cast<size_t>(std::count(first.begin(), first.end(), '\n')) + 1;
      reader.merger().expect(file_bytes / std::max<size_t>(1, end / lines) * 5 / 4 + 16);
    }
    begin += reader.feed(std::string_view(buffer.get() + begin, end - begin), final, true);
    read_total += got;
    if (!final && end - begin > options.max_unfinished_bytes)
      return "the record starting at byte " + std::to_string(read_total - (end - begin) + 1) +
             " runs past " + byte_limit_text(options.max_unfinished_bytes) +
             " without ending (a record may be at most " + byte_limit_text(kMaxRecordBytes) +
             "); the log is not read further";
  }
  reader.finish();
  return {};
}

// Workers pay off only for a log of a few blocks or more.
unsigned workers_for(size_t bytes, const IncidentReadOptions& options) {
  return bytes > 2 * std::max<size_t>(options.read_block_bytes, 1) ? ChunkPipeline::workers_for_this_machine() : 0;
}

}  // namespace

std::string_view log_format_name(LogFormat format) {
  return format == LogFormat::Csv ? "csv" : "jsonl";
}

std::optional<LogFormat> log_format_from_name(std::string_view name) {
  if (name == "jsonl" || name == "ndjson" || name == "json") return LogFormat::JsonLines;
  if (name == "csv") return LogFormat::Csv;
  return std::nullopt;
}

std::optional<LogFormat> log_format_for_path(std::string_view path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  if (extension.empty()) return std::nullopt;
  return log_format_from_name(std::string_view(extension).substr(1));
}

namespace {

std::optional<LogFormat> format_of(const std::string& path, const IncidentReadOptions& options, std::string& error) {
  const std::optional<LogFormat> format = options.format ? options.format : log_format_for_path(path);
  if (!format) {
    error = "cannot tell the format of " + quote_value(path) +
            " from its extension; use .jsonl, .ndjson, .json or .csv, or name the format";
  }
  return format;
}

}  // namespace

IncidentLogResult read_incident_log(std::string_view content, std::string path,
                                    const IncidentReadOptions& options) {
  std::string error;
  const std::optional<LogFormat> format = format_of(path, options, error);
  if (!format) return {std::nullopt, std::move(error)};
  IncidentLog log;
  log.path = std::move(path);
  log.sha256 = sha256_hex(content);
  log.format = *format;
  const std::string_view text = without_bom(content);
  LogReader reader(*format, options, log, workers_for(text.size(), options));
  reader.merger().expect(static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
  // Cut in windows of a block, as a file is read; a window with no whole record grows.
  const size_t block = std::max<size_t>(options.read_block_bytes, 1);
  for (size_t pos = 0, size = block; pos < text.size() || pos == 0;) {
    const bool final = pos + size >= text.size();
    const size_t used = reader.feed(text.substr(pos, size), final, false);
    if (final) break;
    pos += used;
    size = used > 0 ? block : 2 * size;
  }
  reader.finish();
  if (std::string header = reader.header_error(); !header.empty()) return {std::nullopt, std::move(header)};
  assert(log.records_read == log.incidents.size() + log.rejected.size() + log.not_for_contract);
  return {std::move(log), {}};
}

IncidentLogResult read_incident_log_file(const std::string& path, const IncidentReadOptions& options) {
  const bool standard_input = path == "-";
  const int fd = standard_input ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {std::nullopt, read_error(path, errno)};
  const auto close_file = [&] {
    if (!standard_input) ::close(fd);
  };
  struct stat status {};
  if (::fstat(fd, &status) != 0) status = {};
  if (S_ISDIR(status.st_mode)) {
    close_file();
    return {std::nullopt, read_error(path, EISDIR)};
  }
  std::string error;
  const std::optional<LogFormat> format = format_of(path, options, error);
  if (!format) {
    close_file();
    return {std::nullopt, std::move(error)};
  }
  IncidentLog log;
  log.path = path;
  log.format = *format;
  Sha256 digest;
  const size_t bytes = S_ISREG(status.st_mode) ? static_cast<size_t>(status.st_size) : 0;
  {
    LogReader reader(*format, options, log, workers_for(bytes, options));
    error = parse_file(fd, options, reader, digest, path, bytes);
    if (error.empty()) error = reader.header_error();
  }
  close_file();
  if (!error.empty()) return {std::nullopt, std::move(error)};
  log.sha256 = digest.hex();
  assert(log.records_read == log.incidents.size() + log.rejected.size() + log.not_for_contract);
  return {std::move(log), {}};
}

}  // namespace slaudit
