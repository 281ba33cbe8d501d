#include "fuzz/support/text_diff.h"

#include <sstream>

namespace slaudit::fuzz {

std::string first_difference(const std::string& a, const std::string& b) {
  std::istringstream in_a(a), in_b(b);
  std::string line_a, line_b;
  while (true) {
    const bool more_a = static_cast<bool>(std::getline(in_a, line_a));
    const bool more_b = static_cast<bool>(std::getline(in_b, line_b));
    if (!more_a && !more_b) return " (no line differs)";
    if (!more_a) line_a = "(end)";
    if (!more_b) line_b = "(end)";
    if (line_a != line_b) return "\n  " + line_a + "\n  " + line_b;
  }
}

}  // namespace slaudit::fuzz
