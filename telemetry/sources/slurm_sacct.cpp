#include "telemetry/sources/slurm_sacct.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <tuple>
#include <utility>

#include "base/time/timestamp.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"

namespace slaudit {

// ---- hostlists

namespace {

// One bracket group's numbers as text, zero-padded to the lower bound's width.
bool expand_ranges(std::string_view ranges, std::vector<std::string>& out, std::string& error, size_t max_nodes) {
  size_t pos = 0;
  while (pos <= ranges.size()) {
    const size_t comma = std::min(ranges.find(',', pos), ranges.size());
    const std::string_view range = ranges.substr(pos, comma - pos);
    const size_t dash = range.find('-');
    const std::string_view low = range.substr(0, dash);
    const std::string_view high = dash == std::string_view::npos ? low : range.substr(dash + 1);
    const auto digits = [](std::string_view s) {
      return !s.empty() && s.size() <= 9 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    if (!digits(low) || !digits(high)) {
      error = "range " + quote_value(range) + " is not a number or two numbers with '-'";
      return false;
    }
    const long from = std::stol(std::string(low)), to = std::stol(std::string(high));
    if (to < from) {
      error = "range " + quote_value(range) + " ends before it starts";
      return false;
    }
    if (static_cast<size_t>(to - from) + out.size() >= max_nodes) {
      error = "more than " + std::to_string(max_nodes) + " nodes";
      return false;
    }
    for (long n = from; n <= to; ++n) {
      std::string text = std::to_string(n);
      if (text.size() < low.size()) text.insert(0, low.size() - text.size(), '0');
      out.push_back(std::move(text));
    }
    pos = comma + 1;
  }
  return true;
}

// One host expression (no top-level comma): its text and bracket groups, every combination.
bool expand_host(std::string_view host, std::vector<std::string>& out, std::string& error, size_t max_nodes) {
  std::vector<std::string> names = {""};
  size_t pos = 0;
  while (pos < host.size()) {
    const size_t open = std::min(host.find('[', pos), host.size());
    const std::string_view text = host.substr(pos, open - pos);
    if (text.find(']') != std::string_view::npos) {
      error = "']' without '['";
      return false;
    }
    for (std::string& name : names) name += text;
    if (open == host.size()) break;
    const size_t close = host.find(']', open);
    if (close == std::string_view::npos) {
      error = "'[' without ']'";
      return false;
    }
    std::vector<std::string> numbers;
    if (!expand_ranges(host.substr(open + 1, close - open - 1), numbers, error, max_nodes)) return false;
    if (numbers.size() * names.size() + out.size() > max_nodes) {
      error = "more than " + std::to_string(max_nodes) + " nodes";
      return false;
    }
    std::vector<std::string> combined;
    combined.reserve(numbers.size() * names.size());
    for (const std::string& name : names)
      for (const std::string& number : numbers) combined.push_back(name + number);
    names = std::move(combined);
    pos = close + 1;
  }
  for (std::string& name : names) {
    if (name.empty()) {
      error = "an empty node name";
      return false;
    }
    out.push_back(std::move(name));
  }
  return true;
}

}  // namespace

std::optional<std::vector<std::string>> expand_hostlist(std::string_view list, std::string& error, size_t max_nodes) {
  std::vector<std::string> nodes;
  size_t pos = 0, depth_open = std::string_view::npos;
  for (size_t i = 0; i <= list.size(); ++i) {
    if (i < list.size() && list[i] == '[') {
      if (depth_open != std::string_view::npos) {
        error = "'[' inside '[...]'";
        return std::nullopt;
      }
      depth_open = i;
    } else if (i < list.size() && list[i] == ']') {
      depth_open = std::string_view::npos;
    } else if (i == list.size() || (list[i] == ',' && depth_open == std::string_view::npos)) {
      if (!expand_host(list.substr(pos, i - pos), nodes, error, max_nodes)) return std::nullopt;
      pos = i + 1;
    }
  }
  return nodes;
}

std::string with_colon_offset(std::string_view time) {
  const size_t n = time.size();
  const auto digit = [&](size_t i) { return time[i] >= '0' && time[i] <= '9'; };
  if (n < 6 || (time[n - 5] != '+' && time[n - 5] != '-') || !digit(n - 6)) return std::string(time);
  for (size_t i = n - 4; i < n; ++i)
    if (!digit(i)) return std::string(time);
  // A date's own "-" is followed by two digits, never four, so "+0800"/"-0500" here is an offset.
  return std::string(time.substr(0, n - 2)) + ":" + std::string(time.substr(n - 2));
}

// ---- the reader

namespace {

enum class JobState {
  BootFail, Cancelled, Completed, Deadline, Failed, NodeFail, OutOfMemory, Pending, Preempted,
  Running, Requeued, Resizing, Revoked, Suspended, Timeout,
};

// sacct's job states (its man page, "JOB STATE CODES"), in its order.
constexpr std::array<std::pair<JobState, std::string_view>, 15> kStates = {{
    {JobState::BootFail, "BOOT_FAIL"}, {JobState::Cancelled, "CANCELLED"}, {JobState::Completed, "COMPLETED"},
    {JobState::Deadline, "DEADLINE"}, {JobState::Failed, "FAILED"}, {JobState::NodeFail, "NODE_FAIL"},
    {JobState::OutOfMemory, "OUT_OF_MEMORY"}, {JobState::Pending, "PENDING"}, {JobState::Preempted, "PREEMPTED"},
    {JobState::Running, "RUNNING"}, {JobState::Requeued, "REQUEUED"}, {JobState::Resizing, "RESIZING"},
    {JobState::Revoked, "REVOKED"}, {JobState::Suspended, "SUSPENDED"}, {JobState::Timeout, "TIMEOUT"},
}};

std::string_view job_state_name(JobState state) {
  for (const auto& [s, name] : kStates)
    if (s == state) return name;
  return "";
}

// The provider's fault class for a state, or "" when the state is no provider fault.
std::string_view fault_class(JobState state) {
  switch (state) {
    case JobState::NodeFail:
    case JobState::BootFail: return "node_down";
    case JobState::Preempted: return "preemption";
    case JobState::Requeued: return "requeue";
    default: return "";
  }
}

enum Column { JobId, JobName, Partition, Cluster, User, State, NodeList, Start, End, kColumns };
constexpr std::array<std::string_view, kColumns> kColumnNames = {"JobID",   "JobName",  "Partition", "Cluster", "User",
                                                                 "State",   "NodeList", "Start",     "End"};
constexpr std::string_view kExportHint =
    "export with SLURM_TIME_FORMAT=%Y-%m-%dT%H:%M:%S%z sacct --parsable2 --allocations --duplicates "
    "--format=JobID,JobName,Partition,Cluster,User,State,NodeList,Start,End";

struct Header {
  std::array<std::optional<size_t>, kColumns> at;  // the field index of each column the reader uses
  size_t fields = 0;
  bool trailing_bar = false;  // --parsable: every row ends with '|'
  std::vector<std::string> unused;
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::vector<std::string_view> split_bars(std::string_view line, bool trailing_bar) {
  if (trailing_bar && line.ends_with('|')) line.remove_suffix(1);
  std::vector<std::string_view> fields;
  size_t pos = 0;
  while (true) {
    const size_t bar = line.find('|', pos);
    fields.push_back(line.substr(pos, bar == std::string_view::npos ? std::string_view::npos : bar - pos));
    if (bar == std::string_view::npos) return fields;
    pos = bar + 1;
  }
}

// The header row's columns, or why the document is no sacct --parsable2 output.
std::optional<Header> read_header(std::string_view line, size_t line_number, std::string& error) {
  const std::string where = "the header row (line " + std::to_string(line_number) + ")";
  Header header;
  header.trailing_bar = line.size() > 1 && line.ends_with('|');
  const std::vector<std::string_view> names = split_bars(line, header.trailing_bar);
  header.fields = names.size();
  for (size_t i = 0; i < names.size(); ++i) {
    if (auto problem = name_problem("column " + std::to_string(i + 1), names[i])) {
      error = where + ": " + *problem;
      return std::nullopt;
    }
    const auto known = std::find_if(kColumnNames.begin(), kColumnNames.end(),
                                    [&](std::string_view k) { return lower(k) == lower(names[i]); });
    if (known == kColumnNames.end()) {
      header.unused.emplace_back(names[i]);
      continue;
    }
    auto& slot = header.at[static_cast<size_t>(known - kColumnNames.begin())];
    if (slot) {
      error = where + ": column '" + std::string(*known) + "' is given twice";
      return std::nullopt;
    }
    slot = i;
  }
  for (Column required : {JobId, State, Start, End})
    if (!header.at[required]) {
      error = where + " has no column '" + std::string(kColumnNames[required]) + "' (is this sacct --parsable2 " +
              "output?): " + std::string(kExportHint);
      return std::nullopt;
    }
  if (!header.at[Partition] && !header.at[Cluster]) {
    error = where + " has neither 'Partition' nor 'Cluster', which name the service: " + std::string(kExportHint);
    return std::nullopt;
  }
  return header;
}

// One row read: every field the reader uses, checked.
struct Row {
  size_t line = 0;
  std::string_view text;  // the row as written, for identical duplicates
  std::string job_id, job_name, partition, cluster, user, node_list;
  JobState state = JobState::Completed;
  std::string cancelled_by;  // "CANCELLED by 123": "123"
  OptionalInstant start, end;
  bool step = false;
};

// A time field: absent for Unknown, None or empty; "" when read, else the reason.
std::string read_time(std::string_view column, std::string_view text, OptionalInstant& out) {
  if (text.empty() || text == "Unknown" || text == "None") return "";
  const TimestampResult t = parse_timestamp(with_colon_offset(text));
  if (t.ok()) {
    out = *t.instant;
    return "";
  }
  if (t.no_offset)
    return std::string(column) + " " + quote_value(text) +
           " has no UTC offset: sacct prints the controller's local time unless told otherwise; " +
           std::string(kExportHint);
  return std::string(column) + " " + quote_value(text) + ": " + t.error;
}

// "CANCELLED by 1000" -> Cancelled, "1000"; "" when read, else the reason.
std::string read_state(std::string_view text, Row& row) {
  const size_t space = text.find(' ');
  const std::string_view word = text.substr(0, space);
  const auto it = std::find_if(kStates.begin(), kStates.end(), [&](const auto& s) { return s.second == word; });
  if (it == kStates.end()) {
    std::string known;
    for (const auto& s : kStates) known += (known.empty() ? "" : ", ") + std::string(s.second);
    return "State " + quote_value(text) + " is none of sacct's job states (" + known + ")";
  }
  row.state = it->first;
  if (space == std::string_view::npos) return "";
  const std::string_view rest = text.substr(space + 1);
  if (row.state != JobState::Cancelled || !rest.starts_with("by ") || rest.size() == 3)
    return "State " + quote_value(text) + ": only CANCELLED is followed by a word, 'by' and a uid";
  row.cancelled_by = std::string(rest.substr(3));
  return "";
}

// The row's fields, or the reason it is rejected.
std::string read_row(const Header& header, std::string_view text, Row& row) {
  if (text.size() > kMaxRecordBytes)
    return "the row has " + std::to_string(text.size()) + " bytes, more than " + std::to_string(kMaxRecordBytes);
  const std::vector<std::string_view> fields = split_bars(text, header.trailing_bar);
  if (fields.size() != header.fields)
    return std::to_string(fields.size()) + " fields where the header has " + std::to_string(header.fields) +
           " (sacct --parsable2 does not quote: a '|' inside a job name splits it)";
  const auto field = [&](Column c) { return header.at[c] ? fields[*header.at[c]] : std::string_view(); };
  const std::array<std::pair<Column, std::string*>, 5> names = {
      {{JobId, &row.job_id}, {JobName, &row.job_name}, {Partition, &row.partition}, {Cluster, &row.cluster},
       {User, &row.user}}};
  for (const auto& [column, out] : names) {
    const std::string_view value = field(column);
    if (!value.empty())
      if (auto problem = name_problem("column '" + std::string(kColumnNames[column]) + "'", value)) return *problem;
    *out = std::string(value);
  }
  if (row.job_id.empty()) return "JobID is empty";
  row.step = row.job_id.find('.') != std::string::npos;
  if (row.step) return "";  // a step repeats its job: nothing more of it is read
  if (std::string why = read_state(field(State), row); !why.empty()) return why;
  if (std::string why = read_time("Start", field(Start), row.start); !why.empty()) return why;
  if (std::string why = read_time("End", field(End), row.end); !why.empty()) return why;
  if (row.start && row.end && *row.end < *row.start)
    return "End " + format_utc(*row.end) + " is before Start " + format_utc(*row.start);
  row.node_list = std::string(field(NodeList));
  return "";
}

// A row's attempts index key: rows of one job, or of one resubmitted training run.
std::string run_key(const Row& row) {
  return row.cluster + '\x1f' + row.partition + '\x1f' + row.job_name + '\x1f' + row.user;
}

struct Attempt {
  Instant start;
  std::string job_id;
  size_t row = 0;
  bool operator<(const Attempt& o) const { return std::tie(start, job_id) < std::tie(o.start, o.job_id); }
};

// Every used row that started, by JobID and by run, sorted by start: where a fault's next attempt is found.
class Attempts {
 public:
  void add(const Row& row, size_t index) {
    if (row.step || !row.start) return;
    by_job_[row.job_id].push_back({*row.start, row.job_id, index});
    if (!row.job_name.empty()) by_run_[run_key(row)].push_back({*row.start, row.job_id, index});
  }
  void sort() {
    for (auto& [key, list] : by_job_) std::sort(list.begin(), list.end());
    for (auto& [key, list] : by_run_) std::sort(list.begin(), list.end());
  }
  // The first attempt that starts at or after the fault: the same job's, else the same run's
  // (a different job's). `same_job` says which.
  const Attempt* next(const Row& fault, size_t index, bool& same_job) const {
    same_job = true;
    if (const Attempt* a = first_after(by_job_, fault.job_id, *fault.end, index, "")) return a;
    same_job = false;
    if (fault.job_name.empty()) return nullptr;
    return first_after(by_run_, run_key(fault), *fault.end, index, fault.job_id);
  }

