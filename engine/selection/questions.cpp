// One function per question; each collects points, and the question's status
// is the gravest of them: contradicted, then open, then answered.
#include "engine/selection/questions.h"

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include "engine/selection/located.h"

namespace slaudit::selection {

namespace {

using Rules = std::initializer_list<std::string_view>;
using Metrics = std::initializer_list<std::string_view>;

constexpr const char* kQuestions[kQuestionCount] = {
    "Is \"10,000 GPUs\" one cluster, or several clusters added up?",
    "Which fault classes does \"self-healing in about 20 minutes\" cover?",
    "For \"SLA 99.9%\": the statistical period, the exclusions, and how compensation is paid?",
    "Is the RDMA/RoCE network exclusive or shared, with tenants isolated?",
    "Is the peak storage throughput a benchmark on an empty system, or measured under real load?",
    "Checkpoint write bandwidth and the maximum checkpoint frequency?",
    "Billing granularity, notice before preempted resources are reclaimed, data retention after reclaim?",
};

class Answer {
 public:
  Answer(const VendorInput& vendor, const std::vector<Statement>& statements, size_t number)
      : vendor_(vendor), statements_(statements) {
    out_.number = number;
  }

  const model::Service& service() const { return vendor_.contract->services[vendor_.service]; }
  const VendorInput& vendor() const { return vendor_; }
  const std::vector<Statement>& statements() const { return statements_; }

  // The clause at `line`, quoted as written.
  void answered(size_t line) {
    if (line == 0 || std::any_of(out_.points.begin(), out_.points.end(), [&](const QuestionPoint& p) {
          return p.status == QuestionStatus::Answered && p.line == line;
        }))
      return;
    std::string_view text = vendor_.source->line_text(static_cast<uint32_t>(line));
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    out_.points.push_back({QuestionStatus::Answered, std::string(text), line, "", ""});
  }
  void answered(const Statement& s) {
    out_.points.push_back({QuestionStatus::Answered, std::string(s.kind()) + " \"" + s.text + "\": " +
                                                         s.verdict->predicate, s.line, "", ""});
  }
  // Every finding of `rules` (whose message names one of `words`, when given); true when there was one.
  bool open_by(Rules rules, std::initializer_list<std::string_view> words = {}) {
    bool any = false;
    for (const RuleFinding& f : vendor_.findings) {
      if (std::find(rules.begin(), rules.end(), f.rule) == rules.end()) continue;
      if (words.size() && std::none_of(words.begin(), words.end(), [&](std::string_view w) {
            return f.message.find(w) != std::string::npos;
          }))
        continue;
      out_.points.push_back({QuestionStatus::Open, f.message, f.line, f.rule, ""});
      any = true;
    }
    return any;
  }
  // A term nobody flags: the contract is silent about it.
  void silent(std::string text) { out_.points.push_back({QuestionStatus::Open, std::move(text), 0, "", ""}); }
  // Claims and commitments on `metrics` that the evidence refutes, or that hold under one reading only.
  void contradicted_on(Metrics metrics) {
    for (const Statement& s : statements_) {
      if (!has(metrics, s.predicate.metric)) continue;
      const claims::Verdict v = s.verdict->verdict;
      if (v != claims::Verdict::Refuted && v != claims::Verdict::Ambiguous) continue;
      out_.points.push_back({QuestionStatus::Contradicted,
                             std::string(s.kind()) + " \"" + s.text + "\" (" + s.verdict->predicate +
                                 "): " + s.verdict->basis,
                             s.line, "", claims::verdict_name(v)});
    }
  }
  // The statements on `metrics`, for the caller to judge.
  std::vector<const Statement*> on(Metrics metrics) const {
    std::vector<const Statement*> out;
    for (const Statement& s : statements_)
      if (has(metrics, s.predicate.metric)) out.push_back(&s);
    return out;
  }

  QuestionAnswer done(std::string when_silent) {
    if (out_.points.empty()) silent(std::move(when_silent));
    auto has_status = [&](QuestionStatus status) {
      return std::any_of(out_.points.begin(), out_.points.end(), [&](const QuestionPoint& p) { return p.status == status; });
    };
    out_.status = has_status(QuestionStatus::Contradicted) ? QuestionStatus::Contradicted
                  : has_status(QuestionStatus::Open)       ? QuestionStatus::Open
                                                           : QuestionStatus::Answered;
    return std::move(out_);
  }

