#include "engine/records/incident.h"

#include <array>
#include <utility>

namespace slaudit {

std::string_view count_unit_name(CountUnit unit) {
  return unit == CountUnit::Gpus ? "gpus" : "nodes";
}

std::string affected_text(const Affected& affected) {
  if (const auto* share = std::get_if<AffectedShare>(&affected)) return share->share.to_string();
  const auto& count = std::get<AffectedCount>(affected);
  return std::to_string(count.count) + " " + std::string(count_unit_name(count.unit));
}

namespace {

// Absent labels equal empty ones: a record that writes `"title": ""` says nothing more than one without it.
bool same_labels(const IncidentLabels* a, const IncidentLabels* b) {
  static const IncidentLabels kNone;
  return (a ? *a : kNone) == (b ? *b : kNone);
}

}  // namespace

bool same_content(const Incident& a, const Incident& b) {
  return a.id == b.id && a.service == b.service && a.start == b.start && a.end == b.end &&
         a.detected == b.detected && a.recovered == b.recovered && a.fault == b.fault &&
         a.cause == b.cause && a.scope == b.scope && a.notice == b.notice && a.component == b.component &&
         a.resource == b.resource && a.zone == b.zone && a.region == b.region &&
         same_labels(a.labels.get(), b.labels.get());
}

}  // namespace slaudit
