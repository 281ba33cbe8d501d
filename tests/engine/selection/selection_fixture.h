#pragma once
// One contract (and its evidence) compared on its own, straight through the
// engine: for tests of the questions and of each scoring rule.
#include <memory>
#include <optional>
#include <string>

#include "engine/selection/compare_vendors.h"
#include "language/compile/compile.h"
#include "telemetry/evidence/inventory.h"
#include "telemetry/evidence/measurements.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit::test {

struct Evidence {
  std::string inventory, measurements, incidents;  // file contents; empty: not given
};

struct Compared {
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<CompiledContract> compiled;
  std::optional<evidence::Inventory> inventory;
  std::optional<evidence::MeasurementLog> measurements;
  std::optional<IncidentLog> incidents;
  selection::CompareReport report;

  const selection::VendorComparison& vendor() const { return report.vendors.front(); }
  const selection::DimensionScore& dimension(selection::Dimension d) const {
    return vendor().score.dimensions[selection::index_of(d)];
  }
  // The criterion named `name` of dimension `d`; fails the test when there is none.
  const selection::Criterion& criterion(selection::Dimension d, const std::string& name) const;
  const selection::QuestionAnswer& question(size_t number) const { return vendor().questions[number - 1]; }
};

// `items` inside `contract "t" { provider "T"; timezone "Asia/Shanghai"; currency CNY; ... }`;
// the compared service is `training`. The contract must compile.
std::unique_ptr<Compared> compare_alone(const std::string& items, const Evidence& evidence = {});

}  // namespace slaudit::test