 private:
  using Index = std::map<std::string, std::vector<Attempt>, std::less<>>;
  static const Attempt* first_after(const Index& index, const std::string& key, Instant at, size_t self,
                                    std::string_view other_than) {
    const auto it = index.find(key);
    if (it == index.end()) return nullptr;
    auto a = std::lower_bound(it->second.begin(), it->second.end(), Attempt{at, "", 0});
    for (; a != it->second.end(); ++a)
      if (a->row != self && a->job_id != other_than) return &*a;
    return nullptr;
  }
  Index by_job_, by_run_;
};

// What pass one made of each row: its fields, or why it is rejected.
struct ReadRow {
  Row row;
  std::string rejected;
};

struct Notes {
  size_t steps = 0;
  std::map<std::string, size_t, std::less<>> not_faults;  // by state ("CANCELLED by 0" apart)
  std::vector<std::string> open;  // ids of faults with no later attempt
};

std::string fault_id(const Row& row, const std::map<std::string, size_t, std::less<>>& faults_per_job) {
  if (faults_per_job.at(row.job_id) == 1) return row.job_id;
  return row.job_id + "@" + (row.start ? format_utc(*row.start) : std::string("no-start"));
}

// The incident of a fault row, or the reason the row is rejected.
std::string fault_incident(const Row& row, const SourceTarget& target, const Attempt* next, bool same_job,
                           const std::string& id, Incident& out) {
  if (!row.end) return "End is absent for a " + std::string(job_state_name(row.state)) + " job: its End is the fault's time";
  std::vector<std::string> nodes;
  if (!row.node_list.empty() && row.node_list != "None assigned" && row.node_list != "None") {
    std::string error;
    auto expanded = expand_hostlist(row.node_list, error);
    if (!expanded) return "NodeList " + quote_value(row.node_list) + ": " + error;
    for (const std::string& node : *expanded)
      if (auto problem = name_problem("a node of NodeList", node)) return *problem;
    nodes = std::move(*expanded);
  }
  out.id = id;
  out.line = row.line;
  out.service = SharedName(target.service);
  if (!target.component.empty()) out.component = SharedName(target.component);
  out.start = *row.end;
  out.detected = *row.end;
  if (next) {
    out.end = next->start;
    out.recovered = next->start;
  }
  out.fault = SharedName(fault_class(row.state));
  out.cause = Cause::Provider;
  if (!row.cluster.empty()) out.scope.cluster = SharedName(row.cluster);
  if (!nodes.empty()) out.scope.affected = AffectedCount{static_cast<int64_t>(nodes.size()), CountUnit::Nodes};
  if (nodes.size() == 1) out.resource = SharedName(nodes.front());
  IncidentLabels labels;
  labels.title = "job " + row.job_id + (row.job_name.empty() ? "" : " (" + row.job_name + ")") + " " +
                 std::string(job_state_name(row.state)) + (row.node_list.empty() ? "" : " on " + row.node_list);
  if (next) labels.title += same_job ? "; requeued, started again" : "; resubmitted as job " + next->job_id;
  out.labels = SharedLabels(std::move(labels));
  return "";
}

// Pass one: every data row read and checked for duplicates (rows keyed by JobID and Start).
std::vector<ReadRow> read_rows(std::string_view content, size_t first_line, const Header& header) {
  std::vector<ReadRow> rows;
  std::map<std::pair<std::string, Instant>, size_t> first_at;  // -> index in rows
  size_t line = first_line;
  for (size_t pos = 0; pos < content.size(); ++line) {
    const size_t nl = std::min(content.find('\n', pos), content.size());
    std::string_view text = content.substr(pos, nl - pos);
    pos = nl + 1;
    if (text.ends_with('\r')) text.remove_suffix(1);
    if (text.find_first_not_of(" \t") == std::string_view::npos) continue;
    ReadRow r;
    r.row.line = line;
    r.row.text = text;
    r.rejected = read_row(header, text, r.row);
    if (r.rejected.empty() && !r.row.step) {
      const auto key = std::make_pair(r.row.job_id, r.row.start.value_or(Instant::min()));
      if (const auto [it, fresh] = first_at.emplace(key, rows.size()); !fresh) {
        ReadRow& first = rows[it->second];
        if (first.row.text == text) {
          r.rejected = "duplicate of line " + std::to_string(first.row.line) + " (identical)";
        } else {
          // Which of the two is right cannot be told: neither is used, whatever their order.
          r.rejected = "job '" + r.row.job_id + "' with the same Start is already at line " +
                       std::to_string(first.row.line) + " with different content: neither is used";
          if (first.rejected.empty())
            first.rejected = "job '" + r.row.job_id + "' with the same Start is at line " + std::to_string(line) +
                             " too, with different content: neither is used";
        }
      }
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

void write_notes(SourceLog& log, const Notes& notes, const Header& header) {
  if (!header.unused.empty()) {
    std::string columns;
    for (const std::string& c : header.unused) columns += (columns.empty() ? "" : ", ") + c;
    log.note("columns not used: " + columns);
  }
  if (notes.steps > 0)
    log.note(std::to_string(notes.steps) + " job step row(s) (a JobID with '.', such as 123.batch) repeat their " +
             "job's row and count as nothing here (sacct --allocations leaves them out)");
  if (!notes.not_faults.empty()) {
    std::string states;
    for (const auto& [state, rows] : notes.not_faults)
      states += (states.empty() ? "" : ", ") + state + " " + std::to_string(rows);
    log.note("job rows that are no provider fault (not for this contract), by state: " + states +
             (notes.not_faults.contains("CANCELLED by 0") ? " (uid 0 is root: an administrator's cancellation may be "
                                                            "the provider's; check them)"
                                                          : ""));
  }
  if (!notes.open.empty()) {
    std::string ids;
    for (size_t i = 0; i < notes.open.size() && i < 10; ++i) ids += (i ? ", " : "") + notes.open[i];
    if (notes.open.size() > 10) ids += " and " + std::to_string(notes.open.size() - 10) + " more";
    log.note(std::to_string(notes.open.size()) + " fault(s) with no later attempt in the export (the same JobID, " +
             "or the same JobName, Partition, Cluster and User), open until the end of the audited range: " + ids +
             " (export with --duplicates and a later --endtime to see requeued attempts)");
  }
}

// Pass two, in row order: each row used, rejected or not for this contract.
void account_rows(const std::vector<ReadRow>& rows, const SourceReadOptions& options, SourceLog& log, Notes& notes) {
  Attempts attempts;
  std::map<std::string, size_t, std::less<>> faults_per_job;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i].rejected.empty()) continue;
    attempts.add(rows[i].row, i);
    if (!rows[i].row.step && !fault_class(rows[i].row.state).empty()) ++faults_per_job[rows[i].row.job_id];
  }
  attempts.sort();
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i].row;
    if (!rows[i].rejected.empty()) {
      log.reject(row.line, rows[i].rejected);
    } else if (row.step) {
      ++notes.steps;
      log.not_for_contract({});
    } else if (fault_class(row.state).empty()) {
      const bool by_root = row.state == JobState::Cancelled && row.cancelled_by == "0";
      ++notes.not_faults[by_root ? "CANCELLED by 0" : std::string(job_state_name(row.state))];
      log.not_for_contract({});
    } else {
      std::optional<SourceTarget> target = options.names.resolve(row.partition);
      if (!target && !row.cluster.empty()) target = options.names.resolve(row.cluster);
      if (!target) {
        std::vector<std::string> names;
        for (const std::string* n : {&row.partition, &row.cluster})
          if (!n->empty()) names.push_back(*n);
        if (names.empty()) {
          log.reject(row.line, "neither Partition nor Cluster is given: one of them names the service");
        } else {
          log.not_for_contract(names);
        }
        continue;
      }
      bool same_job = false;
      const Attempt* next = row.end ? attempts.next(row, i, same_job) : nullptr;
      Incident incident;
      const std::string id = fault_id(row, faults_per_job);
      if (std::string why = fault_incident(row, *target, next, same_job, id, incident); !why.empty()) {
        log.reject(row.line, why);
        continue;
      }
      if (!next) notes.open.push_back(id);
      log.use({std::move(incident)});
    }
  }
}

}  // namespace

IncidentLogResult read_slurm_sacct(std::string_view content, const SourceReadOptions& options) {
  IncidentLogResult result;
  if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
  // The header: the first line that is not blank.
  size_t pos = 0, line = 1;
  std::string_view header_text;
  while (pos < content.size()) {
    const size_t nl = std::min(content.find('\n', pos), content.size());
    header_text = content.substr(pos, nl - pos);
    pos = nl + 1;
    if (header_text.ends_with('\r')) header_text.remove_suffix(1);
    if (header_text.find_first_not_of(" \t") != std::string_view::npos) break;
    header_text = {};
    ++line;
  }
  if (header_text.empty()) {
    result.error = "no header row: the file is empty (" + std::string(kExportHint) + ")";
    return result;
  }
  if (header_text.size() > kMaxRecordBytes) {
    result.error = "the header row (line " + std::to_string(line) + ") is longer than " +
                   std::to_string(kMaxRecordBytes) + " bytes";
    return result;
  }
  std::optional<Header> header = read_header(header_text, line, result.error);
  if (!header) return result;
  const std::vector<ReadRow> rows = read_rows(content.substr(std::min(pos, content.size())), line + 1, *header);
  SourceLog log(options.path, "");
  Notes notes;
  account_rows(rows, options, log, notes);
  write_notes(log, notes, *header);
  result.log = std::move(log).finish();
  return result;
}

}  // namespace slaudit
