#include "telemetry/prometheus/http_client.h"

#include <curl/curl.h>

#include <mutex>
#include <thread>

namespace slaudit::prometheus {

namespace {

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Sink {
  std::string* body;
  uint64_t limit;
  bool too_big = false;
};

size_t write_body(char* data, size_t size, size_t count, void* user) {
  auto* sink = static_cast<Sink*>(user);
  const size_t n = size * count;
  if (sink->body->size() + n > sink->limit) {
    sink->too_big = true;
    return 0;  // makes curl stop with CURLE_WRITE_ERROR
  }
  sink->body->append(data, n);
  return n;
}

struct Easy {
  CURL* handle = curl_easy_init();
  curl_slist* headers = nullptr;
  ~Easy() {
    curl_slist_free_all(headers);
    if (handle) curl_easy_cleanup(handle);
  }
};

bool retryable_status(long status) { return status == 429 || (status >= 500 && status <= 599); }

bool retryable_error(CURLcode code) {
  switch (code) {
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_PARTIAL_FILE:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_GOT_NOTHING:
      return true;
    default:
      return false;
  }
}

std::string seconds_text(Milliseconds ms) {
  if (ms.count() % 1000 == 0) return std::to_string(ms.count() / 1000) + " s";
  return std::to_string(ms.count()) + " ms";
}

// One attempt, given `timeout` at most; returns whether another attempt could help.
bool attempt(const std::string& url, const HttpOptions& o, Milliseconds timeout, HttpResponse& r) {
  r.body.clear();
  r.error.clear();
  r.status = 0;
  Easy easy;
  if (!easy.handle) {
    r.error = "libcurl could not start a request";
    return false;
  }
  CURL* h = easy.handle;
  Sink sink{&r.body, o.max_body_bytes};
  char detail[CURL_ERROR_SIZE] = {0};
  curl_easy_setopt(h, CURLOPT_URL, url.c_str());
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, detail);
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(o.connect_timeout.count()));
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout.count()));
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, write_body);
  curl_easy_setopt(h, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");  // gzip when the server offers it
  curl_easy_setopt(h, CURLOPT_SSL_VERIFYPEER, o.verify_tls ? 1L : 0L);
  curl_easy_setopt(h, CURLOPT_SSL_VERIFYHOST, o.verify_tls ? 2L : 0L);
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(h, CURLOPT_USERAGENT, "slaudit/" SLAUDIT_VERSION);
  if (!o.ca_file.empty()) curl_easy_setopt(h, CURLOPT_CAINFO, o.ca_file.c_str());
  if (!o.bearer_token.empty()) {
    easy.headers = curl_slist_append(easy.headers, ("Authorization: Bearer " + o.bearer_token).c_str());
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, easy.headers);
  } else if (!o.basic_user.empty()) {
    curl_easy_setopt(h, CURLOPT_HTTPAUTH, CURLAUTH_BASIC);
    curl_easy_setopt(h, CURLOPT_USERNAME, o.basic_user.c_str());
    curl_easy_setopt(h, CURLOPT_PASSWORD, o.basic_password.c_str());
  }
  const CURLcode code = curl_easy_perform(h);
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r.status);
  if (code == CURLE_OK) return retryable_status(r.status);
  if (sink.too_big) {
    r.error = "the response is larger than " + std::to_string(o.max_body_bytes >> 20) + " MiB";
    return false;
  }
  if (code == CURLE_OPERATION_TIMEDOUT) {
    r.error = "timed out after " + seconds_text(timeout) + " (" + (detail[0] ? detail : curl_easy_strerror(code)) + ")";
  } else {
    r.error = detail[0] ? detail : curl_easy_strerror(code);
  }
  return retryable_error(code);
}

}  // namespace

HttpResponse http_get(const std::string& url, const HttpOptions& o) {
  using Clock = std::chrono::steady_clock;
  global_init();
  HttpResponse r;
  Milliseconds backoff = o.first_backoff;
  const int attempts = std::max(1, o.attempts);
  const Clock::time_point own_end = Clock::now() + 2 * o.timeout;
  const Clock::time_point end = std::min(own_end, o.deadline);
  for (r.attempts = 1;; ++r.attempts) {
    const auto left = std::chrono::duration_cast<Milliseconds>(end - Clock::now());
    if (left.count() <= 0) {
      r.attempts = std::max(1, r.attempts - 1);
      r.past_deadline = o.deadline <= own_end;
      if (r.error.empty()) r.error = "no time left for the request";
      break;
    }
    const Milliseconds allowed = std::min(o.timeout, left);
    const bool again = attempt(url, o, allowed, r);
    if (allowed < o.timeout && own_end <= o.deadline && r.error.starts_with("timed out after"))
      r.error += ", when the time for the request ran out (at most twice the timeout of " + seconds_text(o.timeout) +
                 ", retries included)";
    if (!again || r.attempts >= attempts) {
      r.past_deadline = !r.error.empty() && Clock::now() >= o.deadline;
      break;
    }
    if (Clock::now() + backoff >= end) {  // the wait alone would pass the deadline
      r.past_deadline = o.deadline <= own_end;
      break;
    }
    std::this_thread::sleep_for(backoff);
    backoff = std::min(backoff * 2, Milliseconds{8000});
  }
  return r;
}

bool url_has_credentials(std::string_view url) {
  const size_t scheme = url.find("://");
  const size_t from = scheme == std::string_view::npos ? 0 : scheme + 3;
  const size_t authority_end = url.find_first_of("/?#", from);
  return url.substr(from, authority_end == std::string_view::npos ? std::string_view::npos : authority_end - from)
             .find('@') != std::string_view::npos;
}

std::string url_escape(std::string_view text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
        c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace slaudit::prometheus
