#pragma once
// The ledger's hash chain (schema 4), so that the ledger is tamper-evident:
// every audit and every claim event is a link, in the order they were
// recorded, whose digest is the SHA-256 of the previous link's digest and a
// canonical text of every row it wrote (an audit: its audit, audit_input,
// period, supersession, period_total, recovery and recovery_breach rows). A
// row changed, added or removed afterwards, with any tool, changes a digest
// that `ledger verify` recomputes; a row in no link is named. Anyone can
// recompute the whole chain after rewriting a row: the head digest, kept
// elsewhere, proves that no link up to it was rewritten.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ledger/database.h"

namespace slaudit::ledger {

// Appends the link of an audit, or of a claim event, whose rows this
// transaction wrote; returns its digest (the ledger's new head).
std::string chain_audit(Database& db, int64_t audit_id);
std::string chain_claim_event(Database& db, int64_t event_id);

// Migration 4: a link for every audit and claim event already recorded, in
// the order they were recorded (recorded_at; at the same second audits first,
// then by id).
void backfill_chain(Database& db);

struct ChainLink {
  int64_t position = 0;       // 1, 2, ...
  int64_t audit_id = 0;       // one of audit_id and claim_event_id is 0
  int64_t claim_event_id = 0;
  std::string digest;
};

// "audit 3" or "claim event 2".
std::string link_name(const ChainLink& link);

struct ChainCheck {
  size_t links = 0;
  std::optional<ChainLink> head;      // the last link; none: no link yet
  std::vector<std::string> problems;  // each link whose rows changed, each row in no link
};

// Recomputes every link from the rows (a ledger older than schema 4 has none).
ChainCheck check_chain(Database& db);

// What a reader checks before it shows a ledger's figures, in milliseconds
// where check_chain reads every row: every audit and claim event is a link,
// the links are contiguous, every row belongs to an audit, and the
// append-only triggers that stop an UPDATE or DELETE are all in place. An
// INSERT-only forgery, or an edit made by dropping a trigger and not putting
// it back, is found; an edit whose trigger was put back is not — that takes
// check_chain (ledger verify), which recomputes every digest.
ChainCheck check_links(Database& db);

// The link whose digest is `digest` (64 hex digits, any case); none: no link has it.
std::optional<ChainLink> find_link(Database& db, const std::string& digest);

// The last link; none before the first.
std::optional<ChainLink> chain_head(Database& db);

}  // namespace slaudit::ledger
