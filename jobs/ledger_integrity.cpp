#include "jobs/ledger_integrity.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <vector>

#include "base/time/civil_date.h"
#include "jobs/ledger_evidence.h"
#include "ledger/account_summary.h"
#include "ledger/chain.h"
#include "ledger/earlier_credits.h"
#include "ledger/schema.h"

namespace slaudit::jobs {

namespace {

void check_chain(ledger::Database& db, const std::string& given_head, ledger::Verification& out) {
  const ledger::ChainCheck chain = ledger::check_chain(db);
  out.chain_links = chain.links;
  if (chain.head) {
    out.head_digest = chain.head->digest;
    out.head_entry = ledger::link_name(*chain.head);
  }
  for (const std::string& p : chain.problems) out.ledger_problems.push_back("chain: " + p);
  if (given_head.empty()) return;
  out.given_head = given_head;
  if (out.schema < 4) {
    out.ledger_problems.push_back("head " + given_head + ": the ledger keeps no chain yet (schema " +
                                  std::to_string(out.schema) + "; the next audit or claim step adds it)");
    return;
  }
  if (const std::optional<ledger::ChainLink> link = ledger::find_link(db, given_head)) {
    out.given_head_entry = "link " + std::to_string(link->position) + " (" + ledger::link_name(*link) + ")";
    return;
  }
  out.ledger_problems.push_back("head " + given_head +
                                ": no link of the chain has it: the ledger was rewritten up to it (or the digest is "
                                "another ledger's)");
}

std::string summary_name(const ledger::PeriodSummary& p) {
  return "\"" + p.contract_title + "\" " + p.service + (p.clause_label.empty() ? "" : " \"" + p.clause_label + "\"") +
         " " + p.period;
}

// The figures of a period's totals, as text, by name: what is compared.
std::vector<std::pair<std::string, std::string>> totals_figures(const ledger::PeriodSummary& p) {
  return {{"rows", std::to_string(p.rows)},
          {"breached", std::to_string(p.breached)},
          {"not_assessed", std::to_string(p.not_assessed)},
          {"credit_not_stated", std::to_string(p.credit_not_stated)},
          {"credit_minor", std::to_string(p.credit_minor)},
          {"owed_minor", std::to_string(p.owed_minor)},
          {"lowest", p.lowest ? p.lowest->str() : "(none)"},
          {"lowest_resource", p.lowest ? p.lowest_resource : "(none)"}};
}

// The totals kept at recording must be the sums of the current rows (a
// version-2 ledger keeps none: the kept ones are the sums there).
void check_totals(ledger::Database& db, ledger::Verification& out) {
  if (out.schema < 3) return;
  const std::vector<ledger::PeriodSummary> kept = ledger::read_account_summary(db, {});
  const std::vector<ledger::PeriodSummary> summed = ledger::sum_account_summary(db, {});
  out.totals_checked = summed.size();
  for (const ledger::PeriodSummary& s : summed) {
    const auto k = std::find_if(kept.begin(), kept.end(),
                                [&](const ledger::PeriodSummary& p) { return summary_name(p) == summary_name(s); });
    if (k == kept.end()) {
      out.ledger_problems.push_back("kept totals: " + summary_name(s) + " has rows but no kept totals");
      continue;
    }
    const auto was = totals_figures(*k), now = totals_figures(s);
    for (size_t f = 0; f < was.size(); ++f)
      if (was[f].second != now[f].second)
        out.ledger_problems.push_back("kept totals: " + summary_name(s) + " " + was[f].first + " is " +
                                      was[f].second + ", the current rows sum to " + now[f].second);
  }
  for (const ledger::PeriodSummary& k : kept)
    if (std::none_of(summed.begin(), summed.end(),
                     [&](const ledger::PeriodSummary& p) { return summary_name(p) == summary_name(k); }))
      out.ledger_problems.push_back("kept totals: " + summary_name(k) + " has kept totals but no current row");
}

// An audit with a period nobody re-audited since: what its caps over months depend on.
struct CurrentAudit {
  int64_t id = 0;
  std::string title, range, options;
  bool fleet = false;
  std::string first_day;  // the first local day it audited
};

constexpr const char* kCurrentAudits =
    "SELECT a.id, a.contract_title, a.range, a.options, a.kind, MIN(p.start_local) FROM audit a "
    "JOIN period p ON p.audit_id = a.id WHERE a.options IS NOT NULL "
    "AND NOT EXISTS (SELECT 1 FROM supersession x WHERE x.period_id = p.id) ";

void add_current(ledger::Statement& s, std::vector<CurrentAudit>& out) {
  while (s.step()) out.push_back({s.int64(0), s.text(1), s.text(2), s.text(3), s.text(4) == "fleet", s.text(5)});
}

std::vector<CurrentAudit> current_audits(ledger::Database& db) {
  ledger::Statement s = db.prepare(std::string(kCurrentAudits) + "GROUP BY a.id ORDER BY a.id");
  std::vector<CurrentAudit> out;
  add_current(s, out);
  return out;
}

// The current audits of a contract with a period that starts after the
// first one of audit `recorded` (only their caps over months can count its
// credits): found by the day index, so that recording in time order, where
// there is none, costs nothing however large the ledger.
std::vector<CurrentAudit> later_current_audits(ledger::Database& db, const std::string& title, int64_t recorded) {
  ledger::Statement later = db.prepare(
      "SELECT DISTINCT p.audit_id FROM period p WHERE p.audit_id <> ?1 AND p.start_local > "
      "(SELECT MIN(start_local) FROM period WHERE audit_id = ?1) ORDER BY p.audit_id");
  later.bind(1, recorded);
  std::vector<int64_t> ids;
  while (later.step()) ids.push_back(later.int64(0));
  std::vector<CurrentAudit> out;
  ledger::Statement s = db.prepare(std::string(kCurrentAudits) + "AND a.id = ?1 AND a.contract_title = ?2 GROUP BY a.id");
  for (const int64_t id : ids) {
    s.bind(1, id).bind(2, title);
    add_current(s, out);
    s.reset();
  }
  return out;
}

// "api to 2026-10-31: 10000" (a fleet's with the resource), sorted: credits compare as sets.
std::vector<std::string> credit_lines(const std::vector<audit::PreviousCredit>& credits) {
  std::vector<std::string> out;
  for (const audit::PreviousCredit& c : credits)
    out.push_back(c.service + (c.resource ? " " + *c.resource : "") + " to " + civil_date_text(c.period_end) +
                  ": owed_minor " + std::to_string(c.amount.minor));
  std::sort(out.begin(), out.end());
  return out;
}

// The first few, and how many more: a fleet's differ by resource.
std::string joined(const std::vector<std::string>& lines) {
  constexpr size_t kShown = 5;
  std::string out;
  for (size_t k = 0; k < lines.size() && k < kShown; ++k) out += (k ? "; " : "") + lines[k];
  if (lines.size() > kShown) out += "; and " + std::to_string(lines.size() - kShown) + " more";
  return out;
}

// The lines of `a` not in `b` (both sorted).
std::vector<std::string> only_in(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

// The credits the ledger holds now before the audit's first day, as it would read them.
std::vector<audit::PreviousCredit> credits_now(ledger::Database& db, const CurrentAudit& a) {
  std::vector<audit::PreviousCredit> out;
  const std::optional<CivilDate> first = parse_civil_date(a.first_day);
  if (!first) return out;
  for (const ledger::EarlierCredit& c : ledger::read_earlier_credits(db, a.title, *first, a.fleet))
    out.push_back(previous_credit(c, a.fleet));
  return out;
}

// Why the audit's caps over months are stale ("" when they are not, or it has none).
std::string stale_cap(ledger::Database& db, const CurrentAudit& a, size_t& checked) {
  bool gave_credits = false;
  const std::optional<LedgerEvidence> evidence = recorded_evidence(a.options, gave_credits);
  if (!evidence || !evidence->reads_earlier_credits) return "";
  ++checked;
  const std::vector<std::string> counted = credit_lines(evidence->credits);
  std::vector<std::string> held = credit_lines(credits_now(db, a));
  // --previous-credits won for the periods it named; the ledger's others were counted.
  if (gave_credits)
    held.erase(std::remove_if(held.begin(), held.end(),
                              [&](const std::string& h) {
                                return std::find(counted.begin(), counted.end(), h) == counted.end();
                              }),
               held.end());
  if (counted == held) return "";
  // Only what differs: a fleet counts a credit per resource.
  const std::vector<std::string> gone = only_in(counted, held), added = only_in(held, counted);
  std::string why;
  if (!added.empty()) why += "did not count " + joined(added) + ", which the ledger now holds";
  if (!gone.empty()) why += (why.empty() ? "" : "; ") + std::string("counted ") + joined(gone) + ", which it no longer holds";
  return "caps over months: audit " + std::to_string(a.id) + " of \"" + a.title + "\" (" + a.range + ") " + why +
         ": its figures are stale, audit its periods again";
}

void check_caps(ledger::Database& db, ledger::Verification& out) {
  if (out.schema < 2) return;  // options kept from schema 2 on
  for (const CurrentAudit& a : current_audits(db))
    if (std::string why = stale_cap(db, a, out.cap_audits_checked); !why.empty())
      out.ledger_problems.push_back(std::move(why));
}

}  // namespace

void check_ledger_integrity(ledger::Database& db, const std::string& given_head, ledger::Verification& out) {
  out.schema = ledger::file_schema_version(db);
  check_chain(db, given_head, out);
  // An edited row may not even read back (a fraction "12x"): a problem found, never a crash.
  for (const auto& [what, check] : {std::pair{"kept totals", &check_totals}, std::pair{"caps over months", &check_caps}}) {
    try {
      check(db, out);
    } catch (const std::exception& e) {
      out.ledger_problems.push_back(std::string(what) + ": a row cannot be read (" + e.what() +
                                    "): the ledger was changed");
    }
  }
}

std::vector<std::string> stale_caps(ledger::Database& db, const std::string& contract_title, int64_t recorded) {
  std::vector<std::string> out;
  size_t checked = 0;
  for (const CurrentAudit& a : later_current_audits(db, contract_title, recorded))
    if (std::string why = stale_cap(db, a, checked); !why.empty()) out.push_back(std::move(why));
  return out;
}

}  // namespace slaudit::jobs
