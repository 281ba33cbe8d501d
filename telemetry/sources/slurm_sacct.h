#pragma once
// Slurm's job accounting as incidents (`--incidents-format slurm-sacct`): the
// output of
//   SLURM_TIME_FORMAT=%Y-%m-%dT%H:%M:%S%z sacct --parsable2 --allocations --duplicates
//     --format=JobID,JobName,Partition,Cluster,User,State,NodeList,Start,End ...
// a header row of column names, then one row per job (or job step), fields
// separated by '|' (--parsable, with a '|' ending every row, is read too).
// Column names are matched ignoring case; columns the reader does not use are
// kept out of the way and listed once in a note.
//
// What the source leaves open, decided here (docs/inputs.md, "Slurm"):
// - Which rows count: job allocations. A step (JobID with a '.', 123.batch,
//   123.0) repeats its job: not for this contract, counted in one note.
// - Faults: NODE_FAIL and BOOT_FAIL are fault class node_down (the bundled GPU
//   contract's class); PREEMPTED is preemption and REQUEUED requeue, both
//   counted against the provider (the scheduler the provider runs stopped the
//   customer's job: a contract that lets its own customer preempt writes
//   `exclude fault in (preemption, requeue)`). Every other state (COMPLETED,
//   FAILED, CANCELLED, TIMEOUT, OUT_OF_MEMORY, DEADLINE, RUNNING, PENDING, ...)
//   is no provider fault: not for this contract, counted by state in a note
//   (cancellations by uid 0, root, apart: an administrator's may be the provider's).
// - Times: the fault is at the job's End (start = detected = End); it is
//   recovered when the job's next attempt starts (end = recovered = that
//   Start): the same JobID's next row (a requeued job keeps its id; sacct
//   --duplicates shows every attempt), else the next job with the same
//   JobName, Partition, Cluster and User (a resubmission). A fault with no
//   later attempt in the export is open: availability runs it to the end of
//   the audited range and recovery times it to the end of that range, both
//   flagged, and a note names it.
// - Times must carry a UTC offset: sacct prints the controller's local time
//   without one unless SLURM_TIME_FORMAT asks for %z (+0800 is read as +08:00);
//   a row without is rejected with that hint. Unknown, None and empty mean absent.
// - Service: the Partition through SourceNames::resolve, else the Cluster;
//   neither a service: not for this contract. scope.cluster is the Cluster.
// - Scope: one incident per job fault, not per node. sacct's NodeList is the
//   job's whole allocation, not the node that failed: one incident per node
//   would count one interruption as many recovery breaches. affected is the
//   allocation's node count (hostlist ranges such as gpu[01-04] expanded, at
//   most kMaxSacctNodes); resource is the node when there is exactly one.
// - Ids: the JobID; when the export holds several fault rows of one JobID,
//   JobID@Start (UTC). Rows are keyed by (JobID, Start): the same key again is
//   rejected, as "duplicate of line N (identical)" or with different content.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "telemetry/incidents/incident_reader.h"
#include "telemetry/sources/source_log.h"

namespace slaudit {

// A job's node list expands to at most this many names; a longer one is rejected.
inline constexpr size_t kMaxSacctNodes = 65536;

// Slurm's hostlist ("gpu[01-04,07],cpu1", "r[1-2]n[1-2]") as node names, in the
// list's order; nullopt with `error` set when it is malformed or longer than
// `max_nodes`. Zero padding follows the range's lower bound ("01-10").
std::optional<std::vector<std::string>> expand_hostlist(std::string_view list, std::string& error,
                                                        size_t max_nodes = kMaxSacctNodes);

// "2026-11-03T10:00:00+0800" -> "2026-11-03T10:00:00+08:00" (strftime's %z);
// any other text unchanged.
std::string with_colon_offset(std::string_view time);

IncidentLogResult read_slurm_sacct(std::string_view content, const SourceReadOptions& options);

}  // namespace slaudit
