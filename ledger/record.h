#pragma once
// Recording an audit: the audit, its inputs with their digests, every
// period's figures and every recovery clause's, in one transaction. A period
// audited before (same contract title, service, clause, period label and, in a
// fleet, resource) is superseded by the new one: a supersession row is added,
// the earlier row stays as it was.
#include <cstdint>
#include <string>

#include "engine/audit/fleet_audit.h"
#include "engine/audit/report.h"
#include "ledger/database.h"

namespace slaudit::ledger {

struct Recorded {
  int64_t audit_id = 0;
  size_t periods = 0;
  size_t superseded = 0;  // earlier versions of these periods
  std::string head;       // the digest of its link in the chain: the ledger's head once it is recorded
};

// `recorded_at`: UTC, ISO 8601, as the audit's record of when it was made.
// `options`: what a re-run needs (ledger verify), as JSON; "": not kept.
Recorded record_audit(Database& db, const audit::AuditReport& report, const std::string& recorded_at,
                      const std::string& options = "");

// A fleet audit: one period row per resource (or group) and period, the
// resource part of the period's identity.
Recorded record_fleet_audit(Database& db, const audit::FleetReport& report, const std::string& recorded_at,
                            const std::string& options = "");

}  // namespace slaudit::ledger
