#include "jobs/ledger_evidence.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "base/time/civil_date.h"
#include "base/time/timestamp.h"
#include "engine/figures/figures.h"
#include "jobs/ledger_integrity.h"
#include "ledger/claims.h"
#include "ledger/database.h"
#include "ledger/earlier_credits.h"
#include "ledger/record.h"

namespace slaudit::jobs {

namespace {

using nlohmann::json;

bool has_windowed_cap(const model::Contract& contract) {
  for (const auto& clause : contract.availability)
    for (const auto& cap : clause.caps)
      if (cap.window != model::CapWindow::PerPeriod) return true;
  return false;
}

// A service audit takes the filings of services' periods; a fleet audit those
// of its resources' (each for its own resource).
void add_filings(ledger::Database& db, const std::string& title, bool fleet, LedgerEvidence& out) {
  for (const ledger::LedgerFiling& f : ledger::read_filings(db, title)) {
    if (f.resource.empty() == fleet) continue;
    out.filings.push_back({f.service, f.period, f.filed, f.clause_label,
                           fleet ? std::optional<std::string>(f.resource) : std::nullopt});
    out.filing_references.push_back(f.reference);
  }
}

// A period --previous-credits names (same service, same last day) is taken
// from there, not from the ledger: the user said so.
void add_credits(ledger::Database& db, const model::Contract& contract, const audit::AuditRange& range,
                 const std::vector<audit::PreviousCredit>& given, LedgerEvidence& out) {
  for (const ledger::EarlierCredit& c : ledger::read_earlier_credits(db, contract.title, range.first)) {
    bool named = false;
    for (const audit::PreviousCredit& g : given) named |= g.service == c.service && g.period_end == c.last_day;
    if (named) continue;
    out.credits.push_back(previous_credit(c, false));
    out.credit_sources.push_back(c.period + (c.clause_label.empty() ? "" : " \"" + c.clause_label + "\"") +
                                 " (audit " + std::to_string(c.audit_id) + ")");
  }
}

// A fleet's: each resource's (or group's) own earlier credits.
void add_fleet_credits(ledger::Database& db, const model::Contract& contract, const audit::AuditRange& range,
                       LedgerEvidence& out) {
  for (const ledger::EarlierCredit& c : ledger::read_earlier_credits(db, contract.title, range.first, true)) {
    out.credits.push_back(previous_credit(c, true));
    out.credit_sources.push_back(c.resource + " " + c.period + " (audit " + std::to_string(c.audit_id) + ")");
  }
}

std::string absolute(const std::string& path) {
  if (path.empty() || path == "-") return path;
  return std::filesystem::absolute(path).lexically_normal().string();
}

json evidence_json(const LedgerEvidence& e) {
  json filings = json::array(), credits = json::array();
  for (size_t k = 0; k < e.filings.size(); ++k) {
    const audit::ClaimFiling& f = e.filings[k];
    filings.push_back({{"service", f.service}, {"period", f.period}, {"filed", civil_date_text(f.filed)},
                       {"clause", f.clause_label.value_or("")}, {"reference", e.filing_references[k]},
                       {"resource", f.resource ? json(*f.resource) : json(nullptr)}});
  }
  for (size_t k = 0; k < e.credits.size(); ++k) {
    const audit::PreviousCredit& c = e.credits[k];
    credits.push_back({{"service", c.service}, {"period_end", civil_date_text(c.period_end)},
                       {"minor", c.amount.minor}, {"source", e.credit_sources[k]},
                       {"resource", c.resource ? json(*c.resource) : json(nullptr)}});
  }
  return {{"filings", filings}, {"credits", credits}, {"reads_earlier_credits", e.reads_earlier_credits}};
}

model::CivilDate day_of(const json& j, const char* key) {
  const std::optional<CivilDate> day = parse_civil_date(j.at(key).get<std::string>());
  if (!day) throw std::runtime_error(std::string("bad day in ") + key);
  return *day;
}

LedgerEvidence evidence_from_json(const json& j) {
  LedgerEvidence e;
  // Kept since verify checks caps across audits; before, an audit that counted a credit read them.
  e.reads_earlier_credits = j.contains("reads_earlier_credits") ? j.at("reads_earlier_credits").get<bool>()
                                                                : !j.at("credits").empty();
  for (const json& f : j.at("filings")) {
    const json& resource = f.at("resource");
    e.filings.push_back({f.at("service").get<std::string>(), f.at("period").get<std::string>(), day_of(f, "filed"),
                         f.at("clause").get<std::string>(),
                         resource.is_null() ? std::nullopt : std::optional<std::string>(resource.get<std::string>())});
    e.filing_references.push_back(f.at("reference").get<std::string>());
  }
  for (const json& c : j.at("credits")) {
    const json& resource = c.at("resource");
    e.credits.push_back({c.at("service").get<std::string>(), day_of(c, "period_end"),
                         model::Money{c.at("minor").get<int64_t>()},
                         resource.is_null() ? std::nullopt : std::optional<std::string>(resource.get<std::string>())});
    e.credit_sources.push_back(c.at("source").get<std::string>());
  }
  return e;
}

// Saved Prometheus responses replay offline; a live read cannot be repeated.
// The folder an audit's responses were read from or kept in ("" for none).
std::string replay_folder(const PrometheusOptions& o) { return !o.replay_dir.empty() ? o.replay_dir : o.save_dir; }

bool live_only(const PrometheusOptions& o) { return !o.url.empty() && replay_folder(o).empty(); }

constexpr const char* kLiveOnly = "it read a live Prometheus server without --save-fetched: its inputs cannot be read again";

}  // namespace

LedgerLock::LedgerLock(const std::string& path)
    : path_(path), db_(std::make_unique<ledger::Database>(path, ledger::Database::Mode::ReadWrite)),
      transaction_(std::make_unique<ledger::Transaction>(*db_)) {}

LedgerLock::~LedgerLock() { transaction_.reset(); }  // rolls back unless committed, before the file closes

void LedgerLock::commit() { transaction_->commit(); }

std::string ledger_path_problem(const std::string& path) {
  if (path.empty()) return "a file name is needed (an empty one would record nothing)";
  if (path == ":memory:" || path.rfind("file:", 0) == 0)
    return "'" + path + "' is what SQLite reads as a database in memory or a URI, which keeps nothing; name a file "
           "(./" + path + " for a file of that name)";
  return "";
}

bool lock_ledger(const std::string& path, std::unique_ptr<LedgerLock>& out, Messages& messages) {
  if (const std::string problem = ledger_path_problem(path); !problem.empty()) {
    messages.push_back("slaudit audit: --ledger: " + problem);
    return false;
  }
  try {
    out = std::make_unique<LedgerLock>(path);
    return true;
  } catch (const ledger::LedgerError& e) {
    messages.push_back(std::string("slaudit: ") + e.what() + "; the audit was not recorded");
    return false;
  }
}

bool record_in_ledger(LedgerLock& lock, const LedgerRecorder& record, int64_t& audit_id, Messages& messages) {
  try {
    const ledger::Recorded recorded =
        record(lock.db(), format_utc(std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now())));
    std::vector<std::string> stale;
    if (lock.caps_of()) stale = stale_caps(lock.db(), *lock.caps_of(), recorded.audit_id);
    lock.commit();
    audit_id = recorded.audit_id;
    messages.push_back("slaudit: recorded in " + lock.path() + " as audit " + std::to_string(recorded.audit_id) +
                       " (" + std::to_string(recorded.periods) + " period(s), " +
                       std::to_string(recorded.superseded) + " earlier version(s) superseded); ledger head " +
                       recorded.head);
    for (const std::string& why : stale) messages.push_back("slaudit: warning: " + why);
    return true;
  } catch (const ledger::LedgerError& e) {
    messages.push_back(std::string("slaudit: ") + e.what() + "; the audit was not recorded");
    return false;
  }
}

