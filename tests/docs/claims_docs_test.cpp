// The evidence samples of docs/claims.md, read by the real readers, so the
// documentation cannot drift from them.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "telemetry/evidence/inventory.h"
#include "telemetry/evidence/measurements.h"

using namespace slaudit;

namespace {

std::string claims_doc() {
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/docs/claims.md", std::ios::binary);
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The body of the first fenced block opening with `fence` after `heading`.
std::string block_after(const std::string& doc, const std::string& heading, const std::string& fence) {
  const size_t at = doc.find(heading);
  REQUIRE(at != std::string::npos);
  const size_t open = doc.find("\n" + fence + "\n", at);
  REQUIRE(open != std::string::npos);
  const size_t body = open + fence.size() + 2;
  const size_t close = doc.find("\n```\n", body);
  REQUIRE(close != std::string::npos);
  return doc.substr(body, close + 1 - body);
}

}  // namespace

TEST_CASE("docs/claims.md: the inventory sample reads", "[claims][docs]") {
  const auto r = evidence::read_inventory(block_after(claims_doc(), "### Inventory", "```json"), "claims.md");
  REQUIRE(r.ok());
  CHECK(r.inventory->clusters.size() == 2);
}

TEST_CASE("docs/claims.md: every measurement sample is used", "[claims][docs]") {
  const auto log = evidence::read_measurements(block_after(claims_doc(), "### Measurements", "```"), "claims.md");
  for (const auto& r : log.rejected) INFO("line " << r.line << ": " << r.reason);
  CHECK(log.rejected.empty());
  CHECK(log.measurements.size() == 4);
}
