-- The fleet audit of bench/bench_fleet.cpp's contract (docs/fleet.md), in DuckDB SQL,
-- over the same three CSV files slaudit reads. Run by fleet.mjs, which sets:
--   getvariable('dir')       the folder holding inventory.csv, billing.csv, incidents.csv
--   getvariable('period')    '2026-11' (a calendar month, UTC)
-- The contract's terms are written out below (`terms`, `tiers`): the SQL does not read fleet.sla.
-- Every figure is an integer: seconds, and charges in 10^-10 USD (HUGEINT), so the
-- comparisons with the target and tiers and the roundings are exact, as in slaudit.

-- ---------------------------------------------------------------- the contract
CREATE OR REPLACE TEMP TABLE terms AS
SELECT 'ec2' AS service,
       'USD' AS currency,
       995   AS target_pm,       -- target 99.5%, in per mille
       360   AS hour_limit_s,    -- no charge for clock hour with more than 6 min down
       60    AS minute_s;        -- partial minutes rounded up (per downtime run)

-- credit of monthly fee: below B and at least A (per mille): P%
CREATE OR REPLACE TEMP TABLE tiers AS
SELECT * FROM (VALUES (995, 990, 10), (990, 950, 30), (950, 0, 100)) t(below_pm, at_least_pm, pct);

-- RFC 3339 text -> seconds since the epoch (offsets honoured; whole seconds).
CREATE OR REPLACE TEMP MACRO ts(x) AS CAST(epoch(CAST(x AS TIMESTAMPTZ)) AS BIGINT);

