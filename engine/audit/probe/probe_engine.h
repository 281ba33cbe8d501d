#pragma once
// The probe audit's streaming engine: one per availability clause with a probe
// block. Readers push samples (a ProbeSink); the engine sums them into buckets
// of the clause's size, aligned to each audited period's start (a local
// midnight in the contract's zone, so whole-hour DST shifts keep minute and
// 5-minute buckets on the wall clock), and finishes buckets as time passes.
//
// Memory: a window of `lateness / bucket + 1` open buckets per target (48 bytes
// a cell) plus a few counters per bucket of the audited range; it does not grow
// with rows. A sample whose bucket is already finished (more than the lateness
// behind the latest sample seen) is late: counted, its first lines kept, not
// used. Within the window, row order does not matter and the result is exact;
// a batch audit that meets a late sample reads its inputs again in time order
// (jobs/probe_inputs.cpp), so its figures never depend on row order.
//
// Every rule here gives the same result for any order of the samples:
// duplicates (the same target and timestamp twice): when all the rows of one
// target and timestamp carry the same values, one is used and the others are
// identical duplicates; when any two differ, none is used and all are
// conflicting. A target's bucket with both ratio and count samples is
// unusable as a whole: none of its rows is used.
//
// After finish(), per bucket of the audited range: how many targets had data,
// how many of those were bad, the summed request counts, and for the
// "averaged" combination how many targets were in a qualifying bad run under
// each missing-data rule. engine/audit/probe/probe_outcome.h turns these into
// downtime per period.
#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/num/wide_count.h"
#include "language/model/contract.h"
#include "engine/records/probe_accounting.h"
#include "engine/records/probe_sample.h"
#include "engine/records/probe_targets.h"

namespace slaudit::probe {

// One audited part of one period: buckets start at `period_start` + k * size
// and are clipped to [from, to).
struct ProbePart {
  Instant period_start;
  Instant from, to;
};

struct ProbeEngineOptions {
  Seconds lateness{3 * 3600};  // how far behind the latest sample a sample may be and still count
  size_t keep = 20;            // first lines kept per kind of unused sample
  // Missing-data rules to follow runs for under "averaged" (indexed by
  // missing_index); a reading left out has no run_targets. All by default.
  std::array<bool, 3> readings{true, true, true};
  // The samples the clause takes: 0 probe samples; k those of latency bound k
  // (a clause saying `bad when pNN latency > B`, B the k-th bound of the read).
  uint16_t bound = 0;
  // Keep each bucket's summed request counts (BucketTally::ok, total): what
  // `measure requests` and `measure average error rate` read. Without them a
  // bucket costs 8 bytes instead of 40, which a fleet's one engine per
  // resource feels (a month of minute buckets: 346 KB instead of 1.7 MB).
  bool request_sums = true;
};

// What became of every sample pushed into one clause's engine.
struct ProbeClauseCounts {
  uint64_t seen = 0;
  uint64_t used = 0;
  uint64_t outside_period = 0;         // before the first or at/after the last audited part
  uint64_t not_a_target = 0;           // its target is not one of the clause's targets
  uint64_t late = 0;                   // its bucket was already finished
  uint64_t duplicate_identical = 0;    // same target, time and values as an earlier row: ignored
  uint64_t duplicate_conflicting = 0;  // same target and time, other values: the first row wins
  uint64_t unusable = 0;               // a ratio the clause cannot use, or mixed kinds in one bucket
  std::vector<ProbeRejection> examples;  // the first `keep` of each kind above, with reasons
};

// One bucket of the audited range after it was finished.
struct BucketTally {
  uint32_t present = 0;  // targets with at least one sample
  uint32_t bad = 0;      // of those, bad by the clause's rule
  WideCount ok = 0;      // request counts summed over the targets' Counts samples
  WideCount total = 0;   // (each under 2^64, their sum need not be)
};

// Index of a missing-data rule in per-rule arrays.
inline size_t missing_index(model::MissingData m) { return static_cast<size_t>(m); }

// A rule's threshold test, its fraction taken apart once: the engine applies
// it to every cell of every bucket.
struct BadTest {
  explicit BadTest(const model::ProbeRule& rule);
  // ok/total <cmp> threshold (or the error rate (total-ok)/total), exactly.
  bool operator()(unsigned __int128 ok, unsigned __int128 total) const;
  bool error_rate = false;
  model::Comparator cmp = model::Comparator::LessThan;
  uint64_t numerator = 0, denominator = 1;  // the threshold
};

class ProbeClauseEngine final : public ProbeSink {
 public:
  // `members`: the clause's target names (interned into `targets` now, so a
  // listed target without a single sample still counts); empty: every target
  // in the input belongs to the clause. `parts` in time order, disjoint.
  ProbeClauseEngine(const model::ProbeRule& rule, std::vector<ProbePart> parts, ProbeTargets& targets,
                    const std::vector<std::string>& members, ProbeEngineOptions options = {});

