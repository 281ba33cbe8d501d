#include "report/ledger/history.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "base/text/utf8.h"
#include "engine/figures/figures.h"
#include "report/csv/csv_field.h"
#include "report/ledger/text_table.h"

namespace slaudit::report {

namespace {

model::Currency currency_of(const ledger::HistoryRow& r) { return {r.currency, r.currency_digits}; }

std::string availability_text(const ledger::HistoryRow& r) {
  return r.availability ? percent_text(*r.availability) : "not assessed";
}

std::string version_text(const ledger::HistoryRow& r) {
  return r.superseded_by ? "superseded by period " + std::to_string(*r.superseded_by) : "current";
}

std::string resource_text(const ledger::HistoryRow& r) {
  if (r.resource.empty()) return "-";
  return r.group_by.empty() ? r.resource : r.group_by + " " + r.resource;
}

std::vector<std::string> text_cells(const ledger::HistoryRow& r, bool fleet) {
  std::vector<std::string> cells = {r.service, r.clause_label.empty() ? "-" : r.clause_label};
  if (fleet) cells.push_back(resource_text(r));
  std::vector<std::string> rest = {
          r.period,
          r.target ? *r.target + "%" : "-",
          availability_text(r),
          minutes_text(r.down_seconds),
          money_text(r.owed_minor, currency_of(r)) + " " + r.currency,
          r.verdict,
          std::to_string(r.audit_id),
          r.recorded_at,
          version_text(r)};
  cells.insert(cells.end(), rest.begin(), rest.end());
  return cells;
}

std::string fraction_text(const Rational& r) {
  return boost::multiprecision::numerator(r).str() + "/" + boost::multiprecision::denominator(r).str();
}

}  // namespace

std::string render_history_text(const std::vector<ledger::HistoryRow>& rows) {
  if (rows.empty()) return "No period recorded matches.\n";
  std::string out;
  std::string contract;
  std::vector<std::vector<std::string>> cells;
  // A resource column only when a fleet audit's rows are there.
  const bool fleet = std::any_of(rows.begin(), rows.end(), [](const auto& r) { return !r.resource.empty(); });
  std::vector<bool> right = {false, false, false, true, true, true, true, false, true, false, false};
  if (fleet) right.insert(right.begin() + 2, false);
  const auto flush = [&] {
    if (cells.empty()) return;
    out += text_table(cells, right);
    cells.clear();
  };
  for (const auto& r : rows) {
    if (r.contract_title != contract) {
      flush();
      if (!out.empty()) out += "\n";
      contract = r.contract_title;
      out += "Ledger history of \"" + contract + "\" (down in minutes)\n";
      std::vector<std::string> header = {"service", "clause", "period", "target", "availability", "down min", "owed",
                                         "verdict", "audit", "recorded", "version"};
      if (fleet) header.insert(header.begin() + 2, "resource");
      cells.push_back(std::move(header));
    }
    cells.push_back(text_cells(r, fleet));
  }
  flush();
  return out;
}

std::string render_history_json(const std::vector<ledger::HistoryRow>& rows) {
  nlohmann::ordered_json periods = nlohmann::ordered_json::array();
  for (const auto& r : rows) {
    nlohmann::ordered_json p = {
        {"contract", r.contract_title}, {"service", r.service}, {"clause_label", r.clause_label},
        {"resource", r.resource}, {"group_by", r.group_by},
        {"period", r.period}, {"start_local", r.start_local}, {"start_unix", r.start_unix}, {"end_unix", r.end_unix},
        {"partial", r.partial}, {"target_percent", r.target ? nlohmann::ordered_json(*r.target) : nullptr},
        {"availability", r.availability ? nlohmann::ordered_json(fraction_text(*r.availability)) : nullptr},
        {"availability_percent", availability_text(r)}, {"down_seconds", fraction_text(r.down_seconds)},
        {"eligible_seconds", fraction_text(r.eligible_seconds)}, {"verdict", r.verdict},
        {"evidence_gaps", r.evidence_gaps}, {"currency", r.currency}, {"credit_minor", r.credit_minor},
        {"cap_minor", r.cap_minor ? nlohmann::ordered_json(*r.cap_minor) : nullptr}, {"owed_minor", r.owed_minor},
        {"owed", money_text(r.owed_minor, currency_of(r))},
        {"claim_deadline", r.claim_deadline ? nlohmann::ordered_json(*r.claim_deadline) : nullptr},
        {"audit_id", r.audit_id}, {"period_id", r.period_id}, {"recorded_at", r.recorded_at},
        {"superseded_by", r.superseded_by ? nlohmann::ordered_json(*r.superseded_by) : nullptr}};
    periods.push_back(std::move(p));
  }
  nlohmann::ordered_json out = {{"schema", "slaudit-ledger-history/1"}, {"periods", std::move(periods)}};
  return json_text(out) + "\n";
}

std::string render_history_csv(const std::vector<ledger::HistoryRow>& rows) {
  std::string out =
      "contract,service,clause_label,period,start_local,target_percent,availability,availability_percent,"
      "down_seconds,verdict,evidence_gaps,currency,credit,owed,claim_deadline,audit_id,period_id,recorded_at,"
      "superseded_by,resource,group_by\n";
  for (const auto& r : rows) {
    const std::vector<std::string> fields = {
        r.contract_title, r.service, r.clause_label, r.period, r.start_local, r.target.value_or(""),
        r.availability ? fraction_text(*r.availability) : "", availability_text(r), fraction_text(r.down_seconds),
        r.verdict, std::to_string(r.evidence_gaps), r.currency, money_text(r.credit_minor, currency_of(r)),
        money_text(r.owed_minor, currency_of(r)), r.claim_deadline.value_or(""), std::to_string(r.audit_id),
        std::to_string(r.period_id), r.recorded_at, r.superseded_by ? std::to_string(*r.superseded_by) : "",
        r.resource, r.group_by};
    for (size_t k = 0; k < fields.size(); ++k) out += (k ? "," : "") + csv_field(fields[k]);
    out += "\n";
  }
  return out;
}

}  // namespace slaudit::report
