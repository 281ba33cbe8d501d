// Where a figure came from, and when it happened, as the HTML report prints them.
#include "report/common/clause_ref.h"
#include "report/html/sections.h"
#include "report/html/html_text.h"
#include "base/time/format_local.h"
#include "base/time/timestamp.h"

namespace slaudit::report {

std::string html_clause(const HtmlContext& context, SourceRange range) {
  if (!is_stated(range)) return html_element("span", kDefaultClause, "default");
  return "<span class=\"clause\">" + html_element("span", clause_location(context.source, range), "loc") + " " +
         html_element("code", clause_excerpt(context.source, range)) + "</span>";
}

std::string html_instant(const HtmlContext& context, Instant at) {
  return context.zone ? format_local(at, *context.zone) : format_utc(at);
}

}  // namespace slaudit::report
