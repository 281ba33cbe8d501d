#include "report/csv/claims_pack.h"

#include "base/time/timestamp.h"
#include "engine/figures/figures.h"

namespace slaudit::report {

namespace {

// RFC 4180: a field holding a comma, a quote or a line break is quoted, quotes doubled.
std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string incidents_cell(const std::vector<audit::CountedIncident>& counted) {
  std::string cell;
  for (const auto& c : counted) {
    if (!cell.empty()) cell += "; ";
    cell += c.id + " " + format_utc(c.start) + "/" + format_utc(c.end);
  }
  return cell;
}

}  // namespace

void write_claims_pack_csv(const audit::FleetReport& r, const SourceFile& contract, std::ostream& out) {
  out << "resource,service,region,zone,period,clause_line,availability_percent,target_percent,tier_credit_percent,"
         "credit,owed,currency,claim_deadline,incidents\n";
  for (const auto& rp : r.periods) {
    const audit::ResourceFigures& p = rp.figures;
    if (p.verdict() != audit::Verdict::Breached || p.owed_minor == 0) continue;
    const std::vector<std::string> cells{
        rp.resource, p.service, rp.region, rp.zone, p.period,
        std::to_string(contract.location(p.clause.begin).line),
        p.availability ? percent_text(*p.availability) : "",
        p.target ? p.target->value.to_string() : "",
        p.tier ? p.tier->credit.value.to_string() : "",
        money_text(p.credit_minor, r.currency), money_text(p.owed_minor, r.currency), r.currency.code,
        p.claim_deadline ? date_text(*p.claim_deadline) : "", incidents_cell(rp.counted)};
    for (size_t i = 0; i < cells.size(); ++i) out << (i ? "," : "") << csv_field(cells[i]);
    out << "\n";
  }
}

}  // namespace slaudit::report
