// The JSON Lines incident reader: every record used or rejected with a reason;
// the plain-line scanner, the general reader and a read in small blocks on
// worker threads give the same log, record for record, reason for reason.
#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/incident_logs.h"

SLAUDIT_FUZZ_TARGET(incidents_jsonl) { slaudit::fuzz::read_every_way(data, slaudit::LogFormat::JsonLines); }
