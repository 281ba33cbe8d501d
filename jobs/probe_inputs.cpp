#include "jobs/probe_inputs.h"

#include <chrono>
#include <span>

#include "base/util/file_io.h"
#include "telemetry/probe/probe_pipeline.h"
#include "telemetry/probe/probe_target_map.h"

namespace slaudit::jobs {

namespace {

// Gives each batch of samples to every engine in turn (the engines are
// independent, so the order among them does not matter); reports progress now
// and then, naming the input of the latest sample.
class FanOut : public probe::ProbeSink {
 public:
  FanOut(std::vector<probe::ProbeClauseEngine*> engines, const std::vector<std::string>& names,
         const std::function<void(std::string_view)>& progress)
      : engines_(std::move(engines)), names_(names), progress_(progress), started_(std::chrono::steady_clock::now()) {}
  void add(const probe::ProbeSample& s) override { add_batch({&s, 1}); }
  void add_batch(std::span<const probe::ProbeSample> samples) override {
    for (auto* e : engines_)
      for (const probe::ProbeSample& s : samples) e->add(s);
    if (samples.empty()) return;
    const uint64_t before = rows_;
    rows_ += samples.size();
    if (progress_ && (before >> 20) != (rows_ >> 20)) tick(samples.back().source);
  }
  void done() {
    if (shown_) progress_("");
  }

