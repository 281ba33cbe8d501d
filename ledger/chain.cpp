#include "ledger/chain.h"

#include <algorithm>
#include <cctype>

#include "base/util/sha256.h"
#include "ledger/schema.h"

namespace slaudit::ledger {

namespace {

// The digest before the first link.
const std::string kGenesis(64, '0');

// An audit's rows, table by table, each in a fixed order: `?1` is the audit's id.
struct RowSet {
  const char* table;
  const char* select;
};
constexpr RowSet kAuditRows[] = {
    {"audit", "SELECT * FROM audit WHERE id = ?1"},
    {"audit_input", "SELECT * FROM audit_input WHERE audit_id = ?1 ORDER BY position"},
    {"period", "SELECT * FROM period WHERE audit_id = ?1 ORDER BY id"},
    {"supersession",
     "SELECT x.* FROM supersession x JOIN period p ON p.id = x.by_period_id WHERE p.audit_id = ?1 "
     "ORDER BY x.period_id"},
    {"period_total",
     "SELECT * FROM period_total WHERE audit_id = ?1 ORDER BY contract_title, service, clause_label, period"},
    {"recovery", "SELECT * FROM recovery WHERE audit_id = ?1 ORDER BY id"},
    {"recovery_breach",
     "SELECT b.* FROM recovery_breach b JOIN recovery r ON r.id = b.recovery_id WHERE r.audit_id = ?1 "
     "ORDER BY b.recovery_id, b.position"},
};
constexpr RowSet kClaimEventRows[] = {{"claim_event", "SELECT * FROM claim_event WHERE id = ?1"}};

// Length-prefixed, so that no value's bytes can pass for a separator: the
// column's name, its SQLite type and its bytes.
void add_field(Sha256& hash, const std::string& text) {
  hash.update(std::to_string(text.size()));
  hash.update(":");
  hash.update(text);
}

void add_rows(Database& db, Sha256& hash, const RowSet& rows, int64_t id) {
  Statement s = db.prepare(rows.select);
  s.bind(1, id);
  add_field(hash, rows.table);
  while (s.step()) {
    hash.update("R");
    for (int c = 0; c < s.column_count(); ++c) {
      add_field(hash, s.column_name(c));
      hash.update(std::string(1, s.column_kind(c)));
      add_field(hash, s.text(c));
    }
  }
  hash.update("E");
}

template <size_t N>
std::string digest_of(Database& db, const std::string& previous, const char* kind, int64_t id,
                      const RowSet (&rows)[N]) {
  Sha256 hash;
  hash.update("slaudit-ledger-chain/1\n" + previous + "\n" + kind + " " + std::to_string(id) + "\n");
  for (const RowSet& r : rows) add_rows(db, hash, r, id);
  return hash.hex();
}

std::string digest_of(Database& db, const std::string& previous, const ChainLink& link) {
  return link.audit_id ? digest_of(db, previous, "audit", link.audit_id, kAuditRows)
                       : digest_of(db, previous, "claim_event", link.claim_event_id, kClaimEventRows);
}

ChainLink link_of(const Statement& s) { return {s.int64(0), s.int64(1), s.int64(2), s.text(3)}; }

constexpr const char* kLinkColumns = "SELECT position, coalesce(audit_id, 0), coalesce(claim_event_id, 0), digest FROM chain ";

std::string append(Database& db, ChainLink link) {
  const std::optional<ChainLink> head = chain_head(db);
  link.digest = digest_of(db, head ? head->digest : kGenesis, link);
  Statement s = db.prepare("INSERT INTO chain (audit_id, claim_event_id, digest) VALUES (?, ?, ?)");
  s.bind(1, link.audit_id ? std::optional<int64_t>(link.audit_id) : std::nullopt);
  s.bind(2, link.claim_event_id ? std::optional<int64_t>(link.claim_event_id) : std::nullopt);
  s.bind(3, link.digest);
  s.run();
  return link.digest;
}

// Rows that belong to no audit, or an audit or claim event in no link: added
// by another tool (slaudit links everything it writes in the same transaction).
constexpr const char* kUnlinked[][2] = {
    {"SELECT 'audit ' || id FROM audit WHERE id NOT IN (SELECT audit_id FROM chain WHERE audit_id IS NOT NULL)",
     "is in no link of the chain: it was not recorded by slaudit"},
    {"SELECT 'claim event ' || id FROM claim_event "
     "WHERE id NOT IN (SELECT claim_event_id FROM chain WHERE claim_event_id IS NOT NULL)",
     "is in no link of the chain: it was not recorded by slaudit"},
    {"SELECT 'audit_input of audit ' || audit_id FROM audit_input WHERE audit_id NOT IN (SELECT id FROM audit)",
     "belongs to no audit"},
    {"SELECT 'period ' || id FROM period WHERE audit_id NOT IN (SELECT id FROM audit)", "belongs to no audit"},
    {"SELECT 'supersession of period ' || period_id FROM supersession WHERE by_period_id NOT IN (SELECT id FROM period)",
     "belongs to no audit"},
    {"SELECT 'period_total of audit ' || audit_id FROM period_total WHERE audit_id NOT IN (SELECT id FROM audit)",
     "belongs to no audit"},
    {"SELECT 'recovery ' || id FROM recovery WHERE audit_id NOT IN (SELECT id FROM audit)", "belongs to no audit"},
    {"SELECT 'recovery_breach of recovery ' || recovery_id FROM recovery_breach "
     "WHERE recovery_id NOT IN (SELECT id FROM recovery)",
     "belongs to no audit"},
};

void add_unlinked(Database& db, ChainCheck& out) {
  for (const auto& [select, what] : kUnlinked) {
    Statement s = db.prepare(select);
    while (s.step()) out.problems.push_back(s.text(0) + " " + what);
  }
}

}  // namespace

std::string link_name(const ChainLink& link) {
  return link.audit_id ? "audit " + std::to_string(link.audit_id)
                       : "claim event " + std::to_string(link.claim_event_id);
}

std::string chain_audit(Database& db, int64_t audit_id) { return append(db, {0, audit_id, 0, ""}); }

std::string chain_claim_event(Database& db, int64_t event_id) { return append(db, {0, 0, event_id, ""}); }

void backfill_chain(Database& db) {
  Statement s = db.prepare(
      "SELECT audit_id, event_id FROM (SELECT id AS audit_id, 0 AS event_id, recorded_at FROM audit "
      "UNION ALL SELECT 0, id, recorded_at FROM claim_event) ORDER BY recorded_at, event_id <> 0, audit_id, event_id");
  std::vector<ChainLink> links;
  while (s.step()) links.push_back({0, s.int64(0), s.int64(1), ""});
  for (const ChainLink& link : links) append(db, link);
}

std::optional<ChainLink> chain_head(Database& db) {
  Statement s = db.prepare(std::string(kLinkColumns) + "ORDER BY position DESC LIMIT 1");
  if (!s.step()) return std::nullopt;
  return link_of(s);
}

std::optional<ChainLink> find_link(Database& db, const std::string& digest) {
  std::string lower = digest;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  Statement s = db.prepare(std::string(kLinkColumns) + "WHERE digest = ?");
  s.bind(1, lower);
  if (!s.step()) return std::nullopt;
  return link_of(s);
}

ChainCheck check_links(Database& db) {
  ChainCheck out;
  if (file_schema_version(db) < 4) return out;
  Statement s = db.prepare("SELECT count(*), coalesce(max(position), 0) FROM chain");
  s.step();
  out.links = static_cast<size_t>(s.int64(0));
  if (s.int64(1) != s.int64(0))
    out.problems.push_back("the chain has " + std::to_string(out.links) + " link(s) up to position " +
                           std::to_string(s.int64(1)) + ": links are missing");
  add_unlinked(db, out);
  // Every table the schema makes append-only keeps its two triggers (schema.cpp): one missing let a row change.
  Statement t = db.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('audit', 'period', 'supersession', "
      "'claim_event', 'recovery', 'recovery_breach', 'period_total', 'chain') AND (NOT EXISTS (SELECT 1 FROM "
      "sqlite_master g WHERE g.type = 'trigger' AND g.name = sqlite_master.name || '_append_only') OR NOT EXISTS "
      "(SELECT 1 FROM sqlite_master g WHERE g.type = 'trigger' AND g.name = sqlite_master.name || '_no_delete')) "
      "ORDER BY name");
  while (t.step())
    out.problems.push_back("table " + t.text(0) + " lost a trigger that keeps it append-only: its rows may have changed");
  return out;
}

ChainCheck check_chain(Database& db) {
  ChainCheck out;
  if (file_schema_version(db) < 4) return out;
  Statement s = db.prepare(std::string(kLinkColumns) + "ORDER BY position");
  std::string previous = kGenesis;
  while (s.step()) {
    const ChainLink link = link_of(s);
    ++out.links;
    if (link.position != static_cast<int64_t>(out.links))
      out.problems.push_back("link " + std::to_string(out.links) + " is missing (the next is at position " +
                             std::to_string(link.position) + ")");
    if (digest_of(db, previous, link) != link.digest)
      out.problems.push_back("link " + std::to_string(link.position) + " (" + link_name(link) +
                             "): its rows, or its digest, changed since it was recorded");
    previous = link.digest;
    out.head = link;
  }
  add_unlinked(db, out);
  return out;
}

}  // namespace slaudit::ledger
