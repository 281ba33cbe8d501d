#include "fuzz/support/incident_logs.h"

#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/incident_text.h"
#include "fuzz/support/memory_file.h"
#include "fuzz/support/text_diff.h"

namespace slaudit::fuzz {
namespace {

IncidentReadOptions options_for(LogFormat format) {
  IncidentReadOptions options;
  options.format = format;
  options.services = fuzz_services();
  return options;
}

std::string read_described(std::string_view data, const IncidentReadOptions& options, bool from_file) {
  const IncidentLogResult result = from_file ? read_incident_log_file(memory_file(data), options)
                                             : read_incident_log(data, "fuzz", options);
  SLAUDIT_FUZZ_EXPECT(result.ok() != !result.error.empty(), "a result with both a log and an error, or neither");
  if (!result.ok()) return "error " + result.error + "\n";
  expect_accounted(*result.log);
  return describe_log(*result.log);
}

void expect_same(const std::string& whole, const std::string& other, const char* how) {
  SLAUDIT_FUZZ_EXPECT(whole == other, std::string("read whole and ") + how + " differ:" + first_difference(whole, other));
}

}  // namespace

const ServiceNames& fuzz_services() {
  static const ServiceNames services = {"vm", "storage", "training", "gpu-training", "api", "训练集群"};
  return services;
}

void read_every_way(std::string_view data, LogFormat format) {
  IncidentReadOptions options = options_for(format);
  const std::string whole = read_described(data, options, false);
  // A read error names the input, whose name differs between memory and file.
  if (whole.starts_with("error ")) return;

  if (format == LogFormat::JsonLines) {
    IncidentReadOptions general = options;
    general.scan_plain_lines = false;
    expect_same(whole, read_described(data, general, false), "without the plain-line scanner");
  }
  // Blocks of 1 to 64 bytes, chosen by the input so the fuzzer explores where they end.
  IncidentReadOptions blocks = options;
  blocks.read_block_bytes = data.empty() ? 1 : 1 + static_cast<unsigned char>(data.back()) % 64;
  expect_same(whole, read_described(data, blocks, true), "read in small blocks");
}

}  // namespace slaudit::fuzz
