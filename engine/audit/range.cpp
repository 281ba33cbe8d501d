// `--period 2026-11`, `2026-Q4`, `2026`, or `2026-03-01..2026-05-31`.
#include <chrono>
#include <cstdio>

#include "engine/audit/audit.h"

namespace slaudit::audit {

namespace {
std::optional<model::CivilDate> date(std::string_view s) {
  int y, m, d;
  char tail;
  if (s.size() != 10 || std::sscanf(std::string(s).c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3) return std::nullopt;
  const std::chrono::year_month_day ymd{std::chrono::year{y}, std::chrono::month{unsigned(m)}, std::chrono::day{unsigned(d)}};
  if (!ymd.ok()) return std::nullopt;
  return model::CivilDate{y, m, d};
}

int last_day(int y, int m) {
  const std::chrono::year_month_day_last l{std::chrono::year{y} / std::chrono::month{unsigned(m)} / std::chrono::last};
  return static_cast<int>(unsigned(l.day()));
}
}  // namespace

std::optional<AuditRange> parse_audit_range(std::string_view text) {
  const std::string label(text);
  if (auto dots = text.find(".."); dots != std::string_view::npos) {
    auto a = date(text.substr(0, dots)), b = date(text.substr(dots + 2));
    if (!a || !b || *b < *a) return std::nullopt;
    return AuditRange{*a, *b, label};
  }
  int y = 0, m = 0;
  char tail;
  const std::string s(text);
  if (s.size() == 7 && std::sscanf(s.c_str(), "%4d-Q%1d%c", &y, &m, &tail) == 2 && s[5] == 'Q' && m >= 1 && m <= 4)
    return AuditRange{{y, 3 * m - 2, 1}, {y, 3 * m, last_day(y, 3 * m)}, label};
  if (s.size() == 7 && std::sscanf(s.c_str(), "%4d-%2d%c", &y, &m, &tail) == 2 && m >= 1 && m <= 12)
    return AuditRange{{y, m, 1}, {y, m, last_day(y, m)}, label};
  if (s.size() == 4 && std::sscanf(s.c_str(), "%4d%c", &y, &tail) == 1) return AuditRange{{y, 1, 1}, {y, 12, 31}, label};
  if (auto d = date(text)) return AuditRange{*d, *d, label};
  return std::nullopt;
}

}  // namespace slaudit::audit
