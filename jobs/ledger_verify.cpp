#include "jobs/ledger_verify.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>

#include "jobs/audit_job.h"
#include "jobs/fleet_job.h"
#include "jobs/ledger_evidence.h"
#include "jobs/ledger_integrity.h"
#include "ledger/database.h"
#include "ledger/record.h"
#include "ledger/recovery_history.h"
#include "ledger/schema.h"

namespace slaudit::jobs {

namespace {

// The figures compared, as the ledger stores them (so the recorded audit and
// the re-run, recorded in a ledger in memory, are compared as text, exactly).
constexpr const char* kFigures[] = {
    "start_unix", "end_unix", "partial", "target", "availability_num", "availability_den", "down_num", "down_den",
    "eligible_num", "eligible_den", "excluded_seconds", "verdict", "fee_minor", "credit_minor", "cap_minor",
    "owed_minor", "claim_deadline", "evidence_gaps"};

using Figures = std::map<std::string, std::map<std::string, std::string>>;  // period -> figure -> value

std::string cell(const ledger::Statement& s, int column) { return s.is_null(column) ? "(none)" : s.text(column); }

// A recovery clause's figures (schema 3), by "recovery SERVICE "LABEL"".
void add_recovery_figures(ledger::Database& db, int64_t audit_id, Figures& out) {
  if (ledger::file_schema_version(db) < 3) return;
  for (const ledger::RecoveryRow& r : ledger::read_recovery(db, "")) {
    if (r.audit_id != audit_id) continue;
    std::string breaches;
    for (const ledger::RecoveryBreachRow& b : r.breach_list)
      breaches += (breaches.empty() ? "" : ";") + b.incident + ":" + b.fault + ":" + std::to_string(b.recover_seconds);
    const auto optional = [](const std::optional<int64_t>& v) { return v ? std::to_string(*v) : "(none)"; };
    out["recovery " + r.service + (r.clause_label.empty() ? "" : " \"" + r.clause_label + "\"")] = {
        {"assessed", r.assessed ? "1" : "0"}, {"limit_seconds", optional(r.limit_seconds)},
        {"covered", std::to_string(r.covered)}, {"breaches", std::to_string(r.breaches)},
        {"credit_minor", std::to_string(r.credit_minor)}, {"cap_minor", optional(r.cap_minor)},
        {"owed_minor", std::to_string(r.owed_minor)}, {"breached_incidents", breaches}};
  }
}

Figures period_figures(ledger::Database& db, int64_t audit_id) {
  std::vector<std::string> names(std::begin(kFigures), std::end(kFigures));
  if (ledger::file_schema_version(db) >= 3) names.push_back("credit_not_stated");
  std::string columns;
  for (const std::string& f : names) columns += ", " + f;
  const std::string resource = ledger::file_schema_version(db) >= 2 ? "resource" : "''";
  ledger::Statement s = db.prepare("SELECT service, clause_label, period, " + resource + columns +
                                   " FROM period WHERE audit_id = ? ORDER BY id");
  s.bind(1, audit_id);
  Figures out;
  while (s.step()) {
    const std::string key = s.text(0) + (s.text(1).empty() ? "" : " \"" + s.text(1) + "\"") +
                            (s.text(3).empty() ? "" : " " + s.text(3)) + " " + s.text(2);
    auto& figures = out[key];
    for (size_t k = 0; k < names.size(); ++k) figures[names[k]] = cell(s, static_cast<int>(k + 4));
  }
  add_recovery_figures(db, audit_id, out);
  ledger::Statement a = db.prepare("SELECT verdict, total_owed_minor FROM audit WHERE id = ?");
  a.bind(1, audit_id);
  if (a.step()) out["(the audit)"] = {{"verdict", a.text(0)}, {"total_owed_minor", a.text(1)}};
  return out;
}

struct RecordedAudit {
  int64_t id = 0;
  int schema = 1;  // the ledger schema it was recorded under: what it recorded is what is compared
  bool fleet = false;
  std::optional<std::string> options;
  std::vector<audit::InputFile> inputs;
  Figures figures;
};

RecordedAudit read_recorded(ledger::Database& db, int64_t wanted, ledger::Verification& job) {
  const bool v2 = ledger::file_schema_version(db) >= 2;
  ledger::Statement s = db.prepare(
      "SELECT id, recorded_at, engine_version, tzdata_version, contract_title, " +
      std::string(v2 ? "options, kind" : "NULL, 'service'") +
      (ledger::file_schema_version(db) >= 3 ? ", recorded_schema" : ", " + std::to_string(ledger::file_schema_version(db))) +
      " FROM audit " + (wanted > 0 ? "WHERE id = ?" : "ORDER BY id DESC LIMIT 1"));
  if (wanted > 0) s.bind(1, wanted);
  if (!s.step())
    throw ledger::LedgerError(db.path() + (wanted > 0 ? ": no audit " + std::to_string(wanted) : ": no audit recorded"));
  RecordedAudit r;
  r.id = s.int64(0);
  job.audit_id = r.id;
  job.recorded_at = s.text(1);
  job.recorded_engine = s.text(2);
  job.recorded_tzdata = s.text(3);
  job.contract_title = s.text(4);
  if (!s.is_null(5)) r.options = s.text(5);
  r.fleet = s.text(6) == "fleet";
  r.schema = static_cast<int>(s.int64(7));
  ledger::Statement in = db.prepare("SELECT role, path, sha256 FROM audit_input WHERE audit_id = ? ORDER BY position");
  in.bind(1, r.id);
  while (in.step()) r.inputs.push_back({in.text(0), in.text(1), in.text(2)});
  r.figures = period_figures(db, r.id);
  return r;
}

// Every recorded input must be read again with the same bytes.
bool same_inputs(const RecordedAudit& r, const std::vector<audit::InputFile>& now, ledger::Verification& job) {
  bool same = r.inputs.size() == now.size();
  for (size_t k = 0; k < r.inputs.size(); ++k) {
    const audit::InputFile& was = r.inputs[k];
    std::string line = was.role + " " + was.path + " " + was.sha256 + ": ";
    if (k >= now.size() || now[k].role != was.role) {
      line += "not read by the re-run";
      same = false;
    } else if (now[k].sha256 != was.sha256) {
      line += "changed (now " + now[k].sha256 + ")";
      same = false;
    } else {
      line += "same";
    }
    job.inputs.push_back(line);
  }
  if (!same) job.reasons.push_back("the inputs are not those the audit read (see the inputs above)");
  return same;
}

// The re-run's figures as a ledger of `schema` would have recorded them: an
// audit recorded under schema 2 kept no recovery rows and no not-stated flag,
// which must not read as a difference.
Figures as_recorded(Figures now, int schema) {
  if (schema >= 3) return now;
  for (auto it = now.begin(); it != now.end();) {
    if (it->first.rfind("recovery ", 0) == 0) {
      it = now.erase(it);
      continue;
    }
    it->second.erase("credit_not_stated");
    ++it;
  }
  return now;
}

void compare(const Figures& recorded, const Figures& now, ledger::Verification& job) {
  for (const auto& [period, figures] : recorded) {
    const auto there = now.find(period);
    if (there == now.end()) {
      job.differences.push_back({period, "period", "audited", "not audited"});
      continue;
    }
    if (period.rfind("recovery ", 0) == 0) ++job.recovery_compared;
    else if (period != "(the audit)") ++job.periods_compared;
    for (const auto& [figure, value] : figures) {
      ++job.figures_compared;
      const auto v = there->second.find(figure);
      const std::string again = v == there->second.end() ? "(none)" : v->second;
      if (again != value) job.differences.push_back({period, figure, value, again});
    }
  }
  for (const auto& [period, figures] : now)
    if (!recorded.count(period)) job.differences.push_back({period, "period", "not audited", "audited"});
}

// The re-run's figures as the ledger writes them, recorded in a ledger in memory.
template <class Report, class Record>
std::optional<Figures> figures_of(const RecordedAudit& r, const std::optional<Report>& report,
                                  const Messages& messages, Record record, ledger::Verification& job) {
  if (!report) {
    for (const std::string& m : messages) job.reasons.push_back(m);
    job.reasons.push_back("the audit could not be run again from its recorded inputs");
    return std::nullopt;
  }
  if (!same_inputs(r, report->inputs, job)) return std::nullopt;
  ledger::Database memory(":memory:", ledger::Database::Mode::ReadWrite);
  const ledger::Recorded recorded = record(memory, *report, "now", "");
  return period_figures(memory, recorded.audit_id);
}

std::optional<Figures> rerun(const RecordedAudit& r, AuditJobOptions options, ledger::Verification& job) {
  options.ledger.clear();
  options.record_findings = false;
  options.record_timeline = false;
  const AuditJob again = run_audit_job(options);
  return figures_of(r, again.report, again.messages, ledger::record_audit, job);
}

std::optional<Figures> rerun(const RecordedAudit& r, FleetJobOptions options, ledger::Verification& job) {
  options.ledger.clear();
  const FleetJob again = run_fleet_job(options);
  return figures_of(r, again.report, again.messages, ledger::record_fleet_audit, job);
}

// The recorded options read back, and the audit run again from them.
std::optional<Figures> rerun(const RecordedAudit& r, ledger::Verification& job) {
  std::string why;
  if (r.fleet) {
    const std::optional<FleetJobOptions> options = fleet_options_from_json(*r.options, why);
    if (options) return rerun(r, *options, job);
  } else {
    const std::optional<AuditJobOptions> options = audit_options_from_json(*r.options, why);
    if (options) return rerun(r, *options, job);
  }
  job.reasons.push_back(why);
  return std::nullopt;
}

void verify(ledger::Database& db, const LedgerVerifyOptions& o, ledger::Verification& job) {
  const RecordedAudit r = read_recorded(db, o.audit_id, job);
  if (!r.options) {
    job.reasons.push_back("the audit was recorded without its options (by a slaudit older than ledger schema 2)");
    return;
  }
  for (const audit::InputFile& in : r.inputs)
    if (in.path == "-") job.reasons.push_back("its " + in.role + " was read from standard input, which is gone");
  if (!job.reasons.empty()) return;
  const std::optional<Figures> now = rerun(r, job);
  if (!now) return;
  compare(as_recorded(r.figures, r.schema), as_recorded(*now, r.schema), job);
  job.outcome = job.differences.empty() ? ledger::VerifyOutcome::Same : ledger::VerifyOutcome::Differs;
}

bool is_digest(const std::string& text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isxdigit(c); });
}

}  // namespace

