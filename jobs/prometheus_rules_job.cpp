#include "jobs/prometheus_rules_job.h"

#include <algorithm>
#include <map>
#include <regex>
#include <set>

#include "engine/audit/audit.h"
#include "engine/figures/figures.h"
#include "jobs/inputs.h"
#include "jobs/probe_inputs.h"

namespace slaudit::jobs {

namespace {

constexpr const char* kCommand = "slaudit prometheus-rules: ";

// The raw samples given for one service, or for every service ("").
struct SourceOptions {
  std::string success, ok, total;
};

// "api=probe_success{...}" -> {"api", "probe_success{...}"}; a '=' inside the
// braces is a matcher, not a service prefix.
std::pair<std::string, std::string> split_service(const std::string& text) {
  const size_t eq = text.find('='), brace = text.find('{');
  if (eq == std::string::npos || eq == 0 || (brace != std::string::npos && brace < eq)) return {"", text};
  return {text.substr(0, eq), text.substr(eq + 1)};
}

bool collect_sources(const PrometheusRulesOptions& o, const model::Contract& contract,
                     std::map<std::string, SourceOptions>& out, Messages& messages) {
  const std::pair<const std::vector<std::string>*, std::string SourceOptions::*> kinds[] = {
      {&o.success, &SourceOptions::success}, {&o.ok, &SourceOptions::ok}, {&o.total, &SourceOptions::total}};
  const char* names[] = {"--success", "--ok", "--total"};
  for (size_t k = 0; k < 3; ++k)
    for (const std::string& text : *kinds[k].first) {
      auto [service, selector] = split_service(text);
      if (!service.empty() && !contract.find_service(service)) {
        messages.push_back(kCommand + std::string(names[k]) + " '" + text + "': no service \"" + service +
                           "\" in the contract");
        return false;
      }
      if (const std::string why = selector_problem(selector); !why.empty()) {
        messages.push_back(kCommand + std::string(names[k]) + " '" + text + "': " + why);
        return false;
      }
      std::string& slot = out[service].*kinds[k].second;
      if (!slot.empty()) {
        messages.push_back(kCommand + std::string(names[k]) + " given twice for " +
                           (service.empty() ? std::string("every service") : "service " + service));
        return false;
      }
      slot = selector;
    }
  for (const auto& [service, s] : out) {
    const std::string who = service.empty() ? "every service" : "service " + service;
    if (s.ok.empty() != s.total.empty()) {
      messages.push_back(std::string(kCommand) + "--ok and --total go together (" + who + ")");
      return false;
    }
    if (!s.success.empty() && !s.ok.empty()) {
      messages.push_back(std::string(kCommand) + "--success and --ok/--total both given for " + who + "; choose one");
      return false;
    }
  }
  return true;
}

probe::RecordedSource source_for(const std::map<std::string, SourceOptions>& sources, const std::string& service) {
  auto it = sources.find(service);
  if (it == sources.end()) it = sources.find("");
  probe::RecordedSource s;  // default: probe_success, blackbox exporter's 0/1 gauge
  if (it == sources.end()) return s;
  if (!it->second.success.empty()) {
    s.ok = it->second.success;
  } else {
    s.kind = probe::RecordedSourceKind::Counts;
    s.ok = it->second.ok;
    s.total = it->second.total;
  }
  return s;
}

bool compile(const PrometheusRulesOptions& o, PrometheusRulesJob& job) {
  Inputs inputs;
  if (compile_contract_input(o.contract, inputs, job.messages, job.source, job.compiled)) return true;
  if (job.compiled) job.exit_code = kContractErrors;  // read, but it has errors
  return false;
}

std::optional<audit::AuditRange> rules_range(const PrometheusRulesOptions& o, const model::Contract& contract,
                                             Messages& messages) {
  bool given = false;
  auto range = range_from_options("prometheus-rules", o.period, o.from, o.to, given, messages);
  if (given) return range;
  if (!contract.effective_from || !contract.effective_until) {
    messages.push_back(std::string(kCommand) + "the contract states no effective range; give --period or --from and --to");
    return std::nullopt;
  }
  return audit::AuditRange{*contract.effective_from, *contract.effective_until,
                           date_text(*contract.effective_from) + ".." + date_text(*contract.effective_until)};
}

// One clause's recorded buckets: a shift per distinct period phase, or an error.
bool plan_clause(const audit::AuditRequest& request, size_t c, Seconds lag, probe::RecordedClause& out,
                 const SourceFile& source, Messages& messages) {
  const model::Contract& contract = *request.contract;
  const auto& clause = contract.availability[c];
  const auto& rule = *clause.measurement->probes;
  out.clause = c;
  out.service = contract.services[clause.service].name;
  out.range = clause.range;
  out.bucket = rule.bucket.count() > 0 ? rule.bucket : Seconds{60};
  const std::vector<probe::ProbePart> parts = audit::probe_parts(request, c);
  const std::string where = source.name() + ":" + std::to_string(source.location(clause.range.begin).line);
  if (rule.signal == model::ProbeSignal::Latency) {
    messages.push_back(where + ": error: availability " + out.service +
                       ": a latency objective is audited from a latency histogram given to --probes (le= columns); "
                       "no recording rules are written for it: a histogram's _bucket series are counters, which "
                       "PromQL cannot turn into exact per-bucket counts");
    return false;
  }
  if (parts.empty()) {
    messages.push_back(where + ": note: availability " + out.service + " has no period in " + request.range.label +
                       "; no rules for it");
    return true;
  }
  if (const std::string why = probe::unrecordable_reason(out.bucket, parts); !why.empty()) {
    messages.push_back(where + ": error: availability " + out.service + ": " + why);
    return false;
  }
  std::set<Seconds> shifts;
  for (const probe::ProbePart& p : parts)
    shifts.insert(probe::recording_shift(probe::bucket_phase(p.period_start, out.bucket), out.bucket, lag));
  out.shifts.assign(shifts.begin(), shifts.end());
  return true;
}

}  // namespace

std::string selector_problem(const std::string& selector) {
  static const std::regex kSelector(R"(^([a-zA-Z_:][a-zA-Z0-9_:]*)?(\{([^{}"]|"([^"\\]|\\.)*")*\})?$)");
  if (selector.empty()) return "an empty selector";
  if (!std::regex_match(selector, kSelector))
    return "not a vector selector (a metric name and/or {label matchers}, no range, function or operator)";
  const std::string name = selector.substr(0, selector.find('{'));
  if (name.empty() && selector == "{}") return "an empty selector";
  for (const char* suffix : {"_total", "_count", "_sum", "_bucket"})
    if (name.ends_with(suffix))
      return "'" + name + "' is named like a counter (" + suffix +
             "): a counter's samples are running totals, and PromQL cannot turn them into exact per-bucket counts "
             "(increase() extrapolates to the window's edges and resets break differences); record per-sample "
             "counts as gauges, or probe_success";
  return {};
}

