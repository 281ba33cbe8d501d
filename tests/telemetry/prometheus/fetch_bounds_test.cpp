// Issue 43: reading Prometheus is bounded in time and in place. A server that
// trickles a byte at a time is cut by the per-request bound (twice
// --http-timeout, retries included) and by the whole read's deadline
// (--http-deadline); credentials in the URL are refused without being used or
// repeated; --save-fetched writes through no symbolic link, and a replay reads
// nothing outside its folder.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>

#include "jobs/audit_job.h"
#include "telemetry/prometheus/fetcher.h"
#include "tests/support/cli_run.h"
#include "tests/support/fake_http_server.h"

namespace {

namespace fs = std::filesystem;
using slaudit::testing::FakeHttpServer;
using slaudit::testing::FakeRequest;
using slaudit::testing::FakeResponse;
using slaudit::testing::has;

const char* const kContract = R"(contract "Fake" {
  effective 2026-01-01 to 2026-12-31; timezone "UTC"; currency USD;
  service api { fee 100.00 per month; }
  availability api {
    target 99%; period calendar month;
    unavailable from probes { bucket 1 h; bad when success ratio < 90%; target "a"; }
    missing data counts as down;
    credit of monthly fee { below 99%: 10%; }
  }
}
)";

const char* const kSeries = R"({"status":"success","data":[]})";

struct Fixture : slaudit::testing::ScratchDir {
  Fixture() : ScratchDir("prometheus-bounds") {
    write("contract.sla", kContract);
    write("token", "s3cret\n");
  }
  slaudit::jobs::AuditJobOptions options(const std::string& url) const {
    slaudit::jobs::AuditJobOptions o;
    o.contract = (path() / "contract.sla").string();
    o.period = "2026-11";
    o.prometheus.url = url;
    o.prometheus.first_backoff = slaudit::prometheus::Milliseconds{10};
    return o;
  }
};

