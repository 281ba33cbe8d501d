#include "tests/support/fake_http_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstring>

namespace slaudit::testing {

namespace {

int listen_on_free_port(int& port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  port = ntohs(addr.sin_port);
  return fd;
}

bool send_all(int fd, const std::string& data) {
  size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<size_t>(n);
  }
  return true;
}

std::string header(const std::string& head, const std::string& name) {
  const std::string key = "\r\n" + name + ": ";
  const size_t at = head.find(key);
  if (at == std::string::npos) return {};
  const size_t from = at + key.size();
  return head.substr(from, head.find("\r\n", from) - from);
}

}  // namespace

FakeHttpServer::FakeHttpServer(std::function<FakeResponse(const FakeRequest&)> handler) : handler_(std::move(handler)) {
  listener_ = listen_on_free_port(port_);
  ::listen(listener_, 16);
  thread_ = std::thread([this] { serve(); });
}

FakeHttpServer::~FakeHttpServer() {
  stop_ = true;
  ::shutdown(listener_, SHUT_RDWR);
  thread_.join();
  ::close(listener_);
}

std::vector<FakeRequest> FakeHttpServer::requests() const {
  std::lock_guard lock(mutex_);
  return requests_;
}

void FakeHttpServer::serve() {
  while (!stop_) {
    pollfd p{listener_, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    const int fd = ::accept(listener_, nullptr, nullptr);
    if (fd < 0) continue;
    std::string head;
    char buf[4096];
    while (head.find("\r\n\r\n") == std::string::npos) {
      const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) break;
      head.append(buf, static_cast<size_t>(n));
    }
    FakeRequest request;
    const size_t sp = head.find(' ');
    request.target = sp == std::string::npos ? "" : head.substr(sp + 1, head.find(' ', sp + 1) - sp - 1);
    request.authorization = header(head, "Authorization");
    {
      std::lock_guard lock(mutex_);
      requests_.push_back(request);
    }
    const FakeResponse r = handler_(request);
    for (int waited = 0; waited < r.delay_ms && !stop_; waited += 20)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const std::string body = r.cut ? r.body.substr(0, r.body.size() / 2) : r.body;
    const std::string head_out = "HTTP/1.1 " + std::to_string(r.status) +
                                 " X\r\nContent-Type: application/json\r\nContent-Length: " +
                                 std::to_string(r.body.size()) + "\r\nConnection: close\r\n\r\n";
    if (r.trickle_ms > 0) {
      // A byte, a pause, a byte: the transfer is never idle long, and never ends.
      bool open = send_all(fd, head_out);
      for (size_t i = 0; open && i < body.size() && !stop_; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(r.trickle_ms));
        open = send_all(fd, body.substr(i, 1));
      }
    } else {
      send_all(fd, head_out + body);
    }
    ::close(fd);
  }
}

int unused_port() {
  int port = 0;
  const int fd = listen_on_free_port(port);
  ::close(fd);
  return port;
}

std::string url_unescape(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += text[i] == '+' ? ' ' : text[i];
    }
  }
  return out;
}

std::string query_value(const std::string& target, const std::string& name) {
  const size_t q = target.find('?');
  if (q == std::string::npos) return {};
  const std::string query = target.substr(q + 1);
  size_t at = 0;
  while (at <= query.size()) {
    const size_t end = std::min(query.find('&', at), query.size());
    const std::string pair = query.substr(at, end - at);
    if (pair.starts_with(name + "=")) return url_unescape(pair.substr(name.size() + 1));
    at = end + 1;
  }
  return {};
}

}  // namespace slaudit::testing
