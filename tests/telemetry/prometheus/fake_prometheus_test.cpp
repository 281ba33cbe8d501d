// `slaudit audit --prometheus` against a small fake server, for the answers a
// real Prometheus will not give on demand: down, 500, 401, malformed JSON, a
// query that times out, NaN (stale) figures, partial responses (warnings), a
// cut transfer. Each must be a clear error or a period whose evidence is incomplete,
// never a silently different figure. The happy path checks the figures and
// that the bearer token (from a file) is sent.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/audit/probe/recording_plan.h"
#include "jobs/audit_job.h"
#include "tests/support/cli_run.h"
#include "tests/support/fake_http_server.h"

namespace {

using slaudit::testing::FakeHttpServer;
using slaudit::testing::FakeRequest;
using slaudit::testing::FakeResponse;
using slaudit::testing::has;
namespace probe = slaudit::probe;

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

constexpr int64_t kNovember = 1793491200;  // 2026-11-01T00:00:00Z
constexpr int64_t kHour = 3600;
constexpr int64_t kShift = 3600;           // UTC: phase 0, plus the default lag of 1 min rounded up to a bucket

// What the fake answers besides the recorded figures.
struct Script {
  int status = 200;
  std::string body;          // replaces every answer's body when not empty
  int delay_ms = 0;
  bool cut = false;
  int64_t nan_bucket = -1;   // this bucket's ok is NaN
  bool warnings = false;
  int64_t unrecorded = -1;   // no evaluation recorded for this bucket
};

std::string labels(const std::string& name) {
  return "\"__name__\":\"" + name +
         "\",\"slaudit_contract\":\"Fake\",\"slaudit_service\":\"api\",\"slaudit_bucket\":\"3600\",\"slaudit_shift\":\"3600\"";
}

// Bucket 100 (from 04:00 on Nov 5) is bad: 10 good of 60; every other one 60 of 60.
std::string range_answer(const FakeRequest& r, const Script& s) {
  const std::string query = slaudit::testing::query_value(r.target, "query");
  const double start = std::stod(slaudit::testing::query_value(r.target, "start"));
  const double end = std::stod(slaudit::testing::query_value(r.target, "end"));
  const std::string name = has(query, "probe_ok") ? "slaudit:probe_ok:bucket"
                           : has(query, "probe_total") ? "slaudit:probe_total:bucket"
                                                       : "slaudit:probe_evaluated:bucket";
  std::string values;
  for (int64_t ms = std::llround(start * 1000); ms <= std::llround(end * 1000); ms += kHour * 1000) {
    const auto bucket = probe::bucket_of_query_ms(ms, slaudit::Seconds{kHour}, slaudit::Seconds{kShift});
    const int64_t k = (bucket.time_since_epoch().count() - kNovember) / kHour;
    if (k == s.unrecorded) continue;
    std::string v = name == "slaudit:probe_evaluated:bucket" ? "1" : name == "slaudit:probe_total:bucket" ? "60"
                                                                      : k == 100 ? "10" : "60";
    if (k == s.nan_bucket && name == "slaudit:probe_ok:bucket") v = "NaN";
    char t[32];
    std::snprintf(t, sizeof t, "%lld.%03lld", static_cast<long long>(ms / 1000), static_cast<long long>(ms % 1000));
    values += std::string(values.empty() ? "" : ",") + "[" + t + ",\"" + v + "\"]";
  }
  const std::string metric = name == "slaudit:probe_evaluated:bucket"
                                 ? "{" + labels(name).substr(labels(name).find(',') + 1) + "}"
                                 : "{\"instance\":\"a\"," + labels(name).substr(labels(name).find(',') + 1) + "}";
  return std::string("{\"status\":\"success\",") + (s.warnings ? "\"warnings\":[\"store gateway 2 unavailable\"]," : "") +
         "\"data\":{\"resultType\":\"matrix\",\"result\":[{\"metric\":" + metric + ",\"values\":[" + values + "]}]}}";
}

FakeResponse answer(const FakeRequest& r, const Script& s) {
  FakeResponse out;
  out.status = s.status;
  out.delay_ms = s.delay_ms;
  out.cut = s.cut;
  if (!s.body.empty()) {
    out.body = s.body;
  } else if (r.target.starts_with("/api/v1/series")) {
    out.body = "{\"status\":\"success\",\"data\":[{" + labels("slaudit:probe_evaluated:bucket") + "},{" +
               labels("slaudit:probe_total:bucket") + ",\"instance\":\"a\"}]}";
  } else {
    out.body = range_answer(r, s);
  }
  return out;
}

struct Fixture : slaudit::testing::ScratchDir {
  Fixture() : ScratchDir("fake-prometheus") {
    write("contract.sla", kContract);
    write("token", "s3cret\n");
  }
  slaudit::jobs::AuditJob audit(const std::string& url, const std::string& timeout = "5s") const {
    slaudit::jobs::AuditJobOptions o;
    o.contract = (path() / "contract.sla").string();
    o.period = "2026-11";
    o.prometheus.url = url;
    o.prometheus.bearer_token_file = (path() / "token").string();
    o.prometheus.timeout = timeout;
    o.prometheus.first_backoff = slaudit::prometheus::Milliseconds{10};
    return slaudit::jobs::run_audit_job(o);
  }
};

std::string joined(const slaudit::jobs::Messages& m) {
  std::string out;
  for (const auto& line : m) out += line + "\n";
  return out;
}

bool incomplete(const slaudit::jobs::AuditJob& job) {
  if (!job.report || job.report->periods.empty()) return false;
  return !job.report->periods[0].evidence_gaps.empty() && !job.report->evidence_complete();
}

}  // namespace

