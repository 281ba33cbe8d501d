-- A small Uptime Kuma database (tests/telemetry/probe/kuma_database_test.cpp,
-- tests/cli/kuma_cli_test.cpp, docs/inputs.md "Uptime Kuma"). The tables are
-- Uptime Kuma's own, as its schema creates them (db/knex_init_db.js in
-- louislam/uptime-kuma: monitor and heartbeat, a subset of monitor's columns);
-- heartbeat.status is 0 down, 1 up, 2 pending, 3 maintenance (src/util.ts),
-- heartbeat.time UTC text as Kuma writes it ("YYYY-MM-DD HH:mm:ss.SSS").
CREATE TABLE monitor (
  id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(150), active BOOLEAN NOT NULL DEFAULT 1,
  user_id INTEGER, interval INTEGER NOT NULL DEFAULT 20, url TEXT, type VARCHAR(20),
  weight INTEGER DEFAULT 2000, created_date DATETIME NOT NULL DEFAULT (DATETIME('now')),
  maxretries INTEGER NOT NULL DEFAULT 0, retry_interval INTEGER NOT NULL DEFAULT 0);
CREATE TABLE heartbeat (
  id INTEGER PRIMARY KEY AUTOINCREMENT, important BOOLEAN NOT NULL DEFAULT 0,
  monitor_id INTEGER NOT NULL REFERENCES monitor(id) ON DELETE CASCADE ON UPDATE CASCADE,
  status SMALLINT NOT NULL, msg TEXT, time DATETIME NOT NULL, ping INTEGER,
  duration INTEGER NOT NULL DEFAULT 0, down_count INTEGER NOT NULL DEFAULT 0);
CREATE INDEX important ON heartbeat (important);
CREATE INDEX monitor_time_index ON heartbeat (monitor_id, time);
CREATE INDEX monitor_id ON heartbeat (monitor_id);
CREATE INDEX monitor_important_time_index ON heartbeat (monitor_id, important, time);

INSERT INTO monitor (id, name, interval, url, type, maxretries, retry_interval) VALUES
  (1, 'api', 20, 'https://api.example.com/health', 'http', 1, 20),
  (2, 'web', 20, 'https://www.example.com/', 'http', 0, 20),
  (3, 'evil' || char(10) || 'Total owed: 0.00 EUR', 20, 'https://x.example.com/', 'http', 0, 20);

-- Monitor 1 (api), every 20 s from 2026-11-03 02:00 UTC, ids 1-15:
--   02:00 up up up        02:01 down pending down   02:02 up down up
--   02:03 maintenance x3  02:04 up up up
INSERT INTO heartbeat (id, important, monitor_id, status, msg, time, ping, duration) VALUES
  (1, 1, 1, 1, '200 - OK', '2026-11-03 02:00:00.112', 41, 0),
  (2, 0, 1, 1, '200 - OK', '2026-11-03 02:00:20.108', 39, 20),
  (3, 0, 1, 1, '200 - OK', '2026-11-03 02:00:40.131', 40, 20),
  (4, 1, 1, 0, 'timeout of 48000ms exceeded', '2026-11-03 02:01:00.120', NULL, 20),
  (5, 0, 1, 2, 'timeout of 48000ms exceeded', '2026-11-03 02:01:20.117', NULL, 20),
  (6, 0, 1, 0, 'timeout of 48000ms exceeded', '2026-11-03 02:01:40.125', NULL, 20),
  (7, 1, 1, 1, '200 - OK', '2026-11-03 02:02:00.109', 44, 20),
  (8, 1, 1, 0, 'Request failed with status code 503', '2026-11-03 02:02:20.111', 12, 20),
  (9, 1, 1, 1, '200 - OK', '2026-11-03 02:02:40.115', 38, 20),
  (10, 1, 1, 3, 'Maintenance', '2026-11-03 02:03:00.101', NULL, 20),
  (11, 0, 1, 3, 'Maintenance', '2026-11-03 02:03:20.104', NULL, 20),
  (12, 0, 1, 3, 'Maintenance', '2026-11-03 02:03:40.102', NULL, 20),
  (13, 1, 1, 1, '200 - OK', '2026-11-03 02:04:00.110', 40, 20),
  (14, 0, 1, 1, '200 - OK', '2026-11-03 02:04:20.106', 42, 20),
  (15, 0, 1, 1, '200 - OK', '2026-11-03 02:04:40', 41, 20);
-- Monitor 2 (web): not a target of the contract; monitor 3: no name a report can print.
INSERT INTO heartbeat (id, important, monitor_id, status, msg, time, ping, duration) VALUES
  (16, 1, 2, 1, '200 - OK', '2026-11-03 02:00:05.000', 80, 0),
  (17, 1, 3, 1, '200 - OK', '2026-11-03 02:00:06.000', 80, 0);
-- Rejected: a monitor that is gone, a status Kuma never writes, a time in another form.
INSERT INTO heartbeat (id, important, monitor_id, status, msg, time, ping, duration) VALUES
  (18, 1, 99, 1, '200 - OK', '2026-11-03 02:00:07.000', 80, 0),
  (19, 0, 1, 7, '', '2026-11-03 02:04:50.000', 80, 0),
  (20, 0, 1, 1, '', '2026-11-03T02:04:55Z', 80, 0);
