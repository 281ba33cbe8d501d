#pragma once
// A short immutable text shared by every incident that names it. A log of a
// million incidents names a handful of services, fault classes, clusters and
// components: each is stored once, and an incident holds one pointer per name
// instead of a string (8 bytes instead of 40), which is most of what keeps a
// large audit under its memory budget. Copies share the text (reference
// counted), so an incident stays valid wherever it is copied or moved.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace slaudit {

// Used like std::optional<std::string>: empty means absent.
class SharedName {
 public:
  SharedName() = default;
  // A new text of its own; a reader shares equal texts through a NameTable.
  explicit SharedName(std::string_view text) : rep_(new Rep{{1}, std::string(text)}) {}
  SharedName(const SharedName& other) noexcept : rep_(other.rep_) {
    if (rep_) rep_->refs.fetch_add(1, std::memory_order_relaxed);
  }
  SharedName(SharedName&& other) noexcept : rep_(std::exchange(other.rep_, nullptr)) {}
  SharedName& operator=(SharedName other) noexcept {
    std::swap(rep_, other.rep_);
    return *this;
  }
  ~SharedName() {
    if (rep_ && rep_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete rep_;
  }

  bool has_value() const { return rep_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  const std::string& operator*() const { return rep_->text; }
  const std::string* operator->() const { return &rep_->text; }
  std::string value_or(std::string_view fallback) const { return rep_ ? rep_->text : std::string(fallback); }
  // The text, or "" when absent.
  std::string_view view() const { return rep_ ? std::string_view(rep_->text) : std::string_view(); }
  void reset() { *this = SharedName(); }

  // Both absent, or both present with equal texts.
  friend bool operator==(const SharedName& a, const SharedName& b) {
    if (a.rep_ == b.rep_) return true;
    return a.rep_ && b.rep_ && a.rep_->text == b.rep_->text;
  }
  // Present and equal to `text`.
  friend bool operator==(const SharedName& a, std::string_view text) { return a.rep_ && a.rep_->text == text; }

 private:
  struct Rep {
    std::atomic<size_t> refs;
    std::string text;
  };
  Rep* rep_ = nullptr;
};

// Hands out one SharedName per distinct text.
class NameTable {
 public:
  SharedName get(std::string_view text) {
    if (last_ && **last_ == text) return *last_;  // logs repeat the same names, often in runs
    if ((names_ + 1) * 2 > slots_.size()) grow();
    const size_t hash = std::hash<std::string_view>{}(text);
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (!slot.name) {
        slot = {hash, SharedName(text)};
        ++names_;
      } else if (slot.hash != hash || *slot.name != text) {
        continue;
      }
      last_ = &slot.name;
      return slot.name;
    }
  }

 private:
  // Open addressing, at most half full, each slot keeping its text's hash: a
  // fleet's log names 100,000 resources in random order, and a lookup that
  // reads one slot and then the text it finds (instead of a bucket, a node
  // and the node before it) is what keeps reading it fast.
  struct Slot {
    size_t hash = 0;
    SharedName name;  // absent: a free slot
  };
  void grow() {
    std::vector<Slot> old(std::max<size_t>(16, slots_.size() * 2));
    old.swap(slots_);
    const size_t mask = slots_.size() - 1;
    for (Slot& slot : old) {
      if (!slot.name) continue;
      size_t i = slot.hash & mask;
      while (slots_[i].name) i = (i + 1) & mask;
      slots_[i] = std::move(slot);
    }
    last_ = nullptr;  // the slots moved
  }

  std::vector<Slot> slots_;  // a power of two long
  size_t names_ = 0;
  const SharedName* last_ = nullptr;
};

}  // namespace slaudit
