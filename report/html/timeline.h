#pragma once
// The SVG timeline of one audited period. The period [start, end) is drawn
// over x = 0 .. kTimelineWidth user units, so an instant's x is
//   (at - start) / (end - start) * kTimelineWidth,
// rounded half up to thousandths of a unit: a segment's width is
// proportional to its seconds. Each incident is a group with an SVG <title>
// (its tooltip), on a lane below the bar, never narrower than
// kMinIncidentWidth so that a 45-second incident on a month can still be
// seen and hovered.
//
// Bounded whatever the log's size: a page must open in a browser with a year
// of a million incidents. Up to kSegmentsDrawn segments, each is one rect (up,
// down, excluded) whose tooltip names up to kIdsPerTitle incidents; beyond,
// the bar is kBins stretches of equal time, each showing its shares of down,
// excluded and up time. At most kIncidentsListed incidents per period are
// marks (those with the most downtime, then the most excluded time, then the
// first in the log), on at most kLanes lanes; the others are counted per
// stretch of time in one strip beneath them, and the page says how many.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/audit/report.h"
#include "report/html/sections.h"

namespace slaudit::report {

inline constexpr int64_t kTimelineWidth = 1000;
inline constexpr int64_t kMinIncidentWidthMilli = 2000;  // 2 units, in thousandths
inline constexpr size_t kSegmentsDrawn = 400;
inline constexpr size_t kBins = 250;
inline constexpr size_t kIdsPerTitle = 20;
inline constexpr size_t kIncidentsListed = 100;  // marks on the timeline, rows in the incident table
inline constexpr size_t kLanes = 12;

// x of `at` in thousandths of a unit, clamped to the period.
int64_t timeline_x_milli(const audit::PeriodAudit& period, Instant at);
// Thousandths as SVG number text: 80556 -> "80.556", 250000 -> "250", 500 -> "0.5".
std::string svg_number(int64_t milli);

// The incidents a period's timeline and table show, as indexes into
// period.incidents in log order: all of them up to kIncidentsListed, else
// the kIncidentsListed with the most down seconds, then the most excluded
// seconds, then the first in the log.
std::vector<size_t> listed_incidents(const audit::PeriodAudit& period);

std::string html_timeline(const HtmlContext& context, const audit::PeriodAudit& period);

}  // namespace slaudit::report
