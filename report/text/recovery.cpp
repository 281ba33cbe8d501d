// The recovery part of the text report: per recovery clause, the time to
// recover per fault class, the breaches, and the fault classes no clause
// covers (a self-healing promise that silently skips a fault is a finding).
#include <string>

#include "report/common/amounts.h"
#include "report/common/cap_words.h"
#include "report/common/clause_ref.h"
#include "engine/figures/figures.h"
#include "report/common/names.h"
#include "report/common/recovery_words.h"
#include "report/text/sections.h"
#include "report/text/text_table.h"

namespace slaudit::report {

namespace {

TextTable fault_table(const std::vector<audit::FaultStats>& stats, bool with_breaches) {
  using C = TextTable::Column;
  std::vector<C> columns = {C{"fault", Align::Left}, C{"count", Align::Right}, C{"median min", Align::Right},
                            C{"p95 min", Align::Right}, C{"max min", Align::Right}};
  if (with_breaches) columns.push_back(C{"breaches", Align::Right});
  TextTable table(std::move(columns));
  for (const audit::FaultStats& s : stats) {
    std::vector<std::string> row = {s.fault, std::to_string(s.count), minutes_text(s.median), minutes_text(s.p95),
                                    minutes_text(s.max)};
    if (with_breaches) row.push_back(std::to_string(s.breaches));
    table.add_row(std::move(row));
  }
  return table;
}

std::string clause_heading(const TextContext& context, const audit::RecoveryAudit& audit) {
  const model::Currency& currency = context.report.currency;
  std::string name = audit.service;
  if (!audit.clause_label.empty() && audit.clause_label != audit.service) name += "/" + audit.clause_label;
  const std::string limit = audit.limit ? "within " + minutes_text(*audit.limit) + " min" : "no time limit";
  const std::string head = "  " + name + ": " + limit + " — " + clause_location(context.contract, audit.clause) + "\n";
  if (!audit.assessed)
    return head + "    not assessed: " +
           (audit.not_assessed_reason.empty() ? std::string("no usable incident log") : audit.not_assessed_reason) + "\n";
  return head + "    " + counted(audit.covered, "incident", "incidents") + " covered, " +
         counted(audit.breaches, "breach", "breaches") + "; credit " + amount_text(audit.credit_minor, currency) + ", " +
         cap_phrase(audit.cap_minor, audit.caps, currency, false) + ", owed " +
         amount_with_code(audit.owed_minor, currency) + "\n";
}

std::string finding_line(const TextContext& context, const audit::RecoveryFinding& finding) {
  std::string line = "    " + std::string(finding.breach ? "breach " : "") + finding.id + " (line " +
                     std::to_string(finding.line) + ") " + finding.fault + ": " +
                     minutes_text(finding.time_to_recover) + " min, " + clock_words(context.report, finding.clock);
  for (const std::string& flag : finding.flags) line += "; " + flag;
  return line + "\n";
}

// Without --explain, the list of their incidents is cut at kListedAtMost ids.
std::string uncovered_text(const TextContext& context, const audit::RecoveryAudit& audit) {
  if (audit.uncovered.empty() && audit.uncovered_incidents.empty()) return "";
  std::string out = "    fault classes no recovery clause covers:\n";
  out += fault_table(audit.uncovered, false).render("      ");
  if (!audit.uncovered_incidents.empty()) {
    out += "    their incidents: ";
    out += joined(audit.uncovered_incidents, ", ", context.explain ? SIZE_MAX : kListedAtMost);
    out += "\n";
  }
  return out;
}

void write_recovery_clause(const TextContext& context, const audit::RecoveryAudit& audit, ChunkedOutput& out) {
  out += clause_heading(context, audit);
  if (!audit.stats.empty()) out += fault_table(audit.stats, true).render("    ");
  // Breaches cost money, so they are listed always (the first kListedAtMost
  // without --explain, with a count of the rest); --explain lists every incident.
  size_t breaches = 0;
  for (const audit::RecoveryFinding& finding : audit.findings) {
    if (finding.breach && !context.explain && breaches++ >= kListedAtMost) continue;
    if (finding.breach || context.explain) out += finding_line(context, finding);
  }
  if (breaches > kListedAtMost)
    out += "    and " + std::to_string(breaches - kListedAtMost) +
           " more breaches: --explain or --format json lists every one\n";
  out += uncovered_text(context, audit);
  if (context.explain) out += text_explanations(context, audit.explain, "    ");
}

}  // namespace

void write_recovery(const TextContext& context, ChunkedOutput& out) {
  if (context.report.recovery.empty()) return;
  out += "Recovery (time to recover in minutes)\n";
  for (const audit::RecoveryAudit& audit : context.report.recovery) write_recovery_clause(context, audit, out);
}

}  // namespace slaudit::report
