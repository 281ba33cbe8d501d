#include "report/text/fleet_text.h"

#include <algorithm>

#include "engine/figures/figures.h"
#include "report/common/amounts.h"
#include "report/common/clause_ref.h"
#include "report/common/fleet_rows.h"
#include "report/common/names.h"
#include "report/text/text_table.h"

namespace slaudit::report {

namespace {

void write_header(const audit::FleetReport& r, std::ostream& out) {
  out << "Fleet audit: " << r.contract_title << "\n"
      << "Range " << r.range << ", time zone " << r.timezone << ", currency " << r.currency.code << " (slaudit "
      << r.engine_version << ", tzdata " << r.tzdata_version << ")\n\n";
  out << "Resources: " << r.inventory_resources << " in the inventory, " << r.unassessed.size() << " not assessed\n";
}

void write_totals(const audit::FleetReport& r, std::ostream& out) {
  TextTable table({{"service"}, {"period"}, {"resources", Align::Right}, {"met", Align::Right},
                   {"breached", Align::Right}, {"not assessed", Align::Right}, {"owed", Align::Right}});
  for (const auto& t : r.totals)
    table.add_row({t.service, t.period, std::to_string(t.resources), std::to_string(t.met), std::to_string(t.breached),
                   std::to_string(t.not_assessed), amount_with_code(t.owed_minor, r.currency)});
  out << "\nPer service and period\n" << table.render("  ");
  for (const std::string& line : group_lines(r)) out << "  " << line << "\n";
  out << "Total owed: " << total_owed_text(r.total_owed_minor, r.owed_is_lower_bound(), r.currency) << "\n";
}

void write_bands(const audit::FleetReport& r, std::ostream& out) {
  const std::vector<AvailabilityBand> bands = availability_bands(r);
  if (bands.empty()) return;
  TextTable table({{"availability"}, {"resource periods", Align::Right}, {"breached", Align::Right}});
  for (const AvailabilityBand& b : bands)
    table.add_row({b.label, std::to_string(b.resource_periods), std::to_string(b.breached)});
  out << "\nAvailability across the fleet\n" << table.render("  ");
}

// The breached resource periods, the most owed first (report/common/fleet_rows.h).
void write_breaches(const audit::FleetReport& r, const SourceFile& contract, std::ostream& out) {
  const std::vector<const audit::ResourcePeriod*> breached = breached_by_owed(r);
  if (breached.empty()) return;
  const size_t shown = std::min(breached.size(), kListedAtMost);
  out << "\nBreached: " << periods_phrase(breached)
      << (shown < breached.size() ? ", the " + std::to_string(shown) + " owed most listed (all in --format json)" : "")
      << "\n";
  TextTable table({{"resource"}, {"zone"}, {"clause"}, {"period"}, {"availability", Align::Right},
                   {"target", Align::Right}, {"credit", Align::Right}, {"owed", Align::Right}, {"claim by"},
                   {"incidents", Align::Right}});
  for (size_t i = 0; i < shown; ++i) {
    const audit::ResourceFigures& p = breached[i]->figures;
    table.add_row({breached[i]->resource, breached[i]->zone, clause_location(contract, p.clause), p.period,
                   p.availability ? percent_text(*p.availability) : "-", p.target ? percent_text(*p.target) : "-",
                   credit_cell_text(p.credit_minor, p.credit_not_stated, r.currency), amount_text(p.owed_minor, r.currency), claim_deadline_text(p.claim_deadline, "-"),
                   std::to_string(breached[i]->counted.size())});
  }
  out << table.render("  ");
}

void write_unassessed(const audit::FleetReport& r, std::ostream& out) {
  if (r.unassessed.empty()) return;
  const size_t shown = std::min(r.unassessed.size(), kListedAtMost);
  out << "\nNot assessed: " << counted(r.unassessed.size(), "resource", "resources") << "\n";
  TextTable table({{"resource"}, {"service"}, {"why"}});
  for (size_t i = 0; i < shown; ++i) table.add_row({r.unassessed[i].resource, r.unassessed[i].service, r.unassessed[i].reason});
  out << table.render("  ");
  if (shown < r.unassessed.size()) out << "  ... and " << r.unassessed.size() - shown << " more (all in --format json)\n";
}

void write_records(const audit::FleetReport& r, std::ostream& out) {
  out << "\nRecords\n";
  for (const auto& a : r.records)
    out << "  " << a.path << ": " << a.read << " read, " << a.used << " used, " << a.rejected << " rejected"
        << (a.not_for_contract ? ", " + std::to_string(a.not_for_contract) + " not for this contract" : "") << "\n";
  const size_t shown = std::min(r.rejected.size(), kListedAtMost);
  for (size_t i = 0; i < shown; ++i)
    out << "  rejected " << r.rejected[i].path << ":" << r.rejected[i].line << ": " << r.rejected[i].reason << "\n";
  if (shown < r.rejected.size()) out << "  ... and " << r.rejected.size() - shown << " more rejected (all in --format json)\n";
}

void write_lines(std::string_view heading, const std::vector<std::string>& lines, std::ostream& out) {
  if (lines.empty()) return;
  out << "\n" << heading << "\n";
  for (const auto& line : lines) out << "  " << line << "\n";
}

}  // namespace

void write_fleet_text(const audit::FleetReport& r, const SourceFile& contract, std::ostream& out) {
  write_header(r, out);
  write_totals(r, out);
  write_bands(r, out);
  write_breaches(r, contract, out);
  write_unassessed(r, out);
  write_records(r, out);
  write_lines("Evidence gaps", fleet_evidence_gaps(r), out);
  write_lines("Notes", r.notes, out);
  out << "\nInputs\n";
  for (const auto& input : r.inputs) out << "  " << input.role << " " << input.path << " sha256:" << input.sha256 << "\n";
  out << "\nResult: " << fleet_result_phrase(r) << "; " << total_owed_text(r.total_owed_minor, r.owed_is_lower_bound(), r.currency) << " owed\n";
}

}  // namespace slaudit::report
