// The Google Cloud status (incidents.json) reader (telemetry/sources/gcp_status.h): any input is either an
// error for the whole document or a log whose every record is used, rejected
// (with a line and a reason) or not for this contract; every incident is on a
// contract service, does not end before it starts, has an id no other incident
// of the log has, and names (id, resource, zone, region) that are names.
#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/source_log_checks.h"
#include "telemetry/sources/gcp_status.h"

namespace {

using namespace slaudit;

SourceReadOptions fuzz_options() {
  SourceReadOptions options;
  options.path = "fuzz";
  // The seeds' services by their lower_snake names, and one by the user's map.
  options.names = SourceNames(ServiceNames{"google_compute_engine"}, {{"Google Cloud Storage", SourceTarget{"google_compute_engine", "storage"}}});
  return options;
}

}  // namespace

SLAUDIT_FUZZ_TARGET(gcp_status) {
  static const SourceReadOptions options = fuzz_options();
  fuzz::check_source_read(read_gcp_status(data, options), options, /*incident_per_used_record=*/true);
}
