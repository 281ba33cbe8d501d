#include "telemetry/probe/kuma_database.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <filesystem>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

#include "telemetry/common/name_check.h"

namespace slaudit::probe {
namespace {

constexpr size_t kMaxMonitors = 1'000'000;

// Uptime Kuma's heartbeat states (server/util or src/util.ts: DOWN, UP, PENDING, MAINTENANCE).
enum class KumaStatus : int { Down = 0, Up = 1, Pending = 2, Maintenance = 3 };

class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { prepared_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) == SQLITE_OK; }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool prepared() const { return prepared_; }
  sqlite3_stmt* get() const { return stmt_; }

 private:
  sqlite3_stmt* stmt_ = nullptr;
  bool prepared_ = false;
};

// `file:` URI of a path: absolute, every byte but the plainest percent-encoded.
std::string uri_of(const std::string& path) {
  std::error_code ec;
  std::string absolute = std::filesystem::absolute(path, ec).string();
  if (ec) absolute = path;
  std::string out = "file:";
  for (size_t i = 0; i < absolute.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(absolute[i]);
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                       c == '-' || c == '_' || (c == '/' && !(i == 1 && absolute[0] == '/'));  // never "file://"
    if (plain) {
      out += static_cast<char>(c);
    } else {
      static const char* hex = "0123456789ABCDEF";
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out + "?mode=ro&immutable=1";
}

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
int64_t days_from_civil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

bool digits(std::string_view s, size_t at, size_t n, unsigned& value) {
  value = 0;
  for (size_t i = at; i < at + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    value = value * 10 + unsigned(s[i] - '0');
  }
  return true;
}

// The columns a table must have; an error naming the first missing one.
std::string require_columns(sqlite3* db, std::string_view name, const char* table, std::vector<const char*> columns) {
  Statement info(db, "SELECT name FROM pragma_table_info(?1)");
  if (!info.prepared()) return std::string(name) + ": cannot read the schema: " + sqlite3_errmsg(db);
  sqlite3_bind_text(info.get(), 1, table, -1, SQLITE_STATIC);
  std::vector<std::string> found;
  int rc;
  while ((rc = sqlite3_step(info.get())) == SQLITE_ROW)
    found.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(info.get(), 0)));
  if (rc != SQLITE_DONE) return std::string(name) + ": cannot read the schema: " + sqlite3_errmsg(db);
  if (found.empty())
    return std::string(name) + ": an SQLite database without a table '" + table +
           "': not an Uptime Kuma database (its tables monitor and heartbeat are read)";
  for (const char* c : columns)
    if (std::find(found.begin(), found.end(), c) == found.end())
      return std::string(name) + ": table '" + table + "' has no column '" + c + "': not Uptime Kuma's schema";
  return {};
}

struct Monitor {
  std::string name;
  std::string problem;  // why its heartbeats are rejected; empty when its name is a target
  std::optional<TargetId> target;  // interned at its first heartbeat used
};

std::string read_monitors(sqlite3* db, std::string_view name, std::unordered_map<int64_t, Monitor>& monitors) {
  Statement q(db, "SELECT id, name FROM monitor ORDER BY id");
  if (!q.prepared()) return std::string(name) + ": cannot read table 'monitor': " + sqlite3_errmsg(db);
  std::map<std::string, std::vector<int64_t>> by_name;
  int rc;
  while ((rc = sqlite3_step(q.get())) == SQLITE_ROW) {
    if (monitors.size() >= kMaxMonitors)
      return std::string(name) + ": more than " + std::to_string(kMaxMonitors) + " monitors";
    const int64_t id = sqlite3_column_int64(q.get(), 0);
    Monitor m;
    if (sqlite3_column_type(q.get(), 1) != SQLITE_TEXT) {
      m.problem = "monitor " + std::to_string(id) + " has no name";
    } else {
      m.name.assign(reinterpret_cast<const char*>(sqlite3_column_text(q.get(), 1)),
                    static_cast<size_t>(sqlite3_column_bytes(q.get(), 1)));
      if (auto problem = name_problem("the name of monitor " + std::to_string(id), m.name)) m.problem = *problem;
      else if (m.name.empty()) m.problem = "monitor " + std::to_string(id) + " has an empty name";
      else by_name[m.name].push_back(id);
    }
    monitors[id] = std::move(m);
  }
  if (rc != SQLITE_DONE) return std::string(name) + ": cannot read table 'monitor': " + sqlite3_errmsg(db);
  for (const auto& [shared, ids] : by_name) {
    if (ids.size() < 2) continue;
    std::string list;
    for (size_t i = 0; i < ids.size() && i < 5; ++i) list += (i ? ", " : "") + std::to_string(ids[i]);
    if (ids.size() > 5) list += " and " + std::to_string(ids.size() - 5) + " more";
    for (int64_t id : ids)
      monitors[id].problem = "the monitor name '" + shared + "' is shared by monitors " + list +
                             ": which one is the target would be a guess";
  }
  return {};
}

