// Slurm job accounting as incidents (telemetry/sources/slurm_sacct.h): the
// mapping on a fixture written from sacct(1)'s documented --parsable2 output
// (tests/data/sources/slurm_sacct/README.md), every rejection reason, hostlist
// expansion, row order, and an audit through the CLI worked by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "telemetry/sources/slurm_sacct.h"
#include "tests/support/cli_run.h"

using namespace slaudit;

namespace {

const std::string kFixtureDir = std::string(SLAUDIT_SOURCE_DIR) + "/tests/data/sources/slurm_sacct/";
const std::string kHeader = "JobID|JobName|Partition|Cluster|User|State|NodeList|Start|End\n";

IncidentLogResult read(const std::string& content, ServiceNames services = {"training"}) {
  SourceReadOptions options;
  options.path = "sacct.txt";
  options.names = SourceNames(std::move(services));
  return read_slurm_sacct(content, options);
}

bool has_note(const IncidentLog& log, const std::string& part) {
  return std::any_of(log.notes.begin(), log.notes.end(), [&](const std::string& n) { return n.find(part) != n.npos; });
}

const Incident& find(const IncidentLog& log, const std::string& id) {
  const auto it = std::find_if(log.incidents.begin(), log.incidents.end(), [&](const Incident& i) { return i.id == id; });
  REQUIRE(it != log.incidents.end());
  return *it;
}

}  // namespace

TEST_CASE("sacct hostlists expand to node names, ranges zero-padded as their lower bound", "[sources][slurm]") {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"gpu01", {"gpu01"}},
      {"gpu[01-04]", {"gpu01", "gpu02", "gpu03", "gpu04"}},
      {"gpu[8-10]", {"gpu8", "gpu9", "gpu10"}},
      {"gpu[01-02,07],cpu1", {"gpu01", "gpu02", "gpu07", "cpu1"}},
      {"r[1-2]n[1-2]", {"r1n1", "r1n2", "r2n1", "r2n2"}},
      {"node-[1-2]-ib", {"node-1-ib", "node-2-ib"}},
  };
  for (const auto& [list, nodes] : cases) {
    INFO(list);
    std::string error;
    const auto expanded = expand_hostlist(list, error);
    REQUIRE(expanded.has_value());
    CHECK(*expanded == nodes);
  }
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"gpu[01-", "'[' without ']'"},
      {"gpu]01", "']' without '['"},
      {"gpu[04-01]", "range '04-01' ends before it starts"},
      {"gpu[a-b]", "range 'a-b' is not a number or two numbers with '-'"},
      {"gpu[[1-2]]", "'[' inside '[...]'"},
      {"gpu01,,gpu02", "an empty node name"},
      {"gpu[0-99999]", "more than 65536 nodes"},          // 100,000 names
      {"a[0-999]b[0-999]", "more than 65536 nodes"},      // 1,000 x 1,000
  };
  for (const auto& [list, why] : bad) {
    INFO(list);
    std::string error;
    CHECK_FALSE(expand_hostlist(list, error).has_value());
    CHECK(error == why);
  }
}

TEST_CASE("sacct times: strftime's +0800 offset is read as +08:00", "[sources][slurm]") {
  CHECK(with_colon_offset("2026-11-03T10:00:00+0800") == "2026-11-03T10:00:00+08:00");
  CHECK(with_colon_offset("2026-11-03T10:00:00-0530") == "2026-11-03T10:00:00-05:30");
  CHECK(with_colon_offset("2026-11-03T10:00:00+08:00") == "2026-11-03T10:00:00+08:00");
  CHECK(with_colon_offset("2026-11-03T10:00:00") == "2026-11-03T10:00:00");
  CHECK(with_colon_offset("2026-11-03") == "2026-11-03");  // a date's "-03" is no offset
}

