#pragma once
// Reading a large incident log on every core: the log is cut into chunks of
// whole records (log_chunker.h), worker threads check and build each chunk's
// records, and the chunks are merged back in log order on the caller's thread,
// where ids are compared (a duplicate is only known from every record before
// it). So the result is the same, record for record and message for message,
// as reading the log front to back on one thread; only the time differs.
//
// Memory stays bounded: at most a few chunks are in flight; the caller's
// submit() merges the oldest before it takes another, and while the oldest is
// not parsed yet the caller parses a waiting chunk itself (so there is one
// worker fewer than cores, and no core is shared by two of these threads).
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "telemetry/incidents/incident_builder.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit {

// One chunk's records, checked and built, each list in log order. Ids are not
// compared yet: that needs every record before them.
struct ChunkRecords {
  std::vector<Incident> incidents;
  std::vector<uint64_t> id_hashes;  // of each incident's id, worked out on the worker
  std::vector<RejectedRecord> rejected;
  size_t lines = 0;  // lines read (JSON Lines, whose chunks count lines from their start)
  // Fields kept unread (IncidentReadOptions::strict off): name -> records holding it.
  std::map<std::string, size_t, std::less<>> unused_fields;
  // Records not for this contract (IncidentBuilder): service -> records.
  std::map<std::string, size_t, std::less<>> not_for_contract;
};

class ChunkPipeline {
 public:
  // Parses `text` (whole records whose first line is `first_line`) into `out`.
  using Parse = std::function<void(std::string_view text, size_t first_line, IncidentBuilder& builder,
                                   ChunkRecords& out)>;
  // Takes each chunk's records in log order.
  using Merge = std::function<void(ChunkRecords& records)>;

  // `workers` 0: every chunk is parsed and merged at once on the caller's thread.
  // `strict`: for the builders (IncidentBuilder).
  ChunkPipeline(Parse parse, Merge merge, const ServiceNames* services, unsigned workers, bool strict = false);
  ~ChunkPipeline();  // stops the workers; chunks not merged yet are dropped
  ChunkPipeline(const ChunkPipeline&) = delete;
  ChunkPipeline& operator=(const ChunkPipeline&) = delete;

  // A chunk whose text lives as long as the pipeline (in-memory content).
  void submit_view(std::string_view text, size_t first_line);
  // A chunk whose text is copied (a file's read buffer is reused).
  void submit_copy(std::string_view text, size_t first_line);
  // Merges every chunk left. A worker's exception (out of memory) is rethrown here.
  void finish();

  // Workers for a machine: one per core but the caller's, at most three, none on one core.
  static unsigned workers_for_this_machine();

 private:
  struct Chunk {
    std::string owned;
    std::string_view text;
    size_t first_line = 1;
    ChunkRecords records;
    std::exception_ptr failure;
    bool parsed = false;
  };

  void submit(std::unique_ptr<Chunk> chunk);
  void merge_oldest();
  void parse_one(Chunk& chunk, IncidentBuilder& builder);
  void work();

  Parse parse_;
  Merge merge_;
  const ServiceNames* services_;
  bool strict_ = false;
  size_t max_in_flight_;
  IncidentBuilder inline_builder_;  // for workers == 0

  std::mutex mutex_;
  std::condition_variable work_ready_, chunk_parsed_;
  std::deque<std::unique_ptr<Chunk>> in_flight_;  // submitted, not merged; oldest first
  std::deque<Chunk*> to_parse_;
  bool closing_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace slaudit