// Reads the heartbeat rows one by one into samples and the accounting.
class HeartbeatReader {
 public:
  HeartbeatReader(const ProbeInput& input, std::unordered_map<int64_t, Monitor>& monitors)
      : in_(input), monitors_(monitors) {
    for (auto& [id, m] : monitors_)
      if (id >= 0 && uint64_t(id) < 4 * monitors_.size() + 1024) {
        if (by_id_.size() <= size_t(id)) by_id_.resize(size_t(id) + 1, nullptr);
        by_id_[size_t(id)] = &m;
      }
  }

  // Each column is asked for once: SQLite's column calls are a good part of the cost of a row.
  void row(sqlite3_stmt* q) {
    ProbeAccounting& acc = *in_.accounting;
    ++acc.read;
    const uint64_t record = static_cast<uint64_t>(sqlite3_column_int64(q, 0));
    Monitor* monitor = find_monitor(q, record);
    if (!monitor) return;
    if (!monitor->problem.empty()) return acc.reject_with(in_.source, record, [&] { return monitor->problem; });
    // The type first: after a conversion (column_int64 of a text) SQLite's column_type is undefined.
    const int64_t code = sqlite3_column_type(q, 2) == SQLITE_INTEGER ? sqlite3_column_int64(q, 2) : -1;
    if (code < 0 || code > 3)
      return acc.reject_with(in_.source, record, [&] {
        const char* text = reinterpret_cast<const char*>(sqlite3_column_text(q, 2));
        return "status '" + std::string(text ? text : "NULL").substr(0, 60) +
               "' is not 0 (down), 1 (up), 2 (pending) or 3 (maintenance)";
      });
    const auto status = static_cast<KumaStatus>(code);
    int64_t seconds = 0;
    if (std::string why = time_of(q, seconds); !why.empty())
      return acc.reject_with(in_.source, record, [&] { return why; });
    if (status == KumaStatus::Maintenance) {
      ++acc.missing;
      ++maintenance_;
      return;
    }
    pending_ += status == KumaStatus::Pending;
    if (!monitor->target) monitor->target = in_.targets->intern(monitor->name);
    ProbeSample s;
    s.at = Instant{Seconds{seconds}};
    s.target = *monitor->target;
    s.kind = SampleKind::Counts;
    s.source = in_.source;
    s.record = record;
    s.ok = status == KumaStatus::Up ? 1 : 0;
    s.total = 1;
    ++acc.used;
    in_.sink->add(s);
  }

  void finish() {
    ProbeAccounting& acc = *in_.accounting;
    if (maintenance_ > 0) {
      acc.missing_noted += maintenance_;
      acc.notes.push_back(std::to_string(maintenance_) +
                          " heartbeats in maintenance (status 3): read, not used nor rejected, never failures; their "
                          "buckets follow the missing-data rule");
    }
    if (pending_ > 0)
      acc.notes.push_back(std::to_string(pending_) +
                          " pending heartbeats (status 2: a failed check Uptime Kuma was retrying) counted as failed");
  }

 private:
  Monitor* find_monitor(sqlite3_stmt* q, uint64_t record) {
    ProbeAccounting& acc = *in_.accounting;
    if (sqlite3_column_type(q, 1) != SQLITE_INTEGER) {
      acc.reject(in_.source, record, "monitor_id is not an integer");
      return nullptr;
    }
    const int64_t id = sqlite3_column_int64(q, 1);
    // Kuma numbers monitors from 1: a table by id, and a map for any other id.
    if (id >= 0 && uint64_t(id) < by_id_.size() && by_id_[size_t(id)]) return by_id_[size_t(id)];
    auto it = monitors_.find(id);
    if (it == monitors_.end()) {
      acc.reject_with(in_.source, record, [&] { return "monitor_id " + std::to_string(id) + " has no monitor"; });
      return nullptr;
    }
    return &it->second;
  }