PrometheusRulesJob run_prometheus_rules_job(const PrometheusRulesOptions& o) {
  PrometheusRulesJob job;
  if (!compile(o, job)) return job;
  const model::Contract& contract = *job.compiled->contract;
  audit::AuditRequest request;
  request.contract = &contract;
  const auto range = rules_range(o, contract, job.messages);
  if (!range) return job;
  request.range = *range;
  const auto lag = parse_lateness(o.lag);
  if (!lag) {
    job.messages.push_back(std::string(kCommand) + "bad --lag '" + o.lag + "'; expected e.g. 1m, 30s, 0, at most 876600h");
    return job;
  }
  if (o.prometheus_version != 2 && o.prometheus_version != 3) {
    job.messages.push_back(std::string(kCommand) + "--prometheus-version is 2 or 3");
    return job;
  }
  std::map<std::string, SourceOptions> sources;
  if (!collect_sources(o, contract, sources, job.messages)) return job;
  if (!contract.timezone) {
    job.messages.push_back(job.source->name() + ": error: the contract states no time zone: periods cannot be cut");
    job.exit_code = kContractErrors;
    return job;
  }
  probe::RecordingRules rules;
  rules.contract_title = contract.title;
  rules.target_label = o.target_label;
  rules.ranges = o.prometheus_version == 2 ? probe::RangeSemantics::Closed : probe::RangeSemantics::LeftOpen;
  rules.range_label = range->label;
  bool ok = true;
  for (size_t c = 0; c < contract.availability.size(); ++c) {
    const auto& clause = contract.availability[c];
    if (!clause.measurement || clause.measurement->kind != model::MeasurementKind::Probes || !clause.measurement->probes)
      continue;
    probe::RecordedClause recorded;
    ok &= plan_clause(request, c, *lag, recorded, *job.source, job.messages);
    if (recorded.shifts.empty()) continue;
    recorded.source = source_for(sources, recorded.service);
    // Two clauses of one service with the same bucket read the same recorded series.
    const bool twin = std::any_of(rules.clauses.begin(), rules.clauses.end(), [&](const probe::RecordedClause& r) {
      return r.service == recorded.service && r.bucket == recorded.bucket && r.shifts == recorded.shifts;
    });
    if (twin) continue;
    rules.clauses.push_back(std::move(recorded));
  }
  if (!ok) {
    job.exit_code = kContractErrors;
    return job;
  }
  if (rules.clauses.empty())
    job.messages.push_back("slaudit: warning: no availability clause measured from probes has a period in " +
                           range->label + "; the rule file has no group");
  job.rules = std::move(rules);
  job.exit_code = kOk;
  return job;
}

}  // namespace slaudit::jobs
