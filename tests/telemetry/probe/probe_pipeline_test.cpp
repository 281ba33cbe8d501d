// The threaded probe reader (bytes + digest, parsing, the sink on the caller's
// thread) against the one-thread reader: the same samples in the same order,
// the same target ids and row accounting, each input's SHA-256, and errors and
// exceptions that end all three threads.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/util/sha256.h"
#include "telemetry/probe/probe_input.h"
#include "telemetry/probe/probe_pipeline.h"
#include "tests/support/gzip.h"

using namespace slaudit;
using namespace slaudit::probe;
using slaudit::testing::gzip;

namespace {

struct Collect : ProbeSink {
  std::vector<ProbeSample> samples;
  void add(const ProbeSample& s) override { samples.push_back(s); }
};

// Throws once it has seen `limit` samples, as an engine might (bad_alloc).
struct ThrowAfter : ProbeSink {
  explicit ThrowAfter(size_t n) : limit(n) {}
  size_t limit, seen = 0;
  void add(const ProbeSample&) override {
    if (++seen > limit) throw std::runtime_error("sink gave up");
  }
};

class Files {
 public:
  std::string write(const std::string& name, const std::string& bytes) {
    const std::string path = std::string(P_tmpdir) + "/slaudit_pipeline_" + std::to_string(::getpid()) + "_" + name;
    FILE* f = std::fopen(path.c_str(), "wb");
    REQUIRE(f != nullptr);
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
    paths_.push_back(path);
    return path;
  }
  ~Files() {
    for (const auto& p : paths_) std::remove(p.c_str());
  }

 private:
  std::vector<std::string> paths_;
};

// Minutes of `targets` targets, some rows bad, one malformed row every 997 lines:
// more than one 1 MiB block and many sample batches.
std::string big_csv(int minutes, int targets) {
  std::string out = "timestamp,target,ok,total\n";
  uint64_t line = 1;
  for (int m = 0; m < minutes; ++m)
    for (int t = 0; t < targets; ++t) {
      ++line;
      if (line % 997 == 0) {
        out += "not-a-time,t" + std::to_string(t) + ",1,1\n";
        continue;
      }
      out += std::to_string(1793491200 + 60 * m) + ",target-" + std::to_string(t) + "," +
             std::to_string((m * 7 + t) % 11) + ",10\n";
    }
  return out;
}

void check_same(const std::vector<ProbeSample>& a, const std::vector<ProbeSample>& b) {
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].at != b[i].at || a[i].target != b[i].target || a[i].kind != b[i].kind || a[i].source != b[i].source ||
        a[i].record != b[i].record || a[i].ok != b[i].ok || a[i].total != b[i].total) {
      FAIL("sample " << i << " differs");
    }
  }
}

}  // namespace

TEST_CASE("probe pipeline: the same samples, ids and accounting as one thread, and each input's SHA-256", "[probe-io]") {
  Files files;
  const std::string csv = big_csv(300, 150);  // 45,000 rows, about 1.3 MB
  REQUIRE(csv.size() > (1u << 20));
  const std::string gz = gzip(big_csv(20, 40));
  const std::string json =
      R"({"status":"success","data":{"resultType":"matrix","result":[)"
      R"({"metric":{"instance":"target-3"},"values":[[1793491200,"0.5"],[1793491260,"NaN"]]},)"
      R"({"metric":{"instance":"json-only"},"values":[[1793491200,"1"],[1793491260,"+Inf"]]}]}})";
  const std::vector<std::string> paths = {files.write("a.csv", csv), files.write("b.csv.gz", gz),
                                          files.write("c.json", json)};

  ProbeTargets one_targets;
  Collect one;
  std::vector<ProbeAccounting> one_accounting(paths.size());
  for (size_t f = 0; f < paths.size(); ++f)
    REQUIRE(read_probe_input(paths[f], {static_cast<uint32_t>(f), &one_targets, &one, &one_accounting[f]}).empty());

  ProbeTargets targets;
  targets.intern("listed-first");  // a caller's table already holds names: ids are the caller's
  Collect threaded;
  std::vector<ProbeFileResult> results;
  REQUIRE(read_probe_inputs_threaded(paths, targets, threaded, results).empty());

  REQUIRE(results.size() == 3);
  // Ids differ by the one name interned first; rewrite them to compare.
  for (ProbeSample& s : threaded.samples) {
    REQUIRE(s.target >= 1);
    CHECK(targets.name(s.target) == one_targets.name(s.target - 1));
    s.target -= 1;
  }
  check_same(threaded.samples, one.samples);
  for (size_t f = 0; f < paths.size(); ++f) {
    CAPTURE(f);
    const ProbeAccounting& a = results[f].accounting;
    const ProbeAccounting& b = one_accounting[f];
    CHECK(a.read == b.read);
    CHECK(a.used == b.used);
    CHECK(a.rejected == b.rejected);
    CHECK(a.missing == b.missing);
    REQUIRE(a.first_rejections.size() == b.first_rejections.size());
    for (size_t i = 0; i < a.first_rejections.size(); ++i) {
      CHECK(a.first_rejections[i].record == b.first_rejections[i].record);
      CHECK(a.first_rejections[i].reason == b.first_rejections[i].reason);
    }
  }
  // 45,000 rows: line 997 * k for k = 1..45 (lines 2..45001) is malformed.
  CHECK(results[0].accounting.read == 45000);
  CHECK(results[0].accounting.rejected == 45);
  // JSON: 4 values, NaN missing, +Inf rejected.
  CHECK(results[2].accounting.read == 4);
  CHECK(results[2].accounting.used == 2);
  CHECK(results[2].accounting.missing == 1);
  CHECK(results[2].accounting.rejected == 1);
  // The digest is of the bytes on disk: the compressed ones for gzip.
  CHECK(results[0].sha256 == sha256_hex(csv));
  CHECK(results[1].sha256 == sha256_hex(gz));
  CHECK(results[2].sha256 == sha256_hex(json));
}

