// "## Probe measurements": per period the buckets behind the availability, the
// other reading of an unstated missing-data rule, and what became of every sample.
#include "base/num/wide_count.h"
#include "report/common/amounts.h"
#include "engine/audit/incident_rules.h"
#include "engine/figures/figures.h"
#include "report/markdown/sections.h"
#include "report/markdown/markdown_text.h"

namespace slaudit::report {

namespace {
std::string n(uint64_t v) { return std::to_string(v); }
std::string n(int64_t v) { return std::to_string(v); }
}  // namespace

std::string markdown_probes(const audit::AuditReport& report) {
  std::string rows;
  std::string ambiguous;
  for (const audit::PeriodAudit& p : report.periods) {
    if (!p.probe) continue;
    const auto& f = *p.probe;
    rows += "| " + md_escape(p.service) + " | " + md_escape(p.period) + " | " + md_escape(std::string(terms::keyword(f.method))) + " | " +
            audit::duration_text(f.bucket) + " | " + md_escape(f.combine) + " (" + n(static_cast<uint64_t>(f.targets)) +
            ") | " + n(f.min_consecutive) + " | " + md_escape(std::string(terms::keyword(f.missing))) + " | " + n(f.buckets) + " | " +
            n(f.bad_buckets) + " | " + n(f.down_buckets) + " | " + n(f.no_data_buckets) + " | " +
            (f.method == model::ProbeMethod::BadBuckets ? std::string("—") : to_decimal(f.requests_ok) + " / " + to_decimal(f.requests_total)) + " |\n";
    if (f.ambiguous)
      ambiguous += "- **" + md_escape(p.service) + " " + md_escape(p.period) +
                   ": ambiguous.** The clause does not say how missing probe data counts. Counted as up: availability " +
                   (p.availability ? percent_text(*p.availability) : std::string("—")) + ", owed " +
                   amount_with_code(p.owed_minor, report.currency) + ". Counted as " + std::string(terms::keyword(f.other_missing)) + ": availability " +
                   (f.other_availability ? percent_text(*f.other_availability) : std::string("—")) + ", owed " +
                   amount_with_code(f.other_owed_minor, report.currency) + ".\n";
  }
  if (rows.empty() && report.probe_accounting.empty()) return "";
  std::string out = "## Probe measurements\n\n";
  if (!rows.empty())
    out += "| Service | Period | Method | Bucket | Targets | Min. run | Missing data | Buckets | Bad | Down | No data | Requests good / total |\n"
           "| --- | --- | --- | ---: | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |\n" + rows + "\n";
  if (!ambiguous.empty()) out += ambiguous + "\n";
  for (const auto& a : report.probe_accounting) {
    out += "Samples offered to " + md_escape(a.service) + ": " + n(a.seen) + "; used " + n(a.used) + ", outside the periods " +
           n(a.outside_period) + ", not a target of the clause " + n(a.not_a_target) + ", late " + n(a.late) +
           " (more than " + audit::duration_text(a.lateness) + " behind the latest sample), identical duplicates ignored " +
           n(a.duplicate_identical) + ", conflicting duplicates (none of them used) " + n(a.duplicate_conflicting) +
           ", unusable " + n(a.unusable) + ".\n\n";
    if (!a.examples.empty()) {
      out += "| File | Line | Why not used |\n| --- | ---: | --- |\n";
      for (const auto& x : a.examples)
        out += "| " + md_escape(x.path) + " | " + std::to_string(x.line) + " | " + md_escape(x.reason) + " |\n";
      out += "\n";
    }
  }
  return out;
}

}  // namespace slaudit::report
