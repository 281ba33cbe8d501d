#pragma once
// The SVG timeline of one audited period. The period [start, end) is drawn
// over x = 0 .. kTimelineWidth user units, so an instant's x is
//   (at - start) / (end - start) * kTimelineWidth,
// rounded half up to thousandths of a unit: a segment's width is
// proportional to its seconds. Each timeline segment is one rect (up, down,
// excluded); each incident is a group with an SVG <title> (its tooltip), on a
// lane below the bar, never narrower than kMinIncidentWidth so that a
// 45-second incident on a month can still be seen and hovered.
#include <cstdint>
#include <string>

#include "engine/audit/report.h"
#include "report/html/sections.h"

namespace slaudit::report {

inline constexpr int64_t kTimelineWidth = 1000;
inline constexpr int64_t kMinIncidentWidthMilli = 2000;  // 2 units, in thousandths

// x of `at` in thousandths of a unit, clamped to the period.
int64_t timeline_x_milli(const audit::PeriodAudit& period, Instant at);
// Thousandths as SVG number text: 80556 -> "80.556", 250000 -> "250", 500 -> "0.5".
std::string svg_number(int64_t milli);

std::string html_timeline(const HtmlContext& context, const audit::PeriodAudit& period);

}  // namespace slaudit::report
