// Explanations and instants, shared by the text report's sections.
#include "report/common/clause_ref.h"
#include "report/text/sections.h"
#include "base/time/format_local.h"
#include "base/time/timestamp.h"

namespace slaudit::report {

std::string text_explanations(const TextContext& context, const std::vector<audit::Explanation>& lines,
                              const std::string& indent) {
  std::string out;
  for (const audit::Explanation& line : lines) {
    out += indent + line.figure + ": " + line.value;
    if (!line.derivation.empty()) out += " = " + line.derivation;
    out += " — " + clause_location(context.contract, line.clause) + "\n";
  }
  return out;
}

std::string instant_text(const TextContext& context, Instant at) {
  return context.zone ? format_local(at, *context.zone) : format_utc(at);
}

}  // namespace slaudit::report
