// `ledger claims` in its three formats for a period in a `not stated` tier:
// every format says the contract puts no figure on the credit, so "owed 0.00"
// is never read as "nothing owed".
#include <catch2/catch.hpp>

#include "report/ledger/claims.h"

using namespace slaudit;

namespace {

report::ClaimsListing listing(bool not_stated) {
  ledger::ClaimRow c;
  c.contract_title = "T";
  c.service = "storage";
  c.period = "2026-11";
  c.currency = "USD";
  c.owed_minor = 0;
  c.deadline = "2026-12-30";
  c.audit_id = 1;
  c.credit_not_stated = not_stated;
  return {"audits.db", "2026-12-06", false, {{c, ledger::standing_of(c, "2026-12-06"), 0}}};
}

}  // namespace

TEST_CASE("ledger claims report: a `not stated` credit is flagged in text, JSON and CSV", "[ledger][report]") {
  const report::ClaimsListing flagged = listing(true);
  CHECK_THAT(report::render_claims_text(flagged),
             Catch::Contains("to file by 2026-12-30; the credit is not stated by the contract (owed: at least 0.00 USD)"));
  CHECK_THAT(report::render_claims_json(flagged), Catch::Contains("\"credit_stated\": false"));
  CHECK_THAT(report::render_claims_csv(flagged), Catch::EndsWith(",1,2026-12-06,no\n"));
  // A stated credit says nothing of the kind.
  const report::ClaimsListing stated = listing(false);
  CHECK_THAT(report::render_claims_text(stated), !Catch::Contains("not stated"));
  CHECK_THAT(report::render_claims_json(stated), Catch::Contains("\"credit_stated\": true"));
  CHECK_THAT(report::render_claims_csv(stated), Catch::EndsWith(",1,2026-12-06,yes\n"));
}
