// compare_vendors: for each vendor, its claims verified against its own
// evidence, the history replayed through its contract, the seven questions
// and the scorecard; then the ranking and how much the weights would have to
// change to change it.
#include "engine/selection/compare_vendors.h"

#include <algorithm>

#include "base/time/time_zone.h"
#include "engine/claims/verify.h"
#include "engine/selection/questions.h"
#include "engine/selection/replay.h"
#include "engine/selection/scoring.h"
#include "engine/selection/sensitivity.h"

namespace slaudit::selection {

namespace {

VendorComparison compare_one(const VendorInput& in, const CompareRequest& request,
                             const std::optional<HistorySummary>& history) {
  VendorComparison v;
  v.name = in.name;
  v.contract_path = in.source ? in.source->name() : "";
  v.contract_title = in.contract->title;
  v.currency = in.contract->currency.value_or(model::Currency{});
  v.service = in.contract->services[in.service].name;
  v.findings = in.findings;
  claims::ClaimsRequest claims_request;
  claims_request.contract = in.contract;
  claims_request.contract_source = in.source;
  claims_request.inventory = in.inventory;
  claims_request.measurements = in.measurements;
  claims_request.incidents = in.incidents;
  v.claims = claims::verify_claims(claims_request);
  const std::vector<Statement> said = statements(*in.contract, v.claims);  // points into v.claims: used here only
  if (request.replay) v.replay = replay_history(in, *request.replay, *history);
  v.questions = seven_questions(in, said);
  v.score = scorecard(ScoreInput{in, said}, request.weights);
  return v;
}

std::vector<size_t> rank(std::vector<VendorComparison>& vendors) {
  std::vector<size_t> order(vendors.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return vendors[a].score.weighted > vendors[b].score.weighted; });
  for (VendorComparison& v : vendors) {
    v.rank = 1;
    for (const VendorComparison& other : vendors) v.rank += other.score.weighted > v.score.weighted;
  }
  return order;
}

void add_notes(const CompareRequest& request, CompareReport& report) {
  for (const VendorComparison& v : report.vendors)
    if (v.currency.code != report.vendors.front().currency.code) {
      report.notes.push_back("the contracts are priced in different currencies: amounts are in each contract's own; "
                             "shares of fees compare across them");
      break;
    }
  if (!request.replay) report.notes.push_back("no outage history given (--replay or --generate): nothing replayed");
  for (const VendorInput& in : request.vendors)
    if (!in.inventory && !in.measurements && !in.incidents)
      report.notes.push_back(in.name + ": no evidence given: its claims are UNVERIFIABLE and earn nothing; its "
                                       "commitments earn as written");
}

}  // namespace

bool CompareReport::incomplete() const {
  if (!rejected.empty()) return true;
  for (const VendorComparison& v : vendors)
    if (v.replay && (!v.replay->ran() || !v.replay->lost_cost_minor || !v.replay->credit_share ||
                     v.replay->periods_not_assessed > 0 || !v.replay->audit->evidence_complete()))
      return true;
  return false;
}

CompareReport compare_vendors(const CompareRequest& request) {
  CompareReport report;
  report.engine_version = SLAUDIT_VERSION;
  report.tzdata_version = std::string(TimeZone::tzdata_version());
  report.weights = request.weights;
  if (request.replay) report.history = summarize_history(*request.replay);
  for (const VendorInput& in : request.vendors) report.vendors.push_back(compare_one(in, request, report.history));
  report.ranking = rank(report.vendors);
  for (size_t k = 0; k + 1 < report.ranking.size(); ++k)
    report.sensitivity.push_back(sensitivity(report.vendors, report.ranking[k], report.ranking[k + 1], request.weights));
  add_notes(request, report);
  return report;
}

}  // namespace slaudit::selection
