#pragma once
// An incident as the audit sees it: one record of an incident log, checked
// and converted to domain types. How the record was written (JSON Lines or
// CSV) is gone by this point; only its source line remains, for reports.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include "engine/num/decimal.h"
#include "engine/time/instant.h"

namespace slaudit {

// Who is responsible for an incident. A record without a cause is the
// provider's: the provider owns the service, and it is the provider that must
// show otherwise, so absence never excuses an outage.
enum class Cause { Provider, Customer, ForceMajeure, ThirdParty, Maintenance };

// `provider`, `customer`, `force_majeure`, `third_party`, `maintenance`.
std::string_view cause_name(Cause cause);
std::optional<Cause> cause_from_name(std::string_view name);

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

struct Scope {
  std::optional<std::string> cluster;
  // Absent when the log does not say; the reader never assumes a default,
  // so an audit rule decides (and can say so) what an unsized incident means.
  std::optional<Affected> affected;
  bool operator==(const Scope&) const = default;
};

struct Incident {
  size_t line = 0;  // 1-based line of the record in its log (CSV: where the record starts)
  std::string id;
  std::string service;
  Instant start;
  std::optional<Instant> end;  // absent: still open; the audit runs it to the end of its period
  std::optional<Instant> detected;
  std::optional<Instant> recovered;
  std::optional<std::string> fault;  // a lower_snake_case class such as node_down; an open set
  Cause cause = Cause::Provider;
  Scope scope;
  std::optional<Instant> notice;  // when the customer was told; matters for maintenance
  std::optional<std::string> component;  // the part of the service affected, e.g. "console"; for component exclusions

  bool is_open() const { return !end.has_value(); }
};

// The services a contract defines: a record naming any other is rejected.
using ServiceNames = std::set<std::string, std::less<>>;

// Same incident, wherever it was written: every field but the line compares
// equal (values, not spellings: 25% equals 0.25, +08:00 equals the same Z time).
bool same_content(const Incident& a, const Incident& b);

}  // namespace slaudit
