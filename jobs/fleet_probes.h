#pragma once
// `slaudit audit --inventory FILE --probes FILE...`: the probes of a fleet
// audit (docs/fleet.md, "Probes per resource"). One probe engine per resource
// and per-resource clause measured from probes (audit::fleet_probe_plans),
// given only the samples of that resource's targets:
//   - the targets that --targets maps to it ({"t": {"service": "vm", "resource": "vm-007"}});
//   - for a resource the map names no target of, the target named as its id,
//     once a sample of it appears (so a resource the probes never name has no
//     probe evidence and is not assessed, rather than missing all month).
// A mapped target with no sample at all counts as missing data, as a listed
// target does in a service audit. Samples of a target that probes no resource
// of the inventory are rejected, one reason per target, and are an evidence
// gap; samples of a resource with nothing to audit in the range are counted
// in a note. As for a service audit, the figures do not depend on the order of
// rows or series: a batch whose samples came late is read again, sorted.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/audit/fleet_audit.h"
#include "jobs/probe_inputs.h"
#include "jobs/prometheus_inputs.h"

namespace slaudit::jobs {

struct FleetProbeRun {
  ProbeRun run;
  audit::ResourceProbeEngines by_resource;  // what FleetAuditRequest::probe_engines points to
  std::vector<std::string> sources;         // the inputs' names, "<stdin>" for -
  // Samples of targets that probe no resource of the inventory: per target
  // and input, how many and the first record (line or value) of them.
  struct Stray {
    std::string target;
    uint64_t samples = 0;
    uint32_t source = 0;
    uint64_t record = 0;
  };
  std::vector<Stray> strays;                      // by target name, then input
  std::vector<uint64_t> stray_samples_by_source;  // the strays' samples, per input
  uint64_t samples_not_audited = 0;    // of inventory resources with nothing to audit from probes in the range
  size_t resources_not_audited = 0;
};

// Reads the probe inputs into one engine per resource and clause. Errors (a
// bad map, a map naming a resource the inventory lacks or of another service,
// an unreadable input) are added to `messages`; returns false then.
bool read_fleet_probes(const ProbeOptions& options, const audit::FleetAuditRequest& request, FleetProbeRun& out,
                       Messages& messages);

// `--prometheus URL` or `--prometheus-replay DIR`: the same engines, fed from
// the per-target bucket figures the rules of `slaudit prometheus-rules`
// recorded (jobs/prometheus_inputs.h, read_recorded): each clause measured
// from probes is read once over its periods in the range, and each figure
// goes to the engines of that clause only, of the resource its target
// probes. A figure stands at its bucket's start; for a resource launched
// inside a bucket it is that resource's first bucket (the rules sum whole
// buckets, so it holds the bucket's samples before the launch too: a note
// says which resources). Each (clause, period) read is one input.
bool read_fleet_prometheus(const ProbeOptions& options, const PrometheusOptions& prometheus,
                           const audit::FleetAuditRequest& request, FleetProbeRun& out, PrometheusRun& recorded,
                           Inputs& inputs, Messages& messages);

// Each probe input's records (read = used + rejected: a sample of a stray
// target is rejected), its rejected rows and the strays' reasons, notes and
// evidence gaps, into the fleet report.
void account_fleet_probes(const ProbeOptions& options, const FleetProbeRun& probes, audit::FleetReport& report);

// The same for the inputs read from Prometheus: a stray target's bucket is
// two recorded values (ok and total), both rejected; a period whose recorded
// figures are not whole is an evidence gap of each resource period in it.
void account_fleet_prometheus(const model::Contract& contract, const FleetProbeRun& probes,
                              const PrometheusRun& recorded, audit::FleetReport& report);

}  // namespace slaudit::jobs
