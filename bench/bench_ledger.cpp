// Benchmark: the audit ledger (issue 16). Records M monthly audits of P periods
// each into a fresh ledger, re-audits the last month (each period superseding
// its earlier version), then reads the history back for one service or
// resource and for all, and prints side by side: the time to record one month
// against the time to render the same report as JSON (the audit's own output
// cost), the re-audit, the history times, and the file's size per period row.
// By default one period per service stands in for a resource; --fleet records
// fleet audits of one service with P resources, as `audit --inventory` does.
// Asserts nothing; the machine may be shared.
//   build/bench/bench_ledger                          # 12 months x 10,000 periods
//   build/bench/bench_ledger --months 24 --periods 100000 --fleet [--keep]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <unistd.h>

#include "ledger/account_summary.h"
#include "ledger/chain.h"
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

// The same month as a fleet audit: one service, `periods` resources.
audit::FleetReport fleet_report(int month, int periods) {
  audit::AuditReport r = month_report(month, periods);
  audit::FleetReport f;
  f.engine_version = r.engine_version;
  f.tzdata_version = r.tzdata_version;
  f.contract_title = r.contract_title;
  f.timezone = r.timezone;
  f.currency = r.currency;
  f.range = r.range;
  f.inputs = r.inputs;
  for (audit::PeriodAudit& p : r.periods) {
    audit::ResourcePeriod rp;
    rp.resource = p.service;
    p.service = "vm";
    rp.figures = audit::ResourceFigures::of(std::move(p));
    f.periods.push_back(std::move(rp));
  }
  f.verdict = audit::Verdict::Breached;
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  int months = 12, periods = 10'000;
  bool fleet = false, keep = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--fleet")) fleet = true;
    else if (!std::strcmp(argv[i], "--keep")) keep = true;  // leave the ledger, to time `slaudit ledger history` on it
    else if (i + 1 < argc && !std::strcmp(argv[i], "--months")) months = std::atoi(argv[++i]);
    else if (i + 1 < argc && !std::strcmp(argv[i], "--periods")) periods = std::atoi(argv[++i]);
  }
  const fs::path dir = fs::temp_directory_path() / ("slaudit-bench-ledger-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "audits.db").string();
  const SourceFile contract("fleet.sla", "contract \"Fleet\" { }\n");
  double record_total = 0, record_max = 0, json_total = 0, reaudit_s = 0;
  {
    ledger::Database db(path, ledger::Database::Mode::ReadWrite);
    const auto record = [&](int m) {
      auto t0 = std::chrono::steady_clock::now();
      if (fleet) {
        const audit::FleetReport report = fleet_report(m, periods);
        t0 = std::chrono::steady_clock::now();
        ledger::record_fleet_audit(db, report, "2026-12-04T00:00:00Z");
      } else {
        const audit::AuditReport report = month_report(m, periods);
        t0 = std::chrono::steady_clock::now();
        ledger::record_audit(db, report, "2026-12-04T00:00:00Z");
      }
      return seconds_since(t0);
    };
    for (int m = 0; m < months; ++m) {
      const double rec = record(m);
      record_total += rec;
      record_max = std::max(record_max, rec);
      const audit::AuditReport report = month_report(m, periods);
      const auto t0 = std::chrono::steady_clock::now();
      std::ostringstream json;
      report::write_report_json(report, contract, json);
      json_total += seconds_since(t0);
    }
    reaudit_s = record(months - 1);  // every period of the month supersedes its earlier version
  }
  ledger::Database db(path, ledger::Database::Mode::ReadOnly);
  auto t0 = std::chrono::steady_clock::now();
  ledger::HistoryQuery one;
  if (fleet) one.resource = "vm-4242";
  else one.service = "vm-4242";
  const size_t one_rows = ledger::read_history(db, one).size();
  const double one_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  size_t all_rows = 0;  // streamed, as `ledger history --format csv` reads them
  ledger::for_each_history_row(db, {}, [&](const ledger::HistoryRow&) { ++all_rows; });
  const double all_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  const size_t summary_rows = ledger::read_account_summary(db, {}).size();  // ledger history --by-period
  const double summary_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  const size_t summed_rows = ledger::sum_account_summary(db, {}).size();  // the same, summed from the rows
  const double summed_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  // What `ledger history` and `ledger claims` pay before they read: every audit a link, every row an audit's,
  // the append-only triggers in place.
  const ledger::ChainCheck links = ledger::check_links(db);
  const double links_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  // What `ledger verify` pays: every link's digest recomputed from its rows.
  const ledger::ChainCheck chain = ledger::check_chain(db);
  const double chain_s = seconds_since(t0);
  const auto bytes = fs::file_size(path) + (fs::exists(path + "-wal") ? fs::file_size(path + "-wal") : 0);
  std::printf("bench_ledger: %d months x %d %s = %lld period rows (and a re-audit of the last month)\n", months,
              periods, fleet ? "resources of one service (fleet audits)" : "services", static_cast<long long>(months) * periods);
  std::printf("  record one month         %8.3f s mean, %8.3f s max   (render the same report as JSON: %.3f s mean)\n",
              record_total / months, record_max, json_total / months);
  std::printf("  re-audit the last month  %8.3f s (each period supersedes its earlier version)\n", reaudit_s);
  std::printf("  history, one %s %8.3f s (%zu rows)\n", fleet ? "resource   " : "service    ", one_s, one_rows);
  std::printf("  history, whole account   %8.3f s (%zu rows)\n", all_s, all_rows);
  std::printf("  history by period        %8.3f s (%zu rows: the account's periods, from the totals kept at recording)\n",
              summary_s, summary_rows);
  std::printf("    the same, summed       %8.3f s (%zu rows: from the period rows, as an older ledger is read)\n",
              summed_s, summed_rows);
  std::printf("  check the links          %8.3f s (%zu links, %zu problems: what history and claims check first)\n",
              links_s, links.links, links.problems.size());
  std::printf("  recompute the chain      %8.3f s (%zu links, %zu problems: what ledger verify checks)\n", chain_s,
              chain.links, chain.problems.size());
  std::printf("  file                     %8.1f MB, %.0f bytes per period row\n", bytes / 1e6,
              double(bytes) / (double(months + 1) * periods));
  if (keep) {
    std::printf("  kept                     %s\n", path.c_str());
    return 0;
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  return 0;
}
