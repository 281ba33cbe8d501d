#pragma once
// `--as-of INSTANT [--window D]` (docs/audit.md section 28), shared by the
// service audit and the fleet audit: the instant, the window's length, the
// range they make, and the evidence gap every period in progress carries.
#include <optional>
#include <string>
#include <vector>

#include "base/time/instant.h"
#include "engine/audit/audit.h"
#include "jobs/messages.h"

namespace slaudit::jobs {

// An RFC 3339 instant, or `now` (the machine's clock); nullopt after adding the error.
std::optional<Instant> as_of_instant(const std::string& text, Messages& messages);

// --window: whole days or hours, from an hour to 366 days; nullopt after adding the error.
std::optional<Seconds> window_length(const std::string& text, Messages& messages);

// The days audited: the instant's local day (the periods in progress are
// those holding it), or every day of the window. nullopt after adding the
// error (an instant outside the calendar).
std::optional<audit::AuditRange> as_of_range(Instant at, const model::Contract& contract,
                                             std::optional<Seconds> window, Messages& messages);

// The evidence gap of a period audited as of `at` (empty when the period
// ended by then and no window is audited): a period in progress, or a
// rolling window, is never a final figure.
std::string in_progress_gap(Instant at, bool window, Instant period_end);

// How many incidents start at or after `at`: not yet known then, left out
// of the audit (0 without an instant).
size_t incidents_not_yet_known(const std::vector<Incident>& incidents, std::optional<Instant> at);

// The report's note: what "as of" means, and how many records were left out.
std::string as_of_note(Instant at, size_t later);

}  // namespace slaudit::jobs
