// gen_incidents end to end: the built generator (SLAUDIT_GEN_INCIDENTS) on
// good and bad arguments. Its library is tested in tests/bench/.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/cli_run.h"

using slaudit::testing::CliRun;
using slaudit::testing::has;
using slaudit::testing::ScratchDir;

TEST_CASE("gen_incidents: bad arguments exit 2 with the problem and the usage", "[bench][cli]") {
  struct Case {
    const char* args;
    const char* problem;
  };
  const Case cases[] = {
      {"", "gen_incidents: --from and --to are required"},
      {"--from 2026-01-01", "gen_incidents: --from and --to are required"},
      {"--from 2026-01-01 --to", "gen_incidents: missing value after --to"},
      {"--from 2026-02-30 --to 2026-03-01", "gen_incidents: bad date '2026-02-30' for --from: day 30 is out of range"},
      {"--from 2026-01-01 --to 2026-01-01", "gen_incidents: --to must be after --from"},
      {"--from 2026-01-02 --to 2026-01-01", "gen_incidents: --to must be after --from"},
      {"--from 2026-01-01 --to 2026-02-01 --seed x", "gen_incidents: bad number 'x' for --seed"},
      {"--from 2026-01-01 --to 2026-02-01 --gpus -5", "gen_incidents: bad number '-5' for --gpus"},
      {"--from 2026-01-01 --to 2026-02-01 --per-30-days 3.5", "gen_incidents: bad number '3.5' for --per-30-days"},
      {"--from 2026-01-01 --to 2026-02-01 --bogus x", "gen_incidents: unknown option --bogus"},
      {"--from 2026-01-01 --to 2026-02-01 --bogus 3", "gen_incidents: unknown option --bogus"},
  };
  const ScratchDir scratch("gen-incidents");
  for (const Case& c : cases) {
    INFO("gen_incidents " << c.args);
    const CliRun run = scratch.run(SLAUDIT_GEN_INCIDENTS, c.args);
    CHECK(run.exit == 2);
    CHECK(run.out.empty());
    CHECK(has(run.err, c.problem));
    CHECK(has(run.err, "usage: gen_incidents --from YYYY-MM-DD --to YYYY-MM-DD"));
  }
}

TEST_CASE("gen_incidents: good arguments write the log, the same for the same seed", "[bench][cli]") {
  const ScratchDir scratch("gen-incidents");
  const std::string args = "--from 2026-11-01 --to 2026-12-01 --per-30-days 59 --seed 7 --open";
  const CliRun first = scratch.run(SLAUDIT_GEN_INCIDENTS, args);
  const CliRun again = scratch.run(SLAUDIT_GEN_INCIDENTS, args);
  const CliRun other = scratch.run(SLAUDIT_GEN_INCIDENTS, "--from 2026-11-01 --to 2026-12-01 --per-30-days 59 --seed 8");
  REQUIRE(first.exit == 0);
  CHECK(first.err.empty());
  CHECK(has(first.out, "{\"id\":\"gen-000001\""));
  CHECK(first.out == again.out);
  CHECK(first.out != other.out);
}
