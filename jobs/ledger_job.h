#pragma once
// slaudit ledger history: the periods a ledger recorded, read back.
#include <string>
#include <vector>

#include "jobs/messages.h"
#include "ledger/history.h"

namespace slaudit::jobs {

struct LedgerHistoryOptions {
  std::string ledger;        // the ledger file
  std::string service;       // "": every service
  std::string period;        // the day-range grammar: periods that start in it; "": all
  bool all_versions = false; // also superseded versions
};

struct LedgerHistoryJob {
  int exit_code = kUsageOrIo;
  Messages messages;
  std::vector<ledger::HistoryRow> rows;
};

LedgerHistoryJob run_ledger_history_job(const LedgerHistoryOptions& options);

}  // namespace slaudit::jobs
