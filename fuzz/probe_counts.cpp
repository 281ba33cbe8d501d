// Request counts in a query_range response (telemetry/probe/prometheus_counts.h):
// every value used, rejected or missing, each sample 0 <= ok <= total and
// total > 0, the values used = samples + values summed into them; and the
// same samples and counts whatever the order of the series: the document as
// nlohmann writes it back, read with data.result forwards and backwards (both
// written by nlohmann, so that a repeated key or a number's spelling, which
// writing changes, changes both alike).
#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/probe_reads.h"
#include "fuzz/support/text_diff.h"
#include "telemetry/probe/probe_prometheus.h"

using namespace slaudit;

namespace {

// A read's samples without their record numbers (they follow the document's
// order), sorted, and its counts.
std::string order_free(fuzz::ProbeRead& read, const std::string& error) {
  const std::string text = read.checked_text(error);
  if (!error.empty()) return text;
  std::istringstream in(read.samples);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    const size_t hash = line.find(" #");
    const size_t space = hash == std::string::npos ? hash : line.find(' ', hash + 2);
    if (space != std::string::npos) line.erase(hash, space - hash);
    lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  const probe::ProbeAccounting& a = read.accounting;
  std::string out = "read " + std::to_string(a.read) + " used " + std::to_string(a.used) + " rejected " +
                    std::to_string(a.rejected) + " missing " + std::to_string(a.missing) + "\n";
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

}  // namespace

SLAUDIT_FUZZ_TARGET(probe_counts) {
  fuzz::ProbeRead direct;
  const std::string error = probe::read_prometheus_text(data, "fuzz.json", direct.input());
  (void)direct.checked_text(error);  // the accounting and every sample's bounds

  nlohmann::json doc = nlohmann::json::parse(data, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return;
  auto data_it = doc.find("data");
  if (data_it == doc.end() || !data_it->is_object()) return;
  auto result = data_it->find("result");
  if (result == data_it->end() || !result->is_array()) return;
  const std::string forwards = doc.dump();
  std::reverse(result->begin(), result->end());
  const std::string backwards = doc.dump();
  fuzz::ProbeRead one, two;
  const std::string one_error = probe::read_prometheus_text(forwards, "fuzz.json", one.input());
  const std::string two_error = probe::read_prometheus_text(backwards, "fuzz.json", two.input());
  if (!one_error.empty() || !two_error.empty()) return;  // which error comes first may depend on the order
  const std::string x = order_free(one, one_error), y = order_free(two, two_error);
  SLAUDIT_FUZZ_EXPECT(x == y, "the series read backwards give other samples:" + fuzz::first_difference(x, y));
}
