#pragma once
// A claim letter (issue 20; docs/audit.md section 30): for each audited period
// that owes a credit, what a provider's claim process asks for, in one place
// a person can sign and send: who claims from whom, the clause quoted with
// file:line, the figures, the amount and the deadline, the counted incidents
// with their times, and the digests of the evidence. Built once here, written
// as Markdown or HTML by report/markdown and report/html; nothing in it is
// computed but its words: every figure is the audit's.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/audit/report.h"
#include "language/model/contract.h"
#include "language/syntax/source.h"

namespace slaudit::report {

struct LetterIncident {
  std::string id, start, end;  // local times with their offset
  std::string down_minutes;    // this incident's down time in the period, before the counting rules
  std::shared_ptr<const IncidentLabels> labels;  // the log's title, url and ticket; null when it gives none
};

struct ClaimLetter {
  std::string to, from, subject;
  std::string date_line;  // the filing day given, or a blank to fill with the deadline beside it
  std::string opening;    // the claim in one paragraph
  std::string clause_ref;                 // contract.sla:13
  std::vector<std::string> clause_lines;  // the availability clause as written
  std::vector<std::pair<std::string, std::string>> figures;  // label, value
  std::vector<LetterIncident> incidents;
  std::string incidents_note;             // how times and minutes are given
  std::vector<audit::InputFile> evidence;
  std::string closing;
};

// One letter per period owing a credit (or a credit the contract leaves not
// stated), in report order; none when nothing is owed.
std::vector<ClaimLetter> claim_letters(const audit::AuditReport& report, const model::Contract& contract,
                                       const SourceFile& source);

}  // namespace slaudit::report
