// Benchmark: the audit ledger (issue 16). Records M monthly audits of P periods
// each (one period per service, standing in for the resources of a fleet) into
// a fresh ledger, then reads the history back for one service and for all, and
// prints side by side: the time to record one month against the time to render
// the same report as JSON (the audit's own output cost), the history times, and
// the file's size per period row. Asserts nothing; the machine may be shared.
//   build/bench/bench_ledger                          # 12 months x 10,000 periods
//   build/bench/bench_ledger --months 24 --periods 100000
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <unistd.h>

#include "ledger/database.h"
#include "ledger/history.h"
#include "ledger/record.h"
#include "report/json/render_json.h"

using namespace slaudit;
namespace fs = std::filesystem;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// One month's audit: `periods` services, each with one 30-day period of exact figures.
audit::AuditReport month_report(int month, int periods) {
  audit::AuditReport r;
  r.engine_version = "bench";
  r.tzdata_version = "bench";
  r.contract_title = "Fleet";
  r.timezone = "UTC";
  r.currency = {"USD", 2};
  r.range = "month " + std::to_string(month);
  r.inputs = {{"contract", "fleet.sla", std::string(64, 'c')}, {"incidents", "log.jsonl", std::string(64, 'i')}};
  const Instant start = Instant{Seconds{1'767'225'600 + int64_t{month} * 30 * 86'400}};  // 2026-01-01 + 30 d steps
  for (int k = 0; k < periods; ++k) {
    audit::PeriodAudit p;
    p.service = "vm-" + std::to_string(k);
    p.period = "M" + std::to_string(month);
    p.start = start;
    p.end = start + Seconds{30 * 86'400};
    p.length = p.end - p.start;
    p.down = Rational(k % 97 * 60);
    p.eligible = Rational(p.length.count());
    p.availability = (p.eligible - p.down) / p.eligible;
    p.target = model::Percent{Decimal(999, 1)};
    p.met = *p.availability >= Rational(999, 1000);
    p.fee_minor = 3'000;
    p.credit_minor = p.met ? 0 : 300;
    p.owed_minor = p.credit_minor;
    r.periods.push_back(std::move(p));
  }
  r.verdict = audit::Verdict::Breached;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  int months = 12, periods = 10'000;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--months")) months = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--periods")) periods = std::atoi(argv[i + 1]);
  }
  const fs::path dir = fs::temp_directory_path() / ("slaudit-bench-ledger-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "audits.db").string();
  const SourceFile contract("fleet.sla", "contract \"Fleet\" { }\n");
  double record_total = 0, record_max = 0, json_total = 0;
  {
    ledger::Database db(path, ledger::Database::Mode::ReadWrite);
    for (int m = 0; m < months; ++m) {
      const audit::AuditReport report = month_report(m, periods);
      auto t0 = std::chrono::steady_clock::now();
      ledger::record_audit(db, report, "2026-12-04T00:00:00Z");
      const double rec = seconds_since(t0);
      record_total += rec;
      record_max = std::max(record_max, rec);
      t0 = std::chrono::steady_clock::now();
      std::ostringstream json;
      report::write_report_json(report, contract, json);
      json_total += seconds_since(t0);
    }
  }
  ledger::Database db(path, ledger::Database::Mode::ReadOnly);
  auto t0 = std::chrono::steady_clock::now();
  ledger::HistoryQuery one;
  one.service = "vm-4242";
  const size_t one_rows = ledger::read_history(db, one).size();
  const double one_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  const size_t all_rows = ledger::read_history(db, {}).size();
  const double all_s = seconds_since(t0);
  const auto bytes = fs::file_size(path) + (fs::exists(path + "-wal") ? fs::file_size(path + "-wal") : 0);
  std::printf("bench_ledger: %d months x %d periods = %lld period rows\n", months, periods,
              static_cast<long long>(months) * periods);
  std::printf("  record one month         %8.3f s mean, %8.3f s max   (render the same report as JSON: %.3f s mean)\n",
              record_total / months, record_max, json_total / months);
  std::printf("  history, one service     %8.3f s (%zu rows)\n", one_s, one_rows);
  std::printf("  history, whole account   %8.3f s (%zu rows)\n", all_s, all_rows);
  std::printf("  file                     %8.1f MB, %.0f bytes per period row\n", bytes / 1e6,
              double(bytes) / (double(months) * periods));
  std::error_code ec;
  fs::remove_all(dir, ec);
  return 0;
}
