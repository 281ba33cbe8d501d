#pragma once
// An incident as the audit sees it: one record of an incident log, checked
// and converted to domain types. How the record was written (JSON Lines or
// CSV) is gone by this point; only its source line remains, for reports.
#include <cstddef>
#include <cstdint>
#include <atomic>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "base/num/decimal.h"
#include "base/time/instant.h"
#include "base/text/shared_name.h"
#include "language/syntax/terms.h"

namespace slaudit {

// Who is responsible for an incident (language/syntax/terms.h): absent in a
// record, the provider.
using terms::Cause;

// The part of the service an incident took out: a share of it, or a count of
// GPUs or nodes. Shares stay exact decimals from the source text on.
struct AffectedShare {
  Decimal share;  // 0 < share <= 1; "25%" is read as 0.25
  bool operator==(const AffectedShare&) const = default;
};

enum class CountUnit { Gpus, Nodes };
std::string_view count_unit_name(CountUnit unit);  // "gpus", "nodes"

struct AffectedCount {
  int64_t count = 0;  // >= 1
  CountUnit unit = CountUnit::Gpus;
  bool operator==(const AffectedCount&) const = default;
};

using Affected = std::variant<AffectedShare, AffectedCount>;

// "0.25", "64 gpus", "8 nodes": for messages and reports (a share prints as a decimal).
std::string affected_text(const Affected& affected);

// An instant that may be absent, in the space of one (an incident has four):
// absent is the earliest representable instant, which no timestamp can write
// (their years are 0000-9999). Used like std::optional<Instant>.
class OptionalInstant {
 public:
  constexpr OptionalInstant() = default;
  constexpr OptionalInstant(std::nullopt_t) {}
  constexpr OptionalInstant(Instant instant) : value_(instant) {}
  constexpr bool has_value() const { return value_ != kAbsent; }
  constexpr explicit operator bool() const { return has_value(); }
  constexpr const Instant& operator*() const { return value_; }
  constexpr Instant value_or(Instant fallback) const { return has_value() ? value_ : fallback; }
  constexpr std::optional<Instant> optional() const {
    return has_value() ? std::optional<Instant>(value_) : std::nullopt;
  }
  friend constexpr bool operator==(OptionalInstant, OptionalInstant) = default;

 private:
  static constexpr Instant kAbsent = Instant::min();
  Instant value_ = kAbsent;
};

struct Scope {
  SharedName cluster;
  // Absent when the log does not say; the reader never assumes a default,
  // so an audit rule decides (and can say so) what an unsized incident means.
  std::optional<Affected> affected;
  bool operator==(const Scope&) const = default;
};

// What a record says about an incident in words, for the people reading a
// report or a claim (fields `title`, `url` or `link`, `ticket`): shown beside
// the incident's id, never used for a figure.
struct IncidentLabels {
  std::string title;
  std::string url;
  std::string ticket;
  bool operator==(const IncidentLabels&) const = default;
};

// An incident's labels, shared by its copies (reference counted, as
// SharedName is): 8 bytes in every incident, where a std::shared_ptr took 16
// — a million incidents are held at once, and most logs give no labels.
// Used like a pointer to const: empty means none.
class SharedLabels {
 public:
  SharedLabels() = default;
  explicit SharedLabels(IncidentLabels labels) : rep_(new Rep{{1}, std::move(labels)}) {}
  SharedLabels(const SharedLabels& other) noexcept : rep_(other.rep_) {
    if (rep_) rep_->refs.fetch_add(1, std::memory_order_relaxed);
  }
  SharedLabels(SharedLabels&& other) noexcept : rep_(std::exchange(other.rep_, nullptr)) {}
  SharedLabels& operator=(SharedLabels other) noexcept {
    std::swap(rep_, other.rep_);
    return *this;
  }
  ~SharedLabels() {
    if (rep_ && rep_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete rep_;
  }
  const IncidentLabels* get() const { return rep_ ? &rep_->labels : nullptr; }
  explicit operator bool() const { return rep_ != nullptr; }
  const IncidentLabels& operator*() const { return rep_->labels; }
  const IncidentLabels* operator->() const { return &rep_->labels; }

 private:
  struct Rep {
    std::atomic<size_t> refs;
    IncidentLabels labels;
  };
  Rep* rep_ = nullptr;
};

// Kept compact (184 bytes with GCC 12 on x86-64): an audit holds every incident of the log at
// once, and a million of them must fit in the audit's memory budget. Names
// shared by many incidents are SharedNames; optional instants take no flag.
struct Incident {
  size_t line = 0;  // 1-based line of the record in its log (CSV: where the record starts)
  std::string id;
  SharedName service;  // always present in an incident read from a log
  Instant start;
  OptionalInstant end;  // absent: still open; the audit runs it to the end of its period
  OptionalInstant detected;
  OptionalInstant recovered;
  SharedName fault;  // a lower_snake_case class such as node_down; an open set
  Cause cause = Cause::Provider;
  Scope scope;
  OptionalInstant notice;  // when the customer was told; matters for maintenance
  SharedName component;  // the part of the service affected, e.g. "console"; for component exclusions
  // Fleets (docs/fleet.md): the one resource the incident took out, or a zone
  // or region whose every resource of the service it took out. At most one.
  SharedName resource, zone, region;
  // Absent (empty) for most logs: a pointer, not three strings, in every incident.
  SharedLabels labels;

  bool is_open() const { return !end.has_value(); }
};

// The services a contract defines: a record naming any other is rejected.
using ServiceNames = std::set<std::string, std::less<>>;

// Same incident, wherever it was written: every field but the line compares
// equal (values, not spellings: 25% equals 0.25, +08:00 equals the same Z time).
bool same_content(const Incident& a, const Incident& b);

}  // namespace slaudit
