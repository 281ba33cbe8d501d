// The claim deadline beside the amount owed (issue 20): each period's, and
// the one phrase the total carries.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "report/common/claim_words.h"

using namespace slaudit;

namespace {

audit::PeriodAudit period(int64_t credit_minor, audit::ClaimState state, std::optional<model::CivilDate> deadline,
                          std::optional<model::CivilDate> claimed = std::nullopt) {
  audit::PeriodAudit p;
  p.credit_minor = credit_minor;
  // A late or too-early claim forfeits the credit (judge_period.cpp settle).
  const bool paid = state == audit::ClaimState::NotGiven || state == audit::ClaimState::InTime;
  p.owed_minor = paid ? credit_minor : 0;
  p.claim.state = state;
  p.claim.deadline = deadline;
  p.claim.claimed = claimed;
  return p;
}

constexpr model::CivilDate kDec30{2026, 12, 30}, kJan30{2027, 1, 30};

}  // namespace

TEST_CASE("report claim words: each period's deadline, and what became of its claim", "[report]") {
  struct Case {
    audit::PeriodAudit p;
    const char* text;
  };
  const std::vector<Case> cases = {
      {period(0, audit::ClaimState::NotGiven, kDec30), ""},  // no credit: nothing to claim
      {period(5'000, audit::ClaimState::NotGiven, kDec30), "2026-12-30"},
      {period(5'000, audit::ClaimState::InTime, kDec30, model::CivilDate{2026, 12, 10}), "2026-12-30 (filed 2026-12-10)"},
      {period(5'000, audit::ClaimState::Late, kDec30, model::CivilDate{2027, 1, 5}), "2026-12-30 (filed late 2027-01-05)"},
      {period(5'000, audit::ClaimState::TooEarly, kDec30, model::CivilDate{2026, 12, 1}),
       "2026-12-30 (filed too early 2026-12-01)"},
      {period(5'000, audit::ClaimState::NotGiven, std::nullopt), "not stated"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(report::claim_by_text(c.p) == c.text);
  }
}

TEST_CASE("report claim words: the total names the deadline of what is still to be claimed", "[report]") {
  struct Case {
    std::vector<audit::PeriodAudit> periods;
    const char* phrase;
  };
  const std::vector<Case> cases = {
      {{}, ""},
      {{period(0, audit::ClaimState::NotGiven, kDec30)}, ""},
      {{period(5'000, audit::ClaimState::NotGiven, kDec30)}, "claim by 2026-12-30"},
      {{period(5'000, audit::ClaimState::NotGiven, kDec30), period(7'000, audit::ClaimState::NotGiven, kDec30)},
       "claim by 2026-12-30"},
      // Two deadlines: the earliest, whatever the order of the periods.
      {{period(7'000, audit::ClaimState::NotGiven, kJan30), period(5'000, audit::ClaimState::NotGiven, kDec30)},
       "claim by 2026-12-30 at the earliest, each period's deadline beside it"},
      {{period(5'000, audit::ClaimState::InTime, kDec30, model::CivilDate{2026, 12, 10})}, "claimed in time"},
      // Filed in time for one, still open for the other: the open one's deadline.
      {{period(5'000, audit::ClaimState::InTime, kDec30, model::CivilDate{2026, 12, 10}),
        period(7'000, audit::ClaimState::NotGiven, kJan30)},
       "claim by 2027-01-30"},
      // A late claim's credit is not in the total: no deadline to name.
      {{period(5'000, audit::ClaimState::Late, kDec30, model::CivilDate{2027, 1, 5})}, ""},
      {{period(5'000, audit::ClaimState::NotGiven, std::nullopt)}, ""},  // the contract states no deadline
  };
  for (const Case& c : cases) {
    INFO(c.phrase);
    audit::AuditReport report;
    report.periods = c.periods;
    CHECK(report::total_claim_phrase(report) == c.phrase);
  }
}
