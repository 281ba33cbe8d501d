#include "report/csv/claims_pack.h"

#include "base/time/timestamp.h"
#include "base/util/overloaded.h"
#include "report/csv/csv_field.h"
#include "engine/figures/figures.h"

namespace slaudit::report {

namespace {

std::string incidents_cell(const std::vector<audit::CountedIncident>& counted) {
  std::string cell;
  for (const auto& c : counted) {
    if (!cell.empty()) cell += "; ";
    cell += c.id + " " + format_utc(c.start) + "/" + format_utc(c.end);
  }
  return cell;
}

// The tier's percentage; empty for a fixed amount (in the credit column), "not stated" for a tier not stated.
std::string tier_percent_cell(const std::optional<model::CreditTier>& tier) {
  if (!tier) return "";
  return std::visit(Overloaded{[](const model::Percent& p) { return p.value.to_string(); },
                               [](const model::Money&) { return std::string(); },
                               [](const model::CreditNotStated&) { return std::string("not stated"); }},
                    tier->credit);
}

}  // namespace

void write_claims_pack_csv(const audit::FleetReport& r, const SourceFile& contract, std::ostream& out) {
  out << "resource,service,region,zone,period,clause_line,availability_percent,target_percent,tier_credit_percent,"
         "credit,owed,currency,claim_deadline,incidents\n";
  for (const auto& rp : r.periods) {
    const audit::ResourceFigures& p = rp.figures;
    // A tier not stated owes a credit of unknown amount: still one to claim.
    if (p.verdict() != audit::Verdict::Breached || (p.owed_minor == 0 && !p.credit_not_stated)) continue;
    const std::vector<std::string> cells{
        rp.resource, p.service, rp.region, rp.zone, p.period,
        std::to_string(contract.location(p.clause.begin).line),
        p.availability ? percent_text(*p.availability) : "",
        p.target ? p.target->value.to_string() : "",
        tier_percent_cell(p.tier),
        p.credit_not_stated ? "not stated" : money_text(p.credit_minor, r.currency), money_text(p.owed_minor, r.currency), r.currency.code,
        p.claim_deadline ? date_text(*p.claim_deadline) : "", incidents_cell(rp.counted)};
    write_csv_row(out, cells);
  }
}

}  // namespace slaudit::report
