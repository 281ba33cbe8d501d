// One audited period as JSON ($defs/period in docs/audit-report.schema.json).
// Keys in ascending order (JsonWriter checks): as nlohmann's sorted objects.
#include "engine/figures/figures.h"
#include "report/common/names.h"
#include "report/json/sections.h"
#include "report/json/values.h"

namespace slaudit::report {

namespace {

// `credit` is the tier's percentage, `amount` its fixed amount; both null for
// a tier `not stated` (the period's credit_not_stated says so).
void write_tier(JsonWriter& w, const std::optional<model::CreditTier>& tier, const model::Currency& currency,
                const SourceFile& contract) {
  if (!tier) return w.value(nullptr);
  w.object([&] {
    w.key("amount");
    if (const model::Money* m = tier->amount()) write_money(w, m->minor, currency);
    else w.value(nullptr);
    w.key("at_least");
    write_percent(w, tier->at_least);
    w.key("below");
    write_percent(w, tier->below);
    w.key("clause");
    write_clause(w, contract, tier->range);
    w.key("credit");
    if (const model::Percent* p = tier->percent()) write_percent(w, *p);
    else w.value(nullptr);
  });
}

void write_claim(JsonWriter& w, const audit::ClaimStatus& claim, const SourceFile& contract) {
  w.object([&] {
    w.key("claimed");
    write_date(w, claim.claimed);
    w.key("clause");
    write_clause(w, contract, claim.clause);
    w.key("deadline");
    write_date(w, claim.deadline);
    w.key("earliest");
    write_date(w, claim.earliest);
    w.field("reason", claim.reason);
    w.field("state", audit::claim_state_name(claim.state));
  });
}

void write_segment_span(JsonWriter& w, const std::optional<audit::SegmentSpan>& span) {
  if (!span) return w.value(nullptr);
  w.object([&] {
    w.field("first", span->first);
    w.field("last", span->last);
  });
}

void write_incident(JsonWriter& w, const audit::IncidentFinding& finding, const SourceFile& contract,
                    const IncidentLabels* labels) {
  w.object([&] {
    w.key("clause");
    write_clause(w, contract, finding.clause);
    w.field("down_seconds", finding.down.count());
    w.key("end");
    write_instant(w, finding.end);
    w.field("excluded_seconds", finding.excluded.count());
    w.key("flags");
    write_strings(w, finding.flags);
    w.field("id", finding.id);
    w.key("line");  // null: a group's downtime, derived from its members' incidents
    if (finding.line) w.value(finding.line);
    else w.value(nullptr);
    w.field("open", finding.open);
    w.field("reason", finding.reason.view());
    w.field("role", audit::incident_role_name(finding.role));
    w.key("segments");
    write_segment_span(w, finding.segments);
    w.key("start");
    write_instant(w, finding.start);
    if (labels) {  // the log's words for the incident; each absent when it gives none
      if (!labels->ticket.empty()) w.field("ticket", labels->ticket);
      if (!labels->title.empty()) w.field("title", labels->title);
      if (!labels->url.empty()) w.field("url", labels->url);
    }
    if (finding.weight) {  // a weighted clause's incident counted as downtime; absent under every other clause
      w.key("weight");
      write_rational(w, audit::Rational(finding.weight->num) / finding.weight->den);
      w.key("weighted_down_seconds");
      write_rational(w, finding.weighted_down());
    }
  });
}

void write_timeline(JsonWriter& w, const std::vector<audit::TimelineSegment>& timeline) {
  w.array([&] {
    for (const audit::TimelineSegment& segment : timeline)
      w.object([&] {
        w.key("end");
        write_instant(w, segment.end);
        w.key("start");
        write_instant(w, segment.start);
        w.field("state", time_state_word(segment.state));
      });
  });
}

// availability .. hour_rule_credit: the figures before the incidents.
void write_figures(JsonWriter& w, const audit::PeriodAudit& period, const model::Currency& currency,
                   const SourceFile& contract) {
  write_availability(w, period.availability);
  w.key("cap");
  if (period.cap_minor < 0) w.value(nullptr);
  else write_money(w, period.cap_minor, currency);
  w.key("claim");
  write_claim(w, period.claim, contract);
  w.key("clause");
  write_clause(w, contract, period.clause);
  w.field("clause_label", period.clause_label);
  w.key("credit");
  write_money(w, period.credit_minor, currency);
  w.field("credit_not_stated", period.credit_not_stated);
  w.field("down_raw_seconds", period.down_raw.count());
  w.key("down_seconds");
  write_rational(w, period.down);
  w.key("eligible_seconds");
  write_rational(w, period.eligible);
  w.key("end");
  write_instant(w, period.end);
  w.key("evidence_gaps");
  write_strings(w, period.evidence_gaps);
  w.field("excluded_seconds", period.excluded.count());
  w.key("explain");
  write_explanations(w, contract, period.explain);
  w.key("fee");
  write_money(w, period.fee_minor, currency);
  w.field("free_hours", period.free_hours);
  w.key("hour_rule_credit");
  write_money(w, period.hour_rule_minor, currency);
}

}  // namespace

void write_period(JsonWriter& w, const audit::PeriodAudit& period, const model::Currency& currency,
                  const SourceFile& contract, const audit::IncidentLabelsByLine* labels) {
  w.object([&] {
    write_figures(w, period, currency, contract);
    w.key("incidents");
    w.array([&] {
      for (const audit::IncidentFinding& finding : period.incidents)
        write_incident(w, finding, contract, labels ? labels->at(finding.line) : nullptr);
    });
    w.field("length_seconds", period.length.count());
    w.field("met", period.met);
    w.key("notes");
    write_strings(w, period.notes);
    w.key("owed");
    write_money(w, period.owed_minor, currency);
    w.field("partial", period.partial);
    w.field("partial_rule", period.partial_rule);
    w.field("period", period.period);
    if (period.probe) {
      w.key("probe");
      write_probe(w, *period.probe, currency);
    }
    w.field("service", period.service);
    w.key("start");
    write_instant(w, period.start);
    if (period.statement) {  // audited from the provider's statement; absent otherwise
      const audit::StatementFigures& st = *period.statement;
      w.key("statement");
      w.object([&] {
        w.key("difference");
        if (const auto d = st.difference()) write_money(w, *d, currency);
        else w.value(nullptr);
        w.field("line", st.line);
        w.key("owed");
        write_money(w, st.implied_minor, currency);
        w.key("paid");
        if (st.paid_minor) write_money(w, *st.paid_minor, currency);
        else w.value(nullptr);
        w.field("path", st.path);
        w.field("payment", st.payment_word());
        w.field("stated", st.stated);
      });
    }
    w.key("target");
    write_percent(w, period.target);
    w.key("tier");
    write_tier(w, period.tier, currency, contract);
    w.key("timeline");
    write_timeline(w, period.timeline);
    w.field("verdict", audit::verdict_name(period.verdict()));
  });
}

}  // namespace slaudit::report
