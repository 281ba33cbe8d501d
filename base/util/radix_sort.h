#pragma once
// Sorting by instant: a stable LSD radix sort of 64-bit keys on a range of
// their bits, and, built on it, the order of items by (instant, position).
// The audit sorts a year of instants (25 bits of seconds) three passes of
// eleven bits at a time, where a comparison sort of a million takes twenty.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "base/time/instant.h"

namespace slaudit {

// Sorts `keys` by bits [shift, shift + bits) of each key, keys equal there
// keeping their order. 0 <= shift, shift + bits <= 64.
void stable_radix_sort(std::vector<uint64_t>& keys, int shift, int bits);

// The positions 0..n-1 of n items ordered by (instant_of(position), position),
// every instant in [earliest, latest]. As one number each - seconds since
// `earliest` above the position - sorted stably on the seconds, when both fit
// in 32 bits (a span under 136 years, fewer than 4 billion items); else by a
// comparison sort of (instant, position) pairs.
template <class InstantOf>
std::vector<uint64_t> order_by_instant(size_t n, Instant earliest, Instant latest, InstantOf instant_of) {
  constexpr uint64_t kLow = uint64_t{1} << 32;
  const uint64_t span = static_cast<uint64_t>((latest - earliest).count());
  std::vector<uint64_t> order(n);
  if (span < kLow && n < kLow) {
    // The keys become the positions in place: no second list of n.
    for (size_t k = 0; k < n; ++k) order[k] = static_cast<uint64_t>((instant_of(k) - earliest).count()) << 32 | k;
    stable_radix_sort(order, 32, std::bit_width(span));
    for (uint64_t& key : order) key &= kLow - 1;
    return order;
  }
  std::vector<std::pair<Instant, size_t>> keyed(n);
  for (size_t k = 0; k < n; ++k) keyed[k] = {instant_of(k), k};
  std::sort(keyed.begin(), keyed.end());
  for (size_t k = 0; k < n; ++k) order[k] = keyed[k].second;
  return order;
}

}  // namespace slaudit
