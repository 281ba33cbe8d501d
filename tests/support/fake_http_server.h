#pragma once
// A tiny HTTP/1.1 server on 127.0.0.1 (a free port) for the failures a real
// Prometheus will not produce on demand: errors, malformed bodies, slow or cut
// or trickling answers. One connection at a time, one request per connection; stops (and
// joins its thread) when destroyed.
#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace slaudit::testing {

struct FakeResponse {
  int status = 200;
  std::string body;
  int delay_ms = 0;       // wait before answering
  bool cut = false;       // announce the whole body, send half, close
  int trickle_ms = 0;     // send the body a byte at a time, this long apart, until the client hangs up
};

struct FakeRequest {
  std::string target;      // "/api/v1/query_range?query=..."
  std::string authorization;
};

class FakeHttpServer {
 public:
  explicit FakeHttpServer(std::function<FakeResponse(const FakeRequest&)> handler);
  ~FakeHttpServer();
  FakeHttpServer(const FakeHttpServer&) = delete;
  FakeHttpServer& operator=(const FakeHttpServer&) = delete;

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  std::vector<FakeRequest> requests() const;

 private:
  void serve();
  std::function<FakeResponse(const FakeRequest&)> handler_;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  mutable std::mutex mutex_;
  std::vector<FakeRequest> requests_;
  std::thread thread_;
};

// A port nothing listens on (bound, then closed).
int unused_port();

// "a%2Bb" -> "a+b".
std::string url_unescape(const std::string& text);
// The value of `name` in a request target's query, unescaped; "" when absent.
std::string query_value(const std::string& target, const std::string& name);

}  // namespace slaudit::testing
