#include "telemetry/prometheus/fetcher.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "base/util/file_io.h"
#include "base/util/sha256.h"
#include "telemetry/common/reason_text.h"

namespace slaudit::prometheus {

namespace {

namespace fs = std::filesystem;

// Writes `text` to `path`, created or truncated, never through a symbolic
// link (O_NOFOLLOW): a link planted in the folder cannot send a response, or
// the manifest, anywhere else. "" when written, else why not.
std::string write_in_folder(const fs::path& path, std::string_view text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    return "cannot write " + path.string() + " (--save-fetched): " +
           (errno == ELOOP ? std::string("it is a symbolic link") : std::string(std::strerror(errno)));
  size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    written += static_cast<size_t>(n);
  }
  const bool closed = ::close(fd) == 0;
  if (written < text.size() || !closed) return "cannot write " + path.string() + " (--save-fetched)";
  return "";
}

// Why a manifest's "file" is not a plain name in the folder, or "".
std::string saved_file_problem(const std::string& file) {
  if (file.empty() || file == "." || file == "..") return "is not a file name";
  if (file.front() == '/') return "is an absolute path";
  if (file.find("..") != std::string::npos) return "holds \"..\"";
  if (file.find_first_of("/\\") != std::string::npos) return "holds a path separator";
  return "";
}

struct Saved {
  std::string file;
  long status = 0;
  std::string sha256;
};

class HttpFetcher final : public Fetcher {
 public:
  HttpFetcher(std::string base, HttpOptions options, std::string dir)
      : base_(std::move(base)), options_(std::move(options)), dir_(std::move(dir)) {
    while (!base_.empty() && base_.back() == '/') base_.pop_back();
  }

  Fetched get(const std::string& request) override {
    Fetched f;
    f.url = base_ + request;
    HttpResponse r = http_get(f.url, options_);
    ++requests_;
    bytes_ += r.body.size();
    f.status = r.status;
    f.error = std::move(r.error);
    f.attempts = r.attempts;
    f.past_deadline = r.past_deadline;
    f.body = std::move(r.body);
    f.sha256 = sha256_hex(f.body);
    if (!dir_.empty() && f.error.empty()) save(request, f);
    return f;
  }
  const std::string& base_url() const override { return base_; }

 private:
  void save(const std::string& request, Fetched& f) {
    char name[32];
    std::snprintf(name, sizeof name, "%04zu.json", saved_.size() + 1);
    if (std::string error = write_in_folder(fs::path(dir_) / name, f.body); !error.empty()) {
      f.error = std::move(error);
      return;
    }
    saved_[request] = {name, f.status, f.sha256};
    nlohmann::json manifest = {{"base_url", base_}, {"responses", nlohmann::json::array()}};
    for (const auto& [req, s] : saved_)
      manifest["responses"].push_back({{"request", req}, {"file", s.file}, {"status", s.status}, {"sha256", s.sha256}});
    f.error = write_in_folder(fs::path(dir_) / "manifest.json", manifest.dump(1) + "\n");
  }

  std::string base_;
  HttpOptions options_;
  std::string dir_;
  std::map<std::string, Saved> saved_;
};

class ReplayFetcher final : public Fetcher {
 public:
  ReplayFetcher(std::string dir, std::string base, std::map<std::string, Saved> saved)
      : dir_(std::move(dir)), base_(std::move(base)), saved_(std::move(saved)) {}

  Fetched get(const std::string& request) override {
    Fetched f;
    f.url = base_ + request;
    f.attempts = 1;
    ++requests_;
    auto it = saved_.find(request);
    if (it == saved_.end()) {
      f.error = "not among the responses saved in " + dir_ +
                " (saved for another contract, range or options): " + request;
      return f;
    }
    const fs::path path = fs::path(dir_) / it->second.file;
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(path, ec))) {
      f.error = path.string() + ": a symbolic link; a replay reads only the files saved in its folder";
      return f;
    }
    ReadResult read = read_file(path.string());
    if (!read.text) {
      f.error = read.error;
      return f;
    }
    f.body = std::move(*read.text);
    bytes_ += f.body.size();
    f.status = it->second.status;
    f.sha256 = sha256_hex(f.body);
    if (f.sha256 != it->second.sha256)
      f.error = path.string() + ": its SHA-256 is not the one manifest.json recorded: the saved response was changed";
    return f;
  }
  const std::string& base_url() const override { return base_; }

 private:
  std::string dir_, base_;
  std::map<std::string, Saved> saved_;
};

}  // namespace

std::unique_ptr<Fetcher> http_fetcher(const std::string& base_url, const HttpOptions& options,
                                      const std::string& save_dir, std::string& error) {
  if (url_has_credentials(base_url)) {
    error = "--prometheus: the URL holds credentials (USER:PASSWORD@ before the host); they are not used: a URL is "
            "printed in reports and messages, saved with --save-fetched and recorded in the ledger. Give them in a "
            "file: --basic-auth-file (USER:PASSWORD) or --bearer-token-file";
    return nullptr;
  }
  if (!save_dir.empty()) {
    std::error_code ec;
    fs::create_directories(save_dir, ec);
    if (ec || !fs::is_directory(save_dir)) {
      error = "--save-fetched " + save_dir + ": cannot create the folder" + (ec ? ": " + ec.message() : "");
      return nullptr;
    }
    std::error_code link;  // lstat: a dangling link named manifest.json is there too
    if (fs::exists(fs::symlink_status(fs::path(save_dir) / "manifest.json", link))) {
      error = "--save-fetched " + save_dir + ": already holds saved responses (manifest.json); choose an empty folder";
      return nullptr;
    }
  }
  return std::make_unique<HttpFetcher>(base_url, options, save_dir);
}

std::unique_ptr<Fetcher> replay_fetcher(const std::string& dir, std::string& error) {
  const std::string path = (fs::path(dir) / "manifest.json").string();
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(path, ec))) {
    error = "--prometheus-replay: " + path + " is a symbolic link; a replay reads only the files saved in its folder";
    return nullptr;
  }
  ReadResult read = read_file(path);
  if (!read.text) {
    error = "--prometheus-replay: " + read.error;
    return nullptr;
  }
  try {
    const nlohmann::json m = nlohmann::json::parse(*read.text);
    std::map<std::string, Saved> saved;
    for (const auto& r : m.at("responses")) {
      const std::string file = r.at("file").get<std::string>();
      if (const std::string problem = saved_file_problem(file); !problem.empty()) {
        error = path + ": the response file " + quote_value(file) + " " + problem +
                "; a replay reads only plain file names in its folder";
        return nullptr;
      }
      saved[r.at("request").get<std::string>()] = {file, r.at("status").get<long>(), r.at("sha256").get<std::string>()};
    }
    return std::make_unique<ReplayFetcher>(dir, m.at("base_url").get<std::string>(), std::move(saved));
  } catch (const nlohmann::json::exception& e) {
    error = path + ": not a manifest written by --save-fetched: " + e.what();
    return nullptr;
  }
}

}  // namespace slaudit::prometheus
