#include "jobs/statement_inputs.h"

#include <algorithm>
#include <map>

#include "telemetry/statement/statement_reader.h"

namespace slaudit::jobs {

bool read_statement_input(const std::string& path, const std::string& format, const model::Contract& contract,
                          audit::AuditRequest& request, Inputs& inputs, Messages& messages, StatementInput& read) {
  StatementReadOptions options;
  const std::optional<StatementFormat> chosen =
      format.empty() ? statement_format_from_path(path) : statement_format_from_name(format);
  if (!chosen) {
    messages.push_back("slaudit audit: cannot tell the format of the statement " + path +
                       " from its name; give --statement-format csv or jsonl");
    return false;
  }
  const std::optional<std::string> text = read_input("statement", path, inputs, messages);
  if (!text) return false;
  options.format = *chosen;
  options.path = path;
  options.currency = contract.currency.value_or(model::Currency{});
  for (const model::Service& service : contract.services) options.clauses[service.name];
  for (const model::AvailabilityClause& clause : contract.availability)
    options.clauses[contract.services[clause.service].name].push_back(clause.label);
  Statement statement = read_statement(*text, options);
  read.path = path;
  read.records_read = statement.records_read;
  for (const StatementRejection& r : statement.rejected) read.rejected.push_back({path, r.line, r.reason});
  request.stated = std::move(statement.rows);
  request.incident_evidence = audit::IncidentEvidence::Statement;
  return true;
}

namespace {

// "service 'vm' has no audited period '2025-11' (audited: 2026-11)".
std::string unused_reason(const audit::StatedAvailability& row, const audit::AuditReport& report) {
  std::string audited;
  for (const audit::PeriodAudit& p : report.periods)
    if (p.service == row.service && (row.clause_label.empty() || p.clause_label == row.clause_label))
      audited += (audited.empty() ? "" : ", ") + p.period;
  return "service '" + row.service + "' has no audited period '" + row.period + "' in the range " + report.range +
         (audited.empty() ? std::string(": none of its periods is audited")
                          : " (audited: " + audited + ")") +
         "; a period outside the contract's effective dates or --period is not audited";
}

}  // namespace

void account_statement(const StatementInput& read, const audit::AuditRequest& request, audit::AuditReport& report) {
  std::vector<audit::RejectedRecord> rejected = read.rejected;
  size_t used = 0;
  for (const audit::StatedAvailability& row : request.stated) {
    const bool found = std::any_of(report.periods.begin(), report.periods.end(), [&](const audit::PeriodAudit& p) {
      return p.statement && p.statement->line == row.line;
    });
    if (found) ++used;
    else rejected.push_back({read.path, row.line, unused_reason(row, report)});
  }
  std::stable_sort(rejected.begin(), rejected.end(),
                   [](const audit::RejectedRecord& a, const audit::RejectedRecord& b) { return a.line < b.line; });
  report.records.push_back({read.path, read.records_read, used, rejected.size()});
  report.rejected.insert(report.rejected.end(), rejected.begin(), rejected.end());
  // A figure for a period the audit does not cover is a statement (or a range) that does not fit the
  // contract: never a clean result, though no audited period lacks evidence for it.
  if (const size_t unused = request.stated.size() - used; unused > 0)
    report.evidence_gaps.push_back(std::to_string(unused) + " row(s) of the statement " + read.path +
                                   " name no audited period (listed under Records)");
  if (read.rejected.empty()) return;
  const std::string gap = std::to_string(read.rejected.size()) + " row(s) of the statement " + read.path +
                          " rejected (listed under Records)";
  report.evidence_gaps.push_back(gap);
  for (audit::PeriodAudit& p : report.periods) p.evidence_gaps.push_back(gap);
}

}  // namespace slaudit::jobs
