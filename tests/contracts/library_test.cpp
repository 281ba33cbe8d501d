// The contract library (contracts/library/), tag [library]:
//  - every library contract checks with no diagnostic at all and is in the
//    canonical form of `slaudit fmt`;
//  - each golden audit in tests/golden/library/<name>/ (an `args` file and the
//    `expected.json` it must print) is reproduced byte for byte by the built
//    `slaudit audit ... --format json`, run from the source root;
//  - the key figures worked by hand in contracts/library/README.md are
//    asserted from the engine's exact figures, so a golden is never just a
//    recording of whatever the tool printed.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "language/compile/compile.h"
#include "language/format/printer.h"
#include "base/time/time_zone.h"
#include "telemetry/billing/billing_inputs.h"
#include "tests/support/audit_fixture.h"

namespace fs = std::filesystem;
using namespace slaudit;
using slaudit::audit::Rational;

namespace {

const fs::path kRoot = SLAUDIT_SOURCE_DIR;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<fs::path> sorted_entries(const fs::path& dir, bool directories, const std::string& extension = {}) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (directories ? entry.is_directory() : entry.path().extension() == extension) found.push_back(entry.path());
  }
  std::sort(found.begin(), found.end());
  return found;
}

// China's 2026 holidays and make-up working days (contracts/library/cn_holidays_2026.csv), for
// Alibaba's working-day claim window; contracts that name no calendar ignore it.
const HolidayCalendar& cn_holidays() {
  static const HolidayCalendar calendar = [] {
    const InputRows<HolidayRow> read = read_holidays(slurp(kRoot / "contracts/library/cn_holidays_2026.csv"));
    REQUIRE(read.ok());
    return holiday_calendar(read.rows, "CN", "cn_holidays_2026.csv");
  }();
  return calendar;
}

// The first line of a file, without its line end.
std::string first_line(const fs::path& path) {
  std::string text = slurp(path);
  const size_t end = text.find_first_of("\r\n");
  return end == std::string::npos ? text : text.substr(0, end);
}

struct CliRun {
  int exit = -1;
  std::string out, err;
};

// `slaudit audit ARGS --format json`, run in the source root so the report's
// input paths are the repository's relative paths.
CliRun audit_json(const std::string& args, const fs::path& scratch) {
  const fs::path out = scratch / "out.json", err = scratch / "err.txt";
  const std::string command = "cd '" + kRoot.string() + "' && '" SLAUDIT_CLI "' audit " + args +
                              " --format json > '" + out.string() + "' 2> '" + err.string() + "'";
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

// The report with its `engine` block's values blanked: the engine version and
// the tzdata release embedded at build time (Debian's tzdata package) are not
// part of what a golden fixes; the test checks them against the build instead.
std::string without_engine(const std::string& report) {
  static const std::regex engine(R"re("engine": \{\n    "tzdata": "[^"]*",\n    "version": "[^"]*"\n  \})re");
  return std::regex_replace(report, engine, R"("engine": {"tzdata": "-", "version": "-"})");
}

}  // namespace

TEST_CASE("library: the providers the library must cover are all there", "[library]") {
  for (const char* name : {"aws_ec2_instance", "amazon_s3_standard", "gce_single_instance", "azure_vm",
                           "alibaba_ecs", "kingsoft_kec", "kingsoft_kad", "digitalocean_droplet",
                           "hetzner_cloud_server"}) {
    INFO(name);
    CHECK(fs::exists(kRoot / "contracts/library" / (std::string(name) + ".sla")));
  }
}

TEST_CASE("library: every contract checks clean and is in canonical form", "[library]") {
  const std::vector<fs::path> files = sorted_entries(kRoot / "contracts/library", false, ".sla");
  REQUIRE(files.size() >= 9);
  for (const fs::path& path : files) {
    INFO(path.filename().string());
    const SourceFile source(path.filename().string(), slurp(path));
    const CompiledContract compiled = compile_contract(source);
    INFO(render_diagnostics(source, compiled.diagnostics));
    CHECK(compiled.diagnostics.empty());  // no error and no warning
    if (compiled.ok()) CHECK(format_contract(source, compiled.syntax) == source.text());
  }
}

