#pragma once
// `slaudit check`: every file compiled and linted (rules/lint.h), and the exit
// code decided from what was found.
#include <string>
#include <vector>

#include "jobs/messages.h"
#include "rules/lint.h"

namespace slaudit::jobs {

struct CheckJobOptions {
  std::vector<std::string> files;         // "-" is standard input
  std::vector<std::string> rule_options;  // ID.KEY=VALUE
  bool werror = false;                    // unsilenced warnings fail the check
};

struct CheckJob {
  int exit_code = kOk;
  bool ran = true;  // false when the options were bad: nothing to report
  Messages messages;                     // to print before the report
  std::vector<rules::CheckedFile> files;  // the files read, in the order given
  std::vector<std::string> io_errors;    // files that could not be read
};

CheckJob run_check_job(const CheckJobOptions& options);

}  // namespace slaudit::jobs
