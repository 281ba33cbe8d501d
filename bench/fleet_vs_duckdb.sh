#!/usr/bin/env bash
# Issue 15: the fleet audit beside the same computation in DuckDB.
#   bench/fleet_vs_duckdb.sh [--build DIR] [--keep DIR] [N ...]     # N default: 10000 30000 100000
# For each N: `bench_fleet write N` writes the contract, inventory, billing
# export and incident log (20 x N incidents) into a scratch folder; then
#   slaudit audit fleet.sla --inventory ... --billing-export ... --incidents ... --period 2026-11 --format json > report.json
# and `node bench/duckdb/fleet.mjs` (bench/duckdb/fleet.sql over the same three
# CSV files) each run under /usr/bin/time: wall, CPU time and peak RSS of the whole
# command (DuckDB's includes starting Node.js; `sql` is the SQL alone, from
# opening the database to the last row). One line each, side by side, then
# whether the figures agree: resources audited, met, breached, total owed (in
# cents) and incidents rejected, from the JSON report's `totals`, `total_owed`
# and `records`. Exit 1 when they disagree at some N.
#
# --build DIR: where slaudit and bench_fleet are (default build/release, else
# build/dev). Nothing is built here. --keep DIR: write the data and reports
# under DIR and keep them (default: a temporary folder, removed at exit).
#
# npm: @duckdb/node-api (exact version in bench/duckdb/package.json and
# package-lock.json) is installed with `npm ci` into build/duckdb-bench/, by
# this script only, when that folder's copy of the lock file differs or it has
# no node_modules: never at CMake configure or build time, and never in the
# source tree. Needs Node.js >= 20 and the npm registry (or a cache) the first time.
#
# What the SQL computes is slaudit's semantics for this contract, matched
# exactly (the figures agree per resource, not only in total; checked with
# `fleet.mjs --resources FILE` against report.json's `resources`):
#   - a resource audited over its life in November 2026 UTC (launched /
#     terminated clip the period; eligible = the clipped length: prorated);
#   - its incidents: those naming it with some second in its life (others are
#     rejected), and every incident naming its zone (or region) whatever its
#     life, each clipped to the life; their union split into maximal runs
#     (overlapping or touching intervals are one run);
#   - "partial minutes rounded up" per run, not per incident: ceil(run/60)*60;
#   - availability (eligible - down)/eligible compared exactly with the target
#     and the tiers (integers, no floating point);
#   - the tier credit: pct x the exact sum of the recurring charges (4-decimal
#     USD, upfront/one-time rows left out), rounded half up once;
#   - the clock-hour rule on raw down seconds (before rounding) per UTC hour,
#     strictly more than 360 s; amount = round half up(exact fee / (eligible
#     s / 3600) x hours), once, not per hour;
#   - breached = target missed, or a tier credit, or a clock-hour amount > 0
#     (a met resource with a 7-minute hour is breached); owed = both amounts
#     (no claim filings given: a credit is owed if claimed by the deadline).
# Not matched, because fleet.sql does not do it (README.md): the contract's
# terms are written into the SQL, not read from fleet.sla; one fleet service,
# UTC only; no exclusions, caps, claims, minimum downtime or thresholds; input
# validation is only what these files need (slaudit rejects far more: bad
# timestamps, duplicate ids, unknown services, ...); no claim deadlines,
# evidence gaps, notes or exit code.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

build='' keep=''
sizes=()
while (($#)); do
  case "$1" in
    --build) build=${2:?--build DIR}; shift 2 ;;
    --keep) keep=${2:?--keep DIR}; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *[!0-9]*|'') echo "usage: $0 [--build DIR] [--keep DIR] [N ...]" >&2; exit 2 ;;
    *) sizes+=("$1"); shift ;;
  esac
