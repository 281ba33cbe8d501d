#include "report/ledger/summary.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "base/text/utf8.h"
#include "engine/figures/figures.h"
#include "report/common/amounts.h"
#include "report/csv/csv_field.h"
#include "report/ledger/fraction_text.h"
#include "report/ledger/text_table.h"

namespace slaudit::report {

namespace {

std::string money(int64_t minor, const ledger::PeriodSummary& p) {
  return money_text(minor, model::Currency{p.currency, p.currency_digits});
}

std::string lowest_text(const ledger::PeriodSummary& p) { return p.lowest ? percent_text(*p.lowest) : "not assessed"; }


}  // namespace

std::string render_summary_text(const std::vector<ledger::PeriodSummary>& rows) {
  if (rows.empty()) return "No period recorded matches.\n";
  std::string out, contract;
  std::vector<std::vector<std::string>> cells;
  const auto flush = [&] {
    if (!cells.empty()) out += text_table(cells, {false, false, false, true, true, true, true, true, false, true, true});
    cells.clear();
  };
  for (const ledger::PeriodSummary& p : rows) {
    if (p.contract_title != contract) {
      flush();
      if (!out.empty()) out += "\n";
      contract = p.contract_title;
      out += "Ledger history of \"" + contract + "\" by period (current versions; a fleet's resources summed)\n";
      cells.push_back({"service", "clause", "period", "target", "rows", "breached", "not assessed", "lowest",
                       "of", "owed", "not stated"});
    }
    cells.push_back({p.service, p.clause_label.empty() ? "-" : p.clause_label, p.period,
                     p.target ? *p.target + "%" : "-", std::to_string(p.rows), std::to_string(p.breached),
                     std::to_string(p.not_assessed), lowest_text(p), p.lowest_resource.empty() ? "-" : p.lowest_resource,
                     grouped_decimal(money(p.owed_minor, p)) + (p.credit_not_stated > 0 ? " or more " : " ") + p.currency,
                     std::to_string(p.credit_not_stated)});
  }
  flush();
  // Why "or more": a tier the contract leaves `not stated` earns a credit without a figure.
  return out;
}

std::string render_summary_json(const std::vector<ledger::PeriodSummary>& rows) {
  nlohmann::ordered_json periods = nlohmann::ordered_json::array();
  for (const ledger::PeriodSummary& p : rows)
    periods.push_back({{"contract", p.contract_title}, {"service", p.service}, {"clause_label", p.clause_label},
                       {"period", p.period}, {"start_local", p.start_local},
                       {"target_percent", p.target ? nlohmann::ordered_json(*p.target) : nullptr},
                       {"rows", p.rows}, {"breached", p.breached}, {"not_assessed", p.not_assessed},
                       {"lowest_availability", p.lowest ? nlohmann::ordered_json(fraction_text(*p.lowest)) : nullptr},
                       {"lowest_availability_percent", lowest_text(p)}, {"lowest_resource", p.lowest_resource},
                       {"currency", p.currency}, {"credit_minor", p.credit_minor}, {"owed_minor", p.owed_minor},
                       {"owed", money(p.owed_minor, p)}, {"credit_not_stated", p.credit_not_stated}});
  const nlohmann::ordered_json out = {{"schema", "slaudit-ledger-summary/1"}, {"periods", std::move(periods)}};
  return json_text(out) + "\n";
}

std::string render_summary_csv(const std::vector<ledger::PeriodSummary>& rows) {
  std::ostringstream out;
  write_csv_row(out, {"contract", "service", "clause_label", "period", "start_local", "target_percent", "rows",
                      "breached", "not_assessed", "lowest_availability", "lowest_availability_percent",
                      "lowest_resource", "currency", "credit", "owed", "credit_not_stated"});
  for (const ledger::PeriodSummary& p : rows)
    write_csv_row(out, {p.contract_title, p.service, p.clause_label, p.period, p.start_local, p.target.value_or(""),
                        std::to_string(p.rows), std::to_string(p.breached), std::to_string(p.not_assessed),
                        p.lowest ? fraction_text(*p.lowest) : "", lowest_text(p), p.lowest_resource, p.currency,
                        money(p.credit_minor, p), money(p.owed_minor, p), std::to_string(p.credit_not_stated)});
  return out.str();
}

}  // namespace slaudit::report
