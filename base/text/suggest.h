#pragma once
// "Did you mean ...?": the closest candidate by edit distance, when close enough
// to be a likely typo (1 edit for short words, 2 otherwise).
#include <string>
#include <string_view>
#include <vector>

namespace slaudit {

size_t edit_distance(std::string_view a, std::string_view b);
// The best near miss, or empty when none is close enough.
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);
// " did you mean 'x'?" or "", for appending to a message.
std::string did_you_mean_hint(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace slaudit
