#include "report/common/recovery_words.h"

#include "engine/audit/recovery.h"

namespace slaudit::report {

std::string clock_words(const audit::AuditReport& report, const audit::RecoveryClock& clock) {
  // One zone per report, looked up once for its many findings (a report's zone is one the audit ran in).
  thread_local std::string name;
  thread_local std::optional<TimeZone> zone;
  if (!zone || name != report.timezone) {
    name = report.timezone;
    zone = TimeZone::find(name);
    if (!zone) zone = TimeZone::find("UTC");
  }
  return audit::recovery_clock_text(clock, *zone);
}

}  // namespace slaudit::report