done
((${#sizes[@]})) || sizes=(10000 30000 100000)
if [[ -z $build ]]; then
  for d in build/release build/dev; do
    if [[ -x $d/slaudit && -x $d/bench_fleet ]]; then build=$d; break; fi
  done
fi
if [[ -z $build || ! -x $build/slaudit || ! -x $build/bench_fleet ]]; then
  echo "$0: no slaudit and bench_fleet in ${build:-build/release or build/dev} (build them first, or give --build DIR)" >&2
  exit 2
fi
build=$(cd "$build" && pwd)
[[ -x /usr/bin/time ]] || { echo "$0: needs /usr/bin/time (GNU time) for peak RSS" >&2; exit 2; }
command -v node >/dev/null || { echo "$0: needs Node.js >= 20" >&2; exit 2; }

# DuckDB for Node.js, installed here and only here (see the header).
node_dir=$root/build/duckdb-bench
mkdir -p "$node_dir"
if [[ ! -d $node_dir/node_modules/@duckdb/node-api ]] ||
   ! cmp -s bench/duckdb/package-lock.json "$node_dir/package-lock.json"; then
  cp bench/duckdb/package.json bench/duckdb/package-lock.json "$node_dir/"
  echo "npm ci in $node_dir ..." >&2
  (cd "$node_dir" && npm ci --no-audit --no-fund --loglevel=error) >&2
fi
# The script and its SQL beside node_modules, so that `import '@duckdb/node-api'` resolves; copied each run.
cp bench/duckdb/fleet.mjs bench/duckdb/fleet.sql "$node_dir/"

if [[ -n $keep ]]; then
  mkdir -p "$keep"; work=$(cd "$keep" && pwd)
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/slaudit-fleet-duckdb.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi

# The figures slaudit's JSON report gives, as "resources R met M breached B owed_cents C incidents_rejected X".
# Keys are sorted, so `records` is near the top and `total_owed`/`totals` at the end: read only those
# two ends (the report is ~50 MB per 10,000 resources, too big for one JSON.parse at 100,000).
slaudit_figures() {
  node - "$1" <<'JS'
const fs = require('node:fs');
const file = process.argv[2];
const fd = fs.openSync(file, 'r');
const size = fs.fstatSync(fd).size;
const read = (pos, len) => { const b = Buffer.alloc(len); const n = fs.readSync(fd, b, 0, len, pos); return b.toString('utf8', 0, n); };
const head = read(0, Math.min(size, 1 << 20));
const tail = read(Math.max(0, size - (1 << 20)), Math.min(size, 1 << 20));
const at = tail.lastIndexOf('"total_owed"');
if (at < 0) { console.log('unreadable'); process.exit(0); }
const end = JSON.parse('{' + tail.slice(at));
const t = end.totals.filter((x) => x.period === '2026-11');
const sum = (k) => t.reduce((a, x) => a + x[k], 0);
const rec = /"path": "[^"]*incidents\.csv",\s*"read": (\d+),\s*"rejected": (\d+)/.exec(head);
console.log(`resources ${sum('resources')} met ${sum('met')} breached ${sum('breached')} ` +
            `owed_cents ${end.total_owed.minor} incidents_rejected ${rec ? rec[2] : '?'}`);
JS
}
field() { sed -n "s/.*\b$2 \([0-9.?]*\).*/\1/p" <<<"$1"; }

echo "Fleet audit of 2026-11, bench_fleet's EC2-style contract; slaudit: $build/slaudit; DuckDB: $(node -p "require('$node_dir/node_modules/@duckdb/node-api/package.json').version")."
echo "Wall and CPU (user + sys) in s and peak RSS in MiB of the whole command; owed in cents; 'rejected': incidents rejected."
printf '\n%-8s %9s %8s %7s %7s %9s | %9s %7s %9s %12s %9s %s\n' N incidents tool wall cpu 'peak MiB' resources met breached owed rejected ''
status=0
for n in "${sizes[@]}"; do
  dir=$work/n$n
  "$build/bench_fleet" write "$n" "$dir" >/dev/null
  incidents=$(($(wc -l <"$dir/incidents.csv") - 1))
  args=(audit "$dir/fleet.sla" --inventory "$dir/inventory.csv" --billing-export "$dir/billing.csv"
        --incidents "$dir/incidents.csv" --period 2026-11 --format json)
  # slaudit exits 3 (breached) on this data: expected.
  /usr/bin/time -f '%e %U %S %M' -o "$dir/slaudit.time" "$build/slaudit" "${args[@]}" >"$dir/report.json" 2>/dev/null || true
  read -r s_wall s_user s_sys s_kib < <(tail -1 "$dir/slaudit.time")  # after GNU time's "Command exited with non-zero status 3"
  s=$(slaudit_figures "$dir/report.json")
  /usr/bin/time -f '%e %U %S %M' -o "$dir/duckdb.time" node "$node_dir/fleet.mjs" "$dir" 2026-11 >"$dir/duckdb.out" 2>"$dir/duckdb.err" ||
    { echo "DuckDB failed at N=$n:" >&2; cat "$dir/duckdb.err" >&2; exit 1; }
  read -r d_wall d_user d_sys d_kib < <(tail -1 "$dir/duckdb.time")
  d=$(cat "$dir/duckdb.out")
  for tool in slaudit duckdb; do
    if [[ $tool == slaudit ]]; then f=$s wall=$s_wall cpu=$(awk "BEGIN { print $s_user + $s_sys }") kib=$s_kib extra=''; else f=$d wall=$d_wall cpu=$(awk "BEGIN { print $d_user + $d_sys }") kib=$d_kib extra="(sql $(field "$d" sql_wall_s) s)"; fi
    printf '%-8s %9s %8s %7.2f %7.2f %9.1f | %9s %7s %9s %12s %9s %s\n' "$n" "$incidents" "$tool" "$wall" "$cpu" "$(awk "BEGIN { print $kib / 1024 }")" \
      "$(field "$f" resources)" "$(field "$f" met)" "$(field "$f" breached)" "$(field "$f" owed_cents)" "$(field "$f" incidents_rejected)" "$extra"
  done
  differ=()
  for k in resources met breached owed_cents incidents_rejected; do
    [[ "$(field "$s" $k)" == "$(field "$d" $k)" && -n "$(field "$s" $k)" ]] || differ+=("$k")
  done
  if ((${#differ[@]})); then
    echo "         figures DISAGREE at N=$n: ${differ[*]} (compare per resource: node $node_dir/fleet.mjs $dir --resources FILE)"
    status=1
  else
    echo "         figures agree exactly (resources, met, breached, owed, incidents rejected)"
  fi
  [[ -n $keep ]] || rm -rf "$dir"
done
exit $status
