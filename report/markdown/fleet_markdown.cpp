#include "report/markdown/fleet_markdown.h"

#include <algorithm>
#include <map>

#include "base/time/timestamp.h"
#include "engine/figures/figures.h"
#include "report/common/amounts.h"
#include "report/common/clause_ref.h"
#include "report/common/fleet_rows.h"
#include "report/common/names.h"
#include "report/markdown/markdown_text.h"

namespace slaudit::report {

namespace {

std::string heading(const audit::FleetReport& r, const model::Contract& contract, const SourceFile& source,
                    std::string_view title) {
  std::string out = "# " + std::string(title) + ": " + md_escape(r.contract_title) + "\n\n";
  out += "- **Provider:** " + md_escape(contract.provider.value_or("(not stated)")) + "\n";
  out += "- **Customer:** " + md_escape(contract.customer.value_or("(not stated)")) + "\n";
  out += "- **Contract:** " + md_code(source.name()) + "\n";
  out += "- **Period audited:** " + md_escape(r.range) + " (time zone " + md_escape(r.timezone) + ")\n";
  out += "- **Resources:** " + std::to_string(r.inventory_resources) + " in the inventory, " +
         std::to_string(r.unassessed.size()) + " not assessed\n";
  out += "- **Total credits owed:** " + md_escape(total_owed_text(r.total_owed_minor, r.owed_is_lower_bound(), r.currency)) + "\n";
  out += "- **Result:** " + md_escape(fleet_result_phrase(r)) + "\n";
  for (const std::string& gap : r.evidence_gaps) out += "- **Evidence incomplete:** " + md_escape(gap) + "\n";
  return out + "\n";
}

void write_totals(const audit::FleetReport& r, std::ostream& out) {
  out << "## Per service and period\n\n"
      << "| Service | Period | Resources | Met | Breached | Not assessed | Owed (" << r.currency.code << ") |\n"
      << "| --- | --- | ---: | ---: | ---: | ---: | ---: |\n";
  for (const auto& t : r.totals)
    out << "| " << md_escape(t.service) << " | " << md_escape(t.period) << " | " << t.resources << " | " << t.met << " | "
        << t.breached << " | " << t.not_assessed << " | " << amount_text(t.owed_minor, r.currency) << " |\n";
  out << "\n";
  for (const std::string& line : group_lines(r)) out << "- " << md_escape(line) << "\n";
  if (!group_lines(r).empty()) out << "\n";
}

void write_bands(const audit::FleetReport& r, std::ostream& out) {
  const std::vector<AvailabilityBand> bands = availability_bands(r);
  if (bands.empty()) return;
  out << "## Availability across the fleet\n\n| Availability | Resource periods | Breached |\n| --- | ---: | ---: |\n";
  for (const AvailabilityBand& b : bands)
    out << "| " << b.label << " | " << b.resource_periods << " | " << b.breached << " |\n";
  out << "\n";
}

void write_breaches(const audit::FleetReport& r, const SourceFile& source, std::ostream& out) {
  const std::vector<const audit::ResourcePeriod*> breached = breached_by_owed(r);
  if (breached.empty()) return;
  const size_t shown = std::min(breached.size(), kListedAtMost);
  out << "## Breached resources\n\n" << periods_phrase(breached) << " breached"
      << (shown < breached.size() ? "; the " + std::to_string(shown) + " owed most are listed (all in the JSON report)" : "")
      << ".\n\n"
      << "| Resource | Region | Zone | Clause | Period | Availability | Target | Credit | Owed | Claim by | Incidents |\n"
      << "| --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: |\n";
  for (size_t i = 0; i < shown; ++i) {
    const audit::ResourcePeriod& rp = *breached[i];
    const audit::ResourceFigures& p = rp.figures;
    out << "| " << md_escape(rp.resource) << " | " << md_escape(rp.region) << " | " << md_escape(rp.zone) << " | "
        << md_escape(clause_location(source, p.clause)) << " | " << md_escape(p.period) << " | "
        << (p.availability ? percent_text(*p.availability) : "—") << " | " << (p.target ? percent_text(*p.target) : "—")
        << " | " << credit_cell_text(p.credit_minor, p.credit_not_stated, r.currency) << " | " << amount_text(p.owed_minor, r.currency) << " | "
        << claim_deadline_text(p.claim_deadline, "—") << " | " << rp.counted.size() << " |\n";
  }
  out << "\n";
}

void write_list(std::string_view heading, const std::vector<std::string>& lines, std::ostream& out) {
  if (lines.empty()) return;
  out << "## " << heading << "\n\n";
  for (const auto& line : lines) out << "- " << md_escape(line) << "\n";
  out << "\n";
}

void write_unassessed(const audit::FleetReport& r, std::ostream& out) {
  if (r.unassessed.empty()) return;
  const size_t shown = std::min(r.unassessed.size(), kListedAtMost);
  out << "## Not assessed\n\n" << counted(r.unassessed.size(), "resource", "resources") << " not assessed"
      << (shown < r.unassessed.size() ? "; the first " + std::to_string(shown) + " listed (all in the JSON report)" : "")
      << ".\n\n| Resource | Service | Why |\n| --- | --- | --- |\n";
  for (size_t i = 0; i < shown; ++i)
    out << "| " << md_escape(r.unassessed[i].resource) << " | " << md_escape(r.unassessed[i].service) << " | "
        << md_escape(r.unassessed[i].reason) << " |\n";
  out << "\n";
}

void write_records(const audit::FleetReport& r, std::ostream& out) {
  // The column only when a log holds another contract's records.
  const bool shared = std::any_of(r.records.begin(), r.records.end(), [](const auto& a) { return a.not_for_contract > 0; });
  out << "## Records\n\n| Input | Read | Used | Rejected |" << (shared ? " Not for this contract |" : "")
      << "\n| --- | ---: | ---: | ---: |" << (shared ? " ---: |" : "") << "\n";
  for (const auto& a : r.records) {
    out << "| " << md_escape(a.path) << " | " << a.read << " | " << a.used << " | " << a.rejected << " |";
    if (shared) out << " " << a.not_for_contract << " |";
    out << "\n";
  }
  out << "\n";
  const size_t shown = std::min(r.rejected.size(), kListedAtMost);
  for (size_t i = 0; i < shown; ++i)
    out << "- rejected " << md_code(r.rejected[i].path + ":" + std::to_string(r.rejected[i].line)) << ": "
        << md_escape(r.rejected[i].reason) << "\n";
  if (shown < r.rejected.size()) out << "- ... and " << r.rejected.size() - shown << " more rejected (all in the JSON report)\n";
  if (shown > 0) out << "\n";
}

void write_inputs(const audit::FleetReport& r, std::ostream& out) {
  out << "## Inputs\n\n| Role | File | SHA-256 |\n| --- | --- | --- |\n";
  for (const auto& input : r.inputs)
    out << "| " << md_escape(input.role) << " | " << md_code_cell(input.path) << " | `" << input.sha256 << "` |\n";
  out << "\nslaudit " << md_escape(r.engine_version) << ", tzdata " << md_escape(r.tzdata_version) << ".\n";
}

// "2026-11-02T08:19:23Z to 2026-11-02T08:46:56Z (27.55 min)".
std::string incident_line(const audit::CountedIncident& c) {
  return md_escape(c.id) + ": " + format_utc(c.start) + " to " + format_utc(c.end) + " (" + minutes_text(c.down) +
         " min down)";
}

// How the tier's credit relates to the charges: a share of them, or a fixed amount.
std::string tier_share(const model::CreditTier& tier, int64_t fee_minor, const model::Currency& currency) {
  if (const model::Percent* pct = tier.percent())
    return pct->value.to_string() + "% of the charges of " + amount_with_code(fee_minor, currency);
  return "fixed " + tier_credit_text(tier, currency);
}

// What the amount owed is made of: the tier's credit on the resource's
// charges, and the clock hours not charged (credited without a claim).
std::string credit_parts(const audit::ResourceFigures& p, const model::Currency& currency) {
  std::vector<std::string> parts;
  if (p.tier && p.credit_not_stated)
    parts.push_back("tier credit not stated by the contract (below " + percent_text(p.tier->below) + "): unknown, not counted");
  else if (p.tier && p.credit_minor > 0)
    parts.push_back("tier credit " + amount_with_code(p.credit_minor, currency) + ", " + tier_share(*p.tier, p.fee_minor, currency));
  if (p.hour_rule_minor > 0)
    parts.push_back(counted(static_cast<size_t>(p.free_hours), "clock hour", "clock hours") + " not charged, " + amount_with_code(p.hour_rule_minor, currency));
  return parts.empty() ? std::string() : " (" + joined(parts, "; ") + ")";
}

}  // namespace

void write_fleet_markdown(const audit::FleetReport& r, const model::Contract& contract, const SourceFile& source,
                          std::ostream& out) {
  out << heading(r, contract, source, "Fleet audit");
  write_totals(r, out);
  write_bands(r, out);
  write_breaches(r, source, out);
  write_unassessed(r, out);
  write_records(r, out);
  write_list("Evidence gaps", fleet_evidence_gaps(r), out);
  write_list("Notes", r.notes, out);
  write_inputs(r, out);
}

void write_claims_pack_markdown(const audit::FleetReport& r, const model::Contract& contract, const SourceFile& source,
                                std::ostream& out) {
  out << heading(r, contract, source, "Claims");
  // Per service and period, in the order of the totals; rows in the report's order.
  std::map<std::pair<std::string, std::string>, std::vector<const audit::ResourcePeriod*>> owed;
  for (const auto& rp : r.periods)
    // A credit not stated is still one to claim, though its amount is unknown.
    if (rp.figures.verdict() == audit::Verdict::Breached && (rp.figures.owed_minor > 0 || rp.figures.credit_not_stated))
      owed[{rp.figures.service, rp.figures.period}].push_back(&rp);
  if (owed.empty()) out << "No credit is owed: there is nothing to claim.\n\n";
  for (const auto& [key, rows] : owed) {
    int64_t total = 0;
    for (const auto* rp : rows) total += rp->figures.owed_minor;
    out << "## " << md_escape(key.first) << ", " << md_escape(key.second) << ": "
        << amount_with_code(total, r.currency) << " for " << counted(rows.size(), "resource", "resources") << "\n\n";
    for (const auto* rp : rows) {
      const audit::ResourceFigures& p = rp->figures;
      out << "### " << md_escape(rp->resource) << " (" << md_escape(rp->region) << ", " << md_escape(rp->zone) << ")\n\n"
          << "- **Clause:** " << md_escape(clause_location(source, p.clause))
          << (p.clause_label.empty() ? "" : " \"" + md_escape(p.clause_label) + "\"") << "\n"
          << "- **Availability:** " << (p.availability ? percent_text(*p.availability) : "not assessed")
          << (p.target ? " against a target of " + percent_text(*p.target) : "") << "\n"
          << "- **Credit owed:** " << amount_with_code(p.owed_minor, r.currency) << credit_parts(p, r.currency) << "\n"
          << "- **Claim by:** " << claim_deadline_text(p.claim_deadline, "—") << "\n"
          << "- **Incidents (UTC):**\n";
      for (const auto& c : rp->counted) out << "  - " << incident_line(c) << "\n";
      out << "\n";
    }
  }
  write_inputs(r, out);
}

}  // namespace slaudit::report
