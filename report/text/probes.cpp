// The probe part of the text report: per period the buckets behind the
// availability, the other reading when the missing-data rule is unstated,
// and per clause what became of every probe sample.
#include <string>

#include "base/num/wide_count.h"
#include "report/common/amounts.h"
#include "engine/audit/incident_rules.h"
#include "engine/figures/figures.h"
#include "report/text/sections.h"

namespace slaudit::report {

namespace {

std::string n(uint64_t v) { return std::to_string(v); }

std::string period_lines(const TextContext& context, const audit::PeriodAudit& p) {
  const audit::ProbePeriodFigures& f = *p.probe;
  std::string who = p.service + (p.clause_label.empty() || p.clause_label == p.service ? "" : "/" + p.clause_label);
  std::string out = "  " + who + " " + p.period + ": " + std::string(terms::keyword(f.method)) + ", buckets of " + audit::duration_text(f.bucket) +
                    ", targets " + f.combine + " (" + n(f.targets) + "), at least " + n(static_cast<uint64_t>(f.min_consecutive)) +
                    " consecutive, missing data " + std::string(terms::keyword(f.missing)) + "\n";
  out += "    buckets " + n(static_cast<uint64_t>(f.buckets)) + ", bad " + n(static_cast<uint64_t>(f.bad_buckets)) +
         ", down (in runs of at least the minimum) " + n(static_cast<uint64_t>(f.down_buckets)) + ", without any sample " +
         n(static_cast<uint64_t>(f.no_data_buckets)) + ", excluded for missing data " +
         n(static_cast<uint64_t>(f.excluded_buckets)) + "; target-buckets without a sample " + n(f.target_buckets_missing) + "\n";
  if (f.method != model::ProbeMethod::BadBuckets) {
    out += "    requests " + to_decimal(f.requests_ok) + " good of " + to_decimal(f.requests_total) + " over " +
           n(static_cast<uint64_t>(f.rate_buckets)) + " buckets, " + n(static_cast<uint64_t>(f.rate_left_out)) +
           " left out for exclusions";
    if (f.mean_error_rate) out += ", mean error rate " + percent_text(*f.mean_error_rate);
    out += "\n";
  }
  if (f.ambiguous)
    out += "    AMBIGUOUS: the clause states no missing-data rule. Missing counted as up: availability " +
           (p.availability ? percent_text(*p.availability) : std::string("-")) + ", owed " +
           amount_with_code(p.owed_minor, context.report.currency) + "; counted as " + std::string(terms::keyword(f.other_missing)) +
           ": availability " + (f.other_availability ? percent_text(*f.other_availability) : std::string("-")) +
           ", owed " + amount_with_code(f.other_owed_minor, context.report.currency) + "\n";
  return out;
}

std::string accounting_lines(const audit::ProbeClauseAccounting& a) {
  std::string out = "  " + a.service + (a.clause_label.empty() || a.clause_label == a.service ? "" : "/" + a.clause_label) +
                    ": samples " + n(a.seen) + ", used " + n(a.used) + ", outside the periods " + n(a.outside_period) +
                    ", not a target of the clause " + n(a.not_a_target) + ", late (more than " +
                    audit::duration_text(a.lateness) + " behind) " + n(a.late) + ", duplicates ignored (identical) " +
                    n(a.duplicate_identical) + ", duplicates conflicting (none of them used) " +
                    n(a.duplicate_conflicting) + ", unusable " + n(a.unusable) + "\n";
  for (const auto& x : a.examples) out += "    " + x.path + ":" + std::to_string(x.line) + ": " + x.reason + "\n";
  return out;
}

}  // namespace

std::string text_probes(const TextContext& context) {
  std::string out;
  for (const audit::PeriodAudit& p : context.report.periods)
    if (p.probe) out += period_lines(context, p);
  for (const auto& a : context.report.probe_accounting) out += accounting_lines(a);
  return out.empty() ? out : "Probes\n" + out;
}

}  // namespace slaudit::report
