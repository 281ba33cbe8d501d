// stable_radix_sort orders keys by a range of their bits, keys equal there in
// their order: compared with std::stable_sort on the same bits, for ranges of
// one pass, several passes, a last pass narrower than the others, and none.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "engine/util/radix_sort.h"

TEST_CASE("stable_radix_sort: the order of std::stable_sort on the same bits", "[util]") {
  struct Range {
    int shift, bits;
  };
  // (32, 25): a year of seconds above a 32-bit index, as the audit packs them.
  const std::vector<Range> ranges = {{32, 25}, {32, 22}, {32, 11}, {32, 12}, {0, 64}, {5, 7}, {32, 0}, {60, 4}};
  std::mt19937_64 random(3);
  for (const Range& r : ranges) {
    for (const size_t count : {size_t{0}, size_t{1}, size_t{2}, size_t{1000}, size_t{70000}}) {
      std::vector<uint64_t> keys(count);
      for (uint64_t& key : keys) key = random();
      // Few distinct values in the range as well, so that ties are many.
      if (count == 70000) for (uint64_t& key : keys) key &= ~(uint64_t{0xFFF0} << r.shift);
      const auto digit = [&](uint64_t key) {
        const uint64_t mask = r.bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << r.bits) - 1;
        return r.shift >= 64 ? 0 : (key >> r.shift) & mask;
      };
      std::vector<uint64_t> expected = keys;
      std::stable_sort(expected.begin(), expected.end(),
                       [&](uint64_t a, uint64_t b) { return digit(a) < digit(b); });
      slaudit::stable_radix_sort(keys, r.shift, r.bits);
      INFO("bits [" << r.shift << ", " << r.shift + r.bits << "), " << count << " keys");
      CHECK(keys == expected);
    }
  }
}