 private:
  static bool has(Metrics metrics, const std::string& metric) {
    return std::find(metrics.begin(), metrics.end(), metric) != metrics.end();
  }
  const VendorInput& vendor_;
  const std::vector<Statement>& statements_;
  QuestionAnswer out_;
};

ServiceLines lines_of(const Answer& a) {
  return service_lines(*a.vendor().source, *a.vendor().syntax, a.service().name);
}

QuestionAnswer cluster_scope(Answer a) {
  const ServiceLines lines = lines_of(a);
  if (a.service().scope != model::ScopeKind::Unspecified && lines.scope) a.answered(lines.scope);
  for (const Statement* s : a.on({"gpus", "nodes"}))
    if (s->predicate.reading != model::ClusterReading::Unspecified) a.answered(*s);
  a.open_by({"cluster-size-scope"});
  a.contradicted_on({"gpus", "nodes"});
  return a.done("the contract states no cluster size and no scope");
}

QuestionAnswer recovery_faults(Answer a) {
  const model::Contract& contract = *a.vendor().contract;
  for (const model::RecoveryClause& clause : contract.recovery) {
    if (clause.service != a.vendor().service || clause.faults.empty()) continue;
    const RecoveryLines lines = recovery_lines(*a.vendor().source, *a.vendor().syntax, clause);
    a.answered(lines.faults ? lines.faults : lines.clause);
    if (lines.within) a.answered(lines.within);
  }
  for (const Statement* s : a.on({"recovery_time"}))
    if (!s->predicate.faults.empty()) a.answered(*s);
  a.open_by({"recovery-no-faults", "recovery-no-clock"});
  a.contradicted_on({"recovery_time"});
  return a.done("no recovery clause and no recovery claim: nothing says which faults heal, or how fast");
}

QuestionAnswer sla_terms(Answer a) {
  const SourceFile& source = *a.vendor().source;
  for (const model::AvailabilityClause& clause : a.vendor().contract->availability) {
    if (clause.service != a.vendor().service) continue;
    if (clause.period) a.answered(line_of(source, clause.period->range));
    for (const SourceRange& exclusion : clause.exclusion_ranges) a.answered(line_of(source, exclusion));
    if (clause.credit) a.answered(line_of(source, clause.credit->range));
    for (const model::Cap& cap : clause.caps) a.answered(line_of(source, cap.range));
    if (clause.claim) a.answered(line_of(source, clause.claim->range));
  }
  a.open_by({"availability-no-period", "availability-no-definition", "availability-no-exclusions",
             "availability-no-remedy", "availability-no-claim-deadline", "availability-no-target",
             "maintenance-no-notice", "maintenance-no-cap", "credit-cap-too-low", "external-terms"});
  a.contradicted_on({"availability"});
  return a.done("no availability clause: no period, no exclusions, no compensation");
}

QuestionAnswer rdma_tenancy(Answer a) {
  const ServiceLines lines = lines_of(a);
  const bool rdma = a.service().interconnect && *a.service().interconnect != "ethernet";
  if (lines.interconnect && (a.service().tenancy != model::Tenancy::Unspecified || !rdma)) a.answered(lines.interconnect);
  bool flagged = a.open_by({"rdma-no-tenancy"});
  flagged = a.open_by({"throughput-no-load-condition"}, {"network_bandwidth", "rdma_bandwidth"}) || flagged;
  if (!lines.interconnect && !flagged) a.silent("the contract states no interconnect for " + a.service().name);
  a.contradicted_on({"rdma_bandwidth", "network_bandwidth"});
  return a.done("the contract states no interconnect");
}

QuestionAnswer storage_load(Answer a) {
  for (const Statement* s : a.on({"storage_throughput"}))
    if (s->predicate.condition != model::Condition::Unspecified) a.answered(*s);
  a.open_by({"throughput-no-load-condition"}, {"storage_throughput"});
  a.contradicted_on({"storage_throughput"});
  return a.done("the contract states no storage throughput");
}

QuestionAnswer checkpoints(Answer a) {
  const auto writes = a.on({"checkpoint_write"});
  const auto intervals = a.on({"checkpoint_interval"});
  for (const Statement* s : writes) a.answered(*s);
  for (const Statement* s : intervals) a.answered(*s);
  bool flagged = a.open_by({"checkpoint-no-frequency"});
  flagged = a.open_by({"throughput-no-load-condition"}, {"checkpoint_write"}) || flagged;
  if (writes.empty()) a.silent("no checkpoint write bandwidth is stated (checkpoint_write)");
  if (intervals.empty() && !flagged) a.silent("no checkpoint frequency is stated (checkpoint_interval)");
  a.contradicted_on({"checkpoint_write", "checkpoint_interval"});
  return a.done("");
}

QuestionAnswer lifecycle(Answer a) {
  const ServiceLines lines = lines_of(a);
  if (a.service().billing_granularity && lines.billing) a.answered(lines.billing);
  const auto notices = a.on({"preemption_notice"});
  const auto retentions = a.on({"data_retention"});
  for (const Statement* s : notices) a.answered(*s);
  for (const Statement* s : retentions) a.answered(*s);
  if (!a.open_by({"billing-no-granularity"}) && !a.service().billing_granularity)
    a.silent("no billing granularity is stated for " + a.service().name);
  if (!a.open_by({"preemption-no-notice"}) && notices.empty())
    a.silent("no notice before preempted resources are reclaimed is stated (preemption_notice)");
  if (!a.open_by({"reclaim-no-retention"}) && retentions.empty())
    a.silent("no data retention after reclaim is stated (data_retention)");
  a.contradicted_on({"preemption_notice", "data_retention"});
  return a.done("");
}

}  // namespace

const char* question_status_name(QuestionStatus status) {
  switch (status) {
    case QuestionStatus::Answered: return "ANSWERED";
    case QuestionStatus::Open: return "OPEN";
    case QuestionStatus::Contradicted: return "CONTRADICTED";
  }
  return "OPEN";
}

const char* question_text(size_t number) { return number >= 1 && number <= kQuestionCount ? kQuestions[number - 1] : ""; }

std::array<QuestionAnswer, kQuestionCount> seven_questions(const VendorInput& vendor,
                                                           const std::vector<Statement>& statements) {
  return {cluster_scope(Answer(vendor, statements, 1)), recovery_faults(Answer(vendor, statements, 2)),
          sla_terms(Answer(vendor, statements, 3)),     rdma_tenancy(Answer(vendor, statements, 4)),
          storage_load(Answer(vendor, statements, 5)),  checkpoints(Answer(vendor, statements, 6)),
          lifecycle(Answer(vendor, statements, 7))};
}

}  // namespace slaudit::selection
