// docs/compare.md's weights sample and error messages, read by the real
// parser, so the documentation cannot drift from it; and the bundled
// contracts/compare/inference.weights.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "engine/selection/dimensions.h"

using namespace slaudit;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/" + path, std::ios::binary);
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The body of the first ```text block after `heading`.
std::string text_block_after(const std::string& doc, const std::string& heading) {
  const size_t at = doc.find(heading);
  REQUIRE(at != std::string::npos);
  const size_t open = doc.find("\n```text\n", at);
  REQUIRE(open != std::string::npos);
  const size_t body = open + 9;
  const size_t close = doc.find("\n```\n", body);
  REQUIRE(close != std::string::npos);
  return doc.substr(body, close + 1 - body);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("docs/compare.md: the weights sample reads and adds up to 100", "[compare][docs]") {
  const std::string doc = read("docs/compare.md");
  const selection::WeightsResult r = selection::parse_weights(text_block_after(doc, "## 7. Weights"), "doc");
  REQUIRE(r.errors.empty());
  CHECK(r.weights->of(selection::Dimension::FaultRecovery) == 30);
  CHECK(r.weights->of(selection::Dimension::Scheduling) == 22);
}

TEST_CASE("docs/compare.md: the weights errors it quotes are the parser's", "[compare][docs]") {
  const std::string doc = read("docs/compare.md");
  const selection::WeightsResult typo =
      selection::parse_weights("# inference-heavy\ncluster_scale = 15\nfault_recovry = 30\n", "inference.weights");
  REQUIRE_FALSE(typo.errors.empty());
  CHECK(typo.errors[0].line == 3);
  CHECK(has(doc, "(`inference.weights:3: error: " + typo.errors[0].message.substr(0, 30)));
  const selection::WeightsResult sum = selection::parse_weights(
      "cluster_scale = 15\nfault_recovery = 30\nnetwork_storage = 15\nscheduling = 17\nsla_terms = 10\nopenness = 8\n",
      "inference.weights");
  REQUIRE(sum.errors.size() == 1);
  std::string quoted = "inference.weights: error: " + sum.errors[0].message;
  // The doc wraps the message over two lines.
  std::string flat = doc;
  for (char& c : flat)
    if (c == '\n') c = ' ';
  CHECK(has(flat, quoted));
}

TEST_CASE("contracts/compare/inference.weights reads", "[compare][docs]") {
  const selection::WeightsResult r = selection::parse_weights(read("contracts/compare/inference.weights"), "w");
  REQUIRE(r.errors.empty());
  CHECK(r.weights->of(selection::Dimension::ClusterScale) == 15);
}