TEST_CASE("fake prometheus: recorded figures give the audit, the token from its file is sent", "[prometheus]") {
  const Fixture f;
  Script s;
  FakeHttpServer server([&](const FakeRequest& r) { return answer(r, s); });
  const auto job = f.audit(server.url());
  INFO(joined(job.messages));
  REQUIRE(job.report);
  // 720 hours in November; bucket 100 is 10/60 < 90%: 1 bad hour, 719/720 = 99.86% >= 99%: met.
  const auto& p = job.report->periods.at(0);
  REQUIRE(p.probe);
  CHECK(p.probe->buckets == 720);
  CHECK(p.probe->bad_buckets == 1);
  CHECK(p.probe->target_buckets_missing == 0);
  CHECK(p.met);
  CHECK(job.exit_code == 0);
  CHECK_FALSE(incomplete(job));
  const auto requests = server.requests();
  REQUIRE(requests.size() == 4);  // series, evaluated, ok, total
  for (const auto& r : requests) CHECK(r.authorization == "Bearer s3cret");
  CHECK(requests[0].target.starts_with("/api/v1/series?"));
  CHECK(slaudit::testing::query_value(requests[2].target, "step") == "3600");
  // The first grid point: 1793491200 (2026-11-01T00:00Z) + 2 h + the 1 h shift - 1 ms = 1793501999.999.
  CHECK(slaudit::testing::query_value(requests[2].target, "start") == "1793501999.999");
  // The responses are an input of the report with one digest.
  bool named = false;
  for (const auto& in : job.report->inputs) named |= in.role == "prometheus" && in.sha256.size() == 64;
  CHECK(named);
}

