#include "jobs/fleet_probes.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

namespace slaudit::jobs {

namespace {

// Resource id -> its index in the inventory.
using ResourcesById = std::unordered_map<std::string_view, size_t>;

ResourcesById resources_by_id(const std::vector<Resource>& resources) {
  ResourcesById by_id;
  by_id.reserve(resources.size());
  for (size_t i = 0; i < resources.size(); ++i) by_id.emplace(resources[i].id, i);
  return by_id;
}

// A fleet's engines, each fed only its resource's targets' samples.
class FleetEngines : public ProbeEngineSet {
 public:
  FleetEngines(const ProbeOptions& o, const audit::FleetAuditRequest& req, const ResourcesById& by_id,
               std::vector<audit::ResourceProbePlan> plans, std::map<size_t, std::vector<std::string>> mapped,
               FleetProbeRun& out)
      : o_(o), req_(req), by_id_(by_id), plans_(std::move(plans)), mapped_(std::move(mapped)), out_(out) {
    for (size_t p = 0; p < plans_.size(); ++p) plans_of_[plans_[p].resource].push_back(p);
  }

  // Recorded figures (--prometheus) come clause by clause: while `clause` is
  // set, a sample feeds only that clause's engines, at its first bucket when
  // the resource's life starts inside it.
  void only_clause(std::optional<size_t> clause) { clause_ = clause; }

  std::vector<probe::ProbeClauseEngine*> build(ProbeRun& run) override {
    run_ = &run;
    run.targets = probe::ProbeTargets{};
    run.engines.clear();
    out_.by_resource.assign(req_.resources->size(), {});
    routes_.clear();
    strays_.clear();
    other_clause_samples_ = 0;
    other_clause_resources_.clear();
    stray_by_source_.clear();
    for (const auto& [resource, targets] : mapped_) add_engines(resource, targets);
    routes_.resize(run.targets.size());
    std::vector<probe::ProbeClauseEngine*> engines;
    for (auto& e : run.engines) engines.push_back(e.get());
    return engines;
  }

  void feed(std::span<const probe::ProbeSample> samples) override {
    for (const probe::ProbeSample& s : samples) {
      if (s.target >= routes_.size()) resolve(s.target);
      const auto& routes = routes_[s.target];
      bool fed = false;
      for (const Route& r : routes) {
        if (clause_ && r.clause != *clause_) continue;
        r.engine->add(clause_ ? at_first_bucket(s, *r.engine) : s);
        fed = true;
      }
      if (routes.empty()) {
        stray(s);
      } else if (!fed) {  // a resource's figures under a clause it is not audited by
        ++other_clause_samples_;
        other_clause_resources_.insert(routes.front().resource);
      }
    }
  }

  // What fed no engine, by target: into `out` once the reading is over.
  void collect() const {
    out_.strays.clear();
    out_.samples_not_audited = 0;
    out_.stray_samples_by_source = stray_by_source_;
    std::set<size_t> not_audited;
    for (const auto& [key, stray] : strays_) {
      const std::string& name = run_->targets.name(key.first);
      const auto resource = by_id_.find(name);
      if (resource != by_id_.end() && !mapped_.contains(resource->second) && !plans_of_.contains(resource->second)) {
        out_.samples_not_audited += stray.samples;
        out_.stray_samples_by_source[stray.source] -= stray.samples;
        not_audited.insert(resource->second);
        continue;
      }
      out_.strays.push_back({name, stray.samples, stray.source, stray.record});
    }
    std::ranges::sort(out_.strays, [](const auto& a, const auto& b) {
      return std::tie(a.target, a.source) < std::tie(b.target, b.source);
    });
    out_.samples_not_audited += other_clause_samples_;
    not_audited.insert(other_clause_resources_.begin(), other_clause_resources_.end());
    out_.resources_not_audited = not_audited.size();
  }

 private:
  struct Route {
    probe::ProbeClauseEngine* engine;
    size_t clause, resource;
  };

  // A recorded figure stands at its bucket's start; a resource launched inside
  // the bucket has its first part start after that: the figure is its first bucket's.
  static probe::ProbeSample at_first_bucket(probe::ProbeSample s, const probe::ProbeClauseEngine& e) {
    const auto& parts = e.parts();
    if (!parts.empty() && s.at < parts.front().from && s.at + e.rule().bucket > parts.front().from)
      s.at = parts.front().from;
    return s;
  }

