// The fleet audit of bench/bench_fleet.cpp's files in DuckDB (fleet.sql), for
// a side-by-side with `slaudit audit ... --inventory` (bench/fleet_vs_duckdb.sh).
//   node fleet.mjs DIR [PERIOD] [--steps] [--resources FILE]
// DIR holds inventory.csv, billing.csv, incidents.csv. Prints one line of
// figures and the wall time of the SQL (from opening the database to the last
// row); --steps also prints each statement's time on stderr; --resources FILE
// writes each resource's figures as CSV (after the timing), to find where a
// resource differs from slaudit's JSON report.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DuckDBInstance } from '@duckdb/node-api';

const argv = process.argv.slice(2);
const steps = argv.includes('--steps');
const at = argv.indexOf('--resources');
const resourcesFile = at >= 0 ? argv[at + 1] : undefined;
const args = argv.filter((a, k) => a !== '--steps' && k !== at && (at < 0 || k !== at + 1));
if (args.length < 1 || args.length > 2 || (at >= 0 && !resourcesFile)) {
  console.error('usage: node fleet.mjs DIR [PERIOD] [--steps] [--resources FILE]');
  process.exit(2);
}
const [dir, period = '2026-11'] = args;
const sql = readFileSync(new URL('./fleet.sql', import.meta.url), 'utf8');
const quote = (s) => "'" + String(s).replaceAll("'", "''") + "'";

const start = performance.now();
const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
await connection.run(`SET VARIABLE dir = ${quote(dir)}`);
await connection.run(`SET VARIABLE period = ${quote(period)}`);
const statements = await connection.extractStatements(sql);
let last;
for (let k = 0; k < statements.count; ++k) {
  const t = performance.now();
  const prepared = await statements.prepare(k);
  last = await prepared.runAndReadAll();
  if (steps) console.error(`statement ${k + 1}/${statements.count}: ${((performance.now() - t) / 1000).toFixed(3)} s`);
}
const [row] = last.getRowObjects();
const wall = (performance.now() - start) / 1000;
if (resourcesFile)
  await connection.run(
    `COPY (SELECT id, eligible, down, hours AS free_hours, pct AS tier_percent, credit_cents, hour_cents,
                  credit_cents + hour_cents AS owed_cents FROM audited ORDER BY id) TO ${quote(resourcesFile)} (HEADER)`,
  );
connection.closeSync();
instance.closeSync();
console.log(
  `resources ${row.resources} met ${row.met} breached ${row.breached} owed_cents ${row.owed_cents} ` +
    `incidents_read ${row.incidents_read} incidents_rejected ${row.incidents_rejected} sql_wall_s ${wall.toFixed(3)}`,
);
