#include "jobs/probe_inputs.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <span>

#include "base/util/file_io.h"
#include "telemetry/probe/probe_pipeline.h"
#include "telemetry/probe/sample_sort.h"
#include "telemetry/probe/probe_target_map.h"

namespace slaudit::jobs {

namespace {

// Gives each batch of samples to the engines of a set (the engines are
// independent, so the order among them does not matter); reports progress now
// and then, naming the input of the latest sample.
class FanOut : public probe::ProbeSink {
 public:
  FanOut(ProbeEngineSet& set, const std::vector<std::string>& names, const std::function<void(std::string_view)>& progress)
      : set_(set), names_(names), progress_(progress), started_(std::chrono::steady_clock::now()) {}
  void add(const probe::ProbeSample& s) override { add_batch({&s, 1}); }
  void add_batch(std::span<const probe::ProbeSample> samples) override {
    set_.feed(samples);
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
  ProbeEngineSet& set_;
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

std::vector<Decimal> latency_bounds(const model::Contract& contract) {
  std::vector<Decimal> out;
  for (const auto& clause : contract.availability) {
    if (!clause.measurement || !clause.measurement->probes) continue;
    const model::ProbeRule& rule = *clause.measurement->probes;
    if (rule.signal != model::ProbeSignal::Latency) continue;
    if (std::find(out.begin(), out.end(), rule.latency_bound) == out.end()) out.push_back(rule.latency_bound);
  }
  return out;
}

probe::ProbeEngineOptions engine_options(const ProbeOptions& o, const model::Contract& contract,
                                         const model::AvailabilityClause& clause) {
  probe::ProbeEngineOptions options;
  options.lateness = o.lateness;
  // Only the readings the audit will use: the clause's rule, or up and down when it states none.
  options.readings = {false, false, false};
  if (clause.missing_data) {
    options.readings[probe::missing_index(*clause.missing_data)] = true;
  } else {
    options.readings[probe::missing_index(model::MissingData::Up)] = true;
    options.readings[probe::missing_index(model::MissingData::Down)] = true;
  }
  const model::ProbeRule& rule = *clause.measurement->probes;
  // Only a measure over requests reads the buckets' request sums (probe_audit.cpp).
  options.request_sums = rule.method != model::ProbeMethod::BadBuckets;
  if (rule.signal == model::ProbeSignal::Latency) {
    const std::vector<Decimal> bounds = latency_bounds(contract);
    options.bound =
        static_cast<uint16_t>(std::find(bounds.begin(), bounds.end(), rule.latency_bound) - bounds.begin() + 1);
  }
  return options;
}

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
  long long per = 0;
  if (unit.empty() || unit == "s") per = 1;
  if (unit == "m" || unit == "min") per = 60;
  if (unit == "h") per = 3600;
  // Bounded before the product, which would overflow (9223372036854775807h).
  if (per == 0 || n > kMaxOptionDuration.count() / per) return std::nullopt;
  return Seconds{n * per};
}

std::optional<probe::TargetMap> read_target_map(const std::string& path, const model::Contract& contract,
                                                Messages& messages, bool& ok) {
  ok = true;
  if (path.empty()) return std::nullopt;
  ok = false;
  ReadResult read = read_file(path);
  if (!read.text) {
    messages.push_back("slaudit: " + read.error);
    return std::nullopt;
  }
  auto parsed = probe::parse_target_map(*read.text, path);
  if (!parsed.map) {
    messages.push_back("slaudit: " + parsed.error);
    return std::nullopt;
  }
  for (const auto& [target, home] : parsed.map->targets)
    if (!contract.find_service(home.service)) {
      messages.push_back("slaudit: " + path + ": target \"" + target + "\": no service \"" + home.service +
                         "\" in the contract");
      return std::nullopt;
    }
  ok = true;
  return std::move(parsed.map);
}

namespace {

// One engine per availability clause measured from probes that has periods in
// the range, over a fresh target table; returns the engines built.
std::vector<probe::ProbeClauseEngine*> build_engines(const ProbeOptions& o, const probe::TargetMap* map,
                                                     audit::AuditRequest& request, ProbeRun& run) {
  const model::Contract& contract = *request.contract;
  std::vector<probe::ProbeClauseEngine*> live;
  run.targets = probe::ProbeTargets{};
  run.engines.clear();
  run.engines.resize(contract.availability.size());
  request.probe_engines.assign(contract.availability.size(), nullptr);
  for (size_t c = 0; c < contract.availability.size(); ++c) {
    const auto& clause = contract.availability[c];
    if (!clause.measurement || clause.measurement->kind != model::MeasurementKind::Probes || !clause.measurement->probes)
      continue;
    auto parts = audit::probe_parts(request, c);
    if (parts.empty()) continue;
    const probe::ProbeEngineOptions options = engine_options(o, contract, clause);
    run.engines[c] = std::make_unique<probe::ProbeClauseEngine>(*clause.measurement->probes, std::move(parts),
                                                                run.targets, members_of(contract, clause, map), options);
    live.push_back(run.engines[c].get());
    request.probe_engines[c] = run.engines[c].get();
  }
  return live;
}

bool any_late(const std::vector<probe::ProbeClauseEngine*>& engines) {
  for (const auto* e : engines)
    if (e->counts().late > 0) return true;
  return false;
}

// An unlinked temporary file that standard input is copied to as it is read.
class StdinCopy {
 public:
  explicit StdinCopy(const std::string& dir) {
    std::string path = (dir.empty() ? temp_dir() : dir) + "/slaudit-stdin-XXXXXX";
    fd_ = ::mkstemp(path.data());
    if (fd_ >= 0) ::unlink(path.c_str());
    else error_ = "cannot keep a copy of standard input in " + path.substr(0, path.rfind('/')) + ": " + std::strerror(errno);
  }
  ~StdinCopy() {
    if (fd_ >= 0) ::close(fd_);
  }
  StdinCopy(const StdinCopy&) = delete;
  StdinCopy& operator=(const StdinCopy&) = delete;
  int fd() const { return fd_; }
  const std::string& error() const { return error_; }
  bool rewind() const { return ::lseek(fd_, 0, SEEK_SET) == 0; }