TEST_CASE("library: each golden audit is reproduced byte for byte", "[library]") {
  const std::vector<fs::path> goldens = sorted_entries(kRoot / "tests/golden/library", true);
  REQUIRE(goldens.size() >= 8);
  const fs::path scratch = fs::temp_directory_path() / ("slaudit-library-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  for (const fs::path& golden : goldens) {
    INFO(golden.filename().string());
    const std::string args = first_line(golden / "args");
    const CliRun run = audit_json(args, scratch);
    INFO("slaudit audit " << args << " --format json\nstderr: " << run.err);
    const std::string expected = slurp(golden / "expected.json");
    // Byte for byte, but for the engine's version and tzdata release, checked here against the build.
    REQUIRE(without_engine(expected) != expected);
    CHECK(without_engine(run.out) == without_engine(expected));
    const nlohmann::json report = nlohmann::json::parse(run.out);
    CHECK(report.at("engine").at("version") == SLAUDIT_VERSION);
    CHECK(report.at("engine").at("tzdata") == std::string(TimeZone::tzdata_version()));
    // Exit 3 exactly when the report says something was breached; else 4 when the evidence was
    // incomplete or something could not be assessed; else 0.
    const bool clean = report.at("verdict") == "met" && report.at("evidence_complete").get<bool>();
    CHECK(run.exit == (report.at("breached").get<bool>() ? 3 : clean ? 0 : 4));
  }
  std::error_code ec;
  fs::remove_all(scratch, ec);
}

namespace {

// One audited period of a library contract, with the figures worked by hand
// in contracts/library/README.md.
struct HandWorked {
  const char* contract;  // relative to the source root
  const char* log;
  const char* service;
  const char* period;
  int64_t length_s;
  int64_t excluded_s;
  int64_t down_s;  // counted downtime, after the minimum, partial-minute and clock-interval rules
  int64_t avail_num, avail_den;  // availability as a fraction, in lowest terms
  bool met;
  int64_t fee_minor;
  int64_t credit_minor;  // before caps
  int64_t owed_minor;    // after caps and claims, with the clock-hour amount
};

const HandWorked kHandWorked[] = {
    // contract, log, service, period, length, excluded, down, availability, met, fee, credit, owed
    {"contracts/library/aws_ec2_instance.sla", "contracts/library/aws_ec2_instance.incidents.jsonl", "instance",
     "2026-11-01/2026-11-30", 2592000, 0, 25920, 99, 100, false, 24480, 2448, 2788},
    // clock minutes: 240 s (ec2r-1) + 60 s (ec2r-2, 50 s in one minute) + 120 s (ec2r-3, 40 s over two
    // minutes) = 420 s; (2,592,000 - 420) / 2,592,000 = 43193/43200.
    {"contracts/library/aws_ec2_region.sla", "contracts/library/aws_ec2_region.incidents.jsonl", "ec2_region",
     "2026-11-01/2026-11-30", 2592000, 0, 420, 43193, 43200, false, 730000, 73000, 73000},
    {"contracts/library/gce_single_instance.sla", "contracts/library/gce_single_instance.incidents.jsonl",
     "instance", "2026-11", 2595600, 0, 3660, 43199, 43260, false, 9783, 0, 0},
    {"contracts/library/gce_single_instance.sla", "contracts/library/gce_single_instance.incidents.jsonl",
     "memory_optimized", "2026-11", 2595600, 0, 1297, 2594303, 2595600, true, 322157, 0, 0},
    {"contracts/library/azure_vm.sla", "contracts/library/azure_vm.incidents.jsonl", "vm_zones", "2026-11",
     2592000, 0, 260, 129587, 129600, false, 14016, 1402, 1402},
    {"contracts/library/azure_vm.sla", "contracts/library/azure_vm.incidents.jsonl", "vm_availability_set",
     "2026-11", 2592000, 0, 1296, 1999, 2000, true, 14016, 0, 0},
    {"contracts/library/azure_vm.sla", "contracts/library/azure_vm.incidents.jsonl", "vm_premium_ssd", "2026-11",
     2592000, 0, 25920, 99, 100, false, 7008, 701, 701},
    {"contracts/library/azure_vm.sla", "contracts/library/azure_vm.incidents.jsonl", "vm_standard_ssd", "2026-11",
     2592000, 0, 129601, 2462399, 2592000, false, 7008, 1752, 1752},
    {"contracts/library/azure_vm.sla", "contracts/library/azure_vm.incidents.jsonl", "vm_standard_hdd", "2026-11",
     2592000, 0, 262800, 647, 720, false, 7008, 7008, 7008},
    {"contracts/library/alibaba_ecs.sla", "contracts/library/alibaba_ecs.incidents.jsonl", "ecs", "2026-11",
     2592000, 0, 172891, 2419109, 2592000, true, 43200, 0, 0},
    {"contracts/library/kingsoft_kec.sla", "contracts/library/kingsoft_kec.incidents.jsonl", "kec", "2026-11",
     2592000, 0, 7861, 2584139, 2592000, true, 38800, 0, 0},
    {"contracts/library/kingsoft_kad.sla", "contracts/library/kingsoft_kad.incidents.jsonl", "kad", "2026-11",
     2592000, 0, 2640, 10789, 10800, false, 980000, 0, 0},
    {"contracts/library/digitalocean_droplet.sla", "contracts/library/digitalocean_droplet.incidents.jsonl",
     "droplet", "2026-11", 1728000, 5400, 173, 1727827, 1728000, false, 800, 800, 800},
    // 5 min intervals: 10,800 s + 2,700 s + 600 s (do-old-3, 180 s over 11:55 and 12:00) = 14,100 s;
    // 2,577,900 / 2,592,000 = 8593/8640; credit 14,100 s at 12.00 USD / 720 h = 6.53 cents, 7.
    {"contracts/library/digitalocean_droplet_older.sla",
     "contracts/library/digitalocean_droplet_older.incidents.jsonl", "droplet", "2026-11", 2592000, 0, 14100, 8593,
     8640, false, 1200, 7, 7},
    {"contracts/library/hetzner_cloud_server.sla", "contracts/library/hetzner_cloud_server.incidents.jsonl",
     "server", "2026-11", 2592000, 13800, 3600, 719, 720, false, 459, 0, 0},
    {"contracts/examples/gpu_cluster.sla", "contracts/examples/gpu_cluster.incidents.jsonl", "training", "2026-11",
     2592000, 25200, 12780, 2554020, 2566800, false, 120000000, 12000000, 12000000},
};

}  // namespace

