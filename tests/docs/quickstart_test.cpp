// The README's "Your first audit": its contract is the file it names, and the
// figures it states are the audit's. A new user who follows it gets what it says.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "language/compile/compile.h"
#include "language/syntax/ast_json.h"
#include "tests/support/audit_fixture.h"

using namespace slaudit;
using slaudit::audit::IncidentRole;
using slaudit::audit::Rational;

namespace {

std::string read(const std::string& relative) {
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/" + relative, std::ios::binary);
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The first ``` block after the README's "## Your first audit" heading.
std::string readme_contract() {
  const std::string readme = read("README.md");
  const size_t section = readme.find("\n## Your first audit\n");
  REQUIRE(section != std::string::npos);
  const size_t open = readme.find("\n```\n", section);
  REQUIRE(open != std::string::npos);
  const size_t close = readme.find("\n```\n", open + 5);
  REQUIRE(close != std::string::npos);
  return readme.substr(open + 5, close - open - 4);
}

nlohmann::json syntax_of(const std::string& name, const std::string& text) {
  const SourceFile source(name, text);
  const CompiledContract compiled = compile_contract(source);
  INFO(name);
  REQUIRE(compiled.ok());
  return ast_to_json(compiled.syntax, nullptr);
}

}  // namespace

TEST_CASE("quickstart: the README's contract is contracts/quickstart/acme.sla", "[docs][quickstart]") {
  CHECK(syntax_of("README.md", readme_contract()) ==
        syntax_of("acme.sla", read("contracts/quickstart/acme.sla")));
}

TEST_CASE("quickstart: the audit gives the README's figures", "[docs][quickstart]") {
  auto fx = testing::run_audit_text(read("contracts/quickstart/acme.sla"),
                                    read("contracts/quickstart/acme.incidents.jsonl"), "2026-11");
  CHECK(fx->log.records_read == 3);
  const auto& p = fx->period("vm", "2026-11");
  CHECK(p.length == Seconds{43200 * 60});             // 30 days, no DST change in Berlin's November
  CHECK(p.excluded == Seconds{(60 + 120) * 60});       // maintenance with 5 days' notice + customer cause
  CHECK(p.eligible == Rational(43020 * 60));           // removed from the period
  CHECK(p.down == Rational(50 * 60));
  CHECK(*p.availability == Rational(43020 - 50, 43020));  // 99.8837...% < 99.9%
  CHECK_FALSE(p.met);
  CHECK(p.owed_minor == 5000);                          // 10% of 500.00 EUR
  CHECK(p.claim.deadline == model::CivilDate{2026, 12, 30});
  CHECK(fx->finding(p, "a-1").role == IncidentRole::Down);
  CHECK(fx->finding(p, "a-2").role == IncidentRole::Excluded);
  CHECK(fx->finding(p, "a-3").role == IncidentRole::Excluded);
  CHECK(fx->report().total_owed_minor == 5000);
}

TEST_CASE("quickstart: check finds the two rule warnings the README names, and no error", "[docs][quickstart]") {
  const std::string command = "'" SLAUDIT_CLI "' check '" SLAUDIT_SOURCE_DIR "/contracts/quickstart/acme.sla' 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[4096];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int status = ::pclose(pipe);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(out.find("[billing-no-granularity]") != std::string::npos);
  CHECK(out.find("[maintenance-no-cap]") != std::string::npos);
  CHECK(out.find("ok (0 errors, 2 warnings") != std::string::npos);
}