LedgerVerifyJob run_ledger_verify_job(const LedgerVerifyOptions& o) {
  LedgerVerifyJob job;
  if (!std::filesystem::exists(o.ledger)) {
    job.messages.push_back("slaudit ledger verify: " + o.ledger + ": no such ledger (an audit with --ledger creates it)");
    return job;
  }
  if (!o.head.empty() && !is_digest(o.head)) {
    job.messages.push_back("slaudit ledger verify: bad --head '" + o.head + "'; expected the 64 hex digits of a head "
                           "digest an audit or a claim step printed");
    return job;
  }
  try {
    ledger::Database db(o.ledger, ledger::Database::Mode::ReadOnly);
    verify(db, o, job.result);
    check_ledger_integrity(db, o.head, job.result);
    // A ledger changed, or a figure gone stale, differs whatever the re-run says.
    if (!job.result.ledger_problems.empty()) job.result.outcome = ledger::VerifyOutcome::Differs;
  } catch (const ledger::LedgerError& e) {
    job.messages.push_back(std::string("slaudit: ") + e.what());
    return job;
  }
  using ledger::VerifyOutcome;
  job.exit_code = job.result.outcome == VerifyOutcome::Same      ? kOk
                  : job.result.outcome == VerifyOutcome::Differs ? kBreach
                                                                 : kIncomplete;
  return job;
}

}  // namespace slaudit::jobs
