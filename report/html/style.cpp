// The page's only stylesheet, inline: the report must open from a mail
// attachment or a USB stick with no network. Light colours on white only, so
// it prints as it shows; on paper the periods flow on, with no half-blank page.
#include "report/html/sections.h"

namespace slaudit::report {

std::string html_style() {
  return R"css(<style>
:root { color-scheme: light; }
* { box-sizing: border-box; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 2em auto; max-width: 78em; padding: 0 1em; background: #fff; color: #111;
  font: 14px/1.45 "DejaVu Sans", "WenQuanYi Micro Hei", "Noto Sans CJK SC", system-ui, sans-serif; }
h1 { font-size: 1.6em; margin: 0 0 .4em; }
h2 { font-size: 1.25em; margin: 1.6em 0 .5em; border-bottom: 1px solid #bbb; padding-bottom: .2em; }
h3 { font-size: 1.05em; margin: 1.2em 0 .4em; }
dl.facts, article.credit dl { display: grid; grid-template-columns: max-content 1fr; gap: .15em 1em; margin: .4em 0; }
dt { font-weight: bold; }
dd { margin: 0; }
table { border-collapse: collapse; margin: .5em 0 1em; }
th, td { border: 1px solid #ccc; padding: .2em .5em; text-align: left; vertical-align: top; }
thead th { background: #f2f2f2; }
/* Long clause quotes and timestamps wrap inside their cells, so the incident
   table fits the page's width on screen and on paper. */
table.incidents { width: 100%; table-layout: fixed; }
table.incidents td, table.incidents th, table.incidents code { overflow-wrap: break-word; }
table.incidents th.num { white-space: normal; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
/* A column is as wide as its figures, not its heading: headings wrap ("Excluded
   min" over two lines), so the summary fits an A4 landscape page. */
thead th.num { white-space: normal; }
/* A digest or a path is one long word: it may break anywhere rather than push
   its table past the page. */
td code { overflow-wrap: anywhere; }
.num.words { white-space: normal; }
td.missed { color: #a61b1b; font-weight: bold; }
td.met { color: #1d6b2c; }
td.total { font-weight: bold; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: .92em; background: #f4f4f4; padding: 0 .2em; }
.clause .loc { color: #444; }
.default { color: #666; font-style: italic; }
.note, .legend { color: #444; font-size: .92em; }
.result.breached { color: #a61b1b; font-weight: bold; }
.result.incomplete, td.incomplete { color: #8a5a00; font-weight: bold; }
table.probes, table.probe-samples { font-size: .85em; }
/* Sixteen columns: a figure with words ("8640 (0 left out)", "1620 / 2700")
   may wrap at its spaces, so the table fits an A4 landscape page. */
table.probes td.num { white-space: normal; }
p.ambiguous { border-left: 3px solid #c98a00; padding-left: .6em; }
ol.derivation { padding-left: 2em; }
ol.derivation .figure { font-weight: bold; }
svg.timeline { display: block; width: 100%; height: auto; margin: .3em 0 .8em; }
svg.timeline .seg.up { fill: #cfe8cf; }
svg.timeline .seg.down { fill: #c0392b; }
svg.timeline .seg.excluded { fill: #9aa5b1; }
svg.timeline .ticks line { stroke: #777; stroke-width: .6; }
svg.timeline .ticks text { font-size: 9px; fill: #555; text-anchor: middle; }
svg.timeline .incident rect { stroke: #222; stroke-width: .5; }
svg.timeline .incident.down rect { fill: #c0392b; }
svg.timeline .incident.excluded rect { fill: #6b7b8c; }
svg.timeline .incident.below-threshold rect, svg.timeline .incident.ignored-short rect,
svg.timeline .incident.overlapped rect { fill: #fff; }
svg.timeline .incident:hover rect, svg.timeline .seg:hover { stroke: #000; stroke-width: 1.5; }
.swatch { display: inline-block; width: 1.1em; height: .8em; border: 1px solid #555; vertical-align: middle; }
.swatch.up { background: #cfe8cf; } .swatch.down, .swatch.inc-down { background: #c0392b; }
.swatch.excluded { background: #9aa5b1; } .swatch.inc-excluded { background: #6b7b8c; }
.swatch.inc-other { background: #fff; }
@page { size: A4 landscape; margin: 12mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  /* Periods flow on from one another: a forced page break before each left
     pages holding a few spilled lines (7% of an A4 page, measured). Headings
     stay with what follows them; drawings and rows are not cut. */
  tr, article.credit dl, svg.timeline { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
}
</style>
)css";
}

}  // namespace slaudit::report
