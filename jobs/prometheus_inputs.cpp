#include "jobs/prometheus_inputs.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/time/timestamp.h"
#include "base/util/file_io.h"
#include "base/util/sha256.h"
#include "engine/audit/probe/recording_plan.h"
#include "telemetry/prometheus/api_response.h"
#include "telemetry/prometheus/fetcher.h"
#include "telemetry/prometheus/recorded_reader.h"

namespace slaudit::jobs {

namespace {

using prometheus::ApiResponse;
using prometheus::Fetched;
using prometheus::Fetcher;

constexpr int64_t kMaxStepsPerQuery = 10'000;  // Prometheus refuses more than 11,000 points per series

std::string first_line(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

bool http_options(const PrometheusOptions& o, prometheus::HttpOptions& h, Messages& messages) {
  const auto timeout = parse_lateness(o.timeout);
  if (!timeout || timeout->count() <= 0) {
    messages.push_back("slaudit audit: bad --http-timeout '" + o.timeout + "'; expected e.g. 30s, 2m, at most 876600h");
    return false;
  }
  h.timeout = std::chrono::duration_cast<prometheus::Milliseconds>(*timeout);
  const auto deadline = parse_lateness(o.deadline);
  if (!deadline || deadline->count() <= 0) {
    messages.push_back("slaudit audit: bad --http-deadline '" + o.deadline + "'; expected e.g. 30m, 2h, at most 876600h");
    return false;
  }
  h.deadline = std::chrono::steady_clock::now() + *deadline;
  h.connect_timeout = std::min(h.timeout, prometheus::Milliseconds{10'000});
  h.attempts = 1 + std::max(0, o.retries);
  h.first_backoff = o.first_backoff;
  h.ca_file = o.ca_file;
  h.verify_tls = !o.insecure_skip_verify;
  if (!o.bearer_token_file.empty()) {
    ReadResult read = read_file(o.bearer_token_file);
    if (!read.text || first_line(*read.text).empty()) {
      messages.push_back("slaudit audit: --bearer-token-file: " + (read.text ? o.bearer_token_file + " is empty" : read.error));
      return false;
    }
    h.bearer_token = first_line(*read.text);
  }
  if (!o.basic_auth_file.empty()) {
    ReadResult read = read_file(o.basic_auth_file);
    const std::string line = read.text ? first_line(*read.text) : "";
    const size_t colon = line.find(':');
    if (!read.text || colon == std::string::npos || colon == 0) {
      messages.push_back("slaudit audit: --basic-auth-file: " +
                         (read.text ? o.basic_auth_file + ": expected USER:PASSWORD on the first line" : read.error));
      return false;
    }
    h.basic_user = line.substr(0, colon);
    h.basic_password = line.substr(colon + 1);
  }
  return true;
}

// A PromQL string literal.
std::string promql_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string seconds_text(int64_t ms) {
  const int64_t s = ms / 1000, frac = ms % 1000;
  if (frac == 0) return std::to_string(s);
  std::string f = std::to_string(frac);
  return std::to_string(s) + "." + std::string(3 - f.size(), '0') + f;
}

// The recorded series of one clause: its name with the clause's labels, and the shift once known.
struct ClauseSeries {
  std::string contract, service;
  Seconds bucket{60};
  std::string matchers(std::string_view name, const std::string* shift = nullptr) const {
    std::string out = std::string(name) + "{" + std::string(probe::kLabelContract) + "=" + promql_string(contract) + "," +
                      std::string(probe::kLabelService) + "=" + promql_string(service) + "," +
                      std::string(probe::kLabelBucket) + "=\"" + std::to_string(bucket.count()) + "\"";
    if (shift) out += "," + std::string(probe::kLabelShift) + "=\"" + *shift + "\"";
    return out + "}";
  }
};

// Fetches, digests and parses one request; an error ends the audit.
class Reader {
 public:
  Reader(Fetcher& fetcher, const std::string& deadline, Messages& messages)
      : fetcher_(fetcher), deadline_(deadline), messages_(messages) {}

  bool get(const std::string& request, bool series_api, ApiResponse& out, Sha256& digest) {
    Fetched f = fetcher_.get(request);
    if (f.past_deadline) {
      messages_.push_back("slaudit: prometheus: " + f.url + ": the read passed its deadline of " + deadline_ +
                          " (--http-deadline) after " + std::to_string(fetcher_.requests()) + " request(s): " +
                          f.error + "; nothing is audited");
      return false;
    }
    if (!f.error.empty()) {
      messages_.push_back("slaudit: prometheus: " + f.url + ": " + f.error +
                          (f.attempts > 1 ? " (" + std::to_string(f.attempts) + " attempts)" : ""));
      return false;
    }
    if (f.status != 200) {
      messages_.push_back("slaudit: prometheus: " + prometheus::http_failure(f.status, f.body, f.url) +
                          (f.attempts > 1 ? " (" + std::to_string(f.attempts) + " attempts)" : ""));
      return false;
    }
    digest.update(f.body);
    out = prometheus::parse_api_response(f.body, f.url, series_api);
    if (!out.error.empty()) {
      messages_.push_back("slaudit: prometheus: " + out.error);
      return false;
    }
    for (const std::string& w : out.warnings)
      if (warnings_.size() < 3) warnings_.push_back(w);
    warning_count_ += out.warnings.size();
    return true;
  }

  // Warnings since the last call.
  std::pair<size_t, std::vector<std::string>> take_warnings() {
    auto out = std::make_pair(warning_count_, std::move(warnings_));
    warning_count_ = 0;
    warnings_.clear();
    return out;
  }

 private:
  Fetcher& fetcher_;
  std::string deadline_;
  Messages& messages_;
  std::vector<std::string> warnings_;
  size_t warning_count_ = 0;
};

struct Discovered {
  Seconds shift{0};
  size_t targets = 0;  // recorded total series: how many targets a page holds
};

// The shift the rules recorded this clause's buckets with, for periods of `phase`.
bool discover(Reader& reader, const ClauseSeries& cs, const probe::ProbePart& part, Seconds phase, Sha256& digest,
              Discovered& out, const std::string& base_url, Messages& messages) {
  const int64_t start = part.from.time_since_epoch().count();
  const int64_t end = (part.to + cs.bucket * 2 + Seconds{7 * 86400}).time_since_epoch().count();
  const std::string request = "/api/v1/series?match[]=" +
                              prometheus::url_escape(cs.matchers(probe::kRecordedEvaluated)) +
                              "&match[]=" + prometheus::url_escape(cs.matchers(probe::kRecordedTotal)) +
                              "&start=" + std::to_string(start) + "&end=" + std::to_string(end);
  ApiResponse r;
  if (!reader.get(request, true, r, digest)) return false;
  std::set<int64_t> fitting, other;
  std::map<int64_t, size_t> totals;
  for (const auto& s : r.series) {
    auto name = s.labels.find("__name__");
    auto shift = s.labels.find(std::string(probe::kLabelShift));
    if (name == s.labels.end() || shift == s.labels.end()) continue;
    int64_t d = -1;
    try {
      d = std::stoll(shift->second);
    } catch (...) {
      continue;
    }
    if (name->second == probe::kRecordedTotal) {
      ++totals[d];
      continue;
    }
    (probe::shift_fits(Seconds{d}, phase, cs.bucket) ? fitting : other).insert(d);
  }
  const std::string what = "availability " + cs.service + " (contract \"" + cs.contract + "\", bucket " +
                           std::to_string(cs.bucket.count()) + " s)";
  if (fitting.empty()) {
    messages.push_back("slaudit: prometheus: " + base_url + ": no recorded series " +
                       std::string(probe::kRecordedEvaluated) + " for " + what + " from " + format_utc(part.from) +
                       (other.empty() ? "" : " with a shift that fits periods starting at " + format_utc(part.period_start)) +
                       ": load the rules of `slaudit prometheus-rules` for this contract (and backfill the past with "
                       "promtool tsdb create-blocks-from rules)");
    return false;
  }
  if (fitting.size() > 1) {
    std::string list;
    for (int64_t d : fitting) list += (list.empty() ? "" : ", ") + std::to_string(d) + " s";
    messages.push_back("slaudit: prometheus: " + base_url + ": " + what + " is recorded with several shifts (" + list +
                       "): rules written with different --lag values run side by side; keep one");
    return false;
  }
  out.shift = Seconds{*fitting.begin()};
  out.targets = totals[*fitting.begin()];
  return true;
}

std::string range_request(const std::string& selector, Seconds bucket, Seconds shift, Instant first, int64_t count) {
  // A range of one bucket less 1 ms ending at tau + bucket - 1 ms holds the evaluations of [tau, tau + bucket)
  // only (Prometheus 2 takes [t - r, t]): exactly one, never the one before. (Prometheus 3's (t - r, t]
  // would miss an evaluation exactly at tau: the bucket then shows as unrecorded, never as another's.)
  const std::string query = "last_over_time(" + selector + "[" + std::to_string(bucket.count() * 1000 - 1) + "ms])";
  return "/api/v1/query_range?query=" + prometheus::url_escape(query) +
         "&start=" + seconds_text(probe::recorded_query_ms(first, bucket, shift)) +
         "&end=" + seconds_text(probe::recorded_query_ms(first + bucket * (count - 1), bucket, shift)) +
         "&step=" + std::to_string(bucket.count());
}

// Which buckets of the part the rules recorded at all.
bool read_evaluated(Reader& reader, const ClauseSeries& cs, const std::string& shift, const prometheus::RecordedGrid& grid,
                    Sha256& digest, std::vector<bool>& evaluated) {
  evaluated.assign(static_cast<size_t>(grid.count), false);
  for (int64_t k0 = 0; k0 < grid.count; k0 += kMaxStepsPerQuery) {
    const int64_t n = std::min(kMaxStepsPerQuery, grid.count - k0);
    ApiResponse r;
    if (!reader.get(range_request(cs.matchers(probe::kRecordedEvaluated, &shift), grid.bucket, grid.shift,
                                  grid.first + grid.bucket * k0, n),
                    false, r, digest))
      return false;
    for (const auto& s : r.series)
      for (const auto& p : s.points) {
        const int64_t k = (probe::bucket_of_query_ms(p.ms, grid.bucket, grid.shift) - grid.first).count() / grid.bucket.count();
        if (k >= 0 && k < grid.count) evaluated[static_cast<size_t>(k)] = true;
      }
  }
  return true;
}

struct PartTally {
  probe::ProbeAccounting accounting;
  prometheus::RecordedGaps gaps;
};

void merge(probe::ProbeAccounting& into, const probe::ProbeAccounting& from) {
  into.read += from.read;
  into.used += from.used;
  into.rejected += from.rejected;
  into.missing += from.missing;
  for (const auto& r : from.first_rejections)
    if (into.first_rejections.size() < 20) into.first_rejections.push_back(r);
}

void merge(prometheus::RecordedGaps& into, const prometheus::RecordedGaps& from) {
  if (from.unrecorded_buckets > 0 && into.unrecorded_buckets == 0) into.first_unrecorded = from.first_unrecorded;
  into.unrecorded_buckets += from.unrecorded_buckets;
  into.nan_values += from.nan_values;
  into.unusable_values += from.unusable_values;
  if (into.first_problem.empty()) into.first_problem = from.first_problem;
}

std::string gaps_reason(const prometheus::RecordedGaps& g, size_t warnings, const std::vector<std::string>& first) {
  std::string out;
  auto add = [&](const std::string& s) { out += (out.empty() ? "" : "; ") + s; };
  if (warnings > 0)
    add("the server answered with " + std::to_string(warnings) + " warning(s), so its data may be partial: " +
        (first.empty() ? std::string() : "\"" + first.front() + "\""));
  if (g.unrecorded_buckets > 0)
    add(std::to_string(g.unrecorded_buckets) + " bucket(s) were never recorded (no " +
        std::string(probe::kRecordedEvaluated) + "), the first at " + format_utc(g.first_unrecorded) +
        ": the rules were not running then; backfill them");
  if (g.nan_values + g.unusable_values > 0)
    add(std::to_string(g.nan_values + g.unusable_values) + " target-bucket figure(s) are NaN or unusable (" +
        g.first_problem + ")");
  return out;
}

// One clause over one part: discovery, then pages in time order into the engine.
bool read_part(Reader& reader, const std::string& base_url, const ClauseSeries& cs, const probe::ProbePart& part,
               uint32_t source, const PrometheusOptions& o, const std::string& target_label,
               probe::ProbeTargets& targets, probe::ProbeSink& sink, Sha256& digest, PartTally& tally,
               Messages& messages) {
  const Seconds phase = probe::bucket_phase(part.period_start, cs.bucket);
  Discovered d;
  if (!discover(reader, cs, part, phase, digest, d, base_url, messages)) return false;
  const std::string shift = std::to_string(d.shift.count());
  prometheus::RecordedGrid grid;
  grid.bucket = cs.bucket;
  grid.shift = d.shift;
  grid.first = part.period_start + cs.bucket * ((part.from - part.period_start) / cs.bucket);
  grid.count = (part.to - grid.first + cs.bucket - Seconds{1}) / cs.bucket;
  std::vector<bool> evaluated;
  if (!read_evaluated(reader, cs, shift, grid, digest, evaluated)) return false;
  uint64_t values = 0;  // read so far in this part: the records' numbering
  const int64_t per_page = std::clamp<int64_t>(static_cast<int64_t>(o.points_per_request / std::max<size_t>(1, d.targets)),
                                               1, kMaxStepsPerQuery);
  for (int64_t k0 = 0; k0 < grid.count; k0 += per_page) {
    prometheus::RecordedGrid page_grid = grid;
    page_grid.first = grid.first + grid.bucket * k0;
    page_grid.count = std::min(per_page, grid.count - k0);
    ApiResponse ok, total;
    if (!reader.get(range_request(cs.matchers(probe::kRecordedOk, &shift), grid.bucket, grid.shift, page_grid.first,
                                  page_grid.count),
                    false, ok, digest) ||
        !reader.get(range_request(cs.matchers(probe::kRecordedTotal, &shift), grid.bucket, grid.shift,
                                  page_grid.first, page_grid.count),
                    false, total, digest))
      return false;
    prometheus::RecordedPage page;
    page.ok = &ok;
    page.total = &total;
    page.ok_source = page.total_source = source;
    page.ok_base = values;
    for (const auto& series : ok.series) values += series.points.size();
    page.total_base = values;
    for (const auto& series : total.series) values += series.points.size();
    page.evaluated.assign(evaluated.begin() + k0, evaluated.begin() + k0 + page_grid.count);
    const auto result = prometheus::read_recorded_page(page_grid, page, target_label, targets, sink);
    if (!result.error.empty()) {
      messages.push_back("slaudit: prometheus: " + base_url + ": " + result.error);
      return false;
    }
    merge(tally.accounting, result.ok_accounting);
    merge(tally.accounting, result.total_accounting);
    merge(tally.gaps, result.gaps);
  }
  return true;
}

std::string part_name(const std::string& base_url, const ClauseSeries& cs, const probe::ProbePart& part) {
  return base_url + " " + cs.service + " " + format_utc(part.from) + ".." + format_utc(part.to);
}

}  // namespace

bool read_recorded(const PrometheusOptions& o, const model::Contract& contract, const std::vector<RecordedRead>& reads,
                   const std::string& target_label, probe::ProbeTargets& targets, std::vector<std::string>& sources,
                   PrometheusRun& out, Inputs& inputs, Messages& messages) {
  prometheus::HttpOptions http;
  if (!http_options(o, http, messages)) return false;
  std::string error;
  std::unique_ptr<Fetcher> fetcher =
      o.replay_dir.empty() ? prometheus::http_fetcher(o.url, http, o.save_dir, error) : prometheus::replay_fetcher(o.replay_dir, error);
  if (!fetcher) {
    messages.push_back("slaudit audit: " + error);
    return false;
  }
  if (o.insecure_skip_verify && o.replay_dir.empty())
    out.notes.push_back("the Prometheus server's TLS certificate was not verified (--insecure-skip-verify)");
  for (const RecordedRead& read : reads)
    if (read.rule->signal == model::ProbeSignal::Latency) {
      messages.push_back("slaudit audit: availability " + contract.services[contract.availability[read.clause].service].name +
                         " states a latency objective: it is audited from a latency histogram given to --probes "
                         "(le= columns), not from series recorded in Prometheus");
      return false;
    }
  for (const RecordedRead& read : reads)  // before any request: a clipped bucket has no recorded twin
    if (const std::string why = probe::unrecordable_reason(read.rule->bucket, {read.part}); !why.empty()) {
      messages.push_back("slaudit audit: availability " +
                         contract.services[contract.availability[read.clause].service].name + ": " + why);
      return false;
    }
  Reader reader(*fetcher, o.deadline, messages);
  for (const RecordedRead& read : reads) {
    const ClauseSeries cs{contract.title, contract.services[contract.availability[read.clause].service].name,
                          read.rule->bucket};
    const std::string name = part_name(fetcher->base_url(), cs, read.part);
    const auto source = static_cast<uint32_t>(sources.size());
    sources.push_back(name);
    Sha256 digest;
    PartTally tally;
    if (!read_part(reader, fetcher->base_url(), cs, read.part, source, o, target_label, targets, *read.sink, digest,
                   tally, messages))
      return false;
    inputs.push_back({"prometheus", name, digest.hex()});
    out.records.push_back({name, static_cast<size_t>(tally.accounting.read), static_cast<size_t>(tally.accounting.used),
                           static_cast<size_t>(tally.accounting.rejected)});
    for (const auto& r : tally.accounting.first_rejections)
      out.rejected.push_back({name, static_cast<size_t>(r.record), r.reason});
    if (tally.accounting.missing > 0)
      out.notes.push_back(name + ": " + std::to_string(tally.accounting.missing) +
                          " recorded values were NaN: read, neither used nor rejected");
    const auto [warnings, first] = reader.take_warnings();
    const std::string reason = gaps_reason(tally.gaps, warnings, first);
    if (!reason.empty()) out.incomplete.push_back({read.clause, read.part.from, read.part.to, reason});
  }
  out.bytes = fetcher->bytes_fetched();
  out.requests = fetcher->requests();
  return true;
}

bool read_prometheus_inputs(const ProbeOptions& po, const PrometheusOptions& o, audit::AuditRequest& request,
                            ProbeRun& run, PrometheusRun& out, Inputs& inputs, Messages& messages) {
  std::vector<probe::ProbeClauseEngine*> live;
  if (!build_probe_engines(po, request, run, live, messages)) return false;
  if (live.empty())
    messages.push_back("slaudit: warning: no availability clause in the range is measured from probes; nothing is "
                       "read from Prometheus");
  std::vector<RecordedRead> reads;
  for (size_t c = 0; c < run.engines.size(); ++c)
    if (probe::ProbeClauseEngine* engine = run.engines[c].get())
      for (const probe::ProbePart& part : engine->parts()) reads.push_back({c, part, &engine->rule(), engine});
  if (!read_recorded(o, *request.contract, reads, po.target_label, run.targets, request.probe_sources, out, inputs,
                     messages))
    return false;
  for (auto* e : live) e->finish();
  return true;
}

void account_prometheus(const model::Contract& contract, const PrometheusRun& p, audit::AuditReport& report) {
  report.records.insert(report.records.end(), p.records.begin(), p.records.end());
  report.rejected.insert(report.rejected.end(), p.rejected.begin(), p.rejected.end());
  report.notes.insert(report.notes.end(), p.notes.begin(), p.notes.end());
  bool any = false;
  for (const IncompletePeriod& gap : p.incomplete) {
    const auto& clause = contract.availability[gap.clause];
    for (audit::PeriodAudit& period : report.periods) {
      if (period.clause.begin != clause.range.begin || period.clause.end != clause.range.end) continue;
      if (period.start != gap.start) continue;
      period.evidence_gaps.push_back("the figures recorded in Prometheus do not cover this period whole: " +
                                     gap.reason + "; the figures are those of the data read: re-audit when it is complete");
      any = true;
      break;
    }
  }
  if (any) report.evidence_gaps.push_back("some period's figures recorded in Prometheus are not whole (see the period)");
}

}  // namespace slaudit::jobs