TEST_CASE("sacct fixture: faults, their recovery and every row accounted", "[sources][slurm]") {
  const IncidentLogResult result = read(testing::slurp(kFixtureDir + "sacct_nov.txt"));
  REQUIRE(result.ok());
  const IncidentLog& log = *result.log;
  // 13 rows: 4 faults of the training partition used; 2 steps, 6 rows of no provider fault
  // (COMPLETED x2, RUNNING, CANCELLED by 1005, FAILED, PENDING) and 1007 (partition
  // 'inference', cluster 'sh-gpu-01': no service of this contract) not for this contract.
  CHECK(log.records_read == 13);
  CHECK(log.used_records() == 4);
  CHECK(log.rejected.empty());
  CHECK(log.not_for_contract == 9);
  REQUIRE(log.incidents.size() == 4);

  // 1001: NODE_FAIL at 10:00 +08:00, requeued (same JobID) and started again at 10:12.
  const Incident& node_fail = find(log, "1001");
  CHECK(node_fail.line == 2);
  CHECK(*node_fail.service == "training");
  CHECK(*node_fail.fault == "node_down");
  CHECK(node_fail.cause == Cause::Provider);
  CHECK(format_utc(node_fail.start) == "2026-11-03T02:00:00Z");
  CHECK(node_fail.detected == node_fail.start);
  CHECK(format_utc(*node_fail.end) == "2026-11-03T02:12:00Z");
  CHECK(node_fail.recovered == node_fail.end);
  CHECK(*node_fail.scope.cluster == "bj-gpu-01");
  CHECK(node_fail.scope.affected == Affected{AffectedCount{4, CountUnit::Nodes}});  // gpu[01-04]
  CHECK_FALSE(node_fail.resource.has_value());  // four nodes: no one resource
  CHECK(node_fail.labels->title == "job 1001 (llm-pretrain) NODE_FAIL on gpu[01-04]; requeued, started again");

  // 1002: PREEMPTED at 01:00, resubmitted as 1003 (same name, partition, cluster, user) at 01:30.
  const Incident& preempted = find(log, "1002");
  CHECK(*preempted.fault == "preemption");
  CHECK(format_utc(*preempted.recovered) == "2026-11-04T17:30:00Z");
  CHECK(*preempted.resource == "gpu06");
  CHECK(preempted.labels->title == "job 1002 (llm-sft) PREEMPTED on gpu06; resubmitted as job 1003");

  // 1004: NODE_FAIL at 12:00, its next attempt (still RUNNING) started at 12:45.
  CHECK(format_utc(*find(log, "1004").recovered) == "2026-11-10T04:45:00Z");

  // 1008: NODE_FAIL at 23:00 on 11-30 and no later attempt: open.
  const Incident& open = find(log, "1008");
  CHECK(open.is_open());
  CHECK_FALSE(open.recovered.has_value());
  CHECK(open.scope.affected == Affected{AffectedCount{8, CountUnit::Nodes}});

  CHECK(has_note(log, "columns not used: JobIDRaw, Elapsed, ExitCode"));
  CHECK(has_note(log, "2 job step row(s)"));
  CHECK(has_note(log, "by state: CANCELLED 1, COMPLETED 2, FAILED 1, PENDING 1, RUNNING 1"));
  CHECK(has_note(log, "1 fault(s) with no later attempt in the export"));
  CHECK(has_note(log, "'inference' maps to no service of the contract: 1 record(s)"));
  CHECK(has_note(log, "'sh-gpu-01' maps to no service of the contract: 1 record(s)"));
}