TEST_CASE("probe pipeline: a known file's SHA-256", "[probe-io]") {
  Files files;
  // printf 'timestamp,target,ok,total\n1793491200,a,9,10\n1793491200,b,10,10\n' | sha256sum
  const std::string path = files.write("k.csv", "timestamp,target,ok,total\n1793491200,a,9,10\n1793491200,b,10,10\n");
  ProbeTargets targets;
  Collect sink;
  std::vector<ProbeFileResult> results;
  REQUIRE(read_probe_inputs_threaded({path}, targets, sink, results).empty());
  REQUIRE(results.size() == 1);
  CHECK(results[0].sha256 == "d1d08d3bea10bcb0608c19babedb8e0fe1e56473fce09a8b84a7e41ba360dff3");
  CHECK(sink.samples.size() == 2);
}

TEST_CASE("probe pipeline: the first whole-input error ends the reading, in input order", "[probe-io]") {
  Files files;
  const std::string good = files.write("good.csv", "timestamp,target,success\n60,a,1\n120,a,0\n");
  const std::string bad_header = files.write("bad.csv", "time,target,success\n60,b,1\n");
  const std::string missing = std::string(P_tmpdir) + "/slaudit_pipeline_no_such_file.csv";
  const std::string not_gzip = files.write("plain.csv.gz", "timestamp,target,success\n60,c,1\n");

  struct Case {
    std::vector<std::string> paths;
    std::string error;
    size_t results, samples;
  };
  const std::vector<Case> cases = {
      {{good, missing, good}, missing + ": cannot open: No such file or directory", 1, 2},
      {{good, bad_header, good}, bad_header + ":1: unknown column 'time'", 1, 2},
      {{not_gzip, good}, not_gzip + ": the name ends in .gz but the content is not gzip (no 1f 8b magic bytes)", 0, 0},
      {{"-", good, "-"}, "`-` (standard input) is given 2 times; it can be read once", 0, 0},
  };
  for (const Case& c : cases) {
    CAPTURE(c.error);
    ProbeTargets targets;
    Collect sink;
    std::vector<ProbeFileResult> results;
    const std::string error = read_probe_inputs_threaded(c.paths, targets, sink, results);
    // The one-thread reader says the same.
    ProbeTargets one_targets;
    Collect one;
    ProbeAccounting accounting;
    CHECK(read_probe_inputs(c.paths, one_targets, one, accounting) == error);
    CHECK(error.rfind(c.error, 0) == 0);
    CHECK(results.size() == c.results);
    CHECK(sink.samples.size() == c.samples);
  }
}

TEST_CASE("probe pipeline: an exception in the sink ends every thread and reaches the caller", "[probe-io]") {
  Files files;
  const std::string path = files.write("many.csv", big_csv(400, 200));  // 80,000 rows: the queues fill up
  for (const size_t limit : {size_t{0}, size_t{5000}, size_t{79000}}) {
    CAPTURE(limit);
    ProbeTargets targets;
    ThrowAfter sink(limit);
    std::vector<ProbeFileResult> results;
    CHECK_THROWS_WITH(read_probe_inputs_threaded({path, path}, targets, sink, results), "sink gave up");
  }
}
