#include "report/ledger/recovery.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "base/text/utf8.h"
#include "engine/figures/figures.h"
#include "report/common/amounts.h"
#include "report/csv/csv_field.h"
#include "report/ledger/text_table.h"

namespace slaudit::report {

namespace {

using Json = nlohmann::ordered_json;

model::Currency currency_of(const ledger::RecoveryRow& r) { return {r.currency, r.currency_digits}; }

std::string limit_text(const ledger::RecoveryRow& r) {
  return r.limit_seconds ? minutes_text(Seconds(*r.limit_seconds)) + " min" : "none stated";
}

// "INC-1 node_down 25 min, INC-4 gpu_xid 31.5 min"
std::string breaches_text(const ledger::RecoveryRow& r) {
  std::string out;
  for (const ledger::RecoveryBreachRow& b : r.breach_list)
    out += (out.empty() ? "" : ", ") + b.incident + " " + b.fault + " " + minutes_text(Seconds(b.recover_seconds)) +
           " min";
  return out.empty() ? "-" : out;
}

}  // namespace

std::string render_recovery_text(const std::vector<ledger::RecoveryRow>& rows) {
  if (rows.empty()) return "No recovery clause recorded matches.\n";
  std::string out, contract;
  std::vector<std::vector<std::string>> cells;
  const auto flush = [&] {
    if (!cells.empty()) out += text_table(cells, {true, false, false, false, true, true, true, true, true, true, false});
    cells.clear();
  };
  for (const ledger::RecoveryRow& r : rows) {
    if (r.contract_title != contract) {
      flush();
      if (!out.empty()) out += "\n";
      contract = r.contract_title;
      out += "Recovery clauses of \"" + contract + "\" as each audit recorded them (over the audit's range)\n";
      cells.push_back({"audit", "range", "service", "clause", "limit", "covered", "breaches", "credit", "cap", "owed",
                       "breached incidents (time to recover)"});
    }
    const model::Currency c = currency_of(r);
    cells.push_back({std::to_string(r.audit_id), r.range, r.service, r.clause_label.empty() ? "-" : r.clause_label,
                     limit_text(r), r.assessed ? std::to_string(r.covered) : "not assessed", std::to_string(r.breaches),
                     amount_with_code(r.credit_minor, c), r.cap_minor ? amount_with_code(*r.cap_minor, c) : "-",
                     amount_with_code(r.owed_minor, c), breaches_text(r)});
  }
  flush();
  return out;
}

std::string render_recovery_json(const std::vector<ledger::RecoveryRow>& rows) {
  Json clauses = Json::array();
  for (const ledger::RecoveryRow& r : rows) {
    Json breaches = Json::array();
    for (const ledger::RecoveryBreachRow& b : r.breach_list)
      breaches.push_back({{"incident", b.incident}, {"fault", b.fault}, {"recover_seconds", b.recover_seconds}});
    clauses.push_back({{"audit_id", r.audit_id}, {"recorded_at", r.recorded_at}, {"contract", r.contract_title},
                       {"range", r.range}, {"service", r.service}, {"clause_label", r.clause_label},
                       {"assessed", r.assessed},
                       {"limit_seconds", r.limit_seconds ? Json(*r.limit_seconds) : Json(nullptr)},
                       {"covered", r.covered}, {"breaches", r.breaches}, {"currency", r.currency},
                       {"credit_minor", r.credit_minor},
                       {"cap_minor", r.cap_minor ? Json(*r.cap_minor) : Json(nullptr)}, {"owed_minor", r.owed_minor},
                       {"owed", money_text(r.owed_minor, currency_of(r))}, {"breached_incidents", std::move(breaches)}});
  }
  const Json out = {{"schema", "slaudit-ledger-recovery/1"}, {"recovery", std::move(clauses)}};
  return json_text(out) + "\n";
}

std::string render_recovery_csv(const std::vector<ledger::RecoveryRow>& rows) {
  std::ostringstream out;
  write_csv_row(out, {"audit_id", "recorded_at", "contract", "range", "service", "clause_label", "assessed",
                      "limit_seconds", "covered", "breaches", "currency", "credit", "cap", "owed", "breached_incidents"});
  for (const ledger::RecoveryRow& r : rows) {
    const model::Currency c = currency_of(r);
    std::string incidents;  // "INC-1:node_down:1500;INC-4:gpu_xid:1890"
    for (const ledger::RecoveryBreachRow& b : r.breach_list)
      incidents += (incidents.empty() ? "" : ";") + b.incident + ":" + b.fault + ":" + std::to_string(b.recover_seconds);
    write_csv_row(out, {std::to_string(r.audit_id), r.recorded_at, r.contract_title, r.range, r.service, r.clause_label,
                        r.assessed ? "yes" : "no", r.limit_seconds ? std::to_string(*r.limit_seconds) : "",
                        std::to_string(r.covered), std::to_string(r.breaches), r.currency, money_text(r.credit_minor, c),
                        r.cap_minor ? money_text(*r.cap_minor, c) : "", money_text(r.owed_minor, c), incidents});
  }
  return out.str();
}

}  // namespace slaudit::report