-- The month [p0, p1) in UTC (the contract's time zone).
CREATE OR REPLACE TEMP TABLE period AS
SELECT ts(getvariable('period') || '-01T00:00:00Z') AS p0,
       ts(strftime(CAST(getvariable('period') || '-01' AS DATE) + INTERVAL 1 MONTH, '%Y-%m-%d') || 'T00:00:00Z') AS p1;

-- ---------------------------------------------------------------- inputs
-- The fleet service's resources and their life in the month (clipped: prorated).
CREATE OR REPLACE TEMP TABLE inventory AS
SELECT r.id, r.region, r.zone,
       ts(nullif(r.launched, '')) AS launched,
       ts(nullif(r.terminated, '')) AS terminated,
       greatest(p.p0, coalesce(ts(nullif(r.launched, '')), p.p0)) AS life_from,
       least(p.p1, coalesce(ts(nullif(r.terminated, '')), p.p1)) AS life_to
FROM read_csv(getvariable('dir') || '/inventory.csv', header = true, all_varchar = true) r, period p, terms t
WHERE r.service = t.service;

-- Credit base: the sum of the resource's recurring charges for the month, exact
-- (one-time / upfront rows left out), in 10^-10 USD. DECIMAL(18, 10): a row's
-- charge below 10^8 USD (a larger one stops the query with a conversion error),
-- at most 10 decimals like slaudit's reader; DECIMAL(38, ..) parses 4x slower.
CREATE OR REPLACE TEMP TABLE fee AS
SELECT b.resource, sum(CAST(CAST(b.charge AS DECIMAL(18, 10)) * 10000000000 AS HUGEINT)) AS units
FROM read_csv(getvariable('dir') || '/billing.csv', header = true, all_varchar = true) b
JOIN inventory i ON i.id = b.resource, terms t
WHERE b.period = getvariable('period') AND b.currency = t.currency
  AND lower(coalesce(b.usage_type, '')) NOT IN ('one_time', 'upfront')
GROUP BY b.resource;

-- Incidents, with the optional columns present even when the file lacks them.
-- ok: ends no earlier than it starts, and names at most one of resource, zone,
-- region (slaudit's reader rejects the others; it checks much more, see README.md).
CREATE OR REPLACE TEMP TABLE incidents AS
WITH raw AS (
  SELECT service, ts(start) AS s, ts(nullif("end", '')) AS e,
         nullif(resource, '') AS resource, nullif(zone, '') AS zone, nullif(region, '') AS region
  FROM (SELECT * FROM read_csv(getvariable('dir') || '/incidents.csv', header = true, all_varchar = true)
        UNION ALL BY NAME
        SELECT NULL::VARCHAR AS "end", NULL::VARCHAR AS resource, NULL::VARCHAR AS zone, NULL::VARCHAR AS region
        WHERE false)
)
SELECT row_number() OVER () AS n, *,
       (e IS NULL OR e >= s)
         AND (resource IS NOT NULL)::INT + (zone IS NOT NULL)::INT + (region IS NOT NULL)::INT <= 1 AS ok
FROM raw;

-- Attribution: an incident naming a resource takes it out if some second of the
-- incident lies in the resource's life (else it is rejected); one naming a zone
-- (or a region) takes out every resource of the service there, whatever its life.
CREATE OR REPLACE TEMP TABLE hits AS
SELECT x.n, i.id AS resource, x.s, x.e
FROM incidents x JOIN inventory i ON i.id = x.resource, terms t
WHERE x.ok AND x.service = t.service
  AND (i.terminated IS NULL OR x.s < i.terminated)
  AND (i.launched IS NULL OR x.e IS NULL OR x.e > i.launched)
UNION ALL
SELECT x.n, i.id, x.s, x.e
FROM incidents x JOIN inventory i ON x.resource IS NULL AND x.zone = i.zone, terms t
WHERE x.ok AND x.service = t.service
UNION ALL
SELECT x.n, i.id, x.s, x.e
FROM incidents x JOIN inventory i ON x.resource IS NULL AND x.zone IS NULL AND x.region = i.region, terms t
WHERE x.ok AND x.service = t.service;

-- ---------------------------------------------------------------- downtime runs
-- Each incident clipped to the resource's life in the month (an open incident
-- runs to its end), then merged per resource into maximal runs: overlapping or
-- touching intervals are one run (gaps and islands).
CREATE OR REPLACE TEMP TABLE runs AS
WITH clipped AS (
  SELECT h.resource, greatest(h.s, i.life_from) AS s, least(coalesce(h.e, i.life_to), i.life_to) AS e
  FROM hits h JOIN inventory i ON i.id = h.resource
),
ordered AS (
  SELECT resource, s, e,
         max(e) OVER (PARTITION BY resource ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reach
  FROM clipped WHERE s < e
),
islands AS (
  SELECT resource, s, e,
         sum(CASE WHEN reach IS NULL OR s > reach THEN 1 ELSE 0 END)
           OVER (PARTITION BY resource ORDER BY s, e ROWS UNBOUNDED PRECEDING) AS run
  FROM ordered
)
SELECT resource, min(s) AS s, max(e) AS e FROM islands GROUP BY resource, run;

-- Counted downtime: each run rounded up to whole minutes; raw: the run as it is.
CREATE OR REPLACE TEMP TABLE down AS
SELECT r.resource,
       sum((r.e - r.s + t.minute_s - 1) // t.minute_s * t.minute_s) AS counted_s,
       sum(r.e - r.s) AS raw_s
FROM runs r, terms t GROUP BY r.resource;

-- The clock-hour rule: raw down seconds per UTC clock hour; hours with strictly
-- more than the limit are not charged.
CREATE OR REPLACE TEMP TABLE free_hours AS
WITH pieces AS (
  SELECT resource, s, e, unnest(range(s // 3600, (e - 1) // 3600 + 1)) AS h FROM runs
),
per_hour AS (
  SELECT resource, h, sum(least(e, (h + 1) * 3600) - greatest(s, h * 3600)) AS down_s
  FROM pieces GROUP BY resource, h
)
SELECT p.resource, count(*) AS hours
FROM per_hour p, terms t WHERE p.down_s > t.hour_limit_s GROUP BY p.resource;

-- ---------------------------------------------------------------- per resource
-- eligible = the life in the month; availability = (eligible - down) / eligible,
-- compared exactly. Fee in cents = units / 10^8.
--   tier credit = round_half_up(pct/100 x units/10^8)           = (2 pct units + 10^10) // (2 10^10)
--   hourly rate = (units/10^8) / (eligible/3600) cents;
--   hour amount = round_half_up(rate x hours)                  = (2 units 3600 hours + 10^8 eligible) // (2 10^8 eligible)
CREATE OR REPLACE TEMP TABLE audited AS
WITH base AS (
  SELECT i.id,
         CAST(i.life_to - i.life_from AS HUGEINT) AS eligible,
         CAST(coalesce(d.counted_s, 0) AS HUGEINT) AS down,
         CAST(coalesce(f.hours, 0) AS HUGEINT) AS hours,
         coalesce(fee.units, 0::HUGEINT) AS units
  FROM inventory i
  LEFT JOIN down d ON d.resource = i.id
  LEFT JOIN free_hours f ON f.resource = i.id
  LEFT JOIN fee ON fee.resource = i.id
  WHERE i.life_from < i.life_to
),
judged AS (
  SELECT b.*,
         (b.eligible - b.down) * 1000 >= t.target_pm * b.eligible AS met,
         coalesce((SELECT max(pct) FROM tiers
                   WHERE (b.eligible - b.down) * 1000 < below_pm * b.eligible
                     AND (b.eligible - b.down) * 1000 >= at_least_pm * b.eligible), 0) AS pct
  FROM base b, terms t
)
SELECT id, eligible, down, hours, units, met, pct,
       (2 * pct * units + 10000000000) // 20000000000 AS credit_cents,
       (2 * units * 3600 * hours + 100000000 * eligible) // (200000000 * eligible) AS hour_cents
FROM judged;

-- ---------------------------------------------------------------- the figures
SELECT count(*) AS resources,
       count(*) FILTER (WHERE met AND credit_cents = 0 AND hour_cents = 0) AS met,
       count(*) FILTER (WHERE NOT met OR credit_cents > 0 OR hour_cents > 0) AS breached,
       CAST(sum(credit_cents + hour_cents) AS BIGINT) AS owed_cents,
       (SELECT count(*) FROM incidents) AS incidents_read,
       (SELECT count(*) FROM incidents WHERE n NOT IN (SELECT n FROM hits)) AS incidents_rejected
FROM audited;