  void add_engines(size_t resource, const std::vector<std::string>& targets) {
    const auto plans = plans_of_.find(resource);
    if (plans == plans_of_.end()) return;
    const model::Contract& contract = *req_.contract;
    auto& of_resource = out_.by_resource[resource];
    of_resource.resize(contract.availability.size(), nullptr);
    for (const size_t p : plans->second) {
      const audit::ResourceProbePlan& plan = plans_[p];
      const model::AvailabilityClause& clause = contract.availability[plan.clause];
      auto engine = std::make_unique<probe::ProbeClauseEngine>(*clause.measurement->probes, plan.parts, run_->targets,
                                                               targets, engine_options(o_, contract, clause));
      of_resource[plan.clause] = engine.get();
      for (const std::string& t : targets) {
        const probe::TargetId id = run_->targets.intern(t);
        if (id >= routes_.size()) routes_.resize(id + 1);
        routes_[id].push_back({engine.get(), plan.clause, resource});
      }
      run_->engines.push_back(std::move(engine));
    }
  }

  // Targets first seen in the input: a resource's own name, unless the map
  // gives the resource its targets; anything else feeds no engine.
  void resolve(probe::TargetId upto) {
    const size_t from = routes_.size();
    routes_.resize(static_cast<size_t>(upto) + 1);
    for (size_t id = from; id <= upto; ++id) {
      const auto resource = by_id_.find(run_->targets.name(static_cast<probe::TargetId>(id)));
      if (resource == by_id_.end() || mapped_.contains(resource->second)) continue;
      add_engines(resource->second, {std::string(resource->first)});
    }
  }

  void stray(const probe::ProbeSample& s) {
    auto [it, fresh] = strays_.try_emplace({s.target, s.source});
    if (fresh || s.record < it->second.record) it->second.record = s.record;  // the first line, whatever the order
    it->second.source = s.source;
    ++it->second.samples;
    if (s.source >= stray_by_source_.size()) stray_by_source_.resize(s.source + 1, 0);
    ++stray_by_source_[s.source];
  }

  const ProbeOptions& o_;
  const audit::FleetAuditRequest& req_;
  const ResourcesById& by_id_;
  const std::vector<audit::ResourceProbePlan> plans_;
  const std::map<size_t, std::vector<std::string>> mapped_;  // resource -> the targets the map gives it
  FleetProbeRun& out_;
  std::unordered_map<size_t, std::vector<size_t>> plans_of_;  // resource -> its plans
  ProbeRun* run_ = nullptr;
  std::vector<std::vector<Route>> routes_;  // by target id
  std::optional<size_t> clause_;
  uint64_t other_clause_samples_ = 0;
  std::set<size_t> other_clause_resources_;
  // By target and input; the target's name is filled in by collect().
  std::map<std::pair<probe::TargetId, uint32_t>, FleetProbeRun::Stray> strays_;
  std::vector<uint64_t> stray_by_source_;
};

// The map's targets per resource; a resource the inventory lacks, or of
// another service than the target's, is an error.
bool mapped_targets(const probe::TargetMap* map, const audit::FleetAuditRequest& req, const ResourcesById& by_id,
                    const std::string& path, std::map<size_t, std::vector<std::string>>& out, Messages& messages) {
  if (map == nullptr) return true;
  for (const auto& [target, home] : map->targets) {
    if (!home.resource) continue;
    const auto it = by_id.find(*home.resource);
    const std::string where = "slaudit: " + path + ": target \"" + target + "\": ";
    if (it == by_id.end()) {
      messages.push_back(where + "no resource \"" + *home.resource + "\" in the inventory");
      return false;
    }
    const Resource& r = (*req.resources)[it->second];
    if (r.service != home.service) {
      messages.push_back(where + "resource \"" + r.id + "\" is of service \"" + r.service + "\", not \"" +
                         home.service + "\"");
      return false;
    }
    out[it->second].push_back(target);
  }
  return true;
}

// What both readings start from: the map's targets per resource and the plans.
struct FleetPlan {
  ResourcesById by_id;
  std::map<size_t, std::vector<std::string>> mapped;
  std::vector<audit::ResourceProbePlan> plans;
};

bool plan_fleet_probes(const ProbeOptions& o, const audit::FleetAuditRequest& request, FleetPlan& plan,
                       Messages& messages) {
  bool map_ok = true;
  const std::optional<probe::TargetMap> map = read_target_map(o.targets_map, *request.contract, messages, map_ok);
  if (!map_ok) return false;
  plan.by_id = resources_by_id(*request.resources);
  if (!mapped_targets(map ? &*map : nullptr, request, plan.by_id, o.targets_map, plan.mapped, messages)) return false;
  plan.plans = audit::fleet_probe_plans(request);
  if (plan.plans.empty())
    messages.push_back("slaudit: warning: no clause measured from probes has a resource to audit in the range; the "
                       "probe inputs are read and accounted for, but they audit nothing");
  return true;
}

// The resources whose life starts or ends inside a bucket: a recorded figure
// sums the whole bucket, so theirs holds samples outside their life.
std::string clipped_buckets_note(const model::Contract& contract, const std::vector<Resource>& resources,
                                 const std::vector<audit::ResourceProbePlan>& plans) {
  std::set<std::string> clipped;
  for (const audit::ResourceProbePlan& p : plans) {
    const Seconds bucket = contract.availability[p.clause].measurement->probes->bucket;
    if (bucket.count() <= 0 || p.parts.empty()) continue;
    const auto off = [&](Instant at, Instant period_start) { return (at - period_start).count() % bucket.count() != 0; };
    if (off(p.parts.front().from, p.parts.front().period_start) || off(p.parts.back().to, p.parts.back().period_start))
      clipped.insert(resources[p.resource].id);
  }
  if (clipped.empty()) return {};
  return std::to_string(clipped.size()) + " resource(s) (first: " + *clipped.begin() +
         ") start or end inside a bucket: the figure Prometheus recorded for that bucket sums all of it, samples "
         "before the launch or after the termination included";
}

// Feeds one clause's recorded figures to the fleet's engines.
class ClauseSink : public probe::ProbeSink {
 public:
  ClauseSink(FleetEngines& set, size_t clause) : set_(set), clause_(clause) {}
  void add(const probe::ProbeSample& s) override { add_batch({&s, 1}); }
  void add_batch(std::span<const probe::ProbeSample> samples) override {
    set_.only_clause(clause_);
    set_.feed(samples);
    set_.only_clause(std::nullopt);
  }

