// Probe figures as JSON ($defs/probe and $defs/probe_accounting in
// docs/audit-report.schema.json); present only for clauses measured from probes.
#include "engine/figures/figures.h"
#include "report/json/sections.h"
#include "report/json/values.h"

namespace slaudit::report {

nlohmann::json probe_json(const audit::ProbePeriodFigures& f, const model::Currency& currency) {
  nlohmann::json out = {{"method", terms::keyword(f.method)},
                        {"combine", f.combine},
                        {"missing", terms::keyword(f.missing)},
                        {"bucket_seconds", f.bucket.count()},
                        {"min_consecutive", f.min_consecutive},
                        {"targets", f.targets},
                        {"buckets", f.buckets},
                        {"bad_buckets", f.bad_buckets},
                        {"down_buckets", f.down_buckets},
                        {"no_data_buckets", f.no_data_buckets},
                        {"excluded_buckets", f.excluded_buckets},
                        {"target_buckets_missing", f.target_buckets_missing},
                        {"requests_ok", f.requests_ok},
                        {"requests_total", f.requests_total},
                        {"rate_buckets", f.rate_buckets},
                        {"rate_left_out", f.rate_left_out},
                        {"mean_error_rate", f.mean_error_rate ? rational_json(*f.mean_error_rate) : nlohmann::json(nullptr)},
                        {"ambiguous", f.ambiguous}};
  if (f.ambiguous)
    out["other_reading"] = {
        {"missing", terms::keyword(f.other_missing)},
        {"availability", f.other_availability ? rational_json(*f.other_availability) : nlohmann::json(nullptr)},
        {"availability_percent", f.other_availability ? nlohmann::json(percent_text(*f.other_availability)) : nlohmann::json(nullptr)},
        {"met", f.other_met},
        {"owed", money_json(f.other_owed_minor, currency)}};
  return out;
}

nlohmann::json probe_accounting_json(const audit::ProbeClauseAccounting& a, const SourceFile& contract) {
  nlohmann::json examples = nlohmann::json::array();
  for (const auto& x : a.examples) examples.push_back({{"path", x.path}, {"line", x.line}, {"reason", x.reason}});
  return {{"service", a.service},
          {"clause_label", a.clause_label},
          {"clause", clause_json(contract, a.clause)},
          {"lateness_seconds", a.lateness.count()},
          {"targets", a.targets},
          {"seen", a.seen},
          {"used", a.used},
          {"outside_period", a.outside_period},
          {"not_a_target", a.not_a_target},
          {"late", a.late},
          {"duplicate_identical", a.duplicate_identical},
          {"duplicate_conflicting", a.duplicate_conflicting},
          {"unusable", a.unusable},
          {"examples", std::move(examples)}};
}

}  // namespace slaudit::report