 private:
  void tick(uint32_t source) {
    const auto elapsed = std::chrono::steady_clock::now() - started_;
    if (elapsed < std::chrono::seconds{1}) return;
    const double s = std::chrono::duration<double>(elapsed).count();
    const std::string& file = source < names_.size() ? names_[source] : names_.back();
    progress_("probes: " + file + ": " + std::to_string(rows_ / 1'000'000) + "M samples, " +
              std::to_string(static_cast<uint64_t>(static_cast<double>(rows_) / s / 1000.0)) + "k/s");
    shown_ = true;
  }
  std::vector<probe::ProbeClauseEngine*> engines_;
  const std::vector<std::string>& names_;
  const std::function<void(std::string_view)>& progress_;
  std::chrono::steady_clock::time_point started_;
  uint64_t rows_ = 0;
  bool shown_ = false;
};

std::vector<std::string> members_of(const model::Contract& contract, const model::AvailabilityClause& clause,
                                    const probe::TargetMap* map) {
  std::vector<std::string> out;
  for (const auto& t : clause.measurement->probes->targets) out.push_back(t.name);
  if (map)
    for (const auto& [target, home] : map->targets)
      if (home.service == contract.services[clause.service].name) out.push_back(target);
  return out;
}

}  // namespace

std::optional<Seconds> parse_lateness(const std::string& text) {
  if (text.empty()) return std::nullopt;
  size_t used = 0;
  long long n = 0;
  try {
    n = std::stoll(text, &used);
  } catch (...) {
    return std::nullopt;
  }
  if (n < 0) return std::nullopt;
  const std::string unit = text.substr(used);
  if (unit.empty() || unit == "s") return Seconds{n};
  if (unit == "m" || unit == "min") return Seconds{n * 60};
  if (unit == "h") return Seconds{n * 3600};
  return std::nullopt;
}

bool build_probe_engines(const ProbeOptions& o, audit::AuditRequest& request, ProbeRun& run,
                         std::vector<probe::ProbeClauseEngine*>& live, Messages& messages) {
  const model::Contract& contract = *request.contract;
  std::optional<probe::TargetMap> map;
  if (!o.targets_map.empty()) {
    ReadResult read = read_file(o.targets_map);
    if (!read.text) {
      messages.push_back("slaudit: " + read.error);
      return false;
    }
    auto parsed = probe::parse_target_map(*read.text, o.targets_map);
    if (!parsed.map) {
      messages.push_back("slaudit: " + parsed.error);
      return false;
    }
    for (const auto& [target, home] : parsed.map->targets)
      if (!contract.find_service(home.service)) {
        messages.push_back("slaudit: " + o.targets_map + ": target \"" + target + "\": no service \"" +
                           home.service + "\" in the contract");
        return false;
      }
    map = std::move(parsed.map);
  }
  request.probe_engines.assign(contract.availability.size(), nullptr);
  run.engines.resize(contract.availability.size());
  probe::ProbeEngineOptions options;
  options.lateness = o.lateness;
  for (size_t c = 0; c < contract.availability.size(); ++c) {
    const auto& clause = contract.availability[c];
    if (!clause.measurement || clause.measurement->kind != model::MeasurementKind::Probes || !clause.measurement->probes)
      continue;
    auto parts = audit::probe_parts(request, c);
    if (parts.empty()) continue;
    // Only the readings the audit will use: the clause's rule, or up and down when it states none.
    options.readings = {false, false, false};
    if (clause.missing_data) {
      options.readings[probe::missing_index(*clause.missing_data)] = true;
    } else {
      options.readings[probe::missing_index(model::MissingData::Up)] = true;
      options.readings[probe::missing_index(model::MissingData::Down)] = true;
    }
    run.engines[c] = std::make_unique<probe::ProbeClauseEngine>(*clause.measurement->probes, std::move(parts), run.targets,
                                                                members_of(contract, clause, map ? &*map : nullptr),
                                                                options);
    live.push_back(run.engines[c].get());
    request.probe_engines[c] = run.engines[c].get();
  }
  return true;
}

bool read_probe_inputs(const ProbeOptions& o, audit::AuditRequest& request, ProbeRun& run, Messages& messages) {
  std::vector<probe::ProbeClauseEngine*> live;
  if (!build_probe_engines(o, request, run, live, messages)) return false;
  if (live.empty())
    messages.push_back("slaudit: warning: no availability clause in the range is measured from probes; the probe "
                       "files are read and accounted for, but they audit nothing");
  for (const std::string& f : o.files) request.probe_sources.push_back(f == "-" ? "<stdin>" : f);
  FanOut fan(live, request.probe_sources, o.progress);
  probe::ProbeReadOptions read_options;  // CSV or Prometheus JSON, plain or gzip: the content decides
  read_options.prometheus.target_label = o.target_label;
  // Bytes and their digest, parsing, and the engines on three threads (probe_pipeline.h).
  const std::string error = probe::read_probe_inputs_threaded(o.files, run.targets, fan, run.files, read_options);
  fan.done();
  if (!error.empty()) {
    messages.push_back("slaudit: " + error);
    return false;
  }
  for (auto* e : live) e->finish();
  return true;
}

void add_probe_inputs(const ProbeOptions& o, const ProbeRun& run, Inputs& inputs) {
  for (size_t f = 0; f < run.files.size() && f < o.files.size(); ++f)
    inputs.push_back({"probes", o.files[f], run.files[f].sha256});
}

void account_probe_files(const ProbeOptions& o, const ProbeRun& run, audit::AuditReport& report) {
  for (size_t f = 0; f < run.files.size(); ++f) {
    const auto& a = run.files[f].accounting;
    const std::string name = o.files[f] == "-" ? "<stdin>" : o.files[f];
    report.records.push_back({name, static_cast<size_t>(a.read), static_cast<size_t>(a.used), static_cast<size_t>(a.rejected)});
    for (const auto& r : a.first_rejections) report.rejected.push_back({name, static_cast<size_t>(r.record), r.reason});
    if (a.missing > 0)
      report.notes.push_back(name + ": " + std::to_string(a.missing) +
                             " Prometheus values were NaN (no data, or a stale marker): read, not used nor rejected; "
                             "their buckets follow the missing-data rule");
    if (a.rejected > a.first_rejections.size())
      report.notes.push_back(name + ": " + std::to_string(a.rejected - a.first_rejections.size()) +
                             " more rejected rows are counted but not listed");
  }
}

}  // namespace slaudit::jobs
