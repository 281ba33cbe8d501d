#pragma once
// CSV records to RawIncidents, by the column names in the header row.
#include <string>
#include <vector>

#include "telemetry/common/csv.h"
#include "telemetry/incidents/raw_incident.h"

namespace slaudit {

struct CsvColumns {
  std::vector<std::string> names;
  // The first column whose name an earlier column already has; names.size() if none.
  size_t first_repeat = 0;
  // Set when the header row itself is unusable; every record is then rejected
  // with it, so none goes unaccounted for.
  std::string problem;
};

CsvColumns csv_columns(const CsvRecord& header);
// The record's views point into `row`, which must outlive it.
RawRecord raw_incident_from_csv(const CsvColumns& columns, const CsvRecord& row);

}  // namespace slaudit
