// `slaudit compare`: the outage history to replay, from --replay LOG or from
// the seeded generator (--generate), cut to the days asked for.
#include <algorithm>
#include <set>

#include "base/time/timestamp.h"
#include "base/util/sha256.h"
#include "engine/claims/compare.h"
#include "engine/figures/figures.h"
#include "engine/records/fault_mix.h"
#include "jobs/compare_inputs.h"
#include "telemetry/synthetic/incident_generator.h"

namespace slaudit::jobs {

namespace {

int64_t rounded_half_up(int64_t numerator, int64_t denominator) { return (2 * numerator + denominator) / (2 * denominator); }

std::optional<IncidentLog> read_replay_log(const CompareJobOptions& o, CompareInputs& inputs, Messages& messages) {
  IncidentReadOptions options;  // any service: the history is renamed onto each contract's
  options.strict = o.strict;    // unknown fields rejected, not kept unread
  if (!o.replay_format.empty()) options.format = log_format_from_name(o.replay_format);
  IncidentLogResult result;
  if (o.replay == "-") {
    const std::optional<std::string> bytes = read_input("replay", o.replay, inputs.files, messages);
    if (!bytes) return std::nullopt;
    result = read_incident_log(*bytes, o.replay, options);
  } else {
    result = read_incident_log_file(o.replay, options);
    if (result.ok()) inputs.files.push_back({"replay", o.replay, result.log->sha256});
  }
  if (!result.ok()) {
    const bool unreadable = result.error.starts_with("cannot read ");
    messages.push_back("slaudit: " + (unreadable ? "" : o.replay + ": ") + result.error);
    return std::nullopt;
  }
  return std::move(result.log);
}

std::optional<IncidentLog> generate_log(const CompareJobOptions& o, selection::GeneratedHistory& settings,
                                        CompareInputs& inputs, Messages& messages) {
  const TimestampResult from = parse_timestamp(o.generate_from + "T00:00:00Z");
  if (!from.ok() || !parse_civil_date(o.generate_from)) {
    messages.push_back("slaudit compare: bad --generate-from '" + o.generate_from + "'; expected a day as YYYY-MM-DD");
    return std::nullopt;
  }
  const GeneratedCounts counts = generated_counts(o.days, o.job_gpus);
  settings = {o.seed, o.days, o.generate_from, o.job_gpus, counts.unexpected, counts.planned};
  generate::IncidentLogOptions g;
  g.cluster = "job";
  g.gpus = o.job_gpus;
  g.from = *from.instant;
  g.to = g.from + Seconds(o.days * 86400);
  g.unexpected_count = counts.unexpected;
  g.maintenance_count = counts.planned;
  g.seed = o.seed;
  std::string text;
  for (const std::string& line : generate::generate_incident_log(g)) text += line + "\n";
  const std::string path = "generated (seed " + std::to_string(o.seed) + ")";
  inputs.files.push_back({"replay", path + ": " + std::to_string(o.days) + " days from " + o.generate_from + ", " +
                                        claims::grouped(o.job_gpus) + " GPUs, " + std::to_string(counts.unexpected) +
                                        " unexpected and " + std::to_string(counts.planned) + " planned interruptions",
                          sha256_hex(text)});
  IncidentReadOptions options;
  options.format = LogFormat::JsonLines;  // the generator writes JSON Lines; the path names no extension
  IncidentLogResult result = read_incident_log(text, path, options);
  if (!result.ok()) messages.push_back("slaudit compare: the generated history cannot be read: " + result.error);
  return std::move(result.log);
}

Instant back_at(const Incident& i) {
  if (i.recovered) return *i.recovered;
  if (i.end) return *i.end;
  return std::max(i.start, i.detected.value_or(i.start));
}

// The service whose records are replayed: the log's only one (`service` stays
// empty: every record), or --service when the log names several.
bool pick_service(const CompareJobOptions& o, const IncidentLog& log, std::string& service, Messages& messages) {
  std::set<std::string> names;
  for (const Incident& i : log.incidents) names.insert(*i.service);
  if (names.size() <= 1) return true;  // the log's only service, whatever it is called: all of it is replayed
  if (!o.service.empty() && names.count(o.service)) {
    service = o.service;
    return true;
  }
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  messages.push_back("slaudit compare: " + log.path + " names the services " + list + "; choose the one to replay with --service");
  return false;
}

// Keeps the incidents of `service` that start in the window; every other one is rejected with its reason.
std::vector<Incident> cut(IncidentLog& log, const std::string& service, const std::optional<audit::AuditRange>& range,
                          Instant from, Instant to, std::vector<RejectedRecord>& rejected) {
  std::vector<Incident> kept;
  for (Incident& i : log.incidents) {
    if (!service.empty() && *i.service != service)
      rejected.push_back({i.line, "service '" + *i.service + "' is not the one replayed (--service " + service + ")"});
    else if (range && (i.start < from || i.start >= to))
      rejected.push_back({i.line, "starts outside the days replayed, " + range->label + " (UTC)"});
    else
      kept.push_back(std::move(i));
  }
  return kept;
}

Instant utc_midnight(const model::CivilDate& day) {
  return *parse_timestamp(date_text(day) + "T00:00:00Z").instant;
}

}  // namespace

GeneratedCounts generated_counts(int64_t days, int64_t gpus) {
  // 419 × days × gpus / (54 × 16,384) could overflow for absurd inputs; the options bound days and gpus.
  return {rounded_half_up(kLlama3Unexpected * days * gpus, kLlama3Days * kLlama3Gpus),
          rounded_half_up(kLlama3Planned * days, kLlama3Days)};
}

bool load_history(const CompareJobOptions& o, CompareInputs& inputs, std::optional<LoadedHistory>& history,
                  Messages& messages) {
  if (o.replay.empty() && !o.generate) return true;
  bool given = false;
  const std::optional<audit::AuditRange> range = range_from_options("compare", o.period, o.from, o.to, given, messages);
  if (given && !range) return false;
  selection::GeneratedHistory settings;
  std::optional<IncidentLog> log = o.generate ? generate_log(o, settings, inputs, messages) : read_replay_log(o, inputs, messages);
  if (!log) return false;
  std::string service;
  if (!o.generate && !pick_service(o, *log, service, messages)) return false;

  LoadedHistory h;
  selection::ReplayInput& in = h.input;
  in.source = o.generate ? log->path : o.replay;
  if (o.generate) in.generated = settings;
  in.range = range;
  in.job_gpus = o.job_gpus;
  std::vector<RejectedRecord> rejected = log->rejected;
  if (range) {
    in.from = utc_midnight(range->first);
    in.to = utc_midnight(range->last) + std::chrono::days(1);
  } else if (o.generate) {
    in.from = *parse_timestamp(o.generate_from + "T00:00:00Z").instant;
    in.to = in.from + Seconds(o.days * 86400);
  }
  h.incidents = cut(*log, service, range, in.from, in.to, rejected);
  if (!range && !o.generate) {
    if (h.incidents.empty()) {
      messages.push_back("slaudit compare: " + o.replay + " holds no incident to replay");
      return false;
    }
    in.from = h.incidents.front().start;
    in.to = in.from + Seconds{1};
    for (const Incident& i : h.incidents) {
      in.from = std::min(in.from, i.start);
      in.to = std::max(in.to, back_at(i));
    }
  }
  std::stable_sort(rejected.begin(), rejected.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
  inputs.records.push_back({log->path, log->records_read, h.incidents.size(), rejected.size()});
  for (const RejectedRecord& r : rejected) inputs.rejected.push_back({log->path, r.line, r.reason});
  history = std::move(h);
  history->input.incidents = &history->incidents;
  return true;
}

}  // namespace slaudit::jobs
