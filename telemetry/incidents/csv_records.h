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
  // Per column: true when no field has its name and it is kept unread (not
  // --strict, and no near miss of a field's name); its name is then listed
  // in each record's `unused_fields`.
  std::vector<bool> unused;
};

// `strict`: a column no field has is a rejection of every record, as a near miss always is.
CsvColumns csv_columns(const CsvRecord& header, bool strict = false);
// The record's views point into `row`, which must outlive it.
RawRecord raw_incident_from_csv(const CsvColumns& columns, const CsvRecord& row);

}  // namespace slaudit
