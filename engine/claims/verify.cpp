// verify_claims: each claim, then each commitment, as a predicate over one
// kind of evidence; the readings of a predicate combine into its verdict.
#include "engine/claims/verify.h"

#include <algorithm>

#include "engine/claims/compare.h"
#include "engine/claims/readings.h"
#include "engine/figures/figures.h"
#include "base/time/civil_time.h"
#include "base/time/time_zone.h"

namespace slaudit::claims {

namespace {

std::string qualifiers_text(const model::ClaimPredicate& p, const model::Contract& contract) {
  std::string out;
  if (p.reading == model::ClusterReading::Single) out += " single";
  if (p.reading == model::ClusterReading::Aggregate) out += " aggregate";
  if (p.period) {
    switch (p.period->kind) {
      case model::PeriodKind::CalendarMonth: out += " period calendar month"; break;
      case model::PeriodKind::CalendarQuarter: out += " period calendar quarter"; break;
      case model::PeriodKind::CalendarYear: out += " period calendar year"; break;
      case model::PeriodKind::CalendarWeek: out += " period calendar week"; break;
      case model::PeriodKind::BillingMonth: out += " period billing month"; break;
      case model::PeriodKind::Rolling: out += " period rolling " + std::to_string(p.period->rolling_days) + " days"; break;
    }
  }
  if (!p.faults.empty()) {
    out += " faults (";
    for (size_t i = 0; i < p.faults.size(); ++i) out += (i ? ", " : "") + p.faults[i];
    out += ")";
  }
  if (p.condition == model::Condition::Empty) out += " empty";
  if (p.condition == model::Condition::UnderLoad) out += " under load";
  if (p.service) out += " for " + contract.services[*p.service].name;
  return out;
}

std::string predicate_text(const model::ClaimPredicate& p, const model::Contract& contract) {
  return p.metric + " " + comparator_symbol(p.cmp) + " " + p.value.written + qualifiers_text(p, contract);
}

Judged judge(const model::ClaimPredicate& p, const Evidence& ev) {
  if (p.metric == "gpus" || p.metric == "nodes") return cluster_readings(p, ev);
  if (p.metric == "availability") return availability_readings(p, ev);
  if (p.metric == "recovery_time") return recovery_readings(p, ev);
  return measured_readings(p, ev);
}

std::string basis_of(Verdict verdict, const Judged& judged) {
  std::string how;
  for (const std::string& note : judged.notes)
    if (how.find(note) == std::string::npos) how += "; " + note;
  const size_t n = judged.readings.size();
  switch (verdict) {
    case Verdict::Verified:
      return (n == 1 ? std::string("holds on the evidence") : "holds under every reading") + how;
    case Verdict::Refuted:
      return (n == 1 ? std::string("contradicted by the evidence") : "fails under every reading") + how;
    case Verdict::Ambiguous: return "holds under some readings and fails under others; the claim must say which" + how;
    case Verdict::Unverifiable:
      return (n == 0 ? std::string("no evidence for it") : "a reading has no evidence") + how;
  }
  return how;
}

std::string needs_of(const Judged& judged) {
  if (!judged.needs.empty()) return judged.needs;
  std::string out;
  for (const Reading& r : judged.readings)
    if (r.verdict == Verdict::Unverifiable && !r.needs.empty()) out += (out.empty() ? "" : "; ") + r.needs;
  return out;
}

ItemVerdict verify_predicate(ItemVerdict item, const model::ClaimPredicate& p, const Evidence& ev) {
  item.metric = p.metric;
  item.predicate = predicate_text(p, *ev.contract);
  Judged judged = judge(p, ev);
  item.verdict = judged.needs.empty() ? combine(judged.readings) : Verdict::Unverifiable;
  if (!judged.needs.empty()) judged.readings.clear();
  item.basis = basis_of(item.verdict, judged);
  if (item.verdict == Verdict::Unverifiable) item.needs = needs_of(judged);
  item.readings = std::move(judged.readings);
  return item;
}

size_t line_of(const SourceFile* source, SourceRange range) {
  return source ? source->location(range.begin).line : 0;
}

ItemVerdict verify_claim(const model::Claim& claim, const Evidence& ev) {
  ItemVerdict item;
  item.kind = ItemKind::Claim;
  item.text = claim.text;
  item.line = line_of(ev.source, claim.range);
  if (claim.predicate) return verify_predicate(std::move(item), *claim.predicate, ev);
  item.verdict = Verdict::Unverifiable;
  if (claim.unverifiable) {
    item.basis = "the contract marks the claim unverifiable";
    item.needs = "a measurable restatement in the contract (a metric, a comparison and a value, e.g. "
                 "model_onboarding <= 1 d) and evidence for that metric";
  } else {
    item.basis = "the claim states nothing measurable";
    item.needs = "a metric, a comparison and a value in the contract (claim \"...\": metric >= value;) and evidence for it";
  }
  return item;
}

ItemVerdict verify_commitment(const model::Commitment& c, const Evidence& ev) {
  model::ClaimPredicate p;
  p.metric = c.metric;
  p.cmp = c.cmp;
  p.value = c.value;
  p.condition = c.condition;
  p.service = c.service;
  ItemVerdict item;
  item.kind = ItemKind::Commitment;
  item.text = "commit " + predicate_text(p, *ev.contract);
  item.line = line_of(ev.source, c.range);
  return verify_predicate(std::move(item), p, ev);
}

model::CivilDate civil_day(Instant at, const TimeZone& zone) {
  const CivilTime t = to_civil_time(zone.to_local(at));
  return {static_cast<int>(t.year), static_cast<int>(t.month), static_cast<int>(t.day)};
}

int days_in_month(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

// The calendar months from the first incident's start to the last one's end (or start, when open).
std::optional<audit::AuditRange> incident_months(const std::vector<Incident>& incidents, const model::Contract& contract) {
  if (incidents.empty()) return std::nullopt;
  const auto zone = TimeZone::find(contract.timezone.value_or("UTC"));
  const TimeZone tz = zone ? *zone : TimeZone::utc();
  Instant first = incidents.front().start, last = first;
  for (const Incident& i : incidents) {
    first = std::min(first, i.start);
    last = std::max(last, i.end.value_or(i.start));
  }
  model::CivilDate a = civil_day(first, tz), b = civil_day(last - Seconds{1} < first ? first : last - Seconds{1}, tz);
  a.day = 1;
  b.day = days_in_month(b.year, b.month);
  return audit::AuditRange{a, b, date_text(a) + ".." + date_text(b)};
}

}  // namespace

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::Verified: return "VERIFIED";
    case Verdict::Refuted: return "REFUTED";
    case Verdict::Ambiguous: return "AMBIGUOUS";
    case Verdict::Unverifiable: return "UNVERIFIABLE";
  }
  return "UNVERIFIABLE";
}

