#pragma once
// HTTP GET through libcurl, for the Prometheus API: TLS verified by default,
// a connect timeout and a whole-request timeout, bounded retries with
// exponential backoff for what a retry can fix (no connection, a timeout, a
// cut transfer, 429 and 5xx), and a cap on the body's size. Credentials come
// from the caller (read from files by the job), never from a URL.
//
// Deadlines: a server that trickles a byte now and then keeps a transfer alive
// past any idle limit, so time is bounded whole. One request, its retries and
// the waits between them included, ends within twice `timeout` of its start,
// and never past `deadline` (the whole read's): no attempt starts after it,
// and a running one is cut at it.
#include <chrono>
#include <cstdint>
#include <string>

namespace slaudit::prometheus {

using Milliseconds = std::chrono::milliseconds;

struct HttpOptions {
  Milliseconds connect_timeout{10'000};
  Milliseconds timeout{120'000};     // the whole request, body included
  int attempts = 3;                  // 1 + retries
  Milliseconds first_backoff{500};   // doubled after each failed attempt, at most 8 s
  uint64_t max_body_bytes = 512ull << 20;
  std::string bearer_token;          // "Authorization: Bearer ..." when not empty
  std::string basic_user, basic_password;  // basic auth when the user is not empty
  std::string ca_file;               // PEM bundle to verify the server with, instead of the system's
  bool verify_tls = true;            // false: neither the certificate nor the host name is checked
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct HttpResponse {
  long status = 0;      // HTTP status; 0 when no response came
  std::string body;
  std::string error;    // transport error of the last attempt ("connection refused", "timed out after 2 s")
  int attempts = 0;
  bool past_deadline = false;  // stopped by HttpOptions::deadline, not by the request's own time
  bool ok() const { return error.empty() && status == 200; }
};

// GET `url`; retries as above. Never throws for network or HTTP errors.
HttpResponse http_get(const std::string& url, const HttpOptions& options);

// Whether `url` names a user or a password before its host
// ("http://admin:hunter2@host"): refused, as a URL is printed in reports,
// messages, --save-fetched manifests and the ledger.
bool url_has_credentials(std::string_view url);

// `text` escaped for a URL query value (RFC 3986 unreserved characters kept).
std::string url_escape(std::string_view text);

}  // namespace slaudit::prometheus
