#include "telemetry/incidents/chunk_pipeline.h"

#include <algorithm>

namespace slaudit {

ChunkPipeline::ChunkPipeline(Parse parse, Merge merge, const ServiceNames* services, unsigned workers, bool strict)
    : parse_(std::move(parse)),
      merge_(std::move(merge)),
      services_(services),
      strict_(strict),
      // Enough chunks queued that no worker waits while the caller reads or merges.
      max_in_flight_(4 * std::max(workers, 1u)),
      inline_builder_(services, strict) {
  workers_.reserve(workers);
  for (unsigned i = 0; i < workers; ++i) workers_.emplace_back([this] { work(); });
}

ChunkPipeline::~ChunkPipeline() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    to_parse_.clear();
  }
  work_ready_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

unsigned ChunkPipeline::workers_for_this_machine() {
  // The caller's thread parses too, while it waits for the oldest chunk.
  const unsigned cores = std::thread::hardware_concurrency();
  return cores <= 1 ? 0 : std::min(cores - 1, 3u);
}

void ChunkPipeline::submit_view(std::string_view text, size_t first_line) {
  auto chunk = std::make_unique<Chunk>();
  chunk->text = text;
  chunk->first_line = first_line;
  submit(std::move(chunk));
}

void ChunkPipeline::submit_copy(std::string_view text, size_t first_line) {
  auto chunk = std::make_unique<Chunk>();
  chunk->owned.assign(text);
  chunk->text = chunk->owned;  // after the copy: the string's storage no longer moves
  chunk->first_line = first_line;
  submit(std::move(chunk));
}

void ChunkPipeline::submit(std::unique_ptr<Chunk> chunk) {
  if (workers_.empty()) {
    parse_(chunk->text, chunk->first_line, inline_builder_, chunk->records);
    merge_(chunk->records);
    return;
  }
  while (in_flight_.size() >= max_in_flight_) merge_oldest();
  Chunk* waiting = chunk.get();
  {
    std::lock_guard lock(mutex_);
    in_flight_.push_back(std::move(chunk));
    to_parse_.push_back(waiting);
  }
  work_ready_.notify_one();
}

void ChunkPipeline::finish() {
  while (!in_flight_.empty()) merge_oldest();
}

void ChunkPipeline::merge_oldest() {
  std::unique_ptr<Chunk> oldest;
  for (;;) {
    Chunk* waiting = nullptr;
    {
      std::unique_lock lock(mutex_);
      // Rather than wait for the oldest, the caller parses a chunk no worker
      // has taken yet: with one worker fewer than cores, every core keeps busy
      // and none is shared between the reading thread and a worker.
      chunk_parsed_.wait(lock, [&] { return in_flight_.front()->parsed || !to_parse_.empty(); });
      if (in_flight_.front()->parsed) {
        oldest = std::move(in_flight_.front());
        in_flight_.pop_front();
        break;
      }
      waiting = to_parse_.front();
      to_parse_.pop_front();
    }
    parse_one(*waiting, inline_builder_);
  }
  if (oldest->failure) std::rethrow_exception(oldest->failure);
  merge_(oldest->records);
}

void ChunkPipeline::parse_one(Chunk& chunk, IncidentBuilder& builder) {
  try {
    parse_(chunk.text, chunk.first_line, builder, chunk.records);
  } catch (...) {
    chunk.failure = std::current_exception();
  }
  {
    std::lock_guard lock(mutex_);
    chunk.parsed = true;
  }
  chunk_parsed_.notify_all();
}

void ChunkPipeline::work() {
  // Each worker shares names among the incidents it builds; across workers the
  // same name has equal texts, which is all an incident's comparisons look at.
  IncidentBuilder builder(services_, strict_);
  for (;;) {
    Chunk* chunk = nullptr;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return closing_ || !to_parse_.empty(); });
      if (to_parse_.empty()) return;  // closing
      chunk = to_parse_.front();
      to_parse_.pop_front();
    }
    parse_one(*chunk, builder);
  }
}

}  // namespace slaudit
