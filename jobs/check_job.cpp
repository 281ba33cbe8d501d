#include "jobs/check_job.h"

#include <memory>

#include "base/util/file_io.h"

namespace slaudit::jobs {

CheckJob run_check_job(const CheckJobOptions& o) {
  CheckJob job;
  rules::RuleOptions rule_options;
  for (const auto& spec : o.rule_options)
    if (auto error = rule_options.add(spec); !error.empty()) {
      job.messages.push_back("slaudit: " + error);
      job.exit_code = kUsageOrIo;
      job.ran = false;
      return job;
    }
  for (const auto& path : o.files) {
    ReadResult read = read_file(path, kMaxContractBytes, "a contract");
    if (!read.text) {
      job.messages.push_back("slaudit: " + read.error);
      job.io_errors.push_back(read.error);
      job.exit_code = kUsageOrIo;
      continue;
    }
    rules::CheckedFile file = rules::check_file(std::make_shared<SourceFile>(path, std::move(*read.text)), rule_options);
    if ((file.errors || (o.werror && file.warnings)) && job.exit_code == kOk) job.exit_code = kContractErrors;
    job.files.push_back(std::move(file));
  }
  return job;
}

}  // namespace slaudit::jobs
