#include "telemetry/prometheus/fetcher.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "base/util/file_io.h"
#include "base/util/sha256.h"

namespace slaudit::prometheus {

namespace {

namespace fs = std::filesystem;

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
    const fs::path path = fs::path(dir_) / name;
    std::ofstream out(path, std::ios::binary);
    out.write(f.body.data(), static_cast<std::streamsize>(f.body.size()));
    out.close();
    if (!out) {
      f.error = "cannot write " + path.string() + " (--save-fetched)";
      return;
    }
    saved_[request] = {name, f.status, f.sha256};
    nlohmann::json manifest = {{"base_url", base_}, {"responses", nlohmann::json::array()}};
    for (const auto& [req, s] : saved_)
      manifest["responses"].push_back({{"request", req}, {"file", s.file}, {"status", s.status}, {"sha256", s.sha256}});
    std::ofstream m(fs::path(dir_) / "manifest.json", std::ios::binary);
    m << manifest.dump(1) << "\n";
    if (!m) f.error = "cannot write " + (fs::path(dir_) / "manifest.json").string() + " (--save-fetched)";
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
  if (!save_dir.empty()) {
    std::error_code ec;
    fs::create_directories(save_dir, ec);
    if (ec || !fs::is_directory(save_dir)) {
      error = "--save-fetched " + save_dir + ": cannot create the folder" + (ec ? ": " + ec.message() : "");
      return nullptr;
    }
    if (fs::exists(fs::path(save_dir) / "manifest.json")) {
      error = "--save-fetched " + save_dir + ": already holds saved responses (manifest.json); choose an empty folder";
      return nullptr;
    }
  }
  return std::make_unique<HttpFetcher>(base_url, options, save_dir);
}

std::unique_ptr<Fetcher> replay_fetcher(const std::string& dir, std::string& error) {
  const std::string path = (fs::path(dir) / "manifest.json").string();
  ReadResult read = read_file(path);
  if (!read.text) {
    error = "--prometheus-replay: " + read.error;
    return nullptr;
  }
  try {
    const nlohmann::json m = nlohmann::json::parse(*read.text);
    std::map<std::string, Saved> saved;
    for (const auto& r : m.at("responses"))
      saved[r.at("request").get<std::string>()] = {r.at("file").get<std::string>(), r.at("status").get<long>(),
                                                  r.at("sha256").get<std::string>()};
    return std::make_unique<ReplayFetcher>(dir, m.at("base_url").get<std::string>(), std::move(saved));
  } catch (const nlohmann::json::exception& e) {
    error = path + ": not a manifest written by --save-fetched: " + e.what();
    return nullptr;
  }
}

}  // namespace slaudit::prometheus
