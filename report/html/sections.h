#pragma once
// Sections of the HTML report, internal to engine/report: render_html.h is
// the public face. Each returns a fragment of the page, escaped and complete.
#include <optional>
#include <string>

#include "engine/audit/report.h"
#include "language/model/contract.h"
#include "language/syntax/source.h"
#include "base/time/time_zone.h"

namespace slaudit::report {

// What every section needs to print a figure, a time and where it came from.
struct HtmlContext {
  const audit::AuditReport& report;
  const model::Contract& contract;
  const SourceFile& source;
  std::optional<TimeZone> zone;  // the contract's, for local times; UTC when unknown
};

std::string html_style();                                  // the page's one <style> element
std::string html_summary(const HtmlContext& context);      // the table of periods and the totals
std::string html_credits(const HtmlContext& context);      // each credit owed: clause, tier, cap, deadline, derivation
std::string html_periods(const HtmlContext& context);      // one section per period: timeline and incidents
std::string html_probes(const HtmlContext& context);       // probe clauses: buckets, missing data, samples
std::string html_statement(const HtmlContext& context);    // the provider's statement: owed against paid; "" without one
std::string html_error_budget(const HtmlContext& context); // an audit as of an instant: budgets, burn rates; "" otherwise
std::string html_recovery(const HtmlContext& context);     // recovery clauses: breaches and fault statistics
std::string html_composites(const HtmlContext& context);   // composite SLAs: promise and measured availability
std::string html_records(const HtmlContext& context);      // records read, used, rejected
std::string html_inputs(const HtmlContext& context);       // input digests, engine and tzdata versions

// "<a clause>": "gpu_cluster.sla:36 <code>below 99.9%: 10%;</code>", or the default wording.
std::string html_clause(const HtmlContext& context, SourceRange range);
// An instant in the contract's zone with its offset, or UTC when the zone is unknown.
std::string html_instant(const HtmlContext& context, Instant at);

}  // namespace slaudit::report
