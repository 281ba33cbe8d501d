// The claims report as JSON, schema "slaudit-claims-report/1". Deterministic:
// nlohmann::json sorts object keys, arrays keep the report's order.
#include "report/json/render_json.h"

namespace slaudit::report {

namespace {

using nlohmann::json;

json text_or_null(const std::string& text) { return text.empty() ? json(nullptr) : json(text); }

json reading_json(const claims::Reading& r) {
  return {{"name", r.name}, {"verdict", claims::verdict_name(r.verdict)}, {"evidence", r.evidence},
          {"needs", text_or_null(r.needs)}};
}

json item_json(const claims::ItemVerdict& item) {
  json readings = json::array();
  for (const claims::Reading& r : item.readings) readings.push_back(reading_json(r));
  return {{"kind", claims::item_kind_name(item.kind)},
          {"text", item.text},
          {"predicate", text_or_null(item.predicate)},
          {"metric", text_or_null(item.metric)},
          {"line", item.line},
          {"verdict", claims::verdict_name(item.verdict)},
          {"basis", item.basis},
          {"needs", text_or_null(item.needs)},
          {"readings", std::move(readings)}};
}

json summary_json(const claims::ClaimsReport& report) {
  const auto counts = report.counts();
  json out = {{"total", report.items.size()}};
  for (claims::Verdict v : {claims::Verdict::Verified, claims::Verdict::Refuted, claims::Verdict::Ambiguous,
                            claims::Verdict::Unverifiable})
    out[claims::verdict_name(v)] = counts[static_cast<size_t>(v)];
  return out;
}

}  // namespace

json claims_report_to_json(const claims::ClaimsReport& report) {
  json inputs = json::array();
  for (const audit::InputFile& input : report.inputs)
    inputs.push_back({{"role", input.role}, {"path", input.path}, {"sha256", input.sha256}});
  json records = json::array();
  for (const audit::RecordAccounting& file : report.records) {
    json record = {{"path", file.path}, {"read", file.read}, {"used", file.used}, {"rejected", file.rejected}};
    if (file.not_for_contract) record["not_for_contract"] = file.not_for_contract;  // absent when 0
    records.push_back(std::move(record));
  }
  json rejected = json::array();
  for (const audit::RejectedRecord& record : report.rejected)
    rejected.push_back({{"path", record.path}, {"line", record.line}, {"reason", record.reason}});
  json items = json::array();
  for (const claims::ItemVerdict& item : report.items) items.push_back(item_json(item));
  json notes = json::array();
  for (const std::string& note : report.notes) notes.push_back(note);
  return {{"schema", std::string(kClaimsReportSchema)},
          {"engine", {{"version", report.engine_version}, {"tzdata", report.tzdata_version}}},
          {"contract", {{"path", report.contract_path}, {"title", report.contract_title}}},
          {"range", text_or_null(report.range)},
          {"inputs", std::move(inputs)},
          {"records", std::move(records)},
          {"rejected", std::move(rejected)},
          {"summary", summary_json(report)},
          {"items", std::move(items)},
          {"notes", std::move(notes)}};
}

}  // namespace slaudit::report
