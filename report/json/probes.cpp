// Probe figures as JSON ($defs/probe and $defs/probe_accounting in
// docs/audit-report.schema.json); present only for clauses measured from probes.
#include "engine/figures/figures.h"
#include "report/json/sections.h"
#include "report/json/values.h"

namespace slaudit::report {

namespace {

void write_other_reading(JsonWriter& w, const audit::ProbePeriodFigures& f, const model::Currency& currency) {
  w.object([&] {
    write_availability(w, f.other_availability);
    w.field("met", f.other_met);
    w.field("missing", terms::keyword(f.other_missing));
    w.key("owed");
    write_money(w, f.other_owed_minor, currency);
  });
}

}  // namespace

void write_probe(JsonWriter& w, const audit::ProbePeriodFigures& f, const model::Currency& currency) {
  w.object([&] {
    w.field("ambiguous", f.ambiguous);
    w.field("bad_buckets", f.bad_buckets);
    w.field("bucket_seconds", f.bucket.count());
    w.field("buckets", f.buckets);
    w.field("combine", f.combine);
    w.field("down_buckets", f.down_buckets);
    w.field("excluded_buckets", f.excluded_buckets);
    w.key("mean_error_rate");
    if (f.mean_error_rate) write_rational(w, *f.mean_error_rate);
    else w.value(nullptr);
    w.field("method", terms::keyword(f.method));
    w.field("min_consecutive", f.min_consecutive);
    w.field("missing", terms::keyword(f.missing));
    w.field("no_data_buckets", f.no_data_buckets);
    if (f.ambiguous) {
      w.key("other_reading");
      write_other_reading(w, f, currency);
    }
    w.field("rate_buckets", f.rate_buckets);
    w.field("rate_left_out", f.rate_left_out);
    w.field("requests_ok", f.requests_ok);
    w.field("requests_total", f.requests_total);
    w.field("target_buckets_missing", f.target_buckets_missing);
    w.field("targets", f.targets);
  });
}

void write_probe_accounting(JsonWriter& w, const audit::ProbeClauseAccounting& a, const SourceFile& contract) {
  w.object([&] {
    w.key("clause");
    write_clause(w, contract, a.clause);
    w.field("clause_label", a.clause_label);
    w.field("duplicate_conflicting", a.duplicate_conflicting);
    w.field("duplicate_identical", a.duplicate_identical);
    w.key("examples");
    w.array([&] {
      for (const auto& x : a.examples)
        w.object([&] {
          w.field("line", x.line);
          w.field("path", x.path);
          w.field("reason", x.reason);
        });
    });
    w.field("late", a.late);
    w.field("lateness_seconds", a.lateness.count());
    w.field("not_a_target", a.not_a_target);
    w.field("outside_period", a.outside_period);
    w.field("seen", a.seen);
    w.field("service", a.service);
    w.field("targets", a.targets);
    w.field("unusable", a.unusable);
    w.field("used", a.used);
  });
}

}  // namespace slaudit::report
