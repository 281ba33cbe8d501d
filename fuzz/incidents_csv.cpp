// The CSV incident reader: every record used or rejected with a reason; a read
// in small blocks on worker threads gives the same log as a read of the whole
// text, record for record, reason for reason (README: identical reasons for
// any block size).
#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/incident_logs.h"

SLAUDIT_FUZZ_TARGET(incidents_csv) { slaudit::fuzz::read_every_way(data, slaudit::LogFormat::Csv); }
