#pragma once
// Shared by the telemetry tests: a contract's services, and reading a log
// with the accounting invariant checked every time.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "telemetry/incidents/incident_reader.h"

namespace slaudit::test {

inline const ServiceNames kServices = {"gpu-training", "storage", "训练集群"};

inline constexpr std::string_view kCsvHeader =
    "id,service,start,end,detected,recovered,fault,cause,cluster,affected,notice\n";

inline void check_accounting(const IncidentLog& log) {
  CHECK(log.records_read == log.incidents.size() + log.rejected.size() + log.not_for_contract);
}

inline IncidentLog read_log(std::string_view content, LogFormat format) {
  IncidentReadOptions options;
  options.format = format;
  options.services = kServices;
  IncidentLogResult result = read_incident_log(content, "test-log", options);
  REQUIRE(result.ok());
  check_accounting(*result.log);
  return std::move(*result.log);
}

inline IncidentLog read_jsonl(std::string_view content) { return read_log(content, LogFormat::JsonLines); }
inline IncidentLog read_csv(std::string_view content) { return read_log(content, LogFormat::Csv); }

}  // namespace slaudit::test

namespace Catch {
template <>
struct StringMaker<slaudit::RejectedRecord> {
  static std::string convert(const slaudit::RejectedRecord& record) {
    return "{line " + std::to_string(record.line) + ": " + record.reason + "}";
  }
};
}  // namespace Catch
