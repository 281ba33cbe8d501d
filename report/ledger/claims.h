#pragma once
// `slaudit ledger claims` (where each claim stands on a day) and `slaudit
// ledger verify` (a recorded audit run again) in text, JSON and CSV.
#include <string>
#include <vector>

#include "ledger/claims.h"
#include "ledger/verification.h"

namespace slaudit::report {

struct ClaimsListing {
  std::string ledger, as_of;
  bool as_of_today = false;  // the day was not given: today, UTC, and the text says so
  std::vector<ledger::ClaimsListRow> rows;
};

std::string render_claims_text(const ClaimsListing& listing);
std::string render_claims_json(const ClaimsListing& listing);  // slaudit-ledger-claims/1
std::string render_claims_csv(const ClaimsListing& listing);

std::string render_verification_text(const ledger::Verification& v);
std::string render_verification_json(const ledger::Verification& v);  // slaudit-ledger-verify/1

}  // namespace slaudit::report
