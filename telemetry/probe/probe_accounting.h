#pragma once
// What became of every row a probe reader saw: used or rejected with a reason.
// Memory is bounded: all rejections are counted, only the first `keep` kept.
#include <cstdint>
#include <string>
#include <vector>

namespace slaudit::probe {

struct ProbeRejection {
  uint32_t source = 0;   // input index
  uint64_t record = 0;   // 1-based line (CSV)
  std::string reason;
};

struct ProbeAccounting {
  uint64_t read = 0;
  uint64_t used = 0;
  uint64_t rejected = 0;
  size_t keep = 100;
  std::vector<ProbeRejection> first_rejections;

  void reject(uint32_t source, uint64_t record, const char* reason) {
    ++rejected;
    if (first_rejections.size() < keep) first_rejections.push_back({source, record, reason});
  }
};

}  // namespace slaudit::probe
