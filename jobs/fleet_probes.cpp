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

  std::vector<probe::ProbeClauseEngine*> build(ProbeRun& run) override {
    run_ = &run;
    run.targets = probe::ProbeTargets{};
    run.engines.clear();
    out_.by_resource.assign(req_.resources->size(), {});
    routes_.clear();
    strays_.clear();
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
      const auto& engines = routes_[s.target];
      for (probe::ProbeClauseEngine* e : engines) e->add(s);
      if (engines.empty()) stray(s);
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
    out_.resources_not_audited = not_audited.size();
  }

 private:
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
        routes_[id].push_back(engine.get());
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
  std::vector<std::vector<probe::ProbeClauseEngine*>> routes_;  // by target id
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

}  // namespace

bool read_fleet_probes(const ProbeOptions& o, const audit::FleetAuditRequest& request, FleetProbeRun& out,
                       Messages& messages) {
  bool map_ok = true;
  const std::optional<probe::TargetMap> map = read_target_map(o.targets_map, *request.contract, messages, map_ok);
  if (!map_ok) return false;
  const ResourcesById by_id = resources_by_id(*request.resources);
  std::map<size_t, std::vector<std::string>> mapped;
  if (!mapped_targets(map ? &*map : nullptr, request, by_id, o.targets_map, mapped, messages)) return false;
  std::vector<audit::ResourceProbePlan> plans = audit::fleet_probe_plans(request);
  if (plans.empty())
    messages.push_back("slaudit: warning: no per-resource clause measured from probes has a resource to audit in the "
                       "range; the probe files are read and accounted for, but they audit nothing");
  FleetEngines set(o, request, by_id, std::move(plans), std::move(mapped), out);
  set.build(out.run);
  for (const std::string& f : o.files) out.sources.push_back(f == "-" ? "<stdin>" : f);
  if (!read_probe_inputs_into(o, *request.contract, out.sources, set, out.run, messages)) return false;
  set.collect();
  return true;
}

void account_fleet_probes(const ProbeOptions& o, const FleetProbeRun& probes, audit::FleetReport& report) {
  const auto& files = probes.run.files;
  uint64_t stray_samples = 0;
  for (size_t f = 0; f < files.size(); ++f) {
    const auto& a = files[f].accounting;
    const std::string name = o.files[f] == "-" ? "<stdin>" : o.files[f];
    const uint64_t strays = f < probes.stray_samples_by_source.size() ? probes.stray_samples_by_source[f] : 0;
    stray_samples += strays;
    report.records.push_back({name, static_cast<size_t>(a.read), static_cast<size_t>(a.used - strays),
                              static_cast<size_t>(a.rejected + strays)});
    for (const auto& r : a.first_rejections) report.rejected.push_back({name, static_cast<size_t>(r.record), r.reason});
    std::vector<const FleetProbeRun::Stray*> here;
    for (const auto& s : probes.strays)
      if (s.source == f) here.push_back(&s);
    std::ranges::sort(here, {}, &FleetProbeRun::Stray::record);
    for (const auto* s : here)
      report.rejected.push_back({name, static_cast<size_t>(s->record),
                                 "target '" + s->target + "' probes no resource of the inventory: its " +
                                     std::to_string(s->samples) +
                                     " sample(s) are rejected (name a target as its resource's id, or map it to one "
                                     "with --targets: {\"" + s->target + "\": {\"service\": ..., \"resource\": ...}})"});
    if (a.rejected > 0)
      report.evidence_gaps.push_back(std::to_string(a.rejected) + " row(s) of " + name +
                                     " rejected (listed under Records)");
    for (std::string& note : probe_file_notes(name, a)) report.notes.push_back(std::move(note));
  }
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

}  // namespace slaudit::jobs
