#include "report/ledger/claims.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "base/text/utf8.h"
#include "engine/figures/figures.h"
#include "report/common/amounts.h"
#include "report/csv/csv_field.h"
#include "report/ledger/text_table.h"

namespace slaudit::report {

namespace {

using ledger::ClaimStanding;
using Json = nlohmann::ordered_json;

std::string amount(int64_t minor, const ledger::ClaimRow& c) {
  return money_text(minor, model::Currency{c.currency, c.currency_digits});
}

std::string amount_read(int64_t minor, const ledger::ClaimRow& c) {
  return grouped_decimal(amount(minor, c)) + " " + c.currency;
}

std::string standing_words(const ledger::ClaimsListRow& row);

// The standing in words, with the days and amounts it rests on, and a warning
// when the contract puts no figure on the credit.
std::string standing_text(const ledger::ClaimsListRow& row) {
  const ledger::ClaimRow& c = row.claim;
  if (!c.credit_not_stated) return standing_words(row);
  return standing_words(row) + "; the credit is not stated by the contract (owed: at least " +
         amount_read(c.owed_minor, c) + ")";
}

std::string standing_words(const ledger::ClaimsListRow& row) {
  const ledger::ClaimRow& c = row.claim;
  const ledger::ClaimProgress& p = c.progress;
  const std::string filed = "filed " + p.filed_on.value_or("") + (p.reference && !p.reference->empty() ? " (" + *p.reference + ")" : "");
  switch (row.standing) {
    case ClaimStanding::FileBy: return "to file by " + *c.deadline;
    case ClaimStanding::NoDeadline: return "to file (the contract sets no deadline)";
    case ClaimStanding::Lapsed: return "lapsed: not filed by " + *c.deadline;
    case ClaimStanding::OutOfTime:
      return filed + ", out of time (" + (c.earliest ? "earliest " + *c.earliest + ", " : std::string()) +
             "deadline " + c.deadline.value_or("none") + "): nothing owed";
    case ClaimStanding::NothingOwed: return filed + "; the latest audit owes nothing";
    case ClaimStanding::AwaitingPayment:
      return filed + (p.stage == ledger::ClaimStage::Accepted ? ", accepted" : "") + "; awaiting payment";
    case ClaimStanding::PaidShort:
      return "paid " + amount_read(p.paid_minor, c) + " by " + p.last_paid_on.value_or("") + ": short by " +
             amount_read(row.short_minor, c);
    case ClaimStanding::Paid: return "paid " + amount_read(p.paid_minor, c) + " by " + p.last_paid_on.value_or("");
    case ClaimStanding::Refused: return "refused: " + p.refused_reason.value_or("");
  }
  return "?";
}

Json events_json(const ledger::ClaimRow& c) {
  Json out = Json::array();
  for (const ledger::ClaimEvent& e : c.events)
    out.push_back({{"id", e.id}, {"event", ledger::claim_event_name(e.kind)}, {"on", e.on_day},
                   {"reference", e.reference.empty() ? Json(nullptr) : Json(e.reference)},
                   {"amount_minor", e.amount_minor ? Json(*e.amount_minor) : Json(nullptr)},
                   {"reason", e.reason.empty() ? Json(nullptr) : Json(e.reason)}, {"recorded_at", e.recorded_at}});
  return out;
}

Json optional_text(const std::optional<std::string>& s) { return s ? Json(*s) : Json(nullptr); }

}  // namespace

std::string render_claims_text(const ClaimsListing& l) {
  std::string out = "Claims in " + l.ledger + " as of " + l.as_of + (l.as_of_today ? " (today, UTC; --as-of sets the day)" : "") + "\n";
  if (l.rows.empty()) return out + "No claim matches.\n";
  std::string contract;
  std::vector<std::vector<std::string>> cells;
  const auto flush = [&] {
    if (!cells.empty()) out += text_table(cells, {false, false, false, false, true, false, false, true});
    cells.clear();
  };
  size_t open = 0;
  for (const ledger::ClaimsListRow& row : l.rows) {
    const ledger::ClaimRow& c = row.claim;
    if (c.contract_title != contract) {
      flush();
      contract = c.contract_title;
      out += "\n\"" + contract + "\"\n";
      cells.push_back({"service", "clause", "resource", "period", "owed", "deadline", "claim", "audit"});
    }
    open += ledger::needs_action(row.standing);
    cells.push_back({c.service, c.clause_label.empty() ? "-" : c.clause_label, c.resource.empty() ? "-" : c.resource,
                     c.period, amount_read(c.owed_minor, c), c.deadline.value_or("-"), standing_text(row),
                     std::to_string(c.audit_id)});
  }
  flush();
  return out + "\n" + std::to_string(l.rows.size()) + " claim(s), " + std::to_string(open) +
         " needing action (to file, awaiting payment or paid short). Owed: as the latest audit of the period says.\n";
}

std::string render_claims_json(const ClaimsListing& l) {
  Json claims = Json::array();
  for (const ledger::ClaimsListRow& row : l.rows) {
    const ledger::ClaimRow& c = row.claim;
    claims.push_back({{"contract", c.contract_title}, {"service", c.service}, {"clause_label", c.clause_label},
                      {"resource", c.resource},
                      {"period", c.period}, {"currency", c.currency}, {"owed_minor", c.owed_minor},
                      {"owed", amount(c.owed_minor, c)}, {"credit_stated", !c.credit_not_stated},
                      {"claim_earliest", optional_text(c.earliest)},
                      {"claim_deadline", optional_text(c.deadline)}, {"audit_id", c.audit_id},
                      {"stage", ledger::claim_stage_name(c.progress.stage)},
                      {"standing", ledger::claim_standing_name(row.standing)}, {"standing_text", standing_text(row)},
                      {"paid_minor", c.progress.paid_minor}, {"short_minor", row.short_minor},
                      {"events", events_json(c)}});
  }
  const Json out = {{"schema", "slaudit-ledger-claims/1"}, {"ledger", l.ledger}, {"as_of", l.as_of},
                    {"as_of_source", l.as_of_today ? "today_utc" : "given"}, {"claims", std::move(claims)}};
  return json_text(out) + "\n";
}

std::string render_claims_csv(const ClaimsListing& l) {
  std::ostringstream out;
  write_csv_row(out, {"contract", "service", "clause_label", "resource", "period", "currency", "owed", "claim_earliest",
                      "claim_deadline", "stage", "standing", "filed_on", "reference", "paid", "short", "refused_reason",
                      "audit_id", "as_of", "credit_stated"});
  for (const ledger::ClaimsListRow& row : l.rows) {
    const ledger::ClaimRow& c = row.claim;
    const ledger::ClaimProgress& p = c.progress;
    write_csv_row(out, {c.contract_title, c.service, c.clause_label, c.resource, c.period, c.currency, amount(c.owed_minor, c),
                        c.earliest.value_or(""), c.deadline.value_or(""), ledger::claim_stage_name(p.stage),
                        ledger::claim_standing_name(row.standing), p.filed_on.value_or(""), p.reference.value_or(""),
                        amount(p.paid_minor, c), amount(row.short_minor, c), p.refused_reason.value_or(""),
                        std::to_string(c.audit_id), l.as_of, c.credit_not_stated ? "no" : "yes"});
  }
  return out.str();
}

namespace {

// The audit run again: what the re-run found.
std::string audit_part(const ledger::Verification& v) {
  const std::string compared = std::to_string(v.figures_compared) + " figures of " +
                               std::to_string(v.periods_compared) + " period(s)" +
                               (v.recovery_compared > 0 ? " and " + std::to_string(v.recovery_compared) +
                                                              " recovery clause(s)"
                                                        : "");
  if (v.outcome == ledger::VerifyOutcome::NotVerifiable) {
    std::string out = "Cannot verify:\n";
    for (const std::string& r : v.reasons) out += "  " + r + "\n";
    return out;
  }
  if (v.differences.empty()) {
    const bool whole = v.ledger_problems.empty();
    return std::string(whole ? "Verified: run" : "Run") + " again from its inputs, every figure is the same (" +
           compared + ").\n";
  }
  std::string out = "Not the same: " + std::to_string(v.differences.size()) + " of " +
                    std::to_string(v.figures_compared) + " figures differ when the audit is run again from the same "
                    "inputs:\n";
  std::vector<std::vector<std::string>> cells{{"period", "figure", "recorded", "now"}};
  for (const auto& d : v.differences) cells.push_back({d.period, d.figure, d.recorded, d.now});
  return out + text_table(cells, {false, false, true, true});
}

// The whole ledger: its chain, its kept totals, its caps across audits.
std::string ledger_part(const ledger::Verification& v) {
  std::string out = "The ledger (schema " + std::to_string(v.schema) + "):\n";
  if (v.schema < 4) out += "  chain: not kept yet (the next audit or claim step adds it over every audit)\n";
  else if (v.head_digest.empty()) out += "  chain: no link yet\n";
  else out += "  chain: " + std::to_string(v.chain_links) + " link(s) recomputed; head " + v.head_digest + " (" +
              v.head_entry + ")\n";
  if (!v.given_head_entry.empty())
    out += "  --head " + v.given_head + ": " + v.given_head_entry + ": nothing recorded up to it was rewritten\n";
  out += "  kept totals: " + std::to_string(v.totals_checked) + " period(s) summed again from their rows\n";
  out += "  caps over months: " + std::to_string(v.cap_audits_checked) +
         " current audit(s) checked against the earlier credits the ledger holds now\n";
  if (v.ledger_problems.empty()) return out + "  Whole: no row changed, every total and earlier credit the same.\n";
  out += "  Not whole: " + std::to_string(v.ledger_problems.size()) + " problem(s):\n";
  for (const std::string& p : v.ledger_problems) out += "    " + p + "\n";
  return out;
}

}  // namespace

std::string render_verification_text(const ledger::Verification& v) {
  std::string out = "Audit " + std::to_string(v.audit_id) + " of \"" + v.contract_title + "\", recorded " +
                    v.recorded_at + " by slaudit " + v.recorded_engine + " (tzdata " + v.recorded_tzdata + ")\n";
  if (!v.inputs.empty()) out += "Inputs:\n";
  for (const std::string& line : v.inputs) out += "  " + line + "\n";
  return out + audit_part(v) + ledger_part(v);
}

std::string render_verification_json(const ledger::Verification& v) {
  Json differences = Json::array();
  for (const auto& d : v.differences)
    differences.push_back({{"period", d.period}, {"figure", d.figure}, {"recorded", d.recorded}, {"now", d.now}});
  const Json out = {{"schema", "slaudit-ledger-verify/1"}, {"audit_id", v.audit_id},
                    {"contract", v.contract_title}, {"recorded_at", v.recorded_at},
                    {"recorded_engine", v.recorded_engine}, {"recorded_tzdata", v.recorded_tzdata},
                    {"outcome", ledger::verify_outcome_name(v.outcome)}, {"reasons", v.reasons},
                    {"inputs", v.inputs}, {"periods_compared", v.periods_compared},
                    {"recovery_compared", v.recovery_compared},
                    {"figures_compared", v.figures_compared}, {"differences", std::move(differences)},
                    {"ledger", {{"schema", v.schema}, {"chain_links", v.chain_links},
                                {"head", v.head_digest.empty() ? Json(nullptr) : Json(v.head_digest)},
                                {"head_entry", v.head_entry},
                                {"given_head", v.given_head.empty() ? Json(nullptr) : Json(v.given_head)},
                                {"given_head_entry", v.given_head_entry},
                                {"totals_checked", v.totals_checked},
                                {"cap_audits_checked", v.cap_audits_checked},
                                {"problems", v.ledger_problems}}}};
  return json_text(out) + "\n";
}

}  // namespace slaudit::report
