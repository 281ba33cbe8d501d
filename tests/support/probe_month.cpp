#include "tests/support/probe_month.h"

#include <cstdio>

namespace slaudit::testing {

std::string november_minute(int minute_of_month) {
  char text[32];
  std::snprintf(text, sizeof text, "2026-11-%02dT%02d:%02d:00Z", 1 + minute_of_month / 1440,
                minute_of_month / 60 % 24, minute_of_month % 60);
  return text;
}

std::string probe_csv(const std::vector<std::string>& rows) {
  std::string out = "timestamp,target,success\n";
  for (const std::string& r : rows) out += r + "\n";
  return out;
}

}  // namespace slaudit::testing