std::string joined(const slaudit::jobs::Messages& m) {
  std::string out;
  for (const auto& line : m) out += line + "\n";
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A body of 10,000 bytes sent a byte every 50 ms: 500 s to the end, never idle for long.
FakeResponse trickle(const FakeRequest&) {
  FakeResponse r;
  r.body = std::string(10'000, ' ');
  r.trickle_ms = 50;
  return r;
}

}  // namespace

TEST_CASE("prometheus: a trickling server is cut by the request's bound, retries included", "[prometheus][limits]") {
  const Fixture f;
  FakeHttpServer server(trickle);
  auto o = f.options(server.url());
  o.prometheus.timeout = "1s";
  o.prometheus.retries = 5;  // on main: 6 attempts of 1 s each, 6 s and more
  const auto start = std::chrono::steady_clock::now();
  const auto job = slaudit::jobs::run_audit_job(o);
  const double took = seconds_since(start);
  INFO(joined(job.messages));
  CHECK(job.exit_code == 2);
  CHECK_FALSE(job.report);
  CHECK(has(joined(job.messages), "when the time for the request ran out (at most twice the timeout of 1 s"));
  CHECK(took < 3.5);  // twice --http-timeout, and the time to start
}

TEST_CASE("prometheus: the whole read ends by --http-deadline with a clear error", "[prometheus][limits]") {
  const Fixture f;
  FakeHttpServer server(trickle);
  auto o = f.options(server.url());
  o.prometheus.timeout = "10s";
  o.prometheus.deadline = "2s";
  const auto start = std::chrono::steady_clock::now();
  const auto job = slaudit::jobs::run_audit_job(o);
  const double took = seconds_since(start);
  INFO(joined(job.messages));
  CHECK(job.exit_code == 2);
  CHECK(has(joined(job.messages), "the read passed its deadline of 2s (--http-deadline) after 1 request(s)"));
  CHECK(took < 4.0);
  SECTION("a deadline that is no duration is a usage error") {
    o.prometheus.deadline = "soon";
    const auto bad = slaudit::jobs::run_audit_job(o);
    CHECK(bad.exit_code == 2);
    CHECK(has(joined(bad.messages), "bad --http-deadline 'soon'"));
  }
}

TEST_CASE("prometheus: credentials in the URL are refused, never sent nor repeated", "[prometheus][hostile]") {
  const Fixture f;
  FakeHttpServer server([](const FakeRequest&) { return FakeResponse{200, kSeries}; });
  for (const std::string& url : {"http://admin:hunter2@" + server.url().substr(7),
                                 "http://admin@" + server.url().substr(7) + "/prefix"}) {
    const auto job = slaudit::jobs::run_audit_job(f.options(url));
    INFO(joined(job.messages));
    CHECK(job.exit_code == 2);
    CHECK(has(joined(job.messages), "the URL holds credentials"));
    CHECK(has(joined(job.messages), "--basic-auth-file"));
    CHECK_FALSE(has(joined(job.messages), "hunter2"));
    CHECK_FALSE(has(joined(job.messages), "admin"));
  }
  CHECK(server.requests().empty());
  // An @ after the host (in the path or the query) is no credential.
  const auto job = slaudit::jobs::run_audit_job(f.options(server.url() + "/a@b"));
  CHECK_FALSE(has(joined(job.messages), "credentials"));
}

TEST_CASE("prometheus --save-fetched: no write through a symbolic link", "[prometheus][hostile]") {
  const Fixture f;
  FakeHttpServer server([](const FakeRequest&) { return FakeResponse{200, kSeries}; });
  f.write("outside.txt", "precious\n");
  fs::create_directory(f.path() / "saved");
  SECTION("a response file that is a link out of the folder") {
    fs::create_symlink(f.path() / "outside.txt", f.path() / "saved" / "0001.json");
    auto o = f.options(server.url());
    o.prometheus.save_dir = (f.path() / "saved").string();
    const auto job = slaudit::jobs::run_audit_job(o);
    INFO(joined(job.messages));
    CHECK(job.exit_code == 2);
    CHECK(has(joined(job.messages), "0001.json (--save-fetched): it is a symbolic link"));
    CHECK(f.read("outside.txt") == "precious\n");
  }
  SECTION("a dangling manifest.json link: the folder already holds saved responses") {
    fs::create_symlink(f.path() / "nowhere.json", f.path() / "saved" / "manifest.json");
    auto o = f.options(server.url());
    o.prometheus.save_dir = (f.path() / "saved").string();
    const auto job = slaudit::jobs::run_audit_job(o);
    CHECK(job.exit_code == 2);
    CHECK(has(joined(job.messages), "already holds saved responses (manifest.json)"));
    CHECK_FALSE(fs::exists(f.path() / "nowhere.json"));
    CHECK(server.requests().empty());
  }
}

TEST_CASE("prometheus --prometheus-replay: nothing is read from outside the folder", "[prometheus][hostile]") {
  const Fixture f;
  fs::create_directory(f.path() / "replay");
  const std::string sha = "0000000000000000000000000000000000000000000000000000000000000000";
  struct Case {
    const char* name;
    std::string file;
    std::string reason;
  };
  for (const Case& c : {Case{"a parent folder", "../token", "holds \"..\""},
                        Case{"an absolute path", (f.path() / "token").string(), "is an absolute path"},
                        Case{"a separator", "sub/0001.json", "holds a path separator"},
                        Case{"a backslash separator", "sub\\\\0001.json", "holds a path separator"}}) {
    SECTION(c.name) {
      f.write("replay/manifest.json", "{\"base_url\":\"http://p:9090\",\"responses\":[{\"request\":\"/x\",\"file\":\"" +
                                          c.file + "\",\"status\":200,\"sha256\":\"" + sha + "\"}]}");
      auto o = f.options("");
      o.prometheus.replay_dir = (f.path() / "replay").string();
      const auto job = slaudit::jobs::run_audit_job(o);
      INFO(joined(job.messages));
      CHECK(job.exit_code == 2);
      CHECK(has(joined(job.messages), c.reason));
      CHECK_FALSE(has(joined(job.messages), "s3cret"));
    }
  }
  SECTION("a saved response that is a link out of the folder") {
    fs::create_symlink(f.path() / "token", f.path() / "replay" / "0001.json");
    f.write("replay/manifest.json", "{\"base_url\":\"http://p:9090\",\"responses\":[{\"request\":\"/x\",\"file\":"
                                    "\"0001.json\",\"status\":200,\"sha256\":\"" + sha + "\"}]}");
    std::string error;
    const auto fetcher = slaudit::prometheus::replay_fetcher((f.path() / "replay").string(), error);
    REQUIRE(fetcher);
    const auto fetched = fetcher->get("/x");
    CHECK(has(fetched.error, "0001.json: a symbolic link; a replay reads only the files saved in its folder"));
    CHECK(fetched.body.empty());
  }
}
