// A composite SLA's audit as JSON ($defs/composite in docs/audit-report.schema.json).
#include "engine/figures/figures.h"
#include "report/json/sections.h"
#include "report/json/values.h"

namespace slaudit::report {

namespace {

void write_composite_period(JsonWriter& w, const audit::CompositePeriod& p) {
  w.object([&] {
    write_availability(w, p.availability);
    w.field("down_seconds", p.down.count());
    w.key("end");
    write_instant(w, p.end);
    w.key("evidence_gaps");
    write_strings(w, p.evidence_gaps);
    w.field("excluded_seconds", p.excluded.count());
    w.field("length_seconds", p.length.count());
    w.field("period", p.period);
    w.key("start");
    write_instant(w, p.start);
    w.key("verdict");
    if (p.verdict) w.value(audit::verdict_name(*p.verdict));
    else w.value(nullptr);
  });
}

}  // namespace

void write_composite(JsonWriter& w, const audit::CompositeAudit& c, const SourceFile& contract) {
  w.object([&] {
    w.field("assessed", c.assessed);
    w.key("clause");
    write_clause(w, contract, c.clause);
    w.key("components");
    write_strings(w, c.components);
    w.field("label", c.label);
    w.field("name", c.name);
    w.field("not_assessed_reason", c.not_assessed_reason);
    w.key("periods");
    w.array([&] {
      for (const audit::CompositePeriod& p : c.periods) write_composite_period(w, p);
    });
    w.key("promise");
    write_rational(w, c.promise);
    w.key("promise_percent");
    if (c.promise) w.value(share_text(*c.promise));
    else w.value(nullptr);
    w.field("shape", std::string(terms::keyword(c.shape)));
    w.key("target");
    write_percent(w, c.target);
  });
}

}  // namespace slaudit::report
