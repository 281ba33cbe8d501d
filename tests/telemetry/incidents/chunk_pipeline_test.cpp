// The chunk pipeline: chunks parsed on workers come back merged in the order
// they were submitted, whatever order the workers finish them in, and a
// worker's failure reaches the caller.
#include <catch2/catch.hpp>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "telemetry/incidents/chunk_pipeline.h"

using namespace slaudit;

namespace {

// Each chunk becomes one incident whose id is the chunk's text and whose line is its first line.
void parse_one(std::string_view text, size_t first_line, IncidentBuilder&, ChunkRecords& out) {
  if (text == "fail") throw std::runtime_error("worker failed");
  Incident incident;
  incident.id = std::string(text);
  incident.line = first_line;
  out.incidents.push_back(std::move(incident));
}

std::vector<std::string> run(unsigned workers, size_t chunks) {
  std::vector<std::string> merged;
  ChunkPipeline pipeline(parse_one, [&](ChunkRecords& records) {
    for (const Incident& incident : records.incidents) merged.push_back(incident.id + "@" + std::to_string(incident.line));
  }, nullptr, workers);
  for (size_t i = 0; i < chunks; ++i) {
    const std::string text = "chunk" + std::to_string(i);
    pipeline.submit_copy(text, i + 1);
  }
  pipeline.finish();
  return merged;
}

}  // namespace

TEST_CASE("telemetry chunk pipeline: chunks merge in submission order, with or without workers", "[telemetry][chunks]") {
  const size_t chunks = 500;  // far more than are ever in flight at once
  std::vector<std::string> expected;
  for (size_t i = 0; i < chunks; ++i) expected.push_back("chunk" + std::to_string(i) + "@" + std::to_string(i + 1));
  for (unsigned workers : {0u, 1u, 2u, 4u}) {
    INFO("workers " << workers);
    CHECK(run(workers, chunks) == expected);
  }
}

TEST_CASE("telemetry chunk pipeline: a worker's exception is rethrown to the caller", "[telemetry][chunks]") {
  for (unsigned workers : {0u, 2u}) {
    INFO("workers " << workers);
    size_t merged = 0;
    ChunkPipeline pipeline(parse_one, [&](ChunkRecords& records) { merged += records.incidents.size(); }, nullptr,
                           workers);
    const auto submit_all = [&] {
      pipeline.submit_view("a", 1);
      pipeline.submit_view("fail", 2);
      pipeline.submit_view("b", 3);
      pipeline.finish();
    };
    CHECK_THROWS_WITH(submit_all(), "worker failed");
    CHECK(merged == 1);  // the chunk before the failure was merged; nothing after it
  }
}

TEST_CASE("telemetry chunk pipeline: the caller parses waiting chunks while its oldest is not parsed yet",
          "[telemetry][chunks]") {
  // The one worker holds its first chunk until the caller's thread has parsed
  // one itself: without the caller's help it would wait for ever, so it gives
  // up after ten seconds and the test fails instead of hanging.
  const std::thread::id caller = std::this_thread::get_id();
  std::mutex mutex;
  std::condition_variable parsed_by_caller;
  size_t by_caller = 0;
  bool worker_gave_up = false;
  std::vector<std::string> merged;
  ChunkPipeline pipeline(
      [&](std::string_view text, size_t first_line, IncidentBuilder& builder, ChunkRecords& out) {
        if (std::this_thread::get_id() == caller) {
          std::lock_guard lock(mutex);
          ++by_caller;
          parsed_by_caller.notify_all();
        } else {
          std::unique_lock lock(mutex);
          if (!parsed_by_caller.wait_for(lock, std::chrono::seconds(10), [&] { return by_caller > 0; }))
            worker_gave_up = true;
        }
        parse_one(text, first_line, builder, out);
      },
      [&](ChunkRecords& records) { merged.push_back(records.incidents.at(0).id); }, nullptr, 1);
  std::vector<std::string> expected;
  for (size_t i = 0; i < 20; ++i) {
    expected.push_back("chunk" + std::to_string(i));
    pipeline.submit_copy(expected.back(), i + 1);
  }
  pipeline.finish();
  CHECK_FALSE(worker_gave_up);
  CHECK(by_caller > 0);
  CHECK(merged == expected);
}
