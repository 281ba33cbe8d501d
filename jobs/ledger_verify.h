#pragma once
// slaudit ledger verify: runs a recorded audit again from its inputs and says
// whether today's engine gives the same figures. The inputs must still be
// there with the digests the audit recorded; the claim filings and earlier
// credits it read from the ledger are taken as it recorded them (a claim
// filed since does not change what that audit said).
#include <cstdint>
#include <string>
#include <vector>

#include "jobs/messages.h"
#include "ledger/verification.h"

namespace slaudit::jobs {

struct LedgerVerifyOptions {
  std::string ledger;
  int64_t audit_id = 0;  // 0: the latest audit
  std::string head;      // a head digest the user kept: it must be a link of the chain; "": none
};

struct LedgerVerifyJob {
  int exit_code = kUsageOrIo;  // 0 same figures, 3 some differ, 4 not verifiable, 2 usage or I/O
  Messages messages;
  ledger::Verification result;
};

LedgerVerifyJob run_ledger_verify_job(const LedgerVerifyOptions& options);

}  // namespace slaudit::jobs
