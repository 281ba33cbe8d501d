#pragma once
// What a job tells the user besides its report: errors, warnings and notes,
// each one whole line as it is printed on standard error ("slaudit: warning:
// ..."), in the order they arose. Jobs never print; the CLI does. And the
// process exit codes, which a job decides from what it found.
#include <string>
#include <vector>

namespace slaudit::jobs {

using Messages = std::vector<std::string>;

// Exit codes, documented in the README. kIncomplete: nothing breached, but
// some period could not be assessed or its evidence is incomplete, so the
// audit cannot say "every SLA met".
enum ExitCode { kOk = 0, kContractErrors = 1, kUsageOrIo = 2, kBreach = 3, kIncomplete = 4 };

}  // namespace slaudit::jobs