TEST_CASE("sacct rows give the same incidents in any order", "[sources][slurm]") {
  const std::string fixture = testing::slurp(kFixtureDir + "sacct_nov.txt");
  std::vector<std::string> lines;
  for (size_t pos = 0; pos < fixture.size();) {
    const size_t nl = fixture.find('\n', pos);
    lines.push_back(fixture.substr(pos, nl - pos + 1));
    pos = nl + 1;
  }
  std::string reversed = lines.front();
  for (size_t i = lines.size() - 1; i >= 1; --i) reversed += lines[i];
  const auto described = [](const IncidentLog& log) {
    std::vector<std::string> out;
    for (const Incident& i : log.incidents)
      out.push_back(i.id + " " + format_utc(i.start) + " " + (i.end ? format_utc(*i.end) : "open") + " " + *i.fault);
    std::sort(out.begin(), out.end());
    return out;
  };
  const IncidentLogResult forward = read(fixture), backward = read(reversed);
  REQUIRE(forward.ok());
  REQUIRE(backward.ok());
  CHECK(described(*backward.log) == described(*forward.log));
  CHECK(backward.log->not_for_contract == forward.log->not_for_contract);
}

TEST_CASE("sacct: a job with several fault rows gives one incident per attempt, ids by Start", "[sources][slurm]") {
  const IncidentLogResult result = read(kHeader +
      "77|run|training|c|u|NODE_FAIL|gpu01|2026-11-03T08:00:00+0800|2026-11-03T09:00:00+0800\n"
      "77|run|training|c|u|NODE_FAIL|gpu02|2026-11-03T09:10:00+0800|2026-11-03T10:00:00+0800\n"
      "77|run|training|c|u|COMPLETED|gpu03|2026-11-03T10:05:00+0800|2026-11-03T11:00:00+0800\n");
  REQUIRE(result.ok());
  REQUIRE(result.log->incidents.size() == 2);
  // Each attempt is recovered by the next: 09:00 -> 09:10, 10:00 -> 10:05.
  CHECK(result.log->incidents[0].id == "77@2026-11-03T00:00:00Z");
  CHECK(format_utc(*result.log->incidents[0].recovered) == "2026-11-03T01:10:00Z");
  CHECK(result.log->incidents[1].id == "77@2026-11-03T01:10:00Z");
  CHECK(format_utc(*result.log->incidents[1].recovered) == "2026-11-03T02:05:00Z");
}

TEST_CASE("sacct: --parsable rows ending in '|' and a cancellation by root", "[sources][slurm]") {
  const IncidentLogResult result = read(
      "JobID|Partition|State|Start|End|\n"
      "5|training|CANCELLED by 0|2026-11-03T08:00:00+0800|2026-11-03T09:00:00+0800|\n");
  REQUIRE(result.ok());
  CHECK(result.log->not_for_contract == 1);
  CHECK(has_note(*result.log, "by state: CANCELLED by 0 1 (uid 0 is root"));
}