// Runs `read` under the lock: false after adding why not.
bool read_from_ledger(LedgerLock& lock, const std::function<void(ledger::Database&)>& read, Messages& messages) {
  try {
    read(lock.db());
  } catch (const ledger::LedgerError& e) {
    messages.push_back(std::string("slaudit: ") + e.what() + "; the audit was not recorded");
    return false;
  }
  return true;
}

bool read_ledger_evidence(LedgerLock& lock, const model::Contract& contract, const audit::AuditRange& range,
                          const std::vector<audit::PreviousCredit>& given_credits, LedgerEvidence& out,
                          Messages& messages) {
  out.reads_earlier_credits = has_windowed_cap(contract);
  if (out.reads_earlier_credits) lock.watch_caps(contract.title);
  const auto read = [&](ledger::Database& db) {
    add_filings(db, contract.title, false, out);
    if (out.reads_earlier_credits) add_credits(db, contract, range, given_credits, out);
  };
  return read_from_ledger(lock, read, messages);
}

void apply_ledger_evidence(const LedgerEvidence& evidence, audit::AuditRequest& request) {
  request.claims.insert(request.claims.begin(), evidence.filings.begin(), evidence.filings.end());
  request.previous_credits.insert(request.previous_credits.end(), evidence.credits.begin(), evidence.credits.end());
}

