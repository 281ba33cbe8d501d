#pragma once
// `slaudit audit --statement FILE` (docs/audit.md, section 26): the provider's
// stated availability per period, read into the audit request, and afterwards
// every row accounted for: used by the period it names, or rejected with its
// line and reason (a bad figure, a period no audited clause has).
#include <string>
#include <vector>

#include "engine/audit/audit.h"
#include "jobs/inputs.h"
#include "jobs/messages.h"
#include "language/model/contract.h"

namespace slaudit::jobs {

struct StatementInput {
  std::string path;
  size_t records_read = 0;
  std::vector<audit::RejectedRecord> rejected;  // by the reader (bad rows), by line
};

// Reads `path` (digest added to `inputs`, role "statement") in `format` ("csv",
// "jsonl", "ndjson", or "" for the file's extension) into request.stated, and
// sets request.incident_evidence to Statement. False after adding why to
// `messages` (unreadable file, unknown format).
bool read_statement_input(const std::string& path, const std::string& format, const model::Contract& contract,
                          audit::AuditRequest& request, Inputs& inputs, Messages& messages, StatementInput& read);

// The statement's record accounting in the report: the rows no audited period
// used are rejected ("service 'vm' has no audited period '2025-11' ..."); a row
// the reader rejected leaves every period's evidence incomplete, since it may
// have been about any of them.
void account_statement(const StatementInput& read, const audit::AuditRequest& request, audit::AuditReport& report);

}  // namespace slaudit::jobs
