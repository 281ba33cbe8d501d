#pragma once
// Probe rows over November 2026 and the rows of a fleet's JSON report, for
// the fleet probe tests (tests/jobs/fleet_*probes_test.cpp): a sample every 5
// minutes of the month per target, as CSV `timestamp,target,success`.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace slaudit::testing {

// "2026-11-DDTHH:MM:00Z" for a minute counted from 2026-11-01T00:00Z.
std::string november_minute(int minute_of_month);

// One row every 5 minutes of November from `from_minute` (8,640 from 0); `bad(m)` says which fail.
template <class Bad>
void add_november_target(std::vector<std::string>& rows, const std::string& target, int from_minute, Bad bad) {
  for (int m = from_minute; m < 30 * 1440; m += 5)
    rows.push_back(november_minute(m) + "," + target + "," + (bad(m) ? "0" : "1"));
}

// The rows under the header `timestamp,target,success`.
std::string probe_csv(const std::vector<std::string>& rows);

// The report's row of resource (or group) `id`, under the clause labelled
// `clause_label` when one is given; fails the test when there is none.
inline const nlohmann::json& report_row(const nlohmann::json& report, const std::string& id,
                                        const std::string& clause_label = "") {
  for (const auto& r : report["resources"])
    if (r["resource"] == id && (clause_label.empty() || r["clause_label"] == clause_label)) return r;
  FAIL("no row for " << id << (clause_label.empty() ? "" : " under " + clause_label));
  throw std::logic_error("unreachable");
}

}  // namespace slaudit::testing