TEST_CASE("fake prometheus: NaN, unrecorded buckets and warnings flag the period, exit 4", "[prometheus]") {
  const Fixture f;
  Script s;
  FakeHttpServer server([&](const FakeRequest& r) { return answer(r, s); });
  SECTION("a NaN figure (a stale or NaN raw sample): missing, counted down, and flagged") {
    s.nan_bucket = 200;
    const auto job = f.audit(server.url());
    REQUIRE(job.report);
    // 100 is bad, 200 is missing, counted down: 2 bad hours, 718/720 = 99.72%: met, but incomplete.
    CHECK(job.report->periods.at(0).probe->bad_buckets == 2);
    CHECK(incomplete(job));
    CHECK(job.exit_code == 4);
    CHECK(has(joined(job.report->periods.at(0).evidence_gaps), "NaN"));
  }
  SECTION("a bucket the rules never recorded") {
    s.unrecorded = 300;
    const auto job = f.audit(server.url());
    REQUIRE(job.report);
    CHECK(incomplete(job));
    CHECK(job.exit_code == 4);
    CHECK(has(joined(job.report->periods.at(0).evidence_gaps), "2026-11-13T12:00:00Z"));
  }
  SECTION("a partial response (warnings, as Thanos and Mimir send them)") {
    s.warnings = true;
    const auto job = f.audit(server.url());
    REQUIRE(job.report);
    CHECK(incomplete(job));
    CHECK(job.exit_code == 4);
    CHECK(has(joined(job.report->periods.at(0).evidence_gaps), "store gateway 2 unavailable"));
  }
}

TEST_CASE("fake prometheus: failures are clear errors, retried only where a retry can help", "[prometheus]") {
  const Fixture f;
  Script s;
  FakeHttpServer server([&](const FakeRequest& r) { return answer(r, s); });
  SECTION("a server that is down: three attempts, then the connection error") {
    const auto job = f.audit("http://127.0.0.1:" + std::to_string(slaudit::testing::unused_port()));
    CHECK_FALSE(job.report);
    CHECK(job.exit_code == 2);
    CHECK(has(joined(job.messages), "3 attempts"));
    CHECK((has(joined(job.messages), "onnect") || has(joined(job.messages), "refused")));
  }
  SECTION("a 500 is retried, then reported with the API's error") {
    s.status = 500;
    s.body = R"({"status":"error","errorType":"internal","error":"disk on fire"})";
    const auto job = f.audit(server.url());
    CHECK(job.exit_code == 2);
    CHECK(has(joined(job.messages), "HTTP 500: internal: disk on fire (3 attempts)"));
    CHECK(server.requests().size() == 3);
  }
  SECTION("a 401 is not retried and says which option gives credentials") {
    s.status = 401;
    s.body = "Unauthorized";
    const auto job = f.audit(server.url());
    CHECK(job.exit_code == 2);
    CHECK(has(joined(job.messages), "HTTP 401"));
    CHECK(has(joined(job.messages), "--bearer-token-file"));
    CHECK(server.requests().size() == 1);
  }
  SECTION("malformed JSON: line and column") {
    s.body = "{\"status\":\"success\",\n \"data\": [oops]}";
    const auto job = f.audit(server.url());
    CHECK(job.exit_code == 2);
    CHECK(has(joined(job.messages), ":2:11: malformed JSON"));
  }
  SECTION("a query that times out, at the server (503 timeout) and at the client") {
    s.status = 503;
    s.body = R"({"status":"error","errorType":"timeout","error":"query timed out in expression evaluation"})";
    auto job = f.audit(server.url());
    CHECK(has(joined(job.messages), "HTTP 503: timeout: query timed out"));
    s = Script{};
    s.delay_ms = 2000;
    job = f.audit(server.url(), "1s");
    CHECK(job.exit_code == 2);
    // The second attempt is cut where the request's 2 s (twice the timeout, retries included) run out.
    CHECK(has(joined(job.messages), "timed out after"));
    CHECK(has(joined(job.messages), "at most twice the timeout of 1 s, retries included"));
  }
  SECTION("a transfer cut short") {
    s.cut = true;
    const auto job = f.audit(server.url());
    CHECK(job.exit_code == 2);
    CHECK(has(joined(job.messages), "3 attempts"));
  }
  SECTION("an answer that is not a range query's matrix") {
    s.body = R"({"status":"success","data":{"resultType":"vector","result":[]}})";
    const auto job = f.audit(server.url());
    CHECK(job.exit_code == 2);
  }
}
