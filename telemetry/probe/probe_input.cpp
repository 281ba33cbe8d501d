#include "telemetry/probe/probe_input.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <thread>

#include "telemetry/probe/kuma_database.h"

namespace slaudit::probe {
namespace {

// Reads until the first byte that is not blank (nor a UTF-8 BOM), gives every
// byte back, and says whether that byte opens a JSON object.
bool starts_with_json_object(ByteStream& in) {
  std::string seen;
  char block[4096];
  for (;;) {
    const size_t n = in.read(block, sizeof block);
    if (n == 0) break;
    seen.append(block, n);
    size_t i = seen.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    while (i < seen.size() && (seen[i] == ' ' || seen[i] == '\t' || seen[i] == '\r' || seen[i] == '\n')) ++i;
    if (i < seen.size()) break;
    if (seen.size() > (1 << 20)) break;  // a megabyte of blanks: let the CSV reader say what it is
  }
  in.unread(seen);
  size_t i = seen.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  while (i < seen.size() && (seen[i] == ' ' || seen[i] == '\t' || seen[i] == '\r' || seen[i] == '\n')) ++i;
  return i < seen.size() && seen[i] == '{';
}

// Reads the first bytes, gives them back, and says whether they are SQLite's magic.
bool starts_with_sqlite_magic(ByteStream& in) {
  std::string seen;
  char block[16];
  while (seen.size() < kSqliteMagic.size()) {
    const size_t n = in.read(block, kSqliteMagic.size() - seen.size());
    if (n == 0) break;
    seen.append(block, n);
  }
  in.unread(seen);
  return seen == kSqliteMagic;
}

// An Uptime Kuma database: SQLite reads the file itself, while its bytes are
// read to the end on a thread of their own (the probe pipeline digests them as
// they come), so that hashing and reading the rows overlap.
std::string read_kuma_stream(ByteStream& in, const std::string& path, const std::string& name, const ProbeInput& input) {
  if (path == "-")
    return name + ": an SQLite database (Uptime Kuma's kuma.db) is read from its file, not from standard input";
  if (in.gzip()) return name + ": a gzip-compressed SQLite database: decompress it first (SQLite reads the file itself)";
  std::exception_ptr drain_failure;
  std::string error;
  {
    std::jthread drain([&in, &drain_failure] {
      try {
        std::vector<char> sink(1 << 20);
        while (in.read(sink.data(), sink.size()) > 0) {
        }
      } catch (...) {
        drain_failure = std::current_exception();
      }
    });
    error = read_kuma_database(path, name, input);
  }
  if (drain_failure) std::rethrow_exception(drain_failure);
  if (error.empty() && !in.error().empty()) return in.error();
  return error;
}

}  // namespace

std::string read_probe_stream(ByteStream& in, const std::string& path, const std::string& name, const ProbeInput& input,
                              const ProbeReadOptions& options) {
  if (path != "-")
    if (std::string error = require_gzip_if_named(in, path); !error.empty()) return error;
  ProbeFormat format = options.format;
  if (format == ProbeFormat::Auto && starts_with_sqlite_magic(in)) return read_kuma_stream(in, path, name, input);
  if (format == ProbeFormat::Auto) {
    format = starts_with_json_object(in) ? ProbeFormat::Prometheus : ProbeFormat::Csv;
    if (!in.error().empty()) return in.error();
  }
  if (format == ProbeFormat::Prometheus) return read_prometheus_stream(in, name, input, options.prometheus);
  ProbeInput with_bounds = input;
  with_bounds.latency_bounds = &options.latency_bounds;
  return read_probe_csv_stream(in, name, with_bounds);
}

std::string read_probe_input(const std::string& path, const ProbeInput& input, const ProbeReadOptions& options) {
  if (path == "-") {
    ByteStream in(options.stdin_fd, "<stdin>");
    return read_probe_stream(in, path, "<stdin>", input, options);
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return path + ": cannot open: " + std::strerror(errno);
  ByteStream in(fd, path);
  std::string error = read_probe_stream(in, path, path, input, options);
  ::close(fd);
  return error;
}

std::string read_probe_inputs(const std::vector<std::string>& paths, ProbeTargets& targets, ProbeSink& sink,
                              ProbeAccounting& accounting, const ProbeReadOptions& options) {
  int stdin_uses = 0;
  for (const std::string& p : paths) stdin_uses += p == "-";
  if (stdin_uses > 1) return "`-` (standard input) is given " + std::to_string(stdin_uses) + " times; it can be read once";
  for (size_t i = 0; i < paths.size(); ++i) {
    const ProbeInput input{static_cast<uint32_t>(i), &targets, &sink, &accounting};
    if (std::string error = read_probe_input(paths[i], input, options); !error.empty()) return error;
  }
  return {};
}

}  // namespace slaudit::probe
