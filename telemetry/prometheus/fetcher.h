#pragma once
// Where Prometheus responses come from: the server over HTTP (each body
// optionally kept in a folder, --save-fetched), or such a folder read back
// (--prometheus-replay), so that an audit can be replayed offline byte for
// byte. The folder holds one file per response (0001.json, ...) and
// manifest.json: the server's base URL and, per request (path and query, as
// sent), the file, the HTTP status and the body's SHA-256.
//
// Nothing is read or written outside the folder: saving never writes through
// a symbolic link (an existing manifest.json, even a dangling link, refuses
// the folder; a link in place of a response file is an error), and a replay
// reads only plain file names the manifest lists ("0001.json": not absolute,
// no "..", no separator), never through a link.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "telemetry/prometheus/http_client.h"

namespace slaudit::prometheus {

struct Fetched {
  std::string url;     // base URL + request: how the report names the input
  long status = 0;
  std::string body;
  std::string sha256;  // of the body as received
  std::string error;   // transport error, or a replay that has no such request
  int attempts = 0;
  bool past_deadline = false;  // the whole read's deadline (HttpOptions::deadline) passed
};

class Fetcher {
 public:
  virtual ~Fetcher() = default;
  // `request`: "/api/v1/query_range?query=...": path and query, already escaped.
  virtual Fetched get(const std::string& request) = 0;
  virtual const std::string& base_url() const = 0;
  uint64_t bytes_fetched() const { return bytes_; }
  size_t requests() const { return requests_; }

 protected:
  uint64_t bytes_ = 0;
  size_t requests_ = 0;
};

// From the server at `base_url` ("http://host:9090", or with a path prefix);
// keeps each response in `save_dir` when it is not empty (created if needed).
// Returns nullptr and sets `error` when the folder cannot be written, or when
// the URL holds credentials (url_has_credentials; the error does not repeat it).
std::unique_ptr<Fetcher> http_fetcher(const std::string& base_url, const HttpOptions& options,
                                      const std::string& save_dir, std::string& error);

// From a folder written with save_dir; nullptr and `error` when unreadable.
std::unique_ptr<Fetcher> replay_fetcher(const std::string& dir, std::string& error);

}  // namespace slaudit::prometheus
