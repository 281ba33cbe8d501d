// The comparison as JSON, schema "slaudit-compare-report/1"
// (docs/compare-report.schema.json). Deterministic: object keys sorted,
// arrays in report order; exact figures as {num, den, decimal} rationals and
// {minor, decimal} money, never JSON floats.
#include "report/common/compare_words.h"
#include "report/json/render_json.h"
#include "report/json/values.h"

#include "base/time/timestamp.h"
#include "engine/figures/figures.h"

namespace slaudit::report {

namespace {

using nlohmann::json;
using selection::CompareReport;

// The comparison is small and built as one document; these give the same
// shapes as the audit report's streaming writers (report/json/values.h).
json rational_json(const audit::Rational& value) {
  DecimalText shown = decimal_digits(value, 6, true);
  std::string text = shown.text;
  if (shown.exact && text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  if (!shown.exact) text += kInexactMark;
  return {{"num", boost::multiprecision::numerator(value).str()},
          {"den", boost::multiprecision::denominator(value).str()},
          {"decimal", text}};
}
json money_json(int64_t minor, const model::Currency& currency) {
  return {{"minor", minor}, {"decimal", money_text(minor, currency)}};
}
json instant_json(Instant at) { return format_utc(at); }
json strings_json(const std::vector<std::string>& items) { return items; }
json percent_json(const std::optional<model::Percent>& percent) {
  if (!percent) return nullptr;
  return percent->value.normalized().to_string();
}
using selection::VendorComparison;

json text_or_null(const std::string& text) { return text.empty() ? json(nullptr) : json(text); }
json line_or_null(size_t line) { return line ? json(line) : json(nullptr); }
json rational_or_null(const std::optional<Rational>& value) { return value ? rational_json(*value) : json(nullptr); }

json weights_json(const selection::Weights& w) {
  json out = {{"source", w.source}};
  for (selection::Dimension d : selection::kDimensions) out[selection::dimension_id(d)] = w.percent[index_of(d)].normalized().to_string();
  return out;
}

json history_json(const selection::HistorySummary& h) {
  json faults = json::array();
  for (const auto& [fault, count] : h.faults) faults.push_back({{"fault", fault}, {"count", count}});
  json generated = nullptr;
  if (h.generated)
    generated = {{"seed", std::to_string(h.generated->seed)}, {"days", h.generated->days},
                 {"from", h.generated->from},                 {"gpus", h.generated->gpus},
                 {"unexpected", h.generated->unexpected},     {"planned", h.generated->planned}};
  return {{"source", h.source},
          {"generated", generated},
          {"window", {{"from", instant_json(h.from)}, {"to", instant_json(h.to)}}},
          {"range", h.range},
          {"job_gpus", h.job_gpus},
          {"incidents", h.incidents},
          {"maintenance", h.maintenance},
          {"customer", h.customer},
          {"open", h.open},
          {"faults", faults},
          {"interrupted_seconds", h.interrupted.count()},
          {"gpu_hours_lost", rational_json(h.gpu_hours_lost)}};
}

json period_json(const audit::PeriodAudit& p, const model::Currency& currency) {
    return {{"period", p.period},
          {"clause_label", p.clause_label},
          {"target", percent_json(p.target)},
          {"availability", rational_or_null(p.availability)},
          {"verdict", audit::verdict_name(p.verdict())},
          {"down_seconds", rational_json(p.down)},
          {"fee", money_json(p.fee_minor, currency)},
          {"credit", money_json(p.credit_minor, currency)},
          {"owed", money_json(p.owed_minor + p.hour_rule_minor, currency)}};
}

json replay_json(const selection::ReplayOutcome& o, const model::Currency& currency) {
  json periods = json::array(), recovery = json::array(), audit_notes = json::array();
  if (o.ran()) {
    for (size_t k : o.periods) periods.push_back(period_json(o.audit->periods[k], currency));
    for (size_t k : o.recovery) {
      const audit::RecoveryAudit& r = o.audit->recovery[k];
      recovery.push_back({{"clause_label", r.clause_label}, {"covered", r.covered}, {"breaches", r.breaches},
                          {"owed", money_json(r.owed_minor, currency)}});
    }
    audit_notes = strings_json(o.audit->notes);
  }
  return {{"service", o.service},
          {"range", text_or_null(o.range)},
          {"audited", o.ran()},
          {"errors", strings_json(o.errors)},
          {"periods", periods},
          {"recovery", recovery},
          {"fees", money_json(o.fees_minor, currency)},
          {"availability_owed", money_json(o.availability_owed_minor, currency)},
          {"recovery_owed", money_json(o.recovery_owed_minor, currency)},
          {"credits", money_json(o.credits_minor, currency)},
          {"periods_breached", o.periods_missed},
          {"recovery_breaches", o.breaches},
          {"recovery_covered", o.covered},
          {"uncovered_faults", o.uncovered},
          {"credit_share", rational_or_null(o.credit_share)},
          {"price_per_gpu_hour_minor", rational_or_null(o.price_per_gpu_hour_minor)},
          {"price_basis", o.price_basis},
          {"lost_cost_minor", rational_or_null(o.lost_cost_minor)},
          {"lost_share", rational_or_null(o.lost_share)},
          {"remedy_ratio", rational_or_null(o.remedy_ratio)},
          {"notes", strings_json(o.notes)},
          {"audit_notes", audit_notes}};
}

json questions_json(const VendorComparison& v) {
  json out = json::array();
  for (const selection::QuestionAnswer& a : v.questions) {
    json points = json::array();
    for (const selection::QuestionPoint& p : a.points)
      points.push_back({{"status", selection::question_status_name(p.status)}, {"text", p.text},
                        {"line", line_or_null(p.line)}, {"rule", text_or_null(p.rule)},
                        {"verdict", text_or_null(p.verdict)}});
    out.push_back({{"number", a.number}, {"question", selection::question_text(a.number)},
                   {"status", selection::question_status_name(a.status)}, {"points", points}});
  }
  return out;
}

json score_json(const VendorComparison& v, const selection::Weights& weights) {
  json dimensions = json::array();
  for (const selection::DimensionScore& d : v.score.dimensions) {
    json criteria = json::array();
    for (const selection::Criterion& c : d.criteria)
      criteria.push_back({{"name", c.name}, {"points", rational_json(c.points)}, {"max", rational_json(c.max)},
                          {"basis", c.basis}, {"line", line_or_null(c.line)}});
    dimensions.push_back({{"dimension", selection::dimension_id(d.dimension)},
                          {"title", selection::dimension_title(d.dimension)},
                          {"weight", weights.percent[index_of(d.dimension)].normalized().to_string()},
                          {"score", rational_json(d.score)},
                          {"criteria", criteria},
                          {"not_scored", strings_json(d.not_scored)}});
  }
  return {{"weighted", rational_json(v.score.weighted)}, {"rank", v.rank}, {"dimensions", dimensions}};
}

json claims_json(const claims::ClaimsReport& c) {
  json items = json::array();
  for (const claims::ItemVerdict& item : c.items)
    items.push_back({{"kind", claims::item_kind_name(item.kind)}, {"text", item.text},
                     {"predicate", text_or_null(item.predicate)}, {"line", item.line},
                     {"verdict", claims::verdict_name(item.verdict)}, {"basis", item.basis}});
  const auto counts = c.counts();
  json summary = {{"total", c.items.size()}};
  for (claims::Verdict v : {claims::Verdict::Verified, claims::Verdict::Refuted, claims::Verdict::Ambiguous,
                            claims::Verdict::Unverifiable})
    summary[claims::verdict_name(v)] = counts[static_cast<size_t>(v)];
  return {{"summary", summary}, {"items", items}, {"range", text_or_null(c.range)}, {"notes", strings_json(c.notes)}};
}

json vendor_json(const VendorComparison& v, const selection::Weights& weights) {
  json findings = json::array();
  for (const selection::RuleFinding& f : v.findings)
    findings.push_back({{"rule", f.rule}, {"line", f.line}, {"message", f.message}});
  return {{"name", v.name},
          {"contract", {{"path", v.contract_path}, {"title", v.contract_title}}},
          {"service", v.service},
          {"currency", v.currency.code},
          {"findings", findings},
          {"claims", claims_json(v.claims)},
          {"replay", v.replay ? replay_json(*v.replay, v.currency) : json(nullptr)},
          {"questions", questions_json(v)},
          {"score", score_json(v, weights)}};
}

json sensitivity_json(const CompareReport& r, const selection::Sensitivity& s) {
  json from = json::array();
  for (const selection::WeightShift& shift : s.from)
    from.push_back({{"dimension", selection::dimension_id(shift.from)}, {"amount", rational_json(shift.amount)}});
  return {{"ahead", r.vendors[s.ahead].name},
          {"behind", r.vendors[s.behind].name},
          {"gap", rational_json(s.gap)},
          {"possible", s.possible},
          {"moved", rational_json(s.moved)},
          {"from", from},
          {"to", s.possible ? json(selection::dimension_id(s.to)) : json(nullptr)},
          {"text", sensitivity_sentence(r, s)}};
}

json files_json(const CompareReport& r) {
  json inputs = json::array();
  for (const audit::InputFile& input : r.inputs)
    inputs.push_back({{"role", input.role}, {"path", input.path}, {"sha256", input.sha256}});
  return inputs;
}

}  // namespace

json compare_report_to_json(const CompareReport& r) {
  json ranking = json::array(), vendors = json::array(), sensitivity = json::array();
  for (size_t k : r.ranking)
    ranking.push_back({{"vendor", r.vendors[k].name}, {"rank", r.vendors[k].rank},
                       {"weighted", rational_json(r.vendors[k].score.weighted)}});
  for (const VendorComparison& v : r.vendors) vendors.push_back(vendor_json(v, r.weights));
  for (const selection::Sensitivity& s : r.sensitivity) sensitivity.push_back(sensitivity_json(r, s));
  json records = json::array(), rejected = json::array();
  for (const audit::RecordAccounting& file : r.records) {
    json record = {{"path", file.path}, {"read", file.read}, {"used", file.used}, {"rejected", file.rejected}};
    if (file.not_for_contract) record["not_for_contract"] = file.not_for_contract;  // absent when 0
    records.push_back(std::move(record));
  }
  for (const audit::RejectedRecord& record : r.rejected)
    rejected.push_back({{"path", record.path}, {"line", record.line}, {"reason", record.reason}});
  return {{"schema", std::string(kCompareReportSchema)},
          {"engine", {{"version", r.engine_version}, {"tzdata", r.tzdata_version}}},
          {"weights", weights_json(r.weights)},
          {"history", r.history ? history_json(*r.history) : json(nullptr)},
          {"ranking", ranking},
          {"sensitivity", sensitivity},
          {"vendors", vendors},
          {"inputs", files_json(r)},
          {"records", records},
          {"rejected", rejected},
          {"incomplete", r.incomplete()},
          {"notes", strings_json(r.notes)}};
}

}  // namespace slaudit::report