  std::string time_of(sqlite3_stmt* q, int64_t& seconds) {
    if (sqlite3_column_type(q, 3) != SQLITE_TEXT) return "time is not text ('YYYY-MM-DD HH:MM:SS', UTC)";
    const char* chars = reinterpret_cast<const char*>(sqlite3_column_text(q, 3));
    const std::string_view text(chars, static_cast<size_t>(sqlite3_column_bytes(q, 3)));
    // The date repeats over thousands of rows: reuse its days.
    if (text.size() >= 19 && text.substr(0, 10) == last_date_ && text[10] == ' ') {
      unsigned h, mi, s;
      if (digits(text, 11, 2, h) && text[13] == ':' && digits(text, 14, 2, mi) && text[16] == ':' &&
          digits(text, 17, 2, s) && h < 24 && mi < 60 && s < 60 && fraction_ok(text)) {
        seconds = last_days_ * 86400 + h * 3600 + mi * 60 + s;
        return {};
      }
    }
    std::string why = parse_kuma_time(text, seconds);
    if (why.empty()) {
      last_date_.assign(text.substr(0, 10));
      last_days_ = (seconds - (seconds % 86400 + 86400) % 86400) / 86400;
    }
    return why;
  }
  static bool fraction_ok(std::string_view text) {
    if (text.size() == 19) return true;
    if (text[19] != '.' || text.size() == 20) return false;
    for (size_t i = 20; i < text.size(); ++i)
      if (text[i] < '0' || text[i] > '9') return false;
    return true;
  }

  const ProbeInput& in_;
  std::unordered_map<int64_t, Monitor>& monitors_;
  std::vector<Monitor*> by_id_;  // monitors_ by a small id (the map's nodes do not move)
  std::string last_date_;
  int64_t last_days_ = 0;
  uint64_t maintenance_ = 0, pending_ = 0;
};

}  // namespace

std::string parse_kuma_time(std::string_view text, int64_t& seconds) {
  const std::string bad = "time '" + std::string(text.substr(0, 40)) + (text.size() > 40 ? "...'" : "'") +
                          " is not 'YYYY-MM-DD HH:MM:SS[.fff]' (UTC)";
  if (text.size() < 19 || text.size() > 29) return bad;
  unsigned y, mo, d, h, mi, s;
  if (!digits(text, 0, 4, y) || text[4] != '-' || !digits(text, 5, 2, mo) || text[7] != '-' || !digits(text, 8, 2, d) ||
      text[10] != ' ' || !digits(text, 11, 2, h) || text[13] != ':' || !digits(text, 14, 2, mi) || text[16] != ':' ||
      !digits(text, 17, 2, s))
    return bad;
  if (text.size() > 19) {
    if (text[19] != '.' || text.size() == 20) return bad;
    for (size_t i = 20; i < text.size(); ++i)
      if (text[i] < '0' || text[i] > '9') return bad;
  }
  static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  if (mo < 1 || mo > 12 || d < 1 || d > kDays[mo - 1] + (mo == 2 && leap) || h > 23 || mi > 59 || s > 59)
    return "time '" + std::string(text) + "' is not a valid date and time";
  seconds = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s;
  return {};
}

std::string read_kuma_database(const std::string& path, std::string_view name, const ProbeInput& input) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(uri_of(path).c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
                                 nullptr);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> owned(db, sqlite3_close);
  if (rc != SQLITE_OK)
    return std::string(name) + ": cannot open as an SQLite database: " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
  if (std::string e = require_columns(db, name, "monitor", {"id", "name"}); !e.empty()) return e;
  if (std::string e = require_columns(db, name, "heartbeat", {"id", "monitor_id", "status", "time"}); !e.empty()) return e;
  std::unordered_map<int64_t, Monitor> monitors;
  if (std::string e = read_monitors(db, name, monitors); !e.empty()) return e;
  Statement q(db, "SELECT id, monitor_id, status, time FROM heartbeat ORDER BY id");
  if (!q.prepared()) return std::string(name) + ": cannot read table 'heartbeat': " + sqlite3_errmsg(db);
  HeartbeatReader reader(input, monitors);
  int step;
  while ((step = sqlite3_step(q.get())) == SQLITE_ROW) reader.row(q.get());
  if (step != SQLITE_DONE)
    return std::string(name) + ": cannot read table 'heartbeat' after " + std::to_string(input.accounting->read) +
           " heartbeats: " + sqlite3_errmsg(db);
  reader.finish();
  return {};
}

}  // namespace slaudit::probe