  void add(const ProbeSample& sample) override;
  // Finishes every open bucket; call once after the last sample.
  void finish();

  const model::ProbeRule& rule() const { return rule_; }
  const std::vector<ProbePart>& parts() const { return parts_; }
  // Global bucket indexes of part k: [part_first(k), part_first(k + 1)).
  int64_t part_first(size_t k) const { return part_base_[k]; }
  int64_t bucket_count() const { return part_base_.back(); }
  // The instants bucket g covers, clipped to its part.
  Instant bucket_start(int64_t g) const;
  Instant bucket_end(int64_t g) const;
  size_t part_of(int64_t g) const;
  // True when bucket g starts a part that does not follow the previous part directly.
  bool starts_segment(int64_t g) const;

  // The clause's targets: listed ones, or every member seen so far.
  uint32_t target_count() const { return static_cast<uint32_t>(member_names_.size()); }
  const std::vector<std::string>& target_names() const { return member_names_; }

  // Bucket g's tally (ok and total are 0 unless the options keep request sums).
  BucketTally tally(int64_t g) const {
    const size_t i = static_cast<size_t>(g);
    BucketTally t{bucket_counts_[i].present, bucket_counts_[i].bad, 0, 0};
    if (!sums_.empty()) {
      t.ok = sums_[i].ok;
      t.total = sums_[i].total;
    }
    return t;
  }
  // "averaged": per bucket, targets in a bad run of at least the minimum, per
  // missing-data rule the options read (empty for any other rule or combination).
  const std::vector<uint32_t>& run_targets(model::MissingData m) const { return run_targets_[missing_index(m)]; }
  const ProbeClauseCounts& counts() const { return counts_; }
  // Samples of part k that were late, conflicting or unusable: the part's
  // evidence is incomplete when this is not 0.
  uint64_t part_gaps(size_t k) const { return part_gaps_[k]; }
  int64_t window_buckets() const { return window_; }

 private:
  struct Cell {
    // Counts: summed ok; Ratio: summed numerators over kRatioScale, each up to
    // 10^19, so a bucket of many samples needs more than 64 bits.
    WideCount ok = 0;
    // Counts: summed total; Ratio: number of samples. Two count samples can pass
    // 2^64: the total is 96 bits (a carry per row at most, and rows are 32-bit),
    // so the cell stays 48 bytes where a second 128-bit field would make it 64.
    uint64_t total_low = 0;
    uint32_t total_high = 0;
    int32_t first = -1;   // offset in seconds of the first row in its bucket; -1: no row yet
    uint32_t samples = 0; // samples used; kRatioBit: a Ratio cell; kMixedBit: both kinds, nothing used
    int32_t last = -1;    // the latest offset seen: a later one cannot be a duplicate
    int32_t history = -1; // 2+ rows: head of the cell's chain in its slot's history
    uint32_t rows = 0;    // rows offered to the cell, whatever became of them

