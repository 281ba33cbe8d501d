// `--period 2026-11`, `2026-Q4`, `2026`, a day, or an interval of days
// (`2026-03-01/2026-05-31`, also written `2026-03-01..2026-05-31`): the one
// grammar of base/time/civil_date.h.
#include "base/time/civil_date.h"
#include "engine/audit/audit.h"

namespace slaudit::audit {

std::optional<AuditRange> parse_audit_range(std::string_view text) {
  const std::optional<DayRange> days = parse_day_range(text);
  if (!days) return std::nullopt;
  return AuditRange{days->first, days->last, std::string(text)};  // labelled as the user wrote it
}

}  // namespace slaudit::audit