TEST_CASE("sacct: every rejection reason", "[sources][slurm]") {
  const std::string fault = "|training|c|u|NODE_FAIL|gpu01|2026-11-03T08:00:00+0800|2026-11-03T09:00:00+0800\n";
  const std::string good = "9|run" + fault;
  struct Case {
    std::string rows;  // after the header; the last row is the one rejected
    std::string reason;
  };
  const std::vector<Case> cases = {
      {"9|run|training|c|u|NODE_FAIL|gpu01|2026-11-03T08:00:00+0800\n",
       "8 fields where the header has 9 (sacct --parsable2 does not quote: a '|' inside a job name splits it)"},
      {"|run" + fault, "JobID is empty"},
      {"9\x01|run" + fault, "column 'JobID' contains a control character: '9\\x01'"},
      {"9|run|train\x7fing|c|u|NODE_FAIL|gpu01|2026-11-03T08:00:00+0800|2026-11-03T09:00:00+0800\n",
       "column 'Partition' contains a control character: 'train\\x7fing'"},
      {"9|run|training|c|u|BROKEN|gpu01|2026-11-03T08:00:00+0800|2026-11-03T09:00:00+0800\n",
       "State 'BROKEN' is none of sacct's job states (BOOT_FAIL, CANCELLED, COMPLETED, DEADLINE, FAILED, NODE_FAIL, "
       "OUT_OF_MEMORY, PENDING, PREEMPTED, RUNNING, REQUEUED, RESIZING, REVOKED, SUSPENDED, TIMEOUT)"},
      {"9|run|training|c|u|COMPLETED by 5|gpu01|2026-11-03T08:00:00+0800|2026-11-03T09:00:00+0800\n",
       "State 'COMPLETED by 5': only CANCELLED is followed by a word, 'by' and a uid"},
      {"9|run|training|c|u|NODE_FAIL|gpu01|2026-11-03T08:00:00|2026-11-03T09:00:00+0800\n",
       "Start '2026-11-03T08:00:00' has no UTC offset: sacct prints the controller's local time unless told "
       "otherwise; export with SLURM_TIME_FORMAT=%Y-%m-%dT%H:%M:%S%z sacct --parsable2 --allocations --duplicates "
       "--format=JobID,JobName,Partition,Cluster,User,State,NodeList,Start,End"},
      {"9|run|training|c|u|NODE_FAIL|gpu01|2026-11-03T08:00:00+0800|2026-13-03T09:00:00+0800\n",
       "End '2026-13-03T09:00:00+0800': "},  // the timestamp reader's own words follow
      {"9|run|training|c|u|NODE_FAIL|gpu01|2026-11-03T08:00:00+0800|2026-11-03T07:00:00+0800\n",
       "End 2026-11-02T23:00:00Z is before Start 2026-11-03T00:00:00Z"},
      {"9|run|training|c|u|NODE_FAIL|gpu01|2026-11-03T08:00:00+0800|Unknown\n",
       "End is absent for a NODE_FAIL job: its End is the fault's time"},
      {"9|run|training|c|u|PREEMPTED|gpu[02-01]|2026-11-03T08:00:00+0800|2026-11-03T09:00:00+0800\n",
       "NodeList 'gpu[02-01]': range '02-01' ends before it starts"},
      {"9|run|training|c|u|NODE_FAIL|gpu[0-99999]|2026-11-03T08:00:00+0800|2026-11-03T09:00:00+0800\n",
       "NodeList 'gpu[0-99999]': more than 65536 nodes"},
      {"9|run|||u|NODE_FAIL|gpu01|2026-11-03T08:00:00+0800|2026-11-03T09:00:00+0800\n",
       "neither Partition nor Cluster is given: one of them names the service"},
      {good + good, "duplicate of line 2 (identical)"},
      {good + "9|other" + fault, "job '9' with the same Start is already at line 2 with different content: neither is used"},
      {"9|" + std::string(kMaxRecordBytes, 'x') + fault,
       "the row has " + std::to_string(kMaxRecordBytes + fault.size() + 1) + " bytes, more than 1048576"},
  };
  for (const Case& c : cases) {
    INFO(c.reason);
    const IncidentLogResult result = read(kHeader + c.rows);
    REQUIRE(result.ok());
    const IncidentLog& log = *result.log;
    REQUIRE(!log.rejected.empty());
    CHECK(log.rejected.back().line == log.records_read + 1);  // the header is line 1
    CHECK(log.rejected.back().reason.starts_with(c.reason));
    CHECK(log.records_read == log.used_records() + log.rejected.size() + log.not_for_contract);
  }
}

TEST_CASE("sacct: two rows of one job and Start that differ are both rejected", "[sources][slurm]") {
  const std::string row = "|training|c|u|NODE_FAIL|gpu01|2026-11-03T08:00:00+0800|2026-11-03T09:00:00+0800\n";
  const IncidentLogResult result = read(kHeader + "9|run" + row + "9|other" + row);
  REQUIRE(result.ok());
  CHECK(result.log->incidents.empty());
  REQUIRE(result.log->rejected.size() == 2);
  CHECK(result.log->rejected[0] ==
        RejectedRecord{2, "job '9' with the same Start is at line 3 too, with different content: neither is used"});
}

