#include "report/common/names.h"

#include <algorithm>

namespace slaudit::report {

std::string_view time_state_word(audit::TimeState state) {
  switch (state) {
    case audit::TimeState::Up: return "up";
    case audit::TimeState::Down: return "down";
    case audit::TimeState::Excluded: return "excluded";
  }
  return "unknown";
}

std::string spoken(std::string_view word) {
  std::string out(word);
  for (char& c : out)
    if (c == '_') c = ' ';
  return out;
}

std::string_view claim_phrase(audit::ClaimState state) {
  switch (state) {
    case audit::ClaimState::NotGiven: return "no claim date given";
    case audit::ClaimState::InTime: return "claim filed in time";
    case audit::ClaimState::Late: return "claim filed late";
    case audit::ClaimState::TooEarly: return "claim filed too early";
  }
  return "claim state unknown";
}

std::string counted(size_t count, std::string_view singular, std::string_view plural) {
  return std::to_string(count) + " " + std::string(count == 1 ? singular : plural);
}

std::string joined(const std::vector<std::string>& items, std::string_view separator, size_t limit) {
  std::string out;
  const size_t shown = std::min(items.size(), limit);
  for (size_t i = 0; i < shown; ++i) {
    if (i > 0) out += separator;
    out += items[i];
  }
  if (shown < items.size()) out += " and " + std::to_string(items.size() - shown) + " more";
  return out;
}

}  // namespace slaudit::report
