#pragma once
// The incident sources slaudit reads besides its own incident log and status
// histories: one row per source, in one table, so that adding a source is its
// reader, one row here, its tests and its docs (telemetry/sources/README.md
// says how). `--incidents-format NAME` selects a row; jobs/inputs.cpp reads
// the file whole (bounded as every input is) and hands it to the row's reader.
#include <string_view>
#include <vector>

#include "telemetry/incidents/incident_reader.h"
#include "telemetry/sources/source_log.h"

namespace slaudit {

struct IncidentSource {
  std::string_view name;      // as --incidents-format names it: "statuspage"
  std::string_view produces;  // what file it reads and how a user gets it, one line (for --help and docs)
  // A log whose every record is used, rejected or not for this contract; or,
  // when the document is not this source's at all (malformed JSON, with its
  // line and column; a shape the source never writes, naming the place), an
  // error for the whole input.
  IncidentLogResult (*read)(std::string_view content, const SourceReadOptions& options);
};

// In the order --help lists them.
const std::vector<IncidentSource>& incident_sources();
const IncidentSource* find_incident_source(std::string_view name);

}  // namespace slaudit
