#include "base/util/radix_sort.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>

namespace slaudit {

void stable_radix_sort(std::vector<uint64_t>& keys, int shift, int bits) {
  constexpr int kDigitBits = 11;
  constexpr size_t kDigits = size_t{1} << kDigitBits;
  std::vector<uint64_t> spare(keys.size());
  for (int at = shift; at < shift + bits; at += kDigitBits) {
    // The last pass may take fewer bits: the digit never reaches past the range.
    const int width = std::min(kDigitBits, shift + bits - at);
    const uint64_t mask = (uint64_t{1} << width) - 1;
    std::array<size_t, kDigits> next{};
    for (const uint64_t key : keys) ++next[(key >> at) & mask];
    size_t sum = 0;
    for (size_t& slot : next) sum += std::exchange(slot, sum);
    for (const uint64_t key : keys) spare[next[(key >> at) & mask]++] = key;
    keys.swap(spare);
  }
}

}  // namespace slaudit
