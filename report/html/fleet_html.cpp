#include "report/html/fleet_html.h"

#include <algorithm>

#include "base/time/timestamp.h"
#include "engine/figures/figures.h"
#include "report/common/amounts.h"
#include "report/common/clause_ref.h"
#include "report/common/fleet_rows.h"
#include "report/common/names.h"
#include "report/html/html_text.h"
#include "report/html/sections.h"

namespace slaudit::report {

namespace {

std::string cell(std::string_view text, std::string_view cls = {}) { return html_element("td", text, cls); }

void write_header(const audit::FleetReport& r, const model::Contract& contract, const SourceFile& source, std::ostream& out) {
  out << "<header>\n" << html_element("h1", "Fleet audit: " + r.contract_title) << "\n<dl class=\"facts\">\n"
      << html_fact("Provider", html_escape(contract.provider.value_or("(not stated)")))
      << html_fact("Customer", html_escape(contract.customer.value_or("(not stated)")))
      << html_fact("Contract", html_element("code", source.name()))
      << html_fact("Period audited", html_escape(r.range + " (time zone " + r.timezone + ")"))
      << html_fact("Resources", html_escape(std::to_string(r.inventory_resources) + " in the inventory, " +
                                       std::to_string(r.unassessed.size()) + " not assessed"))
      << html_fact("Total credits owed", html_escape(total_owed_text(r.total_owed_minor, r.owed_is_lower_bound(), r.currency)));
  const char* cls = r.verdict == audit::Verdict::Breached                          ? "result breached"
                    : r.verdict == audit::Verdict::Met && r.evidence_complete() ? "result met"
                                                                                 : "result incomplete";
  out << html_fact("Result", html_element("span", fleet_result_phrase(r), cls));
  for (const std::string& gap : r.evidence_gaps) out << html_fact("Evidence incomplete", html_escape(gap));
  out << "</dl>\n</header>\n";
}

void write_totals(const audit::FleetReport& r, std::ostream& out) {
  out << "<section class=\"totals\">\n<h2>Per service and period</h2>\n<table>\n<thead><tr><th>Service</th><th>Period</th>"
         "<th class=\"num\">Resources</th><th class=\"num\">Met</th><th class=\"num\">Breached</th>"
         "<th class=\"num\">Not assessed</th><th class=\"num\">Owed ("
      << html_escape(r.currency.code) << ")</th></tr></thead>\n<tbody>\n";
  for (const auto& t : r.totals)
    out << "<tr>" << cell(t.service) << cell(t.period) << cell(std::to_string(t.resources), "num")
        << cell(std::to_string(t.met), "num") << cell(std::to_string(t.breached), "num")
        << cell(std::to_string(t.not_assessed), "num") << cell(amount_text(t.owed_minor, r.currency), "num") << "</tr>\n";
  out << "</tbody>\n</table>\n";
  for (const std::string& line : group_lines(r)) out << html_element("p", line, "note") << "\n";
  out << "</section>\n";
}

// One horizontal bar per band, its length the band's share of the fleet, the
// count written beside it (a printed page has no hover).
void write_distribution(const audit::FleetReport& r, std::ostream& out) {
  const std::vector<AvailabilityBand> bands = availability_bands(r);
  if (bands.empty()) return;
  size_t most = 1;
  for (const auto& b : bands) most = std::max(most, b.resource_periods);
  constexpr int kLabel = 150, kBar = 420, kRow = 22;
  const int height = kRow * static_cast<int>(bands.size()) + 4;
  out << "<section class=\"distribution\">\n<h2>Availability across the fleet</h2>\n"
      << "<svg class=\"bands\" role=\"img\" viewBox=\"0 0 " << kLabel + kBar + 140 << " " << height << "\" width=\""
      << kLabel + kBar + 140 << "\" height=\"" << height << "\">\n<title>Resource periods by availability band</title>\n";
  for (size_t k = 0; k < bands.size(); ++k) {
    const AvailabilityBand& b = bands[k];
    const int y = kRow * static_cast<int>(k) + 2;
    // Width in whole pixels, at least 1 for a band that has any period, so no band looks empty when it is not.
    const int width = b.resource_periods == 0 ? 0
                                              : std::max<int>(1, static_cast<int>(b.resource_periods * kBar / most));
    out << "<g class=\"band" << (b.breached > 0 ? " breached" : "") << "\"><text x=\"" << kLabel - 6 << "\" y=\""
        << y + 15 << "\" text-anchor=\"end\">" << html_escape(b.label) << "</text><rect x=\"" << kLabel << "\" y=\"" << y
        << "\" width=\"" << width << "\" height=\"" << kRow - 6 << "\"></rect><text x=\"" << kLabel + width + 6
        << "\" y=\"" << y + 15 << "\">" << b.resource_periods << (b.breached > 0 ? " (" + std::to_string(b.breached) + " breached)" : "")
        << "</text></g>\n";
  }
  out << "</svg>\n<table class=\"bands\">\n<thead><tr><th>Availability</th><th class=\"num\">Resource periods</th>"
         "<th class=\"num\">Breached</th></tr></thead>\n<tbody>\n";
  for (const auto& b : bands)
    out << "<tr>" << cell(b.label) << cell(std::to_string(b.resource_periods), "num") << cell(std::to_string(b.breached), "num")
        << "</tr>\n";
  out << "</tbody>\n</table>\n</section>\n";
}

// A breached resource's own figures and the incidents that were counted.
// The tier's credit on the resource's charges, a fixed amount, or not stated.
std::string tier_credit_fact(const audit::ResourceFigures& p, const model::Currency& currency) {
  if (!p.tier) return amount_with_code(p.credit_minor, currency);
  if (p.credit_not_stated) return "not stated by the contract (below " + percent_text(p.tier->below) + ")";
  if (const model::Percent* pct = p.tier->percent())
    return amount_with_code(p.credit_minor, currency) + " (" + pct->value.to_string() + "% of the charges)";
  return amount_with_code(p.credit_minor, currency) + " (fixed)";
}

void write_drill_down(const audit::FleetReport& r, const SourceFile& source, const audit::ResourcePeriod& rp,
                      std::ostream& out) {
  const audit::ResourceFigures& p = rp.figures;
  out << "<details><summary>" << html_escape(rp.resource) << ", " << html_escape(p.period) << ": "
      << html_escape(amount_with_code(p.owed_minor, r.currency)) << "</summary>\n<dl class=\"facts\">\n"
      << html_fact("Clause", html_escape(clause_location(source, p.clause) + (p.clause_label.empty() ? "" : " \"" + p.clause_label + "\"")))
      << html_fact("Audited", html_escape(format_utc(p.start) + " to " + format_utc(p.end) + (p.partial ? " (part of the period)" : "")))
      << html_fact("Down (counted)", html_escape(minutes_text(p.down) + " min of " + minutes_text(p.eligible) + " min eligible"))
      << html_fact("Availability", html_escape(p.availability ? percent_text(*p.availability) : "not assessed"))
      << html_fact("Charges", html_escape(amount_with_code(p.fee_minor, r.currency) + (p.fee_billed ? " (billing export)" : " (the contract's fee)")))
      << html_fact("Tier credit", html_escape(tier_credit_fact(p, r.currency)));
  if (p.hour_rule_minor > 0)
    out << html_fact("Clock hours not charged",
                html_escape(std::to_string(p.free_hours) + ": " + amount_with_code(p.hour_rule_minor, r.currency)));
  out << html_fact("Claim by", html_escape(claim_deadline_text(p.claim_deadline, "-"))) << "</dl>\n";
  out << "<table class=\"incidents\">\n<thead><tr><th>Incident</th><th>Start (UTC)</th><th>End (UTC)</th>"
         "<th class=\"num\">Down (min)</th></tr></thead>\n<tbody>\n";
  for (const auto& c : rp.counted)
    out << "<tr>" << html_element("td", c.id) << cell(format_utc(c.start)) << cell(format_utc(c.end))
        << cell(minutes_text(c.down), "num") << "</tr>\n";
  out << "</tbody>\n</table>\n</details>\n";
}

void write_breaches(const audit::FleetReport& r, const SourceFile& source, std::ostream& out) {
  const std::vector<const audit::ResourcePeriod*> breached = breached_by_owed(r);
  if (breached.empty()) return;
  const size_t shown = std::min(breached.size(), kListedAtMost);
  out << "<section class=\"breaches\">\n<h2>Breached resources</h2>\n<p>"
      << html_escape(periods_phrase(breached) + " breached" +
                     (shown < breached.size() ? "; the " + std::to_string(shown) +
                                                    " owed most are listed (every one in the JSON report; "
                                                    "--explain-resource ID gives any one's full audit)"
                                              : ""))
      << ".</p>\n<table>\n<thead><tr><th>Resource</th><th>Region</th><th>Zone</th><th>Period</th>"
         "<th class=\"num\">Availability</th><th class=\"num\">Target</th><th class=\"num\">Owed</th>"
         "<th>Claim by</th><th class=\"num\">Incidents</th></tr></thead>\n<tbody>\n";
  for (size_t i = 0; i < shown; ++i) {
    const audit::ResourceFigures& p = breached[i]->figures;
    out << "<tr>" << cell(breached[i]->resource) << cell(breached[i]->region) << cell(breached[i]->zone) << cell(p.period)
        << cell(p.availability ? percent_text(*p.availability) : "-", "num missed")
        << cell(p.target ? percent_text(*p.target) : "-", "num") << cell(amount_text(p.owed_minor, r.currency), "num")
        << cell(claim_deadline_text(p.claim_deadline, "-")) << cell(std::to_string(breached[i]->counted.size()), "num") << "</tr>\n";
  }
  out << "</tbody>\n</table>\n<h3>Each listed resource</h3>\n";
  for (size_t i = 0; i < shown; ++i) write_drill_down(r, source, *breached[i], out);
  out << "</section>\n";
}

void write_list(std::string_view heading, const std::vector<std::string>& lines, std::ostream& out) {
  if (lines.empty()) return;
  out << "<section>\n" << html_element("h2", heading) << "\n<ul class=\"notes\">\n";
  for (const auto& line : lines) out << html_element("li", line) << "\n";
  out << "</ul>\n</section>\n";
}

void write_unassessed(const audit::FleetReport& r, std::ostream& out) {
  std::vector<std::string> lines;
  const size_t shown = std::min(r.unassessed.size(), kListedAtMost);
  for (size_t i = 0; i < shown; ++i)
    lines.push_back(r.unassessed[i].resource + " (" + r.unassessed[i].service + "): " + r.unassessed[i].reason);
  if (shown < r.unassessed.size())
    lines.push_back("... and " + std::to_string(r.unassessed.size() - shown) + " more (all in the JSON report)");
  write_list("Not assessed", lines, out);
}

void write_records(const audit::FleetReport& r, std::ostream& out) {
  // The column only when a log holds another contract's records.
  const bool shared = std::any_of(r.records.begin(), r.records.end(), [](const auto& a) { return a.not_for_contract > 0; });
  out << "<section class=\"records\">\n<h2>Records</h2>\n<table>\n<thead><tr><th>Input</th><th class=\"num\">Read</th>"
         "<th class=\"num\">Used</th><th class=\"num\">Rejected</th>"
      << (shared ? "<th class=\"num\">Not for this contract</th>" : "") << "</tr></thead>\n<tbody>\n";
  for (const auto& a : r.records)
    out << "<tr>" << html_element("td", a.path) << cell(std::to_string(a.read), "num") << cell(std::to_string(a.used), "num")
        << cell(std::to_string(a.rejected), "num") << (shared ? cell(std::to_string(a.not_for_contract), "num") : "")
        << "</tr>\n";
  out << "</tbody>\n</table>\n";
  const size_t shown = std::min(r.rejected.size(), kListedAtMost);
  if (shown > 0) {
    out << "<ul class=\"notes\">\n";
    for (size_t i = 0; i < shown; ++i)
      out << html_element("li", "rejected " + r.rejected[i].path + ":" + std::to_string(r.rejected[i].line) + ": " +
                                    r.rejected[i].reason)
          << "\n";
    if (shown < r.rejected.size())
      out << html_element("li", "... and " + std::to_string(r.rejected.size() - shown) + " more rejected (all in the JSON report)") << "\n";
    out << "</ul>\n";
  }
  out << "</section>\n";
}

void write_inputs(const audit::FleetReport& r, std::ostream& out) {
  out << "<section class=\"inputs\">\n<h2>Inputs</h2>\n<table>\n<thead><tr><th>Role</th><th>File</th><th>SHA-256</th></tr></thead>\n<tbody>\n";
  for (const auto& input : r.inputs)
    out << "<tr>" << cell(input.role) << "<td>" << html_element("code", input.path) << "</td><td>"
        << html_element("code", input.sha256) << "</td></tr>\n";
  out << "</tbody>\n</table>\n"
      << html_element("p", "slaudit " + r.engine_version + ", tzdata " + r.tzdata_version, "note") << "\n</section>\n";
}

// The bars of the distribution; the rest of the page uses the audit report's style.
constexpr std::string_view kFleetStyle = R"css(<style>
svg.bands text { font-size: 12px; fill: #111; }
svg.bands rect { fill: #2e7d32; }
svg.bands .band.breached rect { fill: #c62828; }
details { margin: 0.3em 0; }
details summary { cursor: pointer; }
@media print { details { display: block; } details > * { display: block; } }
</style>
)css";

}  // namespace

void write_fleet_html(const audit::FleetReport& r, const model::Contract& contract, const SourceFile& source,
                      std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"generator\" content=\"slaudit "
      << html_escape(r.engine_version) << "\">\n"
      << html_element("title", "Fleet audit: " + r.contract_title) << "\n"
      << html_style() << kFleetStyle << "</head>\n<body>\n";
  write_header(r, contract, source, out);
  write_totals(r, out);
  write_distribution(r, out);
  write_breaches(r, source, out);
  write_unassessed(r, out);
  write_records(r, out);
  write_list("Evidence gaps", fleet_evidence_gaps(r), out);
  write_list("Notes", r.notes, out);
  write_inputs(r, out);
  out << "</body>\n</html>\n";
}

}  // namespace slaudit::report