void note_ledger_evidence(const LedgerEvidence& evidence, const std::string& path, audit::AuditReport& report) {
  std::string filings;
  for (size_t k = 0; k < evidence.filings.size(); ++k) {
    const audit::ClaimFiling& f = evidence.filings[k];
    bool audited = false;
    for (const audit::PeriodAudit& p : report.periods)
      audited |= p.service == f.service && p.period == f.period && p.clause_label == f.clause_label.value_or("");
    if (!audited) continue;
    filings += std::string(filings.empty() ? "" : "; ") + f.service + " " + f.period + " filed " +
               civil_date_text(f.filed) +
               (evidence.filing_references[k].empty() ? "" : " (" + evidence.filing_references[k] + ")");
  }
  if (!filings.empty())
    report.notes.push_back("claim filing days from the ledger " + path + " (`slaudit ledger claim`): " + filings);
  std::string credits;
  for (size_t k = 0; k < evidence.credits.size(); ++k)
    credits += std::string(credits.empty() ? "" : "; ") + evidence.credits[k].service + " " +
               evidence.credit_sources[k] + ": " + money_text(evidence.credits[k].amount.minor, report.currency) + " " +
               report.currency.code;
  if (!credits.empty())
    report.notes.push_back("credits owed for earlier periods, from the ledger " + path +
                           ", count against caps over months: " + credits);
}

bool read_fleet_ledger_evidence(LedgerLock& lock, const model::Contract& contract, const audit::AuditRange& range,
                                LedgerEvidence& out, Messages& messages) {
  out.reads_earlier_credits = has_windowed_cap(contract);
  if (out.reads_earlier_credits) lock.watch_caps(contract.title);
  const auto read = [&](ledger::Database& db) {
    add_filings(db, contract.title, true, out);
    if (out.reads_earlier_credits) add_fleet_credits(db, contract, range, out);
  };
  return read_from_ledger(lock, read, messages);
}

void apply_fleet_ledger_evidence(const LedgerEvidence& evidence, audit::FleetAuditRequest& request) {
  request.claims.insert(request.claims.begin(), evidence.filings.begin(), evidence.filings.end());
  request.previous_credits = evidence.credits;
}

// One note however large the fleet: how many credits, and the first few.
void note_fleet_credits(const LedgerEvidence& evidence, const std::string& path, audit::FleetReport& report) {
  if (evidence.credits.empty()) return;
  std::string first;
  for (size_t k = 0; k < evidence.credits.size() && k < 3; ++k)
    first += std::string(k ? "; " : "") + evidence.credit_sources[k] + ": " +
             money_text(evidence.credits[k].amount.minor, report.currency) + " " + report.currency.code;
  const std::string note = "credits owed for earlier periods, from the ledger " + path +
                           ", count against each resource's caps over months: " +
                           std::to_string(evidence.credits.size()) + " resource period(s), " + first +
                           (evidence.credits.size() > 3 ? "; ..." : "");
  report.notes.insert(std::upper_bound(report.notes.begin(), report.notes.end(), note), note);  // kept sorted
}