    WideCount total() const { return (static_cast<WideCount>(total_high) << 64) | total_low; }
    void set_total(WideCount t) {
      total_low = static_cast<uint64_t>(t);
      total_high = static_cast<uint32_t>(t >> 64);
    }
  };
  static_assert(sizeof(Cell) == 48, "the window's memory (docs/audit.md) counts 48 bytes a cell");
  // Every timestamp of a cell with two or more rows, chained per cell in one
  // flat vector per slot (no allocation per cell), for the duplicate rule.
  struct Seen {
    int32_t offset;
    int32_t next;  // -1: end of the chain
    uint64_t ok, total;
    uint32_t rows = 1;        // rows at this timestamp
    bool conflicting = false; // they differ: none of them is used
  };
  struct TargetRun {
    int64_t last = -1;            // last bucket that extended the run
    int64_t length = 0;
    std::vector<int64_t> pending; // bad buckets of a run not yet at the minimum
  };

  int32_t member_of(TargetId id);
  int64_t bucket_of(Instant at, int32_t& offset) const;
  void finish_until(int64_t g);  // finishes buckets [lo_, g)
  void finish_bucket(int64_t g);
  void note(const ProbeSample& s, uint64_t& counter, const char* reason);
  void add_to_cell(const ProbeSample& s, Cell& c, size_t slot, int32_t offset, uint64_t value, uint64_t weight);
  void add_repeat(const ProbeSample& s, Cell& c, Seen& e, size_t slot);
  void make_mixed(const ProbeSample& s, Cell& c, size_t slot);
  bool cell_bad(const Cell& c) const;
  void extend_run(size_t variant, uint32_t member, int64_t g, bool bad, bool skip);
  void clear_runs(size_t variant);

  model::ProbeRule rule_;
  BadTest bad_test_;
  std::vector<ProbePart> parts_;
  std::vector<int64_t> part_base_;  // size parts + 1
  std::vector<int64_t> part_skip_;  // buckets of part k before `from`
  ProbeTargets* targets_;
  bool all_targets_ = false;
  std::vector<int32_t> member_;     // TargetId -> member index, -1 not a member, -2 not yet resolved
  std::unordered_map<std::string, uint32_t> listed_;
  std::vector<std::string> member_names_;
  ProbeEngineOptions options_;

  // The bucket of the latest sample: rows of one timestamp (or one minute) fall
  // in the same bucket one after another, so most rows skip bucket_of's search
  // and divisions. [cached_from_, cached_to_) is the bucket clipped to its part.
  Instant cached_from_{Seconds{1}}, cached_to_{Seconds{0}}, cached_start_{};
  int64_t cached_g_ = -1;
  size_t cached_slot_ = 0;

  int64_t window_ = 1;  // slots per target
  int64_t lo_ = 0;      // oldest open bucket
  std::vector<std::vector<Cell>> ring_;  // [slot][member]
  std::vector<uint32_t> slot_samples_;   // [slot]: samples in the slot's bucket (0: nothing to visit)
  std::array<bool, 3> runs_clear_{};     // [missing rule]: every target's run is empty
  std::vector<std::vector<Seen>> seen_;  // [slot]
  struct BucketCount {
    uint32_t present = 0, bad = 0;
  };
  struct RequestSums {
    WideCount ok = 0, total = 0;
  };
  std::vector<BucketCount> bucket_counts_;  // per bucket of the audited range
  std::vector<RequestSums> sums_;    // the same, when options_.request_sums; else empty
  std::array<std::vector<uint32_t>, 3> run_targets_;
  std::array<std::vector<TargetRun>, 3> runs_;  // [missing rule][member]
  ProbeClauseCounts counts_;
  std::vector<uint64_t> part_gaps_;  // [part]
  uint64_t late_kept_ = 0, outside_kept_ = 0, target_kept_ = 0, dup_kept_ = 0, unusable_kept_ = 0;
  bool finished_ = false;
};

// Ratios are kept as numerators over 10^19, the most decimal places a reader
// accepts (10^19 < 2^64): every decimal ratio a reader gives is exact there,
// avg_over_time's "0.9833333333333333" as much as "0.5".
inline constexpr uint64_t kRatioScale = 10'000'000'000'000'000'000ULL;

// Whether `ok` of `total` is bad under the rule, exactly: ok/total <cmp> threshold,
// compared as ok * den <cmp> coef * total in 128 bits.
bool bucket_is_bad(const model::ProbeRule& rule, unsigned __int128 ok, unsigned __int128 total);

}  // namespace slaudit::probe
