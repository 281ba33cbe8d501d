#pragma once
// A stable LSD radix sort of 64-bit keys on a range of their bits: the audit
// sorts instants packed with an index ("seconds since the start of the range"
// in the high 32 bits, the index in the low 32), built in index order, so
// sorting on the seconds alone, stably, orders them by (instant, index).
// Eleven bits a pass: a year of seconds (25 bits) takes three passes over the
// keys, where a comparison sort of a million keys takes twenty.
#include <cstdint>
#include <vector>

namespace slaudit {

// Sorts `keys` by bits [shift, shift + bits) of each key, keys equal there
// keeping their order. 0 <= shift, shift + bits <= 64.
void stable_radix_sort(std::vector<uint64_t>& keys, int shift, int bits);

}  // namespace slaudit
