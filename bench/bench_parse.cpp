// Benchmark: parse and check a generated contract of N clauses (default 10,000)
// and print the figures. A benchmark prints; it never asserts a time.
//   build/bench/bench_parse [clauses]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "language/compile/compile.h"
#include "language/grammar/parse.h"

namespace {

// One service with an availability clause, a recovery clause, a commitment and
// a claim per four clauses: every area of the grammar is exercised.
std::string generate(int clauses) {
  std::string text = "contract \"generated\" {\n  timezone \"Asia/Shanghai\"; currency CNY;\n";
  for (int i = 0; i < clauses; i += 4) {
    const std::string s = "svc" + std::to_string(i);
    text += "  service " + s + " { fee 1200000.00 per month; scope single cluster \"c" + std::to_string(i) + "\"; }\n";
    text += "  availability " + s + " {\n    target 99.9%; period calendar month;\n"
            "    unavailable when incident affects >= 5% of gpus;\n"
            "    exclude maintenance with notice >= 72 h, at most 4 h per period;\n"
            "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; below 95.0%: 100%; }\n"
            "    cap 100% of monthly fee; claim within 30 d after period end;\n  }\n";
    text += "  recovery " + s + " { faults (node_down, gpu_xid); within 20 min from detected to recovered; }\n";
    text += "  commit checkpoint_write for " + s + " >= 400 GB/s under load;\n";
  }
  return text + "}\n";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int clauses = argc > 1 ? std::atoi(argv[1]) : 10000;
  const std::string text = generate(clauses);
  slaudit::SourceFile source("generated.sla", text);

  auto start = std::chrono::steady_clock::now();
  auto parsed = slaudit::parse_contract(source);
  const double parse_s = seconds_since(start);

  start = std::chrono::steady_clock::now();
  auto compiled = slaudit::compile_contract(source);
  const double compile_s = seconds_since(start);

  if (!compiled.ok() || parsed.diagnostics.has_errors()) {
    std::fprintf(stderr, "bench_parse: the generated contract has errors\n");
    return 1;
  }
  const double mb = static_cast<double>(text.size()) / 1e6;
  std::printf("clauses %d, %zu lines, %.2f MB\n", clauses, static_cast<size_t>(source.line_count()), mb);
  std::printf("parse only:       %.3f s  (%.1f MB/s, %.0f clauses/s)\n", parse_s, mb / parse_s, clauses / parse_s);
  std::printf("parse and check:  %.3f s  (%.1f MB/s, %.0f clauses/s)\n", compile_s, mb / compile_s, clauses / compile_s);
  return 0;
}
