// Weights files (engine/selection/dimensions.h): the six dimensions, each
// once, adding up to 100; every mistake is an error with its line, or about
// the whole file when a dimension is missing or the sum is wrong.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/selection/dimensions.h"

using namespace slaudit;
using namespace slaudit::selection;

namespace {

const char* const kInference =
    "# inference-heavy: more on recovery and scheduling\n"
    "cluster_scale   = 15\n"
    "fault_recovery  = 30%\n"
    "\n"
    "network_storage = 15   # still matters for serving\n"
    "scheduling      = 22\n"
    "sla_terms       = 9.5\n"
    "openness        = 8.5\n";

std::string only_error(const WeightsResult& result) {
  REQUIRE(result.errors.size() == 1);
  CHECK_FALSE(result.weights);
  return std::to_string(result.errors[0].line) + ": " + result.errors[0].message;
}

}  // namespace

TEST_CASE("weights: the article's are 25/22/20/15/10/8 and add up to 100", "[compare][weights]") {
  const Weights w = article_weights();
  CHECK(w.of(Dimension::ClusterScale) == 25);
  CHECK(w.of(Dimension::FaultRecovery) == 22);
  CHECK(w.of(Dimension::NetworkStorage) == 20);
  CHECK(w.of(Dimension::Scheduling) == 15);
  CHECK(w.of(Dimension::SlaTerms) == 10);
  CHECK(w.of(Dimension::Openness) == 8);
  Rational sum = 0;
  for (Dimension d : kDimensions) sum += w.of(d);
  CHECK(sum == 100);
}

TEST_CASE("weights: a file with comments, blank lines, % and decimals reads", "[compare][weights]") {
  const WeightsResult r = parse_weights(kInference, "inference.weights");
  REQUIRE(r.errors.empty());
  REQUIRE(r.weights);
  CHECK(r.weights->source == "inference.weights");
  CHECK(r.weights->of(Dimension::FaultRecovery) == 30);
  CHECK(r.weights->of(Dimension::SlaTerms) == Rational(19, 2));  // 9.5, exactly
  CHECK(r.weights->of(Dimension::Openness) == Rational(17, 2));
  // 15 + 30 + 15 + 22 + 9.5 + 8.5 = 100
  const WeightsResult bom = parse_weights("\xEF\xBB\xBF" + std::string(kInference), "bom.weights");
  CHECK(bom.errors.empty());
  const WeightsResult crlf = parse_weights("cluster_scale = 25\r\nfault_recovery = 22\r\nnetwork_storage = 20\r\n"
                                           "scheduling = 15\r\nsla_terms = 10\r\nopenness = 8\r\n", "crlf.weights");
  CHECK(crlf.errors.empty());
}

TEST_CASE("weights: each mistake is an error at its line", "[compare][weights]") {
  struct Case {
    const char* file;
    const char* error;
  };
  const std::string rest = "network_storage = 20\nscheduling = 15\nsla_terms = 10\nopenness = 8\n";
  const Case cases[] = {
      {"cluster_scale = 25\nfault_recovry = 22\n",
       "2: unknown dimension 'fault_recovry'; did you mean 'fault_recovery'?"},
      {"cluster_scale = 25\nfault_recovery = 22\ncluster_scale = 25\n",
       "3: dimension 'cluster_scale' given twice (first at line 1)"},
      {"# weights\ncluster_scale 25\n",
       "2: expected `dimension = weight` (e.g. `cluster_scale = 25`), found 'cluster_scale 25'"},
      {"cluster_scale = twenty\n", "1: the weight of cluster_scale must be a number such as 25 or 12.5, found 'twenty'"},
      {"cluster_scale = 1e2\n", "1: the weight of cluster_scale must be a number such as 25 or 12.5, found '1e2'"},
      {"cluster_scale = -5\n", "1: the weight of cluster_scale must be at least 0, found -5"},
      {"cluster_scale =\n", "1: the weight of cluster_scale must be a number such as 25 or 12.5, found ''"},
      {"speed = 10\n",
       "1: unknown dimension 'speed'; the dimensions are cluster_scale, fault_recovery, network_storage, scheduling, "
       "sla_terms, openness"},
  };
  for (const Case& c : cases) {
    INFO(c.file);
    CHECK(only_error(parse_weights(std::string(c.file) + rest, "w")) == c.error);
  }
}

TEST_CASE("weights: a missing dimension or a sum other than 100 is an error about the file", "[compare][weights]") {
  CHECK(only_error(parse_weights("cluster_scale = 25\nfault_recovery = 22\nnetwork_storage = 20\n", "w")) ==
        "0: no weight for scheduling, sla_terms, openness; give all six dimensions");
  // 25 + 22 + 20 + 15 + 10 + 3 = 95
  CHECK(only_error(parse_weights("cluster_scale = 25\nfault_recovery = 22\nnetwork_storage = 20\nscheduling = 15\n"
                                 "sla_terms = 10\nopenness = 3\n", "w")) ==
        "0: the weights add up to 95 (25 + 22 + 20 + 15 + 10 + 3), not 100");
  // 25 + 22 + 20 + 15 + 10 + 8.05 = 100.05: decimals are summed exactly
  CHECK(only_error(parse_weights("cluster_scale = 25\nfault_recovery = 22\nnetwork_storage = 20\nscheduling = 15\n"
                                 "sla_terms = 10\nopenness = 8.05\n", "w")) ==
        "0: the weights add up to 100.05 (25 + 22 + 20 + 15 + 10 + 8.05), not 100");
  CHECK(only_error(parse_weights("", "w")) ==
        "0: no weight for cluster_scale, fault_recovery, network_storage, scheduling, sla_terms, openness; give all six "
        "dimensions");
}

TEST_CASE("weights: every bad line is reported, not only the first", "[compare][weights]") {
  const WeightsResult r = parse_weights("cluster_scale = x\nfoo = 1\nopenness = -1\n", "w");
  REQUIRE(r.errors.size() == 3);
  CHECK(r.errors[0].line == 1);
  CHECK(r.errors[1].line == 2);
  CHECK(r.errors[2].line == 3);
}

TEST_CASE("weights: a long bad line is quoted in part", "[compare][weights]") {
  const std::string line = "cluster_scale " + std::string(200, 'x');
  const std::string error = only_error(parse_weights(line + "\n", "w"));
  CHECK(error.size() < 160);
  CHECK(error.find("...'") != std::string::npos);
}
