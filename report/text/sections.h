#pragma once
// The sections of the text report, one function each, in report order.
// Internal to engine/report: render_text.h is the public face.
#include <optional>
#include <string>

#include "engine/audit/report.h"
#include "report/common/chunked_output.h"
#include "language/syntax/source.h"
#include "base/time/time_zone.h"

namespace slaudit::report {

// What every section needs to print a figure and where it came from.
struct TextContext {
  const audit::AuditReport& report;
  const SourceFile& contract;
  std::optional<TimeZone> zone;  // the contract's, for local times; UTC when unknown
  bool explain = false;
};

// The two sections that can list every incident (--explain), written in chunks.
void write_availability(const TextContext& context, ChunkedOutput& out);
void write_recovery(const TextContext& context, ChunkedOutput& out);  // nothing without a recovery clause
void write_composites(const TextContext& context, ChunkedOutput& out);  // nothing without a composite
std::string text_probes(const TextContext& context);  // empty when no clause is measured from probes
std::string text_statement(const TextContext& context);  // empty when no period was audited from a statement
std::string text_error_budget(const TextContext& context);  // empty unless audited as of an instant

// "    figure: value = derivation — clause" lines, one per explanation.
std::string text_explanations(const TextContext& context, const std::vector<audit::Explanation>& lines,
                              const std::string& indent);
// An instant in the contract's zone with its offset, or UTC when the zone is unknown.
std::string instant_text(const TextContext& context, Instant at);

}  // namespace slaudit::report
