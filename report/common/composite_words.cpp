#include "report/common/composite_words.h"

#include "engine/figures/figures.h"

namespace slaudit::report {

std::string composite_title(const audit::CompositeAudit& c) {
  std::string parts;
  for (const std::string& p : c.components) parts += (parts.empty() ? "" : ", ") + p;
  return c.name + (c.label.empty() ? "" : " \"" + c.label + "\"") + ": " + std::string(terms::keyword(c.shape)) +
         " (" + parts + ")";
}

std::string composite_promise(const audit::CompositeAudit& c) {
  std::string out = c.promise ? "promise " + share_text(*c.promise) + " at best (the components' targets " +
                                    (c.shape == terms::CompositeShape::Series ? "multiplied" : "as fallbacks") + ")"
                              : "no promise (a component states no target)";
  return out + (c.target ? "; target " + percent_text(*c.target) : "; no target: measured, not judged");
}

std::string composite_status(const audit::CompositePeriod& p) {
  return p.verdict ? std::string(audit::verdict_name(*p.verdict)) : "measured (no target)";
}

}  // namespace slaudit::report
