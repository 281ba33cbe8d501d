#pragma once
// The claims lifecycle in the ledger: a credit a period owes is filed with the
// provider, then accepted, paid (in one or more payments) or refused. Each step
// is one append-only claim_event row naming the period by its identity across
// audits (contract title, service, clause label, period label), so a re-audit
// of the period keeps its claim. docs/ledger.md, "Claims".
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "language/model/contract.h"
#include "ledger/database.h"

namespace slaudit::ledger {

enum class ClaimEventKind { Filed, Accepted, Paid, Refused };
const char* claim_event_name(ClaimEventKind kind);
std::optional<ClaimEventKind> parse_claim_event(std::string_view name);

// Where a claim stands after its events: refused and paid are final for
// their kind of step; a paid claim may still be paid short of what is owed.
enum class ClaimStage { NotFiled, Filed, Accepted, Paid, Refused };
const char* claim_stage_name(ClaimStage stage);

struct ClaimEvent {
  int64_t id = 0;
  std::string recorded_at;
  ClaimEventKind kind = ClaimEventKind::Filed;
  std::string on_day;  // YYYY-MM-DD, local
  std::string reference, reason;
  std::optional<int64_t> amount_minor;
};

struct ClaimProgress {
  ClaimStage stage = ClaimStage::NotFiled;
  std::optional<std::string> filed_on, reference;
  int64_t paid_minor = 0;
  std::optional<std::string> last_paid_on, refused_reason;
};
ClaimProgress progress_of(const std::vector<ClaimEvent>& events);

// One step of a claim to record. The period is found among the current
// versions the ledger holds: by service and period label, narrowed by the
// contract title and the clause label when given (one period must remain).
struct ClaimStep {
  std::optional<std::string> contract_title, clause_label;
  std::optional<std::string> resource;  // a fleet audit's resource (or group); none: any, "" a service's period
  std::string service, period;
  ClaimEventKind kind = ClaimEventKind::Filed;
  model::CivilDate on;
  std::string reference;  // filed
  std::string amount;     // paid: a decimal in the period's currency
  std::string reason;     // refused
};

struct ClaimStepRecorded {
  int64_t event_id = 0;
  std::string contract_title, service, clause_label, period, resource;
  ClaimProgress progress;             // after the step
  std::vector<std::string> warnings;  // e.g. filed after the deadline the audit stated
  std::string head;                   // its link's digest in the chain: the ledger's new head
};

// Throws LedgerError (nothing written) when no period or more than one
// matches, or the step does not follow the claim's earlier steps.
ClaimStepRecorded record_claim_step(Database& db, const ClaimStep& step, const std::string& recorded_at);

// A current period's claim: its figures from the latest audit and its events.
struct ClaimRow {
  std::string contract_title, service, clause_label, period;
  std::string resource;  // a fleet audit's resource or group; "" for a service's period
  std::string currency;
  int currency_digits = 2;
  int64_t owed_minor = 0;
  std::optional<std::string> deadline, earliest;
  int64_t audit_id = 0;
  std::vector<ClaimEvent> events;
  ClaimProgress progress;
  // The tier the period fell in states no credit ("not stated"): a credit is
  // earned, owed_minor (what the contract puts a figure on) is a lower bound.
  bool credit_not_stated = false;
};

// Every current period that owes a credit or has a claim event, ordered by
// contract, service, clause and period start.
std::vector<ClaimRow> read_claims(Database& db);

// What a claim needs on a day: the word every format prints.
enum class ClaimStanding {
  FileBy,           // not filed, the deadline still ahead
  NoDeadline,       // not filed, the contract sets no deadline
  Lapsed,           // not filed, the deadline passed: nothing can be claimed
  OutOfTime,        // filed before the earliest day or after the deadline: nothing owed
  NothingOwed,      // filed, but the latest audit owes nothing for the period
  AwaitingPayment,  // filed (or accepted), nothing paid yet
  PaidShort,        // paid less than the latest audit says is owed
  Paid,             // paid in full (or more)
  Refused,
};
const char* claim_standing_name(ClaimStanding standing);
bool needs_action(ClaimStanding standing);  // to file, to be paid, or paid short

// `as_of`: YYYY-MM-DD, the day deadlines are judged on.
ClaimStanding standing_of(const ClaimRow& claim, const std::string& as_of);

struct ClaimsListRow {
  ClaimRow claim;
  ClaimStanding standing = ClaimStanding::FileBy;
  int64_t short_minor = 0;  // owed - paid, when paid short
};

// The filing days the ledger holds for a contract's periods, for an audit to
// judge its claim deadlines by (the events' ids in order).
struct LedgerFiling {
  std::string service, clause_label, period;
  std::string resource;  // "": a service's period
  model::CivilDate filed;
  std::string reference;
};
std::vector<LedgerFiling> read_filings(Database& db, const std::string& contract_title);

}  // namespace slaudit::ledger
