#pragma once
// A real Prometheus server (Debian's `prometheus` package) for integration
// tests: started on 127.0.0.1 with a free port and the given data folder,
// ready when /-/ready answers, stopped (SIGTERM, then SIGKILL) when destroyed,
// whatever happened in between. `available()` says whether the binaries are
// installed, so a test can skip with a visible reason where they are not.
#include <filesystem>
#include <string>
#include <sys/types.h>

namespace slaudit::testing {

class PrometheusServer {
 public:
  static bool available();  // /usr/bin/prometheus and /usr/bin/promtool (or on PATH)
  static std::string promtool();

  explicit PrometheusServer(std::filesystem::path data_dir);
  ~PrometheusServer();
  PrometheusServer(const PrometheusServer&) = delete;
  PrometheusServer& operator=(const PrometheusServer&) = delete;

  bool start();  // false when it did not get ready in 30 s (its log is in log())
  void stop();
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  std::string log() const;

 private:
  std::filesystem::path data_, dir_;
  int port_ = 0;
  pid_t pid_ = -1;
};

class ScratchDir;

// What `slaudit audit --prometheus` reads, made for real: the OpenMetrics
// file `openmetrics` of `dir` loaded as blocks into dir/data, a server
// started on them, the recording rules `rules` of `dir` (from `slaudit
// prometheus-rules`) checked and evaluated over [start, end] (RFC 3339) into
// blocks, and the server restarted with those (new blocks are picked up at
// start). Each step is a REQUIRE of the calling test.
void serve_recorded(const ScratchDir& dir, PrometheusServer& server, const std::string& openmetrics,
                    const std::string& rules, const std::string& start, const std::string& end);

}  // namespace slaudit::testing
