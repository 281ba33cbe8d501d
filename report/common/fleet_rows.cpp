#include "report/common/fleet_rows.h"

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "engine/figures/figures.h"
#include "report/common/names.h"

namespace slaudit::report {

std::vector<const audit::ResourcePeriod*> breached_by_owed(const audit::FleetReport& report) {
  std::vector<const audit::ResourcePeriod*> breached;
  for (const auto& rp : report.periods)
    if (rp.figures.verdict() == audit::Verdict::Breached) breached.push_back(&rp);
  std::ranges::stable_sort(breached, [](const auto* a, const auto* b) { return a->figures.owed_minor > b->figures.owed_minor; });
  return breached;
}

std::vector<std::string> group_lines(const audit::FleetReport& report) {
  std::vector<std::string> lines;
  for (const audit::FleetPeriodTotal& t : report.totals)
    if (t.groups > 0)
      lines.push_back(t.service + " " + t.period + ": " + counted(t.groups, "group", "groups") +
                      " audited by group-level clauses, " + std::to_string(t.groups_breached) + " breached");
  return lines;
}

std::vector<AvailabilityBand> availability_bands(const audit::FleetReport& report) {
  struct Edge {
    int64_t numerator, denominator;  // the lower edge, a share 0..1
    const char* label;
  };
  // Highest first; a period falls in the first band whose lower edge it reaches.
  static constexpr Edge kEdges[] = {{1, 1, "100%"},
                                    {9999, 10000, "99.99% to 100%"},
                                    {999, 1000, "99.9% to 99.99%"},
                                    {995, 1000, "99.5% to 99.9%"},
                                    {99, 100, "99% to 99.5%"},
                                    {95, 100, "95% to 99%"},
                                    {0, 1, "below 95%"}};
  constexpr size_t kNotAssessed = std::size(kEdges);
  std::vector<AvailabilityBand> bands;
  for (const Edge& e : kEdges) bands.push_back({e.label, 0, 0});
  bands.push_back({"not assessed", 0, 0});
  if (std::ranges::all_of(report.periods, [](const audit::ResourcePeriod& rp) { return !rp.group_by.empty(); }))
    return {};  // no resource period: groups only, or nothing audited
  for (const auto& rp : report.periods) {
    if (!rp.group_by.empty()) continue;  // a group's period is no resource's
    const audit::ResourceFigures& f = rp.figures;
    size_t band = kNotAssessed;
    if (f.availability) {
      // a >= n/d compared by cross-multiplying (denominators are positive):
      // a rational comparison would reduce by gcds, once per edge and period
      // of a fleet of 100,000.
      const auto& num = boost::multiprecision::numerator(*f.availability);
      const auto& den = boost::multiprecision::denominator(*f.availability);
      for (size_t k = 0; k < std::size(kEdges); ++k)
        if (num * kEdges[k].denominator >= den * kEdges[k].numerator) {
          band = k;
          break;
        }
    }
    ++bands[band].resource_periods;
    if (f.verdict() == audit::Verdict::Breached) ++bands[band].breached;
  }
  return bands;
}

std::vector<std::string> fleet_evidence_gaps(const audit::FleetReport& report) {
  std::vector<std::string> gaps;
  for (const auto& rp : report.periods) gaps.insert(gaps.end(), rp.figures.evidence_gaps.begin(), rp.figures.evidence_gaps.end());
  std::ranges::sort(gaps);
  gaps.erase(std::unique(gaps.begin(), gaps.end()), gaps.end());
  if (gaps.size() > kListedAtMost) {
    const size_t more = gaps.size() - kListedAtMost;
    gaps.resize(kListedAtMost);
    gaps.push_back("... and " + std::to_string(more) + " more (all in --format json)");
  }
  gaps.insert(gaps.begin(), report.evidence_gaps.begin(), report.evidence_gaps.end());
  return gaps;
}

std::string periods_phrase(const std::vector<const audit::ResourcePeriod*>& periods) {
  const auto groups = static_cast<size_t>(
      std::ranges::count_if(periods, [](const audit::ResourcePeriod* rp) { return !rp->group_by.empty(); }));
  const size_t resources = periods.size() - groups;
  const std::string of_resources = counted(resources, "resource period", "resource periods");
  const std::string of_groups = counted(groups, "group period", "group periods");
  if (groups == 0) return of_resources;
  if (resources == 0) return of_groups;
  return of_resources + " and " + of_groups;
}

std::string fleet_result_phrase(const audit::FleetReport& r) {
  switch (r.verdict) {
    case audit::Verdict::Breached: return periods_phrase(breached_by_owed(r)) + " breached";
    case audit::Verdict::NotAssessed: return "not assessed: some resource or period has no usable evidence";
    case audit::Verdict::Met:
      return r.evidence_complete() ? "every resource met its SLA" : "no breach found, but the evidence is incomplete";
  }
  return "not assessed";
}

std::string claim_deadline_text(const std::optional<model::CivilDate>& deadline, std::string_view none) {
  return deadline ? date_text(*deadline) : std::string(none);
}

}  // namespace slaudit::report
