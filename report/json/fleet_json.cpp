#include "report/json/fleet_json.h"

#include "engine/figures/figures.h"
#include "report/json/json_writer.h"
#include "report/json/values.h"

namespace slaudit::report {

namespace {

// Keys in ascending byte order in every object (JsonWriter checks it).

constexpr size_t kRowsPerBatch = 2048;  // about 10 MiB of text for breached rows

void write_counted(JsonWriter& w, const std::vector<audit::CountedIncident>& counted) {
  w.array([&] {
    for (const auto& c : counted)
      w.object([&] {
        w.field("down_seconds", c.down.count());
        w.key("end");
        write_instant(w, c.end);
        w.field("id", c.id);
        w.key("start");
        write_instant(w, c.start);
      });
  });
}

void write_resource_period(JsonWriter& w, const SourceFile& contract, const model::Currency& currency,
                           const audit::ResourcePeriod& rp) {
  const audit::ResourceFigures& p = rp.figures;
  w.object([&] {
    write_availability(w, p.availability);
    w.key("claim_deadline");
    write_date(w, p.claim_deadline);
    w.key("clause");
    write_clause(w, contract, p.clause);
    w.field("clause_label", p.clause_label);
    w.key("counted_incidents");
    write_counted(w, rp.counted);
    w.key("credit");
    write_money(w, p.credit_minor, currency);
    w.field("credit_not_stated", p.credit_not_stated);
    w.field("down_raw_seconds", p.down_raw.count());
    w.key("down_seconds");
    write_rational(w, p.down);
    w.key("eligible_seconds");
    write_rational(w, p.eligible);
    w.key("end");
    write_instant(w, p.end);
    w.key("evidence_gaps");
    write_strings(w, p.evidence_gaps);
    w.key("fee");
    write_money(w, p.fee_minor, currency);
    w.key("fee_exact_minor");
    if (p.fee_exact_minor) write_rational(w, *p.fee_exact_minor);
    else w.value(nullptr);
    if (!rp.group_by.empty()) w.field("group_by", rp.group_by);  // a group-level clause's row only
    w.key("hour_rule_credit");
    write_money(w, p.hour_rule_minor, currency);
    w.field("met", p.met);
    w.key("owed");
    write_money(w, p.owed_minor, currency);
    w.field("partial", p.partial);
    w.field("period", p.period);
    w.field("region", rp.region);
    w.field("resource", rp.resource);
    w.field("service", p.service);
    w.key("start");
    write_instant(w, p.start);
    w.key("target");
    write_percent(w, p.target);
    w.key("tier_credit_percent");
    if (const model::Percent* pct = p.tier ? p.tier->percent() : nullptr) w.value(pct->value.to_string());
    else w.value(nullptr);  // no tier, a fixed amount (in "credit") or not stated

    w.field("verdict", audit::verdict_name(p.verdict()));
    w.field("zone", rp.zone);
  });
}

void write_records(JsonWriter& w, const audit::FleetReport& r) {
  w.key("records");
  w.array([&] {
    for (const auto& a : r.records)
      w.object([&] {
        if (a.not_for_contract) w.field("not_for_contract", a.not_for_contract);  // absent when 0
        w.field("path", a.path);
        w.field("read", a.read);
        w.field("rejected", a.rejected);
        w.field("used", a.used);
      });
  });
  w.key("rejected");
  w.array([&] {
    w.items_on_one_line();
    for (const auto& x : r.rejected)
      w.object([&] {
        w.field("line", x.line);
        w.field("path", x.path);
        w.field("reason", x.reason);
      });
  });
}

void write_totals(JsonWriter& w, const audit::FleetReport& r) {
  w.key("totals");
  w.array([&] {
    for (const auto& t : r.totals)
      w.object([&] {
        w.field("breached", t.breached);
        w.field("credit_not_stated", t.credit_not_stated);
        w.field("groups", t.groups);
        w.field("groups_breached", t.groups_breached);
        w.field("met", t.met);
        w.field("not_assessed", t.not_assessed);
        w.key("owed");
        write_money(w, t.owed_minor, r.currency);
        w.field("period", t.period);
        w.field("resources", t.resources);
        w.field("service", t.service);
      });
  });
}

}  // namespace

void write_fleet_json(const audit::FleetReport& r, const SourceFile& contract, std::ostream& out) {
  {
  JsonWriter w(out);
  w.object([&] {
    w.field("breached", r.verdict == audit::Verdict::Breached);
    w.key("contract");
    w.object([&] {
      w.field("currency", r.currency.code);
      w.field("path", contract.name());
      w.field("timezone", r.timezone);
      w.field("title", r.contract_title);
    });
    w.key("engine");
    w.object([&] {
      w.field("tzdata", r.tzdata_version);
      w.field("version", r.engine_version);
    });
    w.field("evidence_complete", r.evidence_complete());
    w.key("evidence_gaps");
    write_strings(w, r.evidence_gaps);
    w.key("inputs");
    w.array([&] {
      for (const auto& i : r.inputs)
        w.object([&] {
          w.field("path", i.path);
          w.field("role", i.role);
          w.field("sha256", i.sha256);
        });
    });
    w.field("inventory_resources", r.inventory_resources);
    w.key("notes");
    write_strings(w, r.notes);
    w.field("range", r.range);
    write_records(w, r);
    w.key("resources");
    // Rows are most of a large fleet's report (480 MiB at 100,000 resources):
    // made on two threads, a batch each, and written in order.
    w.array([&] {
      w.items_on_one_line();
      w.items_side_by_side(r.periods.size(), kRowsPerBatch, [&](JsonWriter& part, size_t i) {
        write_resource_period(part, contract, r.currency, r.periods[i]);
      });
    });
    w.field("schema", kFleetSchema);
    w.key("total_owed");
    write_money(w, r.total_owed_minor, r.currency);
    w.field("total_owed_lower_bound", r.owed_is_lower_bound());
    write_totals(w, r);
    w.key("unassessed");
    w.array([&] {
      w.items_on_one_line();
      for (const auto& u : r.unassessed)
        w.object([&] {
          w.field("reason", u.reason);
          w.field("resource", u.resource);
          w.field("service", u.service);
        });
    });
    w.field("verdict", audit::verdict_name(r.verdict));
  });
  }  // the writer flushes here, before the final newline
  out << "\n";
}

}  // namespace slaudit::report
