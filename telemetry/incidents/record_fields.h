#pragma once
// The field names of an incident record, shared by both formats. They differ
// only in scope: JSON Lines nests `cluster` and `affected` in a `scope`
// object, CSV has them as two columns.
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "telemetry/incidents/raw_incident.h"

namespace slaudit {

// A field whose value is text in both formats.
struct TextField {
  std::string_view name;
  std::optional<std::string_view> RawIncident::*member;
};

inline constexpr std::array<TextField, 17> kTextFields = {{
    {"id", &RawIncident::id},
    {"service", &RawIncident::service},
    {"start", &RawIncident::start},
    {"end", &RawIncident::end},
    {"detected", &RawIncident::detected},
    {"recovered", &RawIncident::recovered},
    {"fault", &RawIncident::fault},
    {"cause", &RawIncident::cause},
    {"notice", &RawIncident::notice},
    {"component", &RawIncident::component},
    {"resource", &RawIncident::resource},
    {"zone", &RawIncident::zone},
    {"region", &RawIncident::region},
    {"title", &RawIncident::title},
    {"url", &RawIncident::url},
    {"link", &RawIncident::link},  // the same as url; a record may give one of them
    {"ticket", &RawIncident::ticket},
}};

inline constexpr std::array<std::string_view, 18> kJsonFieldNames = {
    "id", "service", "start", "end", "detected", "recovered", "fault", "cause", "notice", "scope", "component",
    "resource", "zone", "region", "title", "url", "link", "ticket"};
inline constexpr std::array<std::string_view, 2> kJsonScopeFieldNames = {"scope.cluster", "scope.affected"};
inline constexpr std::array<std::string_view, 19> kCsvFieldNames = {
    "id", "service", "start", "end", "detected", "recovered", "fault", "cause", "notice", "cluster", "affected",
    "component", "resource", "zone", "region", "title", "url", "link", "ticket"};

inline const TextField* find_text_field(std::string_view name) {
  // Length and first letter first: they tell these names apart, so the text
  // itself is compared about once per key (this runs for every key of every record).
  if (name.empty()) return nullptr;
  for (const TextField& field : kTextFields) {
    if (field.name.size() == name.size() && field.name[0] == name[0] && field.name == name) return &field;
  }
  return nullptr;
}

}  // namespace slaudit
