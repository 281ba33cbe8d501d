#include "report/ledger/history.h"

#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "base/text/utf8.h"
#include "engine/figures/figures.h"
#include "report/csv/csv_field.h"
#include "report/ledger/fraction_text.h"
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


}  // namespace

// Two passes over the rows: the first sizes each contract's columns and sees
// whether it holds a fleet's rows (a resource column then), the second prints.
void write_history_text(const HistoryRows& rows, std::ostream& out) {
  struct Shape {
    bool fleet = false;
    std::unique_ptr<StreamedTable> table;
  };
  std::map<std::string, Shape> shapes;  // by contract: a few, whatever the rows
  const std::vector<bool> right = {false, false, false, true, true, true, true, false, true, false, false};
  std::vector<bool> fleet_right = right;
  fleet_right.insert(fleet_right.begin() + 2, false);
  rows([&](const ledger::HistoryRow& r) { shapes[r.contract_title].fleet |= !r.resource.empty(); });
  if (shapes.empty()) {
    out << "No period recorded matches.\n";
    return;
  }
  const auto header = [](bool fleet) {
    std::vector<std::string> h = {"service", "clause", "period", "target", "availability", "down min", "owed",
                                  "verdict", "audit", "recorded", "version"};
    if (fleet) h.insert(h.begin() + 2, "resource");
    return h;
  };
  for (auto& [contract, shape] : shapes) {
    shape.table = std::make_unique<StreamedTable>(shape.fleet ? fleet_right : right);
    shape.table->widen(header(shape.fleet));
  }
  rows([&](const ledger::HistoryRow& r) {
    const Shape& shape = shapes[r.contract_title];
    shape.table->widen(text_cells(r, shape.fleet));
  });
  std::string contract;
  bool first = true;
  rows([&](const ledger::HistoryRow& r) {
    const Shape& shape = shapes[r.contract_title];
    if (first || r.contract_title != contract) {
      if (!first) out << "\n";
      first = false;
      contract = r.contract_title;
      out << "Ledger history of \"" << contract << "\" (down in minutes)\n" << shape.table->line(header(shape.fleet));
    }
    out << shape.table->line(text_cells(r, shape.fleet));
  });
}

void write_history_json(const HistoryRows& rows, std::ostream& out) {
  out << "{\n  \"schema\": \"slaudit-ledger-history/1\",\n  \"periods\": [";
  bool first = true;
  rows([&](const ledger::HistoryRow& r) {
    const nlohmann::ordered_json p = {
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
    out << (first ? "\n    " : ",\n    ") << p.dump();  // one period a line
    first = false;
  });
  out << (first ? "]\n}\n" : "\n  ]\n}\n");
}

void write_history_csv(const HistoryRows& rows, std::ostream& out) {
  out << "contract,service,clause_label,period,start_local,target_percent,availability,availability_percent,"
         "down_seconds,verdict,evidence_gaps,currency,credit,owed,claim_deadline,audit_id,period_id,recorded_at,"
         "superseded_by,resource,group_by\n";
  rows([&](const ledger::HistoryRow& r) {
    write_csv_row(out, {r.contract_title, r.service, r.clause_label, r.period, r.start_local, r.target.value_or(""),
                        r.availability ? fraction_text(*r.availability) : "", availability_text(r),
                        fraction_text(r.down_seconds), r.verdict, std::to_string(r.evidence_gaps), r.currency,
                        money_text(r.credit_minor, currency_of(r)), money_text(r.owed_minor, currency_of(r)),
                        r.claim_deadline.value_or(""), std::to_string(r.audit_id), std::to_string(r.period_id),
                        r.recorded_at, r.superseded_by ? std::to_string(*r.superseded_by) : "", r.resource,
                        r.group_by});
  });
}

}  // namespace slaudit::report
