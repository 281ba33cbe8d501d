#pragma once
// A composite SLA in words, the same in text, Markdown and HTML.
#include <string>

#include "engine/audit/report.h"

namespace slaudit::report {

// `checkout "checkout path": series (web, db "primary")`
std::string composite_title(const audit::CompositeAudit& composite);
// "promise 99.940005% at best (the components' targets in series); target 99.9%"
std::string composite_promise(const audit::CompositeAudit& composite);
// "met", "breached", "not assessed", or "measured (no target)"
std::string composite_status(const audit::CompositePeriod& period);

}  // namespace slaudit::report
