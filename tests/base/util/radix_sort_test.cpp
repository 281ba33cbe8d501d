// stable_radix_sort orders keys by a range of their bits, keys equal there in
// their order: compared with std::stable_sort on the same bits, for ranges of
// one pass, several passes, a last pass narrower than the others, and none.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "base/util/radix_sort.h"

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

TEST_CASE("order_by_instant: positions by instant then position, by radix or by comparison", "[util]") {
  using slaudit::Instant;
  using slaudit::Seconds;
  std::mt19937_64 random(5);
  // A year of seconds takes the radix sort; two hundred years (over 2^32 s) the comparison sort.
  for (const int64_t span : {int64_t{0}, int64_t{86400}, int64_t{31'536'000}, int64_t{200} * 31'536'000}) {
    for (const size_t count : {size_t{0}, size_t{1}, size_t{5000}}) {
      const Instant earliest{Seconds{1'767'225'600}};
      std::vector<Instant> at(count);
      // Few distinct instants among many, so that ties are many.
      for (Instant& a : at) a = earliest + Seconds{span == 0 ? 0 : static_cast<int64_t>(random() % 64) * (span / 63)};
      const Instant latest = earliest + Seconds{span};
      std::vector<uint64_t> expected(count);
      for (size_t k = 0; k < count; ++k) expected[k] = k;
      std::stable_sort(expected.begin(), expected.end(), [&](uint64_t a, uint64_t b) { return at[a] < at[b]; });
      INFO(count << " items over " << span << " s");
      CHECK(slaudit::order_by_instant(count, earliest, latest, [&](size_t k) { return at[k]; }) == expected);
    }
  }
}