 private:
  FleetEngines& set_;
  size_t clause_;
};

}  // namespace

bool read_fleet_probes(const ProbeOptions& o, const audit::FleetAuditRequest& request, FleetProbeRun& out,
                       Messages& messages) {
  FleetPlan plan;
  if (!plan_fleet_probes(o, request, plan, messages)) return false;
  FleetEngines set(o, request, plan.by_id, std::move(plan.plans), std::move(plan.mapped), out);
  set.build(out.run);
  for (const std::string& f : o.files) out.sources.push_back(f == "-" ? "<stdin>" : f);
  if (!read_probe_inputs_into(o, *request.contract, out.sources, set, out.run, messages)) return false;
  set.collect();
  return true;
}

bool read_fleet_prometheus(const ProbeOptions& o, const PrometheusOptions& prometheus,
                           const audit::FleetAuditRequest& request, FleetProbeRun& out, PrometheusRun& recorded,
                           Inputs& inputs, Messages& messages) {
  FleetPlan plan;
  if (!plan_fleet_probes(o, request, plan, messages)) return false;
  std::set<size_t> clauses;  // each read once, over its periods in the range, whatever its resources' lives
  for (const audit::ResourceProbePlan& p : plan.plans) clauses.insert(p.clause);
  if (std::string note = clipped_buckets_note(*request.contract, *request.resources, plan.plans); !note.empty())
    recorded.notes.push_back(std::move(note));
  FleetEngines set(o, request, plan.by_id, std::move(plan.plans), std::move(plan.mapped), out);
  set.build(out.run);
  audit::AuditRequest periods;
  periods.contract = request.contract;
  periods.range = request.range;
  periods.holidays = request.holidays;
  std::vector<std::unique_ptr<ClauseSink>> sinks;
  std::vector<RecordedRead> reads;
  for (const size_t c : clauses) {
    sinks.push_back(std::make_unique<ClauseSink>(set, c));
    const model::AvailabilityClause& clause = request.contract->availability[c];
    for (const probe::ProbePart& part : audit::probe_parts(periods, c))
      reads.push_back({c, part, &*clause.measurement->probes, sinks.back().get()});
  }
  if (!read_recorded(prometheus, *request.contract, reads, o.target_label, out.run.targets, out.sources, recorded,
                     inputs, messages))
    return false;
  for (auto& engine : out.run.engines) engine->finish();
  set.collect();
  return true;
}

namespace {

std::string stray_reason(const FleetProbeRun::Stray& s, const char* unit) {
  return "target '" + s.target + "' probes no resource of the inventory: its " + std::to_string(s.samples) + " " +
         unit + " are rejected (name a target as its resource's id, or map it to one with --targets: {\"" + s.target +
         "\": {\"service\": ..., \"resource\": ...}})";
}

// The strays of input `source`, by their first record.
std::vector<const FleetProbeRun::Stray*> strays_of(const FleetProbeRun& probes, size_t source) {
  std::vector<const FleetProbeRun::Stray*> here;
  for (const auto& s : probes.strays)
    if (s.source == source) here.push_back(&s);
  std::ranges::sort(here, {}, &FleetProbeRun::Stray::record);
  return here;
}

// What the strays and the resources with nothing to audit leave in the report.
void account_strays(const FleetProbeRun& probes, audit::FleetReport& report) {
  uint64_t stray_samples = 0;
  for (const uint64_t n : probes.stray_samples_by_source) stray_samples += n;
  if (!probes.strays.empty())
    report.evidence_gaps.push_back(std::to_string(stray_samples) + " probe sample(s) of " +
                                   std::to_string(probes.strays.size()) +
                                   " target(s) that probe no resource of the inventory rejected (listed under Records)");
  if (probes.samples_not_audited > 0)
    report.notes.push_back(std::to_string(probes.samples_not_audited) + " probe sample(s) of " +
                           std::to_string(probes.resources_not_audited) +
                           " resource(s) with nothing to audit from probes in the range (no probe clause matches "
                           "them, or their life is outside it): read, not used");
  std::sort(report.notes.begin(), report.notes.end());
  report.notes.erase(std::unique(report.notes.begin(), report.notes.end()), report.notes.end());
}

uint64_t strays_in(const FleetProbeRun& probes, size_t source) {
  return source < probes.stray_samples_by_source.size() ? probes.stray_samples_by_source[source] : 0;
}

}  // namespace

void account_fleet_probes(const ProbeOptions& o, const FleetProbeRun& probes, audit::FleetReport& report) {
  const auto& files = probes.run.files;
  for (size_t f = 0; f < files.size(); ++f) {
    const auto& a = files[f].accounting;
    const std::string name = o.files[f] == "-" ? "<stdin>" : o.files[f];
    const uint64_t strays = strays_in(probes, f);
    report.records.push_back({name, static_cast<size_t>(a.read), static_cast<size_t>(a.used - strays),
                              static_cast<size_t>(a.rejected + strays)});
    for (const auto& r : a.first_rejections) report.rejected.push_back({name, static_cast<size_t>(r.record), r.reason});
    for (const auto* s : strays_of(probes, f))
      report.rejected.push_back({name, static_cast<size_t>(s->record), stray_reason(*s, "sample(s)")});
    if (a.rejected > 0)
      report.evidence_gaps.push_back(std::to_string(a.rejected) + " row(s) of " + name +
                                     " rejected (listed under Records)");
    for (std::string& note : probe_file_notes(name, a)) report.notes.push_back(std::move(note));
  }
  account_strays(probes, report);
}

void account_fleet_prometheus(const model::Contract& contract, const FleetProbeRun& probes,
                              const PrometheusRun& recorded, audit::FleetReport& report) {
  for (size_t k = 0; k < recorded.records.size(); ++k) {
    audit::RecordAccounting a = recorded.records[k];
    // A stray target's bucket is two recorded values, its ok and its total: both rejected.
    const uint64_t values = 2 * strays_in(probes, k);
    a.used -= static_cast<size_t>(values);
    a.rejected += static_cast<size_t>(values);
    report.records.push_back(a);
    for (const auto& r : recorded.rejected)
      if (r.path == a.path) report.rejected.push_back(r);
    for (const auto* s : strays_of(probes, k))
      report.rejected.push_back({a.path, static_cast<size_t>(s->record), stray_reason(*s, "bucket figure(s)")});
  }
  report.notes.insert(report.notes.end(), recorded.notes.begin(), recorded.notes.end());
  for (const IncompletePeriod& gap : recorded.incomplete) {
    const model::AvailabilityClause& clause = contract.availability[gap.clause];
    for (audit::ResourcePeriod& row : report.periods) {
      const audit::ResourceFigures& f = row.figures;
      if (f.clause.begin != clause.range.begin || f.clause.end != clause.range.end) continue;
      if (f.start < gap.start || f.start >= gap.end) continue;  // a resource's period lies within the clause's
      row.figures.evidence_gaps.push_back("the figures recorded in Prometheus do not cover this period whole: " +
                                          gap.reason + "; re-audit when they are complete");
    }
  }
  if (!recorded.incomplete.empty())
    report.evidence_gaps.push_back("some period's figures recorded in Prometheus are not whole (see the resources' periods)");
  account_strays(probes, report);
}

}  // namespace slaudit::jobs
