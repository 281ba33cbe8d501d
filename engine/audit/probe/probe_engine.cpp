#include "engine/audit/probe/probe_engine.h"

#include <algorithm>
#include <tuple>

namespace slaudit::probe {

namespace {
constexpr uint32_t kRatioBit = 0x8000'0000u;
constexpr uint32_t kMixedBit = 0x4000'0000u;
constexpr uint32_t kUsedMask = kMixedBit - 1;
constexpr const char* kConflicting =
    "duplicate: same target and time as another row with other values; none of them is used";
constexpr const char* kMixed = "ratio and count samples in one bucket of a target; none of its rows is used";
constexpr int32_t kUnresolved = -2;
constexpr int32_t kNotMember = -1;
}  // namespace

BadTest::BadTest(const model::ProbeRule& rule)
    : error_rate(rule.signal == model::ProbeSignal::ErrorRate),
      // pNN latency > B: bad when the share of requests within B is below NN%.
      cmp(rule.signal == model::ProbeSignal::Latency ? model::Comparator::LessThan : rule.cmp),
      numerator(static_cast<uint64_t>(rule.threshold.coefficient())),
      denominator(static_cast<uint64_t>(rule.threshold.denominator())) {}

namespace {

// a/b <=> c/d (b, d > 0) exactly, without multiplying: a bucket of ratio samples
// sums numerators over 10^19, and its product with a threshold's denominator
// could pass 128 bits. Compares the integer parts, then the remainders as
// c/d's and a/b's reciprocals (continued fractions); at most ~190 steps.
int compare_fractions(unsigned __int128 a, unsigned __int128 b, unsigned __int128 c, unsigned __int128 d) {
  int sign = 1;
  for (;;) {
    const unsigned __int128 qa = a / b, qc = c / d;
    if (qa != qc) return qa < qc ? -sign : sign;
    a %= b;
    c %= d;
    if (a == 0 || c == 0) return a == c ? 0 : (a == 0 ? -sign : sign);
    // a/b < c/d  <=>  b/a > d/c
    std::tie(a, b, c, d) = std::make_tuple(b, a, d, c);
    sign = -sign;
  }
}

}  // namespace

bool BadTest::operator()(unsigned __int128 ok, unsigned __int128 total) const {
  // The measured value as a fraction v/total: success ratio ok/total, error rate (total-ok)/total.
  const unsigned __int128 v = error_rate ? total - ok : ok;
  const int c = compare_fractions(v, total, numerator, denominator);
  switch (cmp) {
    case model::Comparator::LessThan: return c < 0;
    case model::Comparator::AtMost: return c <= 0;
    case model::Comparator::GreaterThan: return c > 0;
    case model::Comparator::AtLeast: return c >= 0;
    case model::Comparator::Equal:
    case model::Comparator::About: return c == 0;
  }
  return false;
}

bool bucket_is_bad(const model::ProbeRule& rule, unsigned __int128 ok, unsigned __int128 total) {
  return BadTest(rule)(ok, total);
}

ProbeClauseEngine::ProbeClauseEngine(const model::ProbeRule& rule, std::vector<ProbePart> parts,
                                     ProbeTargets& targets, const std::vector<std::string>& members,
                                     ProbeEngineOptions options)
    : rule_(rule), bad_test_(rule), parts_(std::move(parts)), targets_(&targets), options_(options) {
  if (rule_.bucket.count() <= 0) rule_.bucket = Seconds{60};
  const int64_t size = rule_.bucket.count();
  part_base_.push_back(0);
  for (const auto& p : parts_) {
    // Buckets from the period's start; the part's first and last may be clipped.
    const int64_t first = (p.from - p.period_start).count() / size;
    const int64_t end = ((p.to - p.period_start).count() + size - 1) / size;
    part_skip_.push_back(first);
    part_base_.push_back(part_base_.back() + std::max<int64_t>(0, end - first));
  }
  all_targets_ = members.empty();
  for (const auto& name : members) {
    if (listed_.count(name)) continue;
    listed_.emplace(name, static_cast<uint32_t>(member_names_.size()));
    member_names_.push_back(name);
    const TargetId id = targets_->intern(name);
    if (member_.size() <= id) member_.resize(id + 1, kUnresolved);
    member_[id] = static_cast<int32_t>(member_names_.size() - 1);
  }
  window_ = std::max<int64_t>(1, (options_.lateness.count() + size - 1) / size) + 1;
  ring_.assign(static_cast<size_t>(window_), std::vector<Cell>(member_names_.size()));
  slot_samples_.assign(static_cast<size_t>(window_), 0);
  seen_.resize(static_cast<size_t>(window_));
  bucket_counts_.assign(static_cast<size_t>(bucket_count()), BucketCount{});
  if (options_.request_sums) sums_.assign(static_cast<size_t>(bucket_count()), RequestSums{});
  part_gaps_.assign(parts_.size(), 0);
  const bool averaged = rule_.combine == model::TargetCombination::Averaged;
  for (size_t v = 0; v < 3; ++v) {
    if (averaged && options_.readings[v]) run_targets_[v].assign(static_cast<size_t>(bucket_count()), 0);
    runs_[v].resize(member_names_.size());
  }
}

int32_t ProbeClauseEngine::member_of(TargetId id) {
  if (id < member_.size() && member_[id] != kUnresolved) return member_[id];
  if (member_.size() <= id) member_.resize(id + 1, kUnresolved);
  if (!all_targets_) {
    auto it = listed_.find(targets_->name(id));
    member_[id] = it == listed_.end() ? kNotMember : static_cast<int32_t>(it->second);
    return member_[id];
  }
  member_names_.push_back(targets_->name(id));
  member_[id] = static_cast<int32_t>(member_names_.size() - 1);
  for (auto& slot : ring_) slot.emplace_back();
  for (auto& v : runs_) v.emplace_back();
  return member_[id];
}

int64_t ProbeClauseEngine::bucket_of(Instant at, int32_t& offset) const {
  // The last part starting at or before `at`.
  auto it = std::upper_bound(parts_.begin(), parts_.end(), at, [](Instant t, const ProbePart& p) { return t < p.from; });
  if (it == parts_.begin()) return -1;
  --it;
  if (at >= it->to) return -1;
  const size_t k = static_cast<size_t>(it - parts_.begin());
  const int64_t since = (at - it->period_start).count();
  const int64_t size = rule_.bucket.count();
  offset = static_cast<int32_t>(since % size);
  return part_base_[k] + since / size - part_skip_[k];
}

size_t ProbeClauseEngine::part_of(int64_t g) const {
  auto it = std::upper_bound(part_base_.begin(), part_base_.end(), g);
  return static_cast<size_t>(it - part_base_.begin()) - 1;
}

Instant ProbeClauseEngine::bucket_start(int64_t g) const {
  const size_t k = part_of(g);
  const Instant s = parts_[k].period_start + rule_.bucket * (g - part_base_[k] + part_skip_[k]);
  return std::max(s, parts_[k].from);
}

Instant ProbeClauseEngine::bucket_end(int64_t g) const {
  const size_t k = part_of(g);
  const Instant e = parts_[k].period_start + rule_.bucket * (g - part_base_[k] + part_skip_[k] + 1);
  return std::min(e, parts_[k].to);
}

bool ProbeClauseEngine::starts_segment(int64_t g) const {
  const size_t k = part_of(g);
  if (g != part_base_[k]) return false;
  return k == 0 || parts_[k - 1].to != parts_[k].from;
}

void ProbeClauseEngine::note(const ProbeSample& s, uint64_t& counter, const char* reason) {
  ++counter;
  uint64_t* kept = &counter == &counts_.late             ? &late_kept_
                   : &counter == &counts_.outside_period ? &outside_kept_
                   : &counter == &counts_.not_a_target   ? &target_kept_
                   : &counter == &counts_.unusable       ? &unusable_kept_
                                                         : &dup_kept_;
  if (*kept < options_.keep) {
    ++*kept;
    counts_.examples.push_back({s.source, s.record, reason});
  }
}

void ProbeClauseEngine::add(const ProbeSample& s) {
  // Another measure's sample: a latency histogram's for another bound, or a
  // probe's for a latency clause. The reader accounts for its row.
  if (s.bound != options_.bound) return;
  ++counts_.seen;
  // Known targets without a call; new ones are resolved once.
  const int32_t m = s.target < member_.size() && member_[s.target] != kUnresolved ? member_[s.target] : member_of(s.target);
  if (m < 0) return note(s, counts_.not_a_target, "not a target of the clause");
  int32_t offset = 0;
  int64_t g = cached_g_;
  if (s.at >= cached_from_ && s.at < cached_to_) {
    offset = static_cast<int32_t>((s.at - cached_start_).count());
  } else {
    g = bucket_of(s.at, offset);
    if (g < 0) return note(s, counts_.outside_period, "outside the audited periods");
    cached_g_ = g;
    cached_start_ = s.at - Seconds{offset};
    cached_from_ = std::max(cached_start_, parts_[part_of(g)].from);
    cached_to_ = std::min(cached_start_ + rule_.bucket, parts_[part_of(g)].to);
    cached_slot_ = static_cast<size_t>(g % window_);
  }
  const auto gap = [&](uint64_t& counter, const char* reason) {
    ++part_gaps_[part_of(g)];
    note(s, counter, reason);
  };
  if (g < lo_) return gap(counts_.late, "late: its bucket was finished (more than the lateness behind the latest sample)");
  if (finished_) return gap(counts_.late, "late: the audit was finished");
  if (s.total == 0 || s.ok > s.total) return gap(counts_.unusable, "ok is more than total, or total is 0");
  const bool ratio = s.kind == SampleKind::Ratio;
  uint64_t value = s.ok, weight = s.total;
  if (ratio) {
    if (rule_.method != model::ProbeMethod::BadBuckets)
      return gap(counts_.unusable, "a ratio sample carries no request counts; the clause measures requests");
    const unsigned __int128 scaled = static_cast<unsigned __int128>(s.ok) * kRatioScale;
    if (scaled % s.total != 0) return gap(counts_.unusable, "a ratio not exact at 19 decimal places");
    value = static_cast<uint64_t>(scaled / s.total);
    weight = 1;
  }
  if (g - lo_ >= window_) finish_until(g - window_ + 1);
  add_to_cell(s, ring_[cached_slot_][static_cast<size_t>(m)], cached_slot_, offset, value, weight);
}

// One row into its target's bucket, by rules that give the same cell for any
// order of the rows (see the header).
void ProbeClauseEngine::add_to_cell(const ProbeSample& s, Cell& c, size_t slot, int32_t offset, uint64_t value,
                                    uint64_t weight) {
  const bool ratio = s.kind == SampleKind::Ratio;
  ++slot_samples_[slot];
  ++c.rows;
  if (c.samples & kMixedBit) {
    ++part_gaps_[part_of(cached_g_)];
    return note(s, counts_.unusable, kMixed);
  }
  if (c.first < 0) {
    c.first = offset;
    if (ratio) c.samples |= kRatioBit;
  } else {
    if (((c.samples & kRatioBit) != 0) != ratio) return make_mixed(s, c, slot);
    auto& history = seen_[slot];
    if (c.history < 0) {  // the second row: start the chain with the first
      c.history = static_cast<int32_t>(history.size());
      history.push_back({c.first, -1, static_cast<uint64_t>(c.ok), c.total_low});  // one sample: fits 64 bits
    }
    if (offset <= c.last) {  // out of order or repeated: look for the same time
      for (int32_t i = c.history; i >= 0; i = history[static_cast<size_t>(i)].next) {
        Seen& e = history[static_cast<size_t>(i)];
        if (e.offset == offset) return add_repeat(s, c, e, slot);
      }
    }
    history.push_back({offset, c.history, value, weight});
    c.history = static_cast<int32_t>(history.size() - 1);
  }
  c.last = std::max(c.last, offset);
  c.ok += value;
  c.set_total(c.total() + weight);
  ++c.samples;
  ++counts_.used;
}

// A row at a timestamp the cell has seen: an identical repeat, or a conflict
// that takes the timestamp's sample out of the cell.
void ProbeClauseEngine::add_repeat(const ProbeSample& s, Cell& c, Seen& e, size_t) {
  const uint64_t value = s.kind == SampleKind::Ratio ? static_cast<uint64_t>(
                                                           static_cast<unsigned __int128>(s.ok) * kRatioScale / s.total)
                                                     : s.ok;
  const uint64_t weight = s.kind == SampleKind::Ratio ? 1 : s.total;
  ++e.rows;
  if (e.conflicting) {
    ++part_gaps_[part_of(cached_g_)];
    return note(s, counts_.duplicate_conflicting, kConflicting);
  }
  if (e.ok == value && e.total == weight)
    return note(s, counts_.duplicate_identical, "duplicate: same target, time and values as an earlier row; ignored");
  // The rows so far at this time were one sample used and the rest identical repeats.
  e.conflicting = true;
  c.ok -= e.ok;
  c.set_total(c.total() - e.total);
  --c.samples;
  --counts_.used;
  counts_.duplicate_identical -= e.rows - 2;
  counts_.duplicate_conflicting += e.rows - 1;
  part_gaps_[part_of(cached_g_)] += e.rows;  // every row at this time is now unused
  note(s, counts_.duplicate_conflicting, kConflicting);
}

// Ratio and count rows in one cell: none of its rows is used, whatever came first.
void ProbeClauseEngine::make_mixed(const ProbeSample& s, Cell& c, size_t slot) {
  // Undo what the cell's rows counted: used samples, identical and conflicting repeats.
  uint64_t identical = 0, conflicting = 0;
  for (int32_t i = c.history; i >= 0; i = seen_[slot][static_cast<size_t>(i)].next) {
    const Seen& e = seen_[slot][static_cast<size_t>(i)];
    if (e.conflicting) conflicting += e.rows;
    else identical += e.rows - 1;
  }
  counts_.used -= c.samples & kUsedMask;
  counts_.duplicate_identical -= identical;
  counts_.duplicate_conflicting -= conflicting;
  counts_.unusable += c.rows - 1;  // this row is counted by note()
  part_gaps_[part_of(cached_g_)] += c.rows - conflicting;  // conflicting rows were gaps already
  c.samples = kMixedBit;
  c.ok = 0;
  c.set_total(0);
  note(s, counts_.unusable, kMixed);
}

bool ProbeClauseEngine::cell_bad(const Cell& c) const {
  if (c.samples & kRatioBit)  // the mean ratio: sum / (n * scale)
    return bad_test_(c.ok, c.total() * kRatioScale);
  return bad_test_(c.ok, c.total());
}

// One bucket of one target under one missing-data rule: `bad`, or `skip` (an
// excluded missing bucket, which neither breaks nor extends a run).
void ProbeClauseEngine::extend_run(size_t variant, uint32_t member, int64_t g, bool bad, bool skip) {
  TargetRun& r = runs_[variant][member];
  auto& out = run_targets_[variant];
  if (skip) return;
  if (!bad) {
    r.length = 0;
    r.pending.clear();
    return;
  }
  ++r.length;
  r.last = g;
  const int64_t need = std::max<int64_t>(1, rule_.min_consecutive);
  if (r.length < need) {
    r.pending.push_back(g);
    return;
  }
  for (int64_t p : r.pending) ++out[static_cast<size_t>(p)];
  r.pending.clear();
  ++out[static_cast<size_t>(g)];
}

void ProbeClauseEngine::clear_runs(size_t variant) {
  if (runs_clear_[variant]) return;
  for (auto& r : runs_[variant]) {
    r.length = 0;
    r.pending.clear();
  }
  runs_clear_[variant] = true;
}

void ProbeClauseEngine::finish_bucket(int64_t g) {
  const size_t slot = static_cast<size_t>(g % window_);
  auto& cells = ring_[slot];
  BucketCount& t = bucket_counts_[static_cast<size_t>(g)];
  RequestSums* sums = sums_.empty() ? nullptr : &sums_[static_cast<size_t>(g)];
  const bool averaged = rule_.combine == model::TargetCombination::Averaged;
  const bool fresh = starts_segment(g);
  if (averaged && fresh)
    for (size_t v = 0; v < 3; ++v) clear_runs(v);
  if (slot_samples_[slot] == 0) {
    // No sample at all: every target is missing. Under "up" every run ends, under
    // "excluded" nothing changes; only "down" extends each target's run.
    if (!averaged) return;
    if (options_.readings[missing_index(model::MissingData::Up)]) clear_runs(missing_index(model::MissingData::Up));
    const size_t down = missing_index(model::MissingData::Down);
    if (options_.readings[down]) {
      runs_clear_[down] = false;
      for (uint32_t m = 0; m < cells.size(); ++m) extend_run(down, m, g, true, false);
    }
    return;
  }
  for (size_t v = 0; v < 3; ++v) runs_clear_[v] = false;
  for (uint32_t m = 0; m < cells.size(); ++m) {
    Cell& c = cells[m];
    const bool present = (c.samples & kUsedMask) > 0 && !(c.samples & kMixedBit);
    bool bad = false;
    if (present) {
      ++t.present;
      bad = cell_bad(c);
      t.bad += bad;
      if (sums && !(c.samples & kRatioBit)) {
        sums->ok += c.ok;
        sums->total += c.total();
      }
    }
    if (averaged) {
      for (size_t v = 0; v < 3; ++v) {
        if (!options_.readings[v]) continue;
        const auto rule = static_cast<model::MissingData>(v);
        const bool b = present ? bad : rule == model::MissingData::Down;
        extend_run(v, m, g, b, !present && rule == model::MissingData::Excluded);
      }
    }
    c = Cell{};
  }
  slot_samples_[slot] = 0;
  seen_[slot].clear();
}

void ProbeClauseEngine::finish_until(int64_t g) {
  g = std::min(g, bucket_count());
  for (; lo_ < g; ++lo_) finish_bucket(lo_);
}

void ProbeClauseEngine::finish() {
  if (finished_) return;
  finish_until(bucket_count());
  finished_ = true;
}

}  // namespace slaudit::probe