TEST_CASE("library: the engine's figures are the ones worked by hand", "[library]") {
  for (const HandWorked& row : kHandWorked) {
    INFO(row.contract << " " << row.service << " " << row.period);
    auto fx = testing::run_audit_text(slurp(kRoot / row.contract), slurp(kRoot / row.log), "2026-11", {}, true,
                                      &cn_holidays());
    const audit::PeriodAudit& p = fx->period(row.service, row.period);
    CHECK(p.length == Seconds{row.length_s});
    CHECK(p.excluded == Seconds{row.excluded_s});
    CHECK(p.down == Rational(row.down_s));
    REQUIRE(p.availability.has_value());
    CHECK(*p.availability == Rational(row.avail_num, row.avail_den));
    CHECK(p.met == row.met);
    CHECK(p.fee_minor == row.fee_minor);
    CHECK(p.credit_minor == row.credit_minor);
    CHECK(p.owed_minor == row.owed_minor);
  }
}

// The table above audits incident logs; a probe audit runs through the CLI
// (its CSV reader and the probe engine), so its hand-worked figures are read
// from the JSON report of the golden's own arguments.
TEST_CASE("library: Amazon S3's probe audit is the one worked by hand", "[library]") {
  const fs::path scratch = fs::temp_directory_path() / ("slaudit-library-s3-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  const CliRun run = audit_json(first_line(kRoot / "tests/golden/library/amazon_s3_standard/args"), scratch);
  INFO("stderr: " << run.err);
  const nlohmann::json report = nlohmann::json::parse(run.out);
  const nlohmann::json& p = report.at("periods").at(0);
  const nlohmann::json& probe = p.at("probe");
  // 8,640 five-minute buckets; 24 with samples: 20 at 50/100 failed, one at 80/100, three at 0/200.
  CHECK(probe.at("buckets") == 8640);
  CHECK(probe.at("no_data_buckets") == 8616);
  CHECK(probe.at("requests_total") == 2700);  // 20 x 100 + 100 + 3 x 200
  CHECK(probe.at("requests_ok") == 1620);     // 20 x 50 + 20 + 3 x 200
  // Missing as up: mean error rate (20 x 1/2 + 4/5) / 8,640 = 10.8 / 8,640 = 1/800.
  CHECK(probe.at("mean_error_rate").at("num") == "1");
  CHECK(probe.at("mean_error_rate").at("den") == "800");
  CHECK(p.at("availability").at("num") == "799");  // 99.875%: below 99.9%, at least 99.0%: 10%
  CHECK(p.at("availability").at("den") == "800");
  CHECK(p.at("owed").at("minor") == 2300);  // 10% of 23,000
  // Missing as down: 8,616 more buckets at 100%: 1 - 8,626.8 / 8,640 = 13.2 / 8,640 = 11/7200: 100%.
  CHECK(probe.at("ambiguous") == true);
  CHECK(probe.at("other_reading").at("availability").at("num") == "11");
  CHECK(probe.at("other_reading").at("availability").at("den") == "7200");
  CHECK(probe.at("other_reading").at("owed").at("minor") == 23000);
  CHECK(report.at("total_owed").at("minor") == 2300);  // the totals take the first reading
  std::error_code ec;
  fs::remove_all(scratch, ec);
}

TEST_CASE("library: clock hours, claim windows and totals worked by hand", "[library]") {
  auto audit = [](const char* name, const char* range = "2026-11") {
    return testing::run_audit_text(slurp(kRoot / "contracts/library" / (std::string(name) + ".sla")),
                                   slurp(kRoot / "contracts/library" / (std::string(name) + ".incidents.jsonl")),
                                   range, {}, true, &cn_holidays());
  };
  SECTION("AWS EC2: 10 clock hours with more than 6 min down, 34 cents each; claim by 2027-01-31") {
    auto fx = audit("aws_ec2_instance");
    const auto& p = fx->period("instance", "2026-11-01/2026-11-30");
    CHECK(p.down_raw == Seconds{25771});
    CHECK(p.free_hours == 10);  // ec2-b 1, ec2-c 2, ec2-d 7; ec2-a has exactly 6 min
    CHECK(p.hour_rule_minor == 340);
    CHECK(p.claim.deadline == model::CivilDate{2027, 1, 31});
    CHECK(fx->report().total_owed_minor == 2788);  // 2,448 + 340
  }
  SECTION("Azure: the five rows owe 14.02 + 0 + 7.01 + 17.52 + 70.08 USD") {
    CHECK(audit("azure_vm")->report().total_owed_minor == 10863);
  }
  SECTION("Alibaba ECS: claims from 2026-12-07 to 2027-01-31; a 70 s run across the month's end counts 30 s") {
    auto fx = audit("alibaba_ecs");
    const auto& p = fx->period("ecs", "2026-11");
    CHECK(p.claim.earliest == model::CivilDate{2026, 12, 7});
    CHECK(p.claim.deadline == model::CivilDate{2027, 1, 31});
    CHECK(fx->finding(p, "ecs-1").role == audit::IncidentRole::IgnoredShort);
    CHECK(fx->finding(p, "ecs-4").role == audit::IncidentRole::Down);
  }
  SECTION("Alibaba ECS: September's claims open on 2026-10-13, past the National Day week (calendar CN)") {
    // September ends Wednesday 30th; 1-7 October are holidays; Thu 8 (1), Fri 9 (2), Saturday 10 is a
    // make-up working day (3), Mon 12 (4), Tue 13 (5). Monday to Friday alone would give Wednesday 7 October.
    auto fx = audit("alibaba_ecs", "2026-09");
    CHECK(fx->period("ecs", "2026-09").claim.earliest == model::CivilDate{2026, 10, 13});
  }
  SECTION("Kingsoft KEC: the month is audited whole from a start on the 16th; 5 min exactly is ignored") {
    auto fx = audit("kingsoft_kec");
    const auto& p = fx->period("kec", "2026-11");
    CHECK(p.partial);
    CHECK(p.partial_rule == "whole");
    CHECK(fx->finding(p, "kec-1").role == audit::IncidentRole::IgnoredShort);
  }
  SECTION("DigitalOcean, older version: claims within 3 months after the cycle, by 2027-02-28") {
    CHECK(audit("digitalocean_droplet_older")->period("droplet", "2026-11").claim.deadline ==
          model::CivilDate{2027, 2, 28});
  }
  SECTION("Hetzner: downtime beats the DDoS exclusion it overlaps") {
    auto fx = audit("hetzner_cloud_server");
    const auto& p = fx->period("server", "2026-11");
    CHECK(fx->finding(p, "hz-3").excluded == Seconds{2400});
    CHECK(fx->finding(p, "hz-4").down == Seconds{1200});
  }
  SECTION("the GPU cluster of the article: 120,000.00 + 12,000.00 CNY") {
    auto fx = testing::run_audit_text(slurp(kRoot / "contracts/examples/gpu_cluster.sla"),
                                      slurp(kRoot / "contracts/examples/gpu_cluster.incidents.jsonl"), "2026-11");
    CHECK(fx->report().total_owed_minor == 13200000);
  }
}
