#pragma once
// What a job tells the user besides its report: errors, warnings and notes,
// each one whole line as it is printed on standard error ("slaudit: warning:
// ..."), in the order they arose. Jobs never print; the CLI does. And the
// process exit codes, which a job decides from what it found.
#include <string>
#include <vector>

namespace slaudit::jobs {

using Messages = std::vector<std::string>;

// Exit codes, documented in the README.
// kIncomplete: the audit ran, no SLA is breached by the data read, but some
// period's evidence is not whole (a Prometheus warning, unrecorded buckets).
enum ExitCode { kOk = 0, kContractErrors = 1, kUsageOrIo = 2, kBreach = 3, kIncomplete = 4 };

}  // namespace slaudit::jobs
