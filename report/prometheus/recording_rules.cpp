#include "report/prometheus/recording_rules.h"

namespace slaudit::report {

namespace {

// YAML single-quoted scalar: a quote is written twice, nothing else is special.
std::string yaml_quoted(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

std::string ms(int64_t milliseconds) { return std::to_string(milliseconds) + "ms"; }

// The raw samples of [tau - shift - bucket, tau - shift) for `fn` (sum_over_time,
// count_over_time) of `selector`, evaluated at tau = the last multiple of the
// bucket at or before the rule's evaluation time, summed per target.
std::string bucket_figure(const probe::RecordingRules& rules, std::string_view fn, const std::string& selector,
                          Seconds bucket, Seconds shift) {
  const int64_t b = bucket.count() * 1000;
  // Prometheus 2 selects [t - r, t]: r = bucket - 1 ms with `offset shift + 1 ms`
  // gives [tau - shift - bucket, tau - shift - 1 ms]; Prometheus 3 selects
  // (t - r, t], so r = bucket gives the same samples.
  const int64_t range = rules.ranges == probe::RangeSemantics::Closed ? b - 1 : b;
  const std::string inner = std::string(fn) + "(" + selector + "[" + ms(range) + "] offset " +
                            ms(shift.count() * 1000 + 1) + ")";
  // The subquery's range, one bucket less 1 ms, holds exactly one of its steps (multiples of the
  // bucket): tau. A full bucket would also hold tau - bucket when t is a multiple, and for a target
  // without samples in tau's bucket last_over_time would return the bucket before.
  const std::string step = std::to_string(bucket.count()) + "s";
  return "sum by (" + rules.target_label + ") (last_over_time((" + inner + ")[" + ms(b - 1) + ":" + step + "]))";
}

std::string group_name(const probe::RecordingRules& rules, const probe::RecordedClause& c, Seconds shift) {
  return "slaudit " + rules.contract_title + " / " + c.service + " / bucket " + std::to_string(c.bucket.count()) +
         "s shift " + std::to_string(shift.count()) + "s";
}

void labels(std::string& out, const probe::RecordingRules& rules, const probe::RecordedClause& c, Seconds shift) {
  out += "    labels:\n";
  out += "      " + std::string(probe::kLabelContract) + ": " + yaml_quoted(rules.contract_title) + "\n";
  out += "      " + std::string(probe::kLabelService) + ": " + yaml_quoted(c.service) + "\n";
  out += "      " + std::string(probe::kLabelBucket) + ": '" + std::to_string(c.bucket.count()) + "'\n";
  out += "      " + std::string(probe::kLabelShift) + ": '" + std::to_string(shift.count()) + "'\n";
}

std::string source_text(const probe::RecordedSource& s) {
  if (s.kind == probe::RecordedSourceKind::Success) return "0/1 gauge " + s.ok + " (ok = sum, total = count)";
  return "count gauges " + s.ok + " (ok) and " + s.total + " (total), summed";
}

}  // namespace

RecordedExpressions recorded_expressions(const probe::RecordingRules& rules, const probe::RecordedClause& c,
                                         Seconds shift) {
  RecordedExpressions e;
  e.ok = bucket_figure(rules, "sum_over_time", c.source.ok, c.bucket, shift);
  e.total = c.source.kind == probe::RecordedSourceKind::Success
                ? bucket_figure(rules, "count_over_time", c.source.ok, c.bucket, shift)
                : bucket_figure(rules, "sum_over_time", c.source.total, c.bucket, shift);
  e.evaluated = "vector(1)";
  return e;
}

std::string render_recording_rules(const probe::RecordingRules& rules, const SourceFile& contract) {
  std::string out;
  out += "# Recording rules for the probe clauses of " + contract.name() + " (\"" + rules.contract_title + "\"),\n";
  out += "# written by `slaudit prometheus-rules` for " + rules.range_label + ".\n";
  out += "# Each group records, every bucket, the figures of one whole bucket of the clause per\n";
  out += "# target (label " + rules.target_label + "): " + std::string(probe::kRecordedOk) + " and " +
         std::string(probe::kRecordedTotal) + ",\n";
  out += "# and " + std::string(probe::kRecordedEvaluated) + " = 1 to show the bucket was recorded at all.\n";
  out += "# `slaudit audit CONTRACT --prometheus URL` finds them by these names and the slaudit_* labels:\n";
  out += "# keep both, and keep each group's interval equal to its bucket (docs/scale.md).\n";
  out += std::string("# PromQL ranges: ") +
         (rules.ranges == probe::RangeSemantics::Closed ? "Prometheus 2.x ([t - r, t]; Thanos and Mimir built on it)"
                                                       : "Prometheus 3.x ((t - r, t])") +
         ".\n";
  out += rules.clauses.empty() ? "groups: []\n" : "groups:\n";
  for (const probe::RecordedClause& c : rules.clauses) {
    const uint32_t line = contract.location(c.range.begin).line;
    for (const Seconds shift : c.shifts) {
      const RecordedExpressions e = recorded_expressions(rules, c, shift);
      out += "# " + contract.name() + ":" + std::to_string(line) + ": availability " + c.service + ", bucket " +
             std::to_string(c.bucket.count()) + " s, from the " + source_text(c.source) + "\n";
      out += "- name: " + yaml_quoted(group_name(rules, c, shift)) + "\n";
      out += "  interval: " + std::to_string(c.bucket.count()) + "s\n";
      out += "  rules:\n";
      const std::pair<std::string_view, const std::string*> figures[] = {
          {probe::kRecordedOk, &e.ok}, {probe::kRecordedTotal, &e.total}, {probe::kRecordedEvaluated, &e.evaluated}};
      for (const auto& [name, expr] : figures) {
        out += "  # " + contract.name() + ":" + std::to_string(line) + "\n";
        out += "  - record: " + std::string(name) + "\n";
        out += "    expr: " + yaml_quoted(*expr) + "\n";
        labels(out, rules, c, shift);
      }
    }
  }
  return out;
}

}  // namespace slaudit::report
