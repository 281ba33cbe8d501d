#pragma once
// The result of verifying a contract's claims (and commitments) against
// evidence: plain data for the renderers, every verdict with the evidence that
// decided it. docs/claims.md states the rules.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "engine/audit/report.h"

namespace slaudit::claims {

enum class Verdict { Verified, Refuted, Ambiguous, Unverifiable };
const char* verdict_name(Verdict verdict);  // "VERIFIED", "REFUTED", "AMBIGUOUS", "UNVERIFIABLE"

// One way to read a claim, with its own verdict: "single cluster", "aggregate",
// "per calendar month", "whole range", "fault node_down", "condition empty".
// A reading is VERIFIED, REFUTED or UNVERIFIABLE (never AMBIGUOUS).
struct Reading {
  std::string name;
  Verdict verdict = Verdict::Unverifiable;
  std::string evidence;  // "largest cluster bj-gpu-01 has 4,096 gpus, < 10,000"
  std::string needs;     // UNVERIFIABLE: the evidence that would settle it
};

enum class ItemKind { Claim, Commitment };
const char* item_kind_name(ItemKind kind);  // "claim", "commitment"

struct ItemVerdict {
  ItemKind kind = ItemKind::Claim;
  std::string text;       // the claim as published; for a commitment, its statement
  std::string predicate;  // what the contract made of it: "gpus >= 10000"; empty when none
  size_t line = 0;        // in the contract
  size_t index = 0;       // into the contract's claims or commitments, by kind
  std::string metric;     // empty when there is no predicate
  Verdict verdict = Verdict::Unverifiable;
  std::string basis;      // one line: why this verdict
  std::vector<Reading> readings;
  std::string needs;      // UNVERIFIABLE: what evidence would settle it
};

struct ClaimsReport {
  std::string engine_version;
  std::string tzdata_version;  // periods are cut with it
  std::string contract_title;
  std::string contract_path;
  std::vector<audit::InputFile> inputs;  // role, path, sha256
  std::string range;                     // the incident range availability and recovery were read over; empty: none
  std::vector<audit::RecordAccounting> records;
  std::vector<audit::RejectedRecord> rejected;
  std::vector<ItemVerdict> items;  // claims and commitments in the order of the contract
  std::vector<std::string> notes;

  // How many items have each verdict, indexed by Verdict.
  std::array<size_t, 4> counts() const;
};

}  // namespace slaudit::claims
