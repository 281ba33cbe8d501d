#pragma once
// Printing what a job returns: its messages on standard error, one per line.
#include <iostream>

#include "jobs/messages.h"

namespace slaudit::cli {

using jobs::kBreach;
using jobs::kContractErrors;
using jobs::kOk;
using jobs::kUsageOrIo;

inline void print(const jobs::Messages& messages) {
  for (const std::string& line : messages) std::cerr << line << "\n";
}

}  // namespace slaudit::cli
