#pragma once
// The resources of a fleet (one inventory record each) and their charges (the
// billing export summed per resource and period): what a per-resource clause
// is audited on. Read by telemetry/fleet/; plain data here so the engine needs
// no reader.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/time/instant.h"

namespace slaudit {

struct Resource {
  std::string id;
  std::string service;
  std::string region;
  std::string zone;
  int64_t zones = 1;                                   // the reserved attribute: zones the deployment spans
  std::map<std::string, std::string, std::less<>> attributes;  // the service's declared attributes, all given
  std::optional<Instant> launched, terminated;         // absent: before / after every period
};

// An exact amount with up to kChargeDigits decimals: EC2 bills 0.0416 USD an
// hour, so charges are summed exactly and rounded only where the contract says.
inline constexpr int kChargeDigits = 10;
struct ExactCharge {
  __int128 units = 0;  // of 10^-kChargeDigits of the currency
  bool operator==(const ExactCharge&) const = default;
};

// One resource's charges for one period (a label such as 2026-11).
struct ResourceCharges {
  ExactCharge recurring;      // the credit base
  ExactCharge one_time;       // upfront fees and the like: left out of the credit base
  size_t recurring_rows = 0;
  size_t one_time_rows = 0;
};

// One record not used, with its 1-based line (the header's for a bad header) and why.
struct RejectedRow {
  size_t line = 0;
  std::string reason;
  bool operator==(const RejectedRow&) const = default;
};

}  // namespace slaudit
