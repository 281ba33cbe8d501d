#pragma once
// The rule file of `slaudit prometheus-rules`: Prometheus recording rules
// (YAML) that reduce a probe clause's raw samples to the per-target,
// per-bucket figures its audit needs (engine/audit/probe/recording_plan.h has
// the geometry; docs/scale.md explains it). Loaded by Prometheus, Thanos Ruler
// or the Mimir ruler as it is; `promtool check rules` accepts it.
#include <string>

#include "engine/audit/probe/recording_plan.h"
#include "language/syntax/source.h"

namespace slaudit::report {

std::string render_recording_rules(const probe::RecordingRules& rules, const SourceFile& contract);

// The PromQL expressions of one clause's three rules, for one shift.
struct RecordedExpressions {
  std::string ok, total, evaluated;
};
RecordedExpressions recorded_expressions(const probe::RecordingRules& rules, const probe::RecordedClause& clause,
                                         Seconds shift);

}  // namespace slaudit::report
