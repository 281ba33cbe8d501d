#pragma once
// A bounded first-in first-out queue between two threads: the probe pipeline
// hands blocks of bytes and batches of samples from one stage to the next
// through it. Items are moved in and moved out, so an item belongs to exactly
// one thread at a time and nothing is shared; the capacity bounds memory
// whatever the number of rows.
//
// close() ends the queue from either side: a producer closes it after its last
// item (the consumer drains what is left, then pop() says the end); a consumer
// that stops early closes it so that a producer blocked in push() wakes up,
// sees false, and stops too. No thread can wait forever on a closed queue.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <utility>

namespace slaudit::probe {

template <class T>
class BoundedQueue {
 public:
  explicit BoundedQueue(size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}
  BoundedQueue(const BoundedQueue&) = delete;
  BoundedQueue& operator=(const BoundedQueue&) = delete;

  // Blocks while the queue is full; false (and `item` dropped) once it is closed.
  bool push(T item) {
    std::unique_lock lock(mutex_);
    not_full_.wait(lock, [&] { return closed_ || items_.size() < capacity_; });
    if (closed_) return false;
    items_.push_back(std::move(item));
    lock.unlock();
    not_empty_.notify_one();
    return true;
  }

  // Blocks while the queue is empty and open; nullopt once it is closed and drained.
  std::optional<T> pop() {
    std::unique_lock lock(mutex_);
    not_empty_.wait(lock, [&] { return closed_ || !items_.empty(); });
    return take_front(lock);
  }

  // Never blocks: an item if one is waiting (used to recycle buffers).
  std::optional<T> try_pop() {
    std::unique_lock lock(mutex_);
    return take_front(lock);
  }

  // Never blocks: false when full or closed (used to give buffers back).
  bool try_push(T item) {
    std::unique_lock lock(mutex_);
    if (closed_ || items_.size() >= capacity_) return false;
    items_.push_back(std::move(item));
    lock.unlock();
    not_empty_.notify_one();
    return true;
  }

  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    not_full_.notify_all();
    not_empty_.notify_all();
  }

 private:
  // The front item, if any, taken under `lock`; a producer waiting for room is woken.
  std::optional<T> take_front(std::unique_lock<std::mutex>& lock) {
    if (items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    lock.unlock();
    not_full_.notify_one();
    return item;
  }

  std::mutex mutex_;
  std::condition_variable not_full_, not_empty_;
  std::deque<T> items_;
  size_t capacity_;
  bool closed_ = false;
};

}  // namespace slaudit::probe
