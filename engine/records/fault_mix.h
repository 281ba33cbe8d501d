#pragma once
// The fault classes that interrupt a large training job, and how often: the
// unexpected interruptions Meta reported for Llama 3 (419 of 16,384 H100s in a
// 54-day snapshot; counts in ../shared/reference/public-slas.md). The incident
// generator draws its fault classes from it, and the comparison of providers
// weighs what a recovery commitment covers by it (docs/compare.md).
#include <cstdint>
#include <string_view>
#include <vector>

namespace slaudit {

struct FaultShare {
  const char* fault;  // the fault class, as incident logs name it
  int64_t count;      // unexpected interruptions of that class
};

// Most frequent first; the counts add up to kLlama3Unexpected.
const std::vector<FaultShare>& llama3_fault_mix();

// The reference run: 466 job interruptions in 54 days on 16,384 GPUs,
// 419 unexpected (the mix above) and 47 planned.
inline constexpr int64_t kLlama3Unexpected = 419;
inline constexpr int64_t kLlama3Planned = 47;
inline constexpr int64_t kLlama3Days = 54;
inline constexpr int64_t kLlama3Gpus = 16384;

// The count of `fault` in the mix; 0 for a class the mix does not name.
int64_t llama3_count(std::string_view fault);

}  // namespace slaudit