// One note however large the fleet: how many filings, and the first few.
void note_fleet_ledger_evidence(const LedgerEvidence& evidence, const std::string& path, audit::FleetReport& report) {
  note_fleet_credits(evidence, path, report);
  if (evidence.filings.empty()) return;
  std::string first;
  for (size_t k = 0; k < evidence.filings.size() && k < 3; ++k) {
    const audit::ClaimFiling& f = evidence.filings[k];
    first += std::string(k ? "; " : "") + f.resource.value_or("") + " " + f.period + " filed " +
             civil_date_text(f.filed);
  }
  const std::string note = "claim filing days from the ledger " + path + " (`slaudit ledger claim`): " +
                           std::to_string(evidence.filings.size()) + " resource period(s), " + first +
                           (evidence.filings.size() > 3 ? "; ..." : "");
  report.notes.insert(std::upper_bound(report.notes.begin(), report.notes.end(), note), note);  // kept sorted
}

audit::PreviousCredit previous_credit(const ledger::EarlierCredit& credit, bool fleet) {
  return {credit.service, credit.last_day, model::Money{credit.owed_minor},
          fleet ? std::optional<std::string>(credit.resource) : std::nullopt};
}

std::optional<LedgerEvidence> recorded_evidence(const std::string& options_json, bool& gave_credits) {
  try {
    const json j = json::parse(options_json);
    gave_credits = j.contains("previous_credits") && !j.at("previous_credits").get<std::string>().empty();
    return evidence_from_json(j.at("ledger"));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string fleet_options_json(const FleetJobOptions& o, const LedgerEvidence& evidence) {
  json probes = json::array();
  for (const std::string& p : o.probes) probes.push_back(absolute(p));
  const json j = {{"schema", "slaudit-fleet-options/1"},
                  {"working_directory", std::filesystem::current_path().string()},
                  {"contract", absolute(o.contract)}, {"inventory", absolute(o.inventory)},
                  {"inventory_format", o.inventory_format}, {"billing_export", absolute(o.billing_export)},
                  {"incidents", absolute(o.incidents)}, {"incidents_format", o.incidents_format},
                  {"source_map", absolute(o.source_map)}, {"initial_state", o.initial_state}, {"period", o.period}, {"from", o.from}, {"to", o.to},
                  {"claimed", o.claimed}, {"claims", absolute(o.claims)}, {"holidays", absolute(o.holidays)},
                  {"strict", o.strict}, {"ledger", evidence_json(evidence)},
                  {"probes", probes}, {"targets", absolute(o.targets_map)}, {"target_label", o.target_label},
                  {"prometheus_replay", absolute(replay_folder(o.prometheus))},
                  {"prometheus_live_only", live_only(o.prometheus)},
                  {"now", o.now}, {"covers", o.covers}};
  return j.dump();
}

// Options of `schema` read back by `read` (which may refuse, saying why);
// another schema or a damaged text is refused with the reason.
template <class Options>
std::optional<Options> options_from_json(const std::string& text, const char* schema, std::string& why,
                                         const std::function<std::optional<Options>(const json&)>& read) {
  try {
    const json j = json::parse(text);
    if (j.at("schema") != schema) {
      why = "its options were kept by another slaudit (" + j.at("schema").dump() + ")";
      return std::nullopt;
    }
    return read(j);
  } catch (const std::exception& e) {
    why = std::string("its recorded options cannot be read (") + e.what() + ")";
    return std::nullopt;
  }
}

std::optional<FleetJobOptions> fleet_options_from_json(const std::string& text, std::string& why) {
  return options_from_json<FleetJobOptions>(text, "slaudit-fleet-options/1", why, [&why](const json& j) {
    // Recorded since fleets read Prometheus; absent from earlier records.
    if (j.contains("prometheus_live_only") && j.at("prometheus_live_only").get<bool>()) {
      why = kLiveOnly;
      return std::optional<FleetJobOptions>();
    }
    FleetJobOptions o;
    if (j.contains("prometheus_replay")) o.prometheus.replay_dir = j.at("prometheus_replay").get<std::string>();
    const auto text_of = [&](const char* key) { return j.at(key).get<std::string>(); };
    o.contract = text_of("contract");
    o.inventory = text_of("inventory");
    o.inventory_format = text_of("inventory_format");
    o.billing_export = text_of("billing_export");
    o.incidents = text_of("incidents");
    o.incidents_format = text_of("incidents_format");
    if (j.contains("source_map")) o.source_map = text_of("source_map");  // recorded since incident sources
    o.initial_state = text_of("initial_state");
    o.period = text_of("period");
    o.from = text_of("from");
    o.to = text_of("to");
    o.claimed = text_of("claimed");
    o.claims = text_of("claims");
    o.holidays = text_of("holidays");
    o.strict = j.at("strict").get<bool>();
    o.ledger_evidence = evidence_from_json(j.at("ledger"));
    if (j.contains("probes")) {  // recorded since fleets read probes; absent from earlier records
      for (const json& p : j.at("probes")) o.probes.push_back(p.get<std::string>());
      o.targets_map = text_of("targets");
      o.target_label = text_of("target_label");
    }
    if (j.contains("now")) o.now = text_of("now");  // recorded since periods not ended are judged
    if (j.contains("covers")) o.covers = text_of("covers");
    return std::optional<FleetJobOptions>(std::move(o));
  });
}

std::string audit_options_json(const AuditJobOptions& o, const LedgerEvidence& evidence) {
  json probes = json::array();
  for (const std::string& p : o.probes) probes.push_back(absolute(p));
  const json j = {
      {"schema", "slaudit-audit-options/1"},
      {"working_directory", std::filesystem::current_path().string()},
      {"contract", absolute(o.contract)}, {"incidents", absolute(o.incidents)},
      {"incidents_format", o.incidents_format}, {"source_map", absolute(o.source_map)},
      {"statement", absolute(o.statement)},
      {"statement_format", o.statement_format}, {"initial_state", o.initial_state},
      {"period", o.period}, {"from", o.from}, {"to", o.to}, {"claimed", o.claimed},
      {"claims", absolute(o.claims)}, {"billing", absolute(o.billing)},
      {"previous_credits", absolute(o.previous_credits)}, {"holidays", absolute(o.holidays)},
      {"probes", probes}, {"targets", absolute(o.targets_map)}, {"lateness", o.lateness}, {"live", o.live},
      {"target_label", o.target_label}, {"strict", o.strict},
      {"prometheus_replay", absolute(replay_folder(o.prometheus))},
      {"prometheus_live_only", live_only(o.prometheus)},
      {"now", o.now}, {"covers", o.covers},
      {"ledger", evidence_json(evidence)}};
  return j.dump();
}

std::optional<AuditJobOptions> audit_options_from_json(const std::string& text, std::string& why) {
  return options_from_json<AuditJobOptions>(text, "slaudit-audit-options/1", why, [&why](const json& j) {
    if (j.at("prometheus_live_only").get<bool>()) {
      why = kLiveOnly;
      return std::optional<AuditJobOptions>();
    }
    AuditJobOptions o;
    const auto text_of = [&](const char* key) { return j.at(key).get<std::string>(); };
    o.contract = text_of("contract");
    o.incidents = text_of("incidents");
    o.incidents_format = text_of("incidents_format");
    if (j.contains("source_map")) o.source_map = text_of("source_map");  // recorded since incident sources
    o.statement = text_of("statement");
    o.statement_format = text_of("statement_format");
    o.initial_state = text_of("initial_state");
    o.period = text_of("period");
    o.from = text_of("from");
    o.to = text_of("to");
    o.claimed = text_of("claimed");
    o.claims = text_of("claims");
    o.billing = text_of("billing");
    o.previous_credits = text_of("previous_credits");
    o.holidays = text_of("holidays");
    for (const json& p : j.at("probes")) o.probes.push_back(p.get<std::string>());
    o.targets_map = text_of("targets");
    o.lateness = text_of("lateness");
    o.live = j.at("live").get<bool>();
    o.target_label = text_of("target_label");
    o.strict = j.at("strict").get<bool>();
    o.prometheus.replay_dir = text_of("prometheus_replay");
    o.ledger_evidence = evidence_from_json(j.at("ledger"));
    // The audit's instant and the log's span, recorded since periods not ended
    // are judged: an earlier record is judged again at the verifying machine's clock.
    if (j.contains("now")) o.now = text_of("now");
    if (j.contains("covers")) o.covers = text_of("covers");
    return std::optional<AuditJobOptions>(std::move(o));
  });
}

}  // namespace slaudit::jobs
