// Explanations and instants, shared by the text report's sections.
#include "report/common/amounts.h"
#include "report/common/clause_ref.h"
#include "report/text/sections.h"
#include "base/time/format_local.h"
#include "base/time/timestamp.h"

namespace slaudit::report {

std::string text_explanations(const TextContext& context, const std::vector<audit::Explanation>& lines,
                              const std::string& indent) {
  std::string out;
  for (const audit::Explanation& line : lines) {
    // The audit's wording, as JSON carries it, with its amounts grouped for people.
    const model::Currency& currency = context.report.currency;
    out += indent + line.figure + ": " + amounts_grouped(line.value, currency);
    if (!line.derivation.empty()) out += " = " + amounts_grouped(line.derivation, currency);
    out += " — " + clause_location(context.contract, line.clause) + "\n";
  }
  return out;
}

std::string instant_text(const TextContext& context, Instant at) {
  return context.zone ? format_local(at, *context.zone) : format_utc(at);
}

}  // namespace slaudit::report
