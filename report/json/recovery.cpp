// One recovery clause's audit as JSON ($defs/recovery in docs/audit-report.schema.json).
#include "report/common/recovery_words.h"
#include "report/json/sections.h"
#include "report/json/values.h"

namespace slaudit::report {

namespace {

void write_stats(JsonWriter& w, const std::vector<audit::FaultStats>& stats) {
  w.array([&] {
    for (const audit::FaultStats& s : stats)
      w.object([&] {
        w.field("breaches", s.breaches);
        w.field("count", s.count);
        w.field("fault", s.fault);
        w.field("max_seconds", s.max.count());
        w.field("median_seconds", s.median.count());
        w.field("p95_seconds", s.p95.count());
      });
  });
}

void write_findings(JsonWriter& w, const std::vector<audit::RecoveryFinding>& findings,
                    const audit::AuditReport& report) {
  w.array([&] {
    for (const audit::RecoveryFinding& f : findings)
      w.object([&] {
        w.field("breach", f.breach);
        w.field("clock", clock_words(report, f.clock));
        w.field("fault", f.fault);
        w.key("flags");
        write_strings(w, f.flags);
        w.field("id", f.id);
        w.field("line", f.line);
        w.field("time_to_recover_seconds", f.time_to_recover.count());
      });
  });
}

}  // namespace

void write_recovery(JsonWriter& w, const audit::RecoveryAudit& audit, const audit::AuditReport& report,
                    const SourceFile& contract) {
  const model::Currency& currency = report.currency;
  w.object([&] {
    w.field("assessed", audit.assessed);
    w.field("breaches", audit.breaches);
    w.key("cap");
    if (audit.cap_minor < 0) w.value(nullptr);
    else write_money(w, audit.cap_minor, currency);
    w.key("clause");
    write_clause(w, contract, audit.clause);
    w.field("clause_label", audit.clause_label);
    w.key("credit");
    write_money(w, audit.credit_minor, currency);
    w.key("explain");
    write_explanations(w, contract, audit.explain);
    w.key("findings");
    write_findings(w, audit.findings, report);
    w.key("limit_seconds");
    if (audit.limit) w.value(audit.limit->count());
    else w.value(nullptr);
    if (!audit.assessed)  // only then: other reports are unchanged
      w.field("not_assessed_reason",
              audit.not_assessed_reason.empty() ? std::string("no usable incident log") : audit.not_assessed_reason);
    w.key("owed");
    write_money(w, audit.owed_minor, currency);
    w.field("service", audit.service);
    w.key("stats");
    write_stats(w, audit.stats);
    w.key("uncovered");
    write_stats(w, audit.uncovered);
    w.key("uncovered_incidents");
    write_strings(w, audit.uncovered_incidents);
  });
}

}  // namespace slaudit::report
