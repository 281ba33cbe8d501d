#pragma once
// Time the evidence has not seen (docs/audit.md section 33), shared by the
// service audit and the fleet audit: the audit's instant (`--now`, else the
// machine's clock), before which a period has not ended, and the span an
// incident log covers (`--covers`, else inferred from its records).
#include <optional>
#include <string>
#include <vector>

#include "base/time/instant.h"
#include "engine/audit/audit.h"
#include "jobs/messages.h"

namespace slaudit::jobs {

// `--now`: an RFC 3339 instant; "" or `now` is the machine's clock, read
// here once. nullopt after adding the error.
std::optional<Instant> audit_instant(const std::string& text, Messages& messages);

// `--covers FROM/TO`, two RFC 3339 instants: the span a log speaks for.
// nullopt after adding the error.
std::optional<audit::IncidentSpan> stated_span(const std::string& text, const std::string& log_path,
                                               Messages& messages);

// Without `--covers`: from the earliest time a record of the log names (a
// start) to the latest (an end, or the start of an open one); a log without
// a record covers nothing.
audit::IncidentSpan inferred_span(const std::vector<Incident>& incidents, const std::string& log_path);

// The report's note on a stated span (an inferred one is named by the reason
// of each period it leaves out, and otherwise changes nothing).
std::string span_note(const audit::IncidentSpan& span);

}  // namespace slaudit::jobs
