#include "tests/support/prometheus_server.h"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <thread>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/fake_http_server.h"
#include "telemetry/prometheus/http_client.h"

extern char** environ;

namespace slaudit::testing {

namespace fs = std::filesystem;

namespace {
std::string on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t at = 0;
  while (at <= dirs.size()) {
    const size_t end = std::min(dirs.find(':', at), dirs.size());
    const fs::path candidate = fs::path(dirs.substr(at, end - at)) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    at = end + 1;
  }
  return {};
}
}  // namespace

bool PrometheusServer::available() { return !on_path("prometheus").empty() && !on_path("promtool").empty(); }
std::string PrometheusServer::promtool() { return on_path("promtool"); }

PrometheusServer::PrometheusServer(fs::path data_dir) : data_(std::move(data_dir)), dir_(data_.parent_path()) {}

PrometheusServer::~PrometheusServer() { stop(); }

bool PrometheusServer::start() {
  stop();
  port_ = unused_port();
  std::ofstream(dir_ / "prometheus.yml") << "global:\n  scrape_interval: 1h\n";
  const std::string binary = on_path("prometheus");
  std::vector<std::string> args = {binary,
                                   "--config.file=" + (dir_ / "prometheus.yml").string(),
                                   "--storage.tsdb.path=" + data_.string(),
                                   "--storage.tsdb.retention.time=100y",
                                   "--web.listen-address=127.0.0.1:" + std::to_string(port_)};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const std::string log = (dir_ / "prometheus.log").string();
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  const int rc = posix_spawn(&pid_, binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    pid_ = -1;
    return false;
  }
  prometheus::HttpOptions o;
  o.attempts = 1;
  o.timeout = prometheus::Milliseconds{1000};
  for (int i = 0; i < 300; ++i) {
    if (prometheus::http_get(url() + "/-/ready", o).status == 200) return true;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

void PrometheusServer::stop() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  for (int i = 0; i < 100; ++i) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

std::string PrometheusServer::log() const { return slurp(dir_ / "prometheus.log"); }

void serve_recorded(const ScratchDir& dir, PrometheusServer& server, const std::string& openmetrics,
                    const std::string& rules, const std::string& start, const std::string& end) {
  const std::string promtool = "'" + PrometheusServer::promtool() + "'";
  const auto sh = [&](const std::string& command) { return dir.run("/bin/sh", "-c \"" + command + "\""); };
  CliRun run = sh(promtool + " tsdb create-blocks-from openmetrics -q --max-block-duration=744h " + openmetrics + " data");
  INFO(run.out + run.err);
  REQUIRE(run.exit == 0);
  REQUIRE(server.start());
  run = sh(promtool + " check rules " + rules);
  INFO(run.out + run.err);
  REQUIRE(run.exit == 0);
  run = sh(promtool + " tsdb create-blocks-from rules -q --max-block-duration=744h --url " + server.url() + " --start " +
           start + " --end " + end + " --output-dir=recorded " + rules);
  INFO(run.out + run.err);
  REQUIRE(run.exit == 0);
  server.stop();
  for (const auto& block : fs::directory_iterator(dir.path() / "recorded"))
    fs::rename(block.path(), dir.path() / "data" / block.path().filename());
  REQUIRE(server.start());
}

}  // namespace slaudit::testing
