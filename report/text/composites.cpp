// The composite part of the text report: per composite, its promise and, per
// period, its availability from when its components were down together.
#include "engine/figures/figures.h"
#include "report/common/clause_ref.h"
#include "report/common/composite_words.h"
#include "report/text/sections.h"
#include "report/text/text_table.h"

namespace slaudit::report {

namespace {

void write_composite(const TextContext& context, const audit::CompositeAudit& c, ChunkedOutput& out) {
  out += "  " + composite_title(c) + " — " + clause_location(context.contract, c.clause) + "\n";
  out += "    " + composite_promise(c) + "\n";
  if (!c.assessed) {
    out += "    not assessed: " + c.not_assessed_reason + "\n";
    return;
  }
  using C = TextTable::Column;
  TextTable table({C{"period", Align::Left}, C{"eligible min", Align::Right}, C{"down min", Align::Right},
                   C{"excluded min", Align::Right}, C{"availability", Align::Right}, C{"status", Align::Left}});
  for (const audit::CompositePeriod& p : c.periods)
    table.add_row({p.period, minutes_text(p.length - p.excluded), minutes_text(p.down), minutes_text(p.excluded),
                   p.availability ? percent_text(*p.availability) : "-", composite_status(p)});
  out += table.render("    ");
  for (const audit::CompositePeriod& p : c.periods)
    for (const std::string& gap : p.evidence_gaps) out += "    " + p.period + ": " + gap + "\n";
}

}  // namespace

void write_composites(const TextContext& context, ChunkedOutput& out) {
  if (context.report.composites.empty()) return;
  out += "Composites (down when the components were down together: series, any; parallel, all; excluded time "
         "removed from the period)\n";
  for (const audit::CompositeAudit& c : context.report.composites) write_composite(context, c, out);
}

}  // namespace slaudit::report