TEST_CASE("sacct: a document that is no sacct --parsable2 output is an error for the whole input", "[sources][slurm]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "no header row: the file is empty"},
      {"\n  \n", "no header row: the file is empty"},
      {"JobID|Partition|State|Start\n", "the header row (line 1) has no column 'End' (is this sacct --parsable2 output?)"},
      {"JobID     JobName  State\n", "the header row (line 1) has no column 'JobID'"},
      {"JobID|State|Start|End\n", "the header row (line 1) has neither 'Partition' nor 'Cluster'"},
      {"JobID|jobid|Partition|State|Start|End\n", "the header row (line 1): column 'JobID' is given twice"},
      {"\nJobID|Partition|State|Start|End|Stat\x1b\n", "the header row (line 2): column 6 contains a control character"},
  };
  for (const auto& [content, error] : cases) {
    INFO(content);
    const IncidentLogResult result = read(content);
    CHECK_FALSE(result.ok());
    CHECK(result.error.starts_with(error));
  }
}

// The CLI end to end: sacct_nov.txt audited against training.sla for November 2026
// (Asia/Shanghai: 30 d = 43,200 min). The four faults of the training partition:
//   1001 node_down  10:00 -> 10:12 on 11-03  12 min (requeued)
//   1002 preemption 01:00 -> 01:30 on 11-05  30 min (resubmitted as 1003)
//   1004 node_down  12:00 -> 12:45 on 11-10  45 min (requeued)
//   1008 node_down  23:00 on 11-30, open: to the end of November, 60 min
// Availability (any incident is down): 12 + 30 + 45 + 60 = 147 min;
//   (43,200 - 147) / 43,200 = 43,053 / 43,200 = 99.6597% < 99.9%: 10% of 1,000,000.00 = 100,000.00 CNY.
// Recovery (node_down, gpu_xid, nic_failure within 20 min from detected to recovered):
//   1001 12 min (no breach), 1004 45 min (breach), 1008 open, timed to the end of the
//   range: 60 min (breach); preemption is a fault class the clause does not cover.
//   2 breaches x 1% x 1,000,000.00 = 20,000.00 CNY (cap 10% = 100,000.00, not reached).
TEST_CASE("cli slurm-sacct: an availability and a recovery clause audited from the scheduler's record",
          "[sources][slurm][cli]") {
  const testing::ScratchDir scratch("cli-slurm-sacct");
  scratch.copy_in(kFixtureDir + "training.sla", "training.sla");
  scratch.copy_in(kFixtureDir + "sacct_nov.txt", "sacct.txt");
  const testing::CliRun run = scratch.run(SLAUDIT_CLI, "audit training.sla --incidents sacct.txt --incidents-format "
                                                       "slurm-sacct --period 2026-11 --now 2026-12-05T00:00:00Z");
  INFO(run.out << run.err);
  CHECK(run.exit == 3);
  CHECK(testing::has(run.out, "  training  2026-11   99.9%         43200       147             0     99.6597%~  "
                              "<99.9%: 10%  100,000.00  no cap  100,000.00  "));
  CHECK(testing::has(run.out, "3 incidents covered, 2 breaches; credit 20,000.00, cap not reached (10% of fee), "
                              "owed 20,000.00 CNY"));
  CHECK(testing::has(run.out, "breach 1004 (line 8) node_down: 45 min, detected 2026-11-10T12:00:00+08:00 -> "
                              "recovered 2026-11-10T12:45:00+08:00"));
  CHECK(testing::has(run.out, "breach 1008 (line 13) node_down: 60 min"));
  CHECK(testing::has(run.out, "      preemption      1          30       30       30\n"));
  CHECK(testing::has(run.out, "sacct.txt: read 13, used 4, rejected 0, not for this contract 9\n"));
  CHECK(testing::has(run.out, "Total owed: 120,000.00 CNY"));
}