 private:
  static std::string temp_dir() {
    const char* env = std::getenv("TMPDIR");
    return env && *env ? env : "/tmp";
  }
  int fd_ = -1;
  std::string error_;
};

// The second reading of a batch whose samples were out of time order: the same
// inputs, through an external sort, into fresh engines.
std::string read_sorted(const ProbeOptions& o, ProbeEngineSet& set, const std::vector<std::string>& sources,
                        probe::ProbeReadOptions read_options, ProbeRun& run, const StdinCopy* copy) {
  set.build(run);
  probe::SampleSorter sorter(o.sort_run_samples, o.temp_dir);
  if (copy) {
    if (!copy->rewind()) return "cannot read back the copy of standard input";
    read_options.stdin_fd = copy->fd();
  }
  read_options.stdin_copy_fd = -1;
  std::vector<probe::ProbeFileResult> again;  // the same accounting and digests as the first reading
  std::string error = probe::read_probe_inputs_threaded(o.files, run.targets, sorter, again, read_options);
  if (!error.empty()) return error;
  FanOut fan(set, sources, o.progress);
  error = sorter.replay(fan);
  fan.done();
  run.sorted = true;
  run.sort_runs = sorter.runs();
  run.sort_spilled_bytes = sorter.spilled_bytes();
  return error;
}

// The service audit's engines: one per availability clause measured from
// probes; every sample goes to each of them (each keeps its own targets).
class ServiceEngines : public ProbeEngineSet {
 public:
  ServiceEngines(const ProbeOptions& o, const probe::TargetMap* map, audit::AuditRequest& request)
      : o_(o), map_(map), request_(request) {}
  std::vector<probe::ProbeClauseEngine*> build(ProbeRun& run) override {
    engines_ = build_engines(o_, map_, request_, run);
    return engines_;
  }
  void feed(std::span<const probe::ProbeSample> samples) override {
    for (auto* e : engines_)
      for (const probe::ProbeSample& s : samples) e->add(s);
  }

