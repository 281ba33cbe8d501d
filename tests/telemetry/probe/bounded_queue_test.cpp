// The queue between the probe pipeline's threads: first in first out, bounded,
// and close() from either side ends every wait.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>
#include <vector>

#include "telemetry/probe/bounded_queue.h"

using slaudit::probe::BoundedQueue;

TEST_CASE("bounded queue: items come out in order, after close the rest drain, then the end", "[probe-io]") {
  BoundedQueue<int> q(3);
  CHECK(q.push(1));
  CHECK(q.push(2));
  CHECK(q.try_push(3));
  CHECK_FALSE(q.try_push(4));  // full
  CHECK(q.pop() == 1);
  q.close();
  CHECK_FALSE(q.push(5));      // closed: refused
  CHECK(q.pop() == 2);         // what was in it still comes out
  CHECK(q.try_pop() == 3);
  CHECK(q.pop() == std::nullopt);
  CHECK(q.try_pop() == std::nullopt);
}

TEST_CASE("bounded queue: a producer blocked on a full queue wakes when the consumer closes it", "[probe-io]") {
  BoundedQueue<std::vector<int>> q(1);
  CHECK(q.push({1}));
  bool refused = false;
  {
    std::jthread producer([&] { refused = !q.push({2}); });  // full: waits until there is room or the end
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    q.close();
  }  // joins: the producer woke up
  CHECK(refused);
  CHECK(q.pop() == std::vector<int>{1});
  CHECK(q.pop() == std::nullopt);
}

TEST_CASE("bounded queue: 100,000 items through a capacity of 4, in order", "[probe-io]") {
  BoundedQueue<int> q(4);
  std::jthread producer([&] {
    for (int i = 0; i < 100'000; ++i) q.push(i);
    q.close();
  });
  int expected = 0;
  bool in_order = true;
  while (auto item = q.pop()) in_order = in_order && *item == expected++;
  CHECK(in_order);
  CHECK(expected == 100'000);
}