const char* item_kind_name(ItemKind kind) { return kind == ItemKind::Claim ? "claim" : "commitment"; }

std::array<size_t, 4> ClaimsReport::counts() const {
  std::array<size_t, 4> out{};
  for (const ItemVerdict& item : items) ++out[static_cast<size_t>(item.verdict)];
  return out;
}

std::string claimed_text(const model::ClaimPredicate& claim) {
  return comparator_symbol(claim.cmp) + " " + claim.value.written;
}

Verdict combine(const std::vector<Reading>& readings) {
  if (readings.empty()) return Verdict::Unverifiable;
  size_t verified = 0, refuted = 0;
  for (const Reading& r : readings) {
    verified += r.verdict == Verdict::Verified;
    refuted += r.verdict == Verdict::Refuted;
  }
  if (verified == readings.size()) return Verdict::Verified;
  if (refuted == readings.size()) return Verdict::Refuted;
  if (verified > 0 && refuted > 0) return Verdict::Ambiguous;
  return Verdict::Unverifiable;
}

ClaimsReport verify_claims(const ClaimsRequest& request) {
  const model::Contract& contract = *request.contract;
  ClaimsReport report;
  report.engine_version = SLAUDIT_VERSION;
  report.tzdata_version = std::string(TimeZone::tzdata_version());
  report.contract_title = contract.title;
  if (request.contract_source) report.contract_path = request.contract_source->name();
  Evidence ev{&contract, request.contract_source, request.inventory, request.measurements, request.incidents,
              request.range};
  if (request.incidents) {
    if (!ev.range) {
      ev.range = incident_months(*request.incidents, contract);
      if (ev.range)
        report.notes.push_back("no range given: availability and recovery read over the calendar months the "
                               "incident log spans, " + ev.range->label);
    }
    if (ev.range) report.range = ev.range->label;
    else report.notes.push_back("the incident log holds no incident and no range was given: nothing to read it over");
  }
  if (!contract.timezone)
    report.notes.push_back("the contract states no time zone: periods are cut in UTC");
  for (size_t k = 0; k < contract.claims.size(); ++k) {
    report.items.push_back(verify_claim(contract.claims[k], ev));
    report.items.back().index = k;
  }
  for (size_t k = 0; k < contract.commitments.size(); ++k) {
    report.items.push_back(verify_commitment(contract.commitments[k], ev));
    report.items.back().index = k;
  }
  // In the order the contract states them, claims and commitments mixed.
  std::stable_sort(report.items.begin(), report.items.end(),
                   [](const ItemVerdict& a, const ItemVerdict& b) { return a.line < b.line; });
  return report;
}

}  // namespace slaudit::claims
