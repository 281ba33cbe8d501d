#include "engine/records/fault_mix.h"

namespace slaudit {

const std::vector<FaultShare>& llama3_fault_mix() {
  // Counts of the 419 unexpected interruptions; the 2-each tail is spread over its classes.
  static const std::vector<FaultShare> mix = {
      {"gpu_xid", 148},      {"gpu_hbm", 72},     {"software", 54},    {"network", 35},
      {"node_down", 32},     {"gpu_sram", 19},    {"gpu_gsp", 17},     {"nic_failure", 7},
      {"nccl_timeout", 7},   {"silent_data_corruption", 6}, {"gpu_thermal", 6}, {"storage", 3},
      {"power_supply", 3},   {"chassis", 2},      {"io_board", 2},     {"dependency", 2},
      {"cpu", 2},            {"system_memory", 2},
  };
  return mix;
}

int64_t llama3_count(std::string_view fault) {
  for (const FaultShare& share : llama3_fault_mix())
    if (fault == share.fault) return share.count;
  return 0;
}

}  // namespace slaudit
