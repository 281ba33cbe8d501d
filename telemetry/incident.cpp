#include "telemetry/incident.h"

#include <array>
#include <utility>

namespace slaudit {

namespace {
constexpr std::array<std::pair<Cause, std::string_view>, 5> kCauseNames = {{
    {Cause::Provider, "provider"},
    {Cause::Customer, "customer"},
    {Cause::ForceMajeure, "force_majeure"},
    {Cause::ThirdParty, "third_party"},
    {Cause::Maintenance, "maintenance"},
}};
}  // namespace

std::string_view cause_name(Cause cause) {
  for (const auto& [value, name] : kCauseNames) {
    if (value == cause) return name;
  }
  return "provider";
}

std::optional<Cause> cause_from_name(std::string_view name) {
  for (const auto& [value, known] : kCauseNames) {
    if (known == name) return value;
  }
  return std::nullopt;
}

std::string_view count_unit_name(CountUnit unit) {
  return unit == CountUnit::Gpus ? "gpus" : "nodes";
}

std::string affected_text(const Affected& affected) {
  if (const auto* share = std::get_if<AffectedShare>(&affected)) return share->share.to_string();
  const auto& count = std::get<AffectedCount>(affected);
  return std::to_string(count.count) + " " + std::string(count_unit_name(count.unit));
}

bool same_content(const Incident& a, const Incident& b) {
  return a.id == b.id && a.service == b.service && a.start == b.start && a.end == b.end &&
         a.detected == b.detected && a.recovered == b.recovered && a.fault == b.fault &&
         a.cause == b.cause && a.scope == b.scope && a.notice == b.notice && a.component == b.component;
}

}  // namespace slaudit