 private:
  const ProbeOptions& o_;
  const probe::TargetMap* map_;
  audit::AuditRequest& request_;
  std::vector<probe::ProbeClauseEngine*> engines_;
};

}  // namespace

bool build_probe_engines(const ProbeOptions& o, audit::AuditRequest& request, ProbeRun& run,
                         std::vector<probe::ProbeClauseEngine*>& live, Messages& messages) {
  bool map_ok = true;
  const std::optional<probe::TargetMap> map = read_target_map(o.targets_map, *request.contract, messages, map_ok);
  if (!map_ok) return false;
  live = build_engines(o, map ? &*map : nullptr, request, run);
  return true;
}

bool read_probe_inputs_into(const ProbeOptions& o, const model::Contract& contract,
                            const std::vector<std::string>& sources, ProbeEngineSet& set, ProbeRun& run,
                            Messages& messages) {
  probe::ProbeReadOptions read_options;  // CSV or Prometheus JSON, plain or gzip: the content decides
  read_options.prometheus.target_label = o.target_label;
  read_options.latency_bounds = latency_bounds(contract);
  // A spilled sample keeps its bound in 7 bits (telemetry/probe/sample_sort.cpp).
  if (read_options.latency_bounds.size() > 127) {
    messages.push_back("slaudit: the contract's latency clauses have " + std::to_string(read_options.latency_bounds.size()) +
                       " different bounds; at most 127 can be audited in one run");
    return false;
  }
  std::optional<StdinCopy> copy;
  if (!o.live && std::find(o.files.begin(), o.files.end(), "-") != o.files.end()) {
    copy.emplace(o.temp_dir);
    if (!copy->error().empty()) {
      messages.push_back("slaudit: " + copy->error());
      return false;
    }
    read_options.stdin_copy_fd = copy->fd();
  }
  // Bytes and their digest, parsing, and the engines on three threads (probe_pipeline.h).
  FanOut fan(set, sources, o.progress);
  std::string error = probe::read_probe_inputs_threaded(o.files, run.targets, fan, run.files, read_options);
  fan.done();
  std::vector<probe::ProbeClauseEngine*> engines;
  for (auto& e : run.engines)
    if (e) engines.push_back(e.get());
  if (error.empty() && !o.live && any_late(engines))
    error = read_sorted(o, set, sources, read_options, run, copy ? &*copy : nullptr);
  if (!error.empty()) {
    messages.push_back("slaudit: " + error);
    return false;
  }
  for (auto& e : run.engines)
    if (e) e->finish();
  return true;
}

bool read_probe_inputs(const ProbeOptions& o, audit::AuditRequest& request, ProbeRun& run, Messages& messages) {
  bool map_ok = true;
  const std::optional<probe::TargetMap> map = read_target_map(o.targets_map, *request.contract, messages, map_ok);
  if (!map_ok) return false;
  ServiceEngines set(o, map ? &*map : nullptr, request);
  if (set.build(run).empty())
    messages.push_back("slaudit: warning: no availability clause in the range is measured from probes; the probe "
                       "files are read and accounted for, but they audit nothing");
  for (const std::string& f : o.files) request.probe_sources.push_back(f == "-" ? "<stdin>" : f);
  return read_probe_inputs_into(o, *request.contract, request.probe_sources, set, run, messages);
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
    for (std::string& note : probe_file_notes(name, a)) report.notes.push_back(std::move(note));
  }
}

std::vector<std::string> probe_file_notes(const std::string& name, const probe::ProbeAccounting& a) {
  std::vector<std::string> notes;
  if (a.missing > a.missing_noted)
    notes.push_back(name + ": " + std::to_string(a.missing - a.missing_noted) +
                    " Prometheus values were NaN (no data, or a stale marker): read, not used nor rejected; "
                    "their buckets follow the missing-data rule");
  for (const std::string& note : a.notes) notes.push_back(name + ": " + note);
  if (a.rejected > a.first_rejections.size())
    notes.push_back(name + ": " + std::to_string(a.rejected - a.first_rejections.size()) +
                    " more rejected rows are counted but not listed");
  return notes;
}

}  // namespace slaudit::jobs
