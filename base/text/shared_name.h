#pragma once
// A short immutable text shared by every incident that names it. A log of a
// million incidents names a handful of services, fault classes, clusters and
// components: each is stored once, and an incident holds one pointer per name
// instead of a string (8 bytes instead of 40), which is most of what keeps a
// large audit under its memory budget. Copies share the text (reference
// counted), so an incident stays valid wherever it is copied or moved.
#include <atomic>
#include <cstddef>
#include <functional>
#include <unordered_map>
#include <string>
#include <string_view>
#include <utility>

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
    auto it = names_.find(text);
    if (it == names_.end()) it = names_.emplace(std::string(text), SharedName(text)).first;
    last_ = &it->second;
    return it->second;
  }

 private:
  // Hashed: a fleet's log names 100,000 resources, where an ordered map would
  // compare texts ~17 times a lookup. Nodes never move, so `last_` stays valid.
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
  };
  std::unordered_map<std::string, SharedName, Hash, std::equal_to<>> names_;
  const SharedName* last_ = nullptr;
};

}  // namespace slaudit
