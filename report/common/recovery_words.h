#pragma once
// A recovery finding's clock in words, in the report's zone, the same in every format.
#include <string>

#include "engine/audit/report.h"

namespace slaudit::report {

// "detected 2026-11-03T10:02:00+08:00 -> recovered 2026-11-03T10:18:00+08:00"
std::string clock_words(const audit::AuditReport& report, const audit::RecoveryClock& clock);

}  // namespace slaudit::report
