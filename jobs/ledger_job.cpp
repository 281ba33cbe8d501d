#include "jobs/ledger_job.h"

#include <filesystem>

#include "base/time/civil_date.h"
#include "ledger/database.h"

namespace slaudit::jobs {

LedgerHistoryJob run_ledger_history_job(const LedgerHistoryOptions& o) {
  LedgerHistoryJob job;
  ledger::HistoryQuery query;
  query.service = o.service;
  query.all_versions = o.all_versions;
  if (!o.period.empty()) {
    const std::optional<DayRange> range = parse_day_range(o.period);
    if (!range) {
      job.messages.push_back("slaudit ledger history: bad --period '" + o.period + "'; expected " +
                             std::string(kDayRangeForms));
      return job;
    }
    query.first_day = civil_date_text(range->first);
    query.last_day = civil_date_text(range->last);
  }
  // Read-only never creates a file: a mistyped path is an error, not an empty ledger.
  if (!std::filesystem::exists(o.ledger)) {
    job.messages.push_back("slaudit: " + o.ledger + ": no such ledger (an audit with --ledger creates it)");
    return job;
  }
  try {
    ledger::Database db(o.ledger, ledger::Database::Mode::ReadOnly);
    job.rows = ledger::read_history(db, query);
  } catch (const ledger::LedgerError& e) {
    job.messages.push_back(std::string("slaudit: ") + e.what());
    return job;
  }
  job.exit_code = kOk;
  return job;
}

}  // namespace slaudit::jobs
