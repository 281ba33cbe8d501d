#include "language/model/contract.h"

namespace slaudit::model {

const char* dimension_name(Dimension dimension) {
  switch (dimension) {
    case Dimension::Number: return "a plain number";
    case Dimension::Percent: return "a percentage";
    case Dimension::Duration: return "a duration";
    case Dimension::DataSize: return "a data size";
    case Dimension::DataRate: return "a data rate";
    case Dimension::Count: return "a count";
    case Dimension::Money: return "an amount of money";
  }
  return "a quantity";
}

const char* match_choice_name(MatchChoice choice) {
  switch (choice) {
    case MatchChoice::Unstated: return "unstated";
    case MatchChoice::First: return "first";
    case MatchChoice::Worst: return "worst";
    case MatchChoice::Every: return "every";
  }
  return "unstated";
}

const char* group_down_name(GroupDown rule) {
  switch (rule) {
    case GroupDown::AllMembers: return "all members";
    case GroupDown::MembersAtLeast: return "members at least";
    case GroupDown::ShareAtLeast: return "share of members at least";
    case GroupDown::ZonesAtLeast: return "zones at least";
  }
  return "all members";
}

const char* counted_while_name(CountedWhile rule) {
  switch (rule) {
    case CountedWhile::MembersRunning: return "members running";
    case CountedWhile::ZonesRunning: return "zones running";
  }
  return "members running";
}

std::optional<size_t> Contract::find_service(std::string_view name) const {
  for (size_t i = 0; i < services.size(); ++i)
    if (services[i].name == name) return i;
  return std::nullopt;
}

}  // namespace slaudit::model
