#pragma once
// The incident-log harnesses' shared differential: one log read whole, read
// whole without the JSON fast path, and read from a file in small blocks
// (which also parses chunks on worker threads) must be the same log.
#include <string_view>

#include "telemetry/incidents/incident_reader.h"

namespace slaudit::fuzz {

// The services a fuzzed record may name (the seeds' and the dictionary's).
const ServiceNames& fuzz_services();

void read_every_way(std::string_view data, LogFormat format);

}  // namespace slaudit::fuzz
