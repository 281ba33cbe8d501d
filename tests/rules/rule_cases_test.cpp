// Every rule of the catalogue on a contract that leaves the term open (each
// finding with its exact line:col and message) and on one that states it
// properly (no finding of that rule). Snippets are contract items, wrapped by
// example_contract() into `contract "example" { timezone "UTC"; currency USD; ... }`,
// so the first snippet line is line 3 of the contract.
#include <catch2/catch.hpp>

#include <set>

#include "rules/registry.h"
#include "rules/support.h"
#include "tests/rules/rule_test_support.h"

using namespace slaudit;

namespace {

struct RuleCase {
  std::string rule;
  std::string fires;   // items that leave the term open
  std::string silent;  // the same items with the term stated
  std::vector<std::string> expected;
};

const std::vector<RuleCase> kCases = {
    {"cluster-size-scope",
     "  service training { capacity 4096 gpus; }\n  claim \"x\": gpus >= 10000;\n  claim \"具备万卡集群交付能力\";\n  claim \"10,000-GPU clusters\": unverifiable;\n  commit nodes >= 512;\n  claim \"单集群4096卡\";\n",
     "  service training { scope single cluster \"a\"; capacity 4096 gpus; }\n  claim \"x\": gpus >= 10000 single;\n  claim \"y\": gpus >= 4096 for training;\n  commit nodes for training >= 512;\n  claim \"z\": gpus >= 12288 aggregate;\n  claim \"70+ models\";\n",
     {"3:22: warning: the capacity of service 'training' does not say whether it is one cluster or several added up [cluster-size-scope]",
      "4:14: warning: the claim 'gpus >= 10000' does not say whether it is one cluster or several added up [cluster-size-scope]",
      "5:12: warning: the claim speaks of a cluster size ('万卡') without saying one cluster or several added up [cluster-size-scope]",
      "6:10: warning: the claim speaks of a cluster size ('10,000-GPU') without saying one cluster or several added up [cluster-size-scope]",
      "7:10: warning: the commitment 'nodes >= 512' does not say whether it is one cluster or several added up [cluster-size-scope]",
      "8:13: warning: the claim speaks of a cluster size ('4096卡') without saying one cluster or several added up [cluster-size-scope]"}},
    {"availability-no-period",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; }\n  claim \"SLA 99.9%\": availability >= 99.9%;\n  commit availability >= 99.5%;\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; period calendar month; }\n  claim \"SLA\": availability >= 99.9% period calendar month;\n  availability s \"no target\" { period calendar month; }\n",
     {"4:20: warning: the availability target 99.9% of the availability clause of service 's' has no statistical period [availability-no-period]",
      "5:22: warning: the claim 'availability >= 99.9%' has no statistical period [availability-no-period]",
      "6:10: warning: the commitment 'availability >= 99.5%' has no statistical period [availability-no-period]"}},
    {"availability-no-definition",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; period calendar month; }\n  availability s \"b\" { period calendar month; target 99.5%; }\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; unavailable when any incident; }\n  availability s \"b\" { target 99.5%; unavailable weighted by affected share; }\n"
     "  service f { resources instance with zones; }\n  availability f per region { target 99.99%; unavailable when at least 2 zones down; }\n",
     {"4:20: warning: the availability clause of service 's' does not define when the service is unavailable [availability-no-definition]",
      "5:47: warning: the availability clause of service 's' (\"b\") does not define when the service is unavailable [availability-no-definition]"}},
    {"availability-no-exclusions",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; period calendar month; }\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; exclude cause in (customer); }\n  availability s \"w\" { target 99.5%; exclude window Sun 02:00-06:00; }\n",
     {"4:20: warning: the availability clause of service 's' lists no exclusions [availability-no-exclusions]"}},
    {"availability-no-remedy",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; period calendar month; }\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; credit of monthly fee { below 99.9%: 10%; } }\n  availability s \"lost\" { target 99.5%; credit lost time at hourly rate; }\n",
     {"4:20: warning: the availability clause of service 's' says no remedy when the target is missed [availability-no-remedy]"}},
    {"availability-no-claim-deadline",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; credit of monthly fee { below 99.9%: 10%; } }\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; credit of monthly fee { below 99.9%: 10%; } claim within 30 d after period end; }\n  availability s \"no credit\" { target 99.5%; }\n",
     {"4:34: warning: the credit of the availability clause of service 's' has no claim deadline [availability-no-claim-deadline]"}},
    {"maintenance-no-notice",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s {\n    exclude maintenance, at most 4 h per period;\n    exclude cause in (customer, maintenance);\n  }\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s {\n    exclude maintenance with notice >= 72 h, at most 4 h per period;\n    exclude window Sun 02:00-06:00;\n    exclude cause in (customer);\n  }\n",
     {"5:5: warning: the maintenance exclusion of the availability clause of service 's' requires no notice: any outage can be announced as maintenance [maintenance-no-notice]",
      "6:5: warning: the maintenance exclusion of the availability clause of service 's' requires no notice: any outage can be announced as maintenance [maintenance-no-notice]"}},
    {"maintenance-no-cap",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s {\n    exclude maintenance with notice >= 72 h;\n    exclude cause in (maintenance);\n  }\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s {\n    exclude maintenance with notice >= 72 h, at most 4 h per period;\n    exclude window Sun 02:00-06:00;\n  }\n",
     {"5:5: warning: the maintenance exclusion of the availability clause of service 's' has no cap: announced maintenance could take the whole period [maintenance-no-cap]",
      "6:5: warning: the maintenance exclusion of the availability clause of service 's' has no cap: announced maintenance could take the whole period [maintenance-no-cap]"}},
    {"credit-cap-too-low",
     "  service s { fee 1000.00 per month; billing per hour; }\n  availability s { credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; } cap 5% of monthly fee; }\n  availability s \"tiers\" { credit of monthly fee { below 99.9%: 25%; below 99.0%: 50%; } cap 20% of monthly fee; }\n  availability s \"money\" { credit of monthly fee { below 99.9%: 10%; } cap 99.99 USD; }\n  recovery s { faults (node_down); within 20 min from detected to recovered; credit 5% of monthly fee per breach; cap 2% of monthly fee; }\n",
     "  service s { fee 1000.00 per month; billing per hour; }\n  availability s { credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; } cap 100% of monthly fee; }\n  availability s \"edge\" { credit of monthly fee { below 99.9%: 10%; } cap 10% of monthly fee; }\n  availability s \"money\" { credit of monthly fee { below 99.9%: 10%; } cap 100.00 USD; }\n  recovery s { faults (node_down); within 20 min from detected to recovered; credit 5% of monthly fee per breach; cap 10% of monthly fee; }\n",
     {"4:82: warning: the 'cap 5% of monthly fee' of the availability clause of service 's' is below 10% of the monthly fee: it empties the remedy [credit-cap-too-low]",
      "5:90: warning: the 'cap 20% of monthly fee' of the availability clause of service 's' (\"tiers\") is below the smallest credit tier (25%): none is paid in full [credit-cap-too-low]",
      "6:72: warning: the 'cap 99.99 USD' of the availability clause of service 's' (\"money\") is below 10% of the monthly fee: it empties the remedy [credit-cap-too-low]",
      "7:115: warning: the 'cap 2% of monthly fee' of the recovery clause of service 's' is below 10% of the monthly fee: it empties the remedy [credit-cap-too-low]"}},
    {"availability-no-target",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { period calendar month; credit of monthly fee { below 99.9%: 10%; } }\n  availability s \"bare\" { period calendar month; }\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; period calendar month; credit of monthly fee { below 99.9%: 10%; } }\n",
     // Both anchored at the clause's head, from column 3 (after two spaces).
     {"4:3: warning: the availability clause of service 's' states no target: only its credit tiers say what level is promised [availability-no-target]",
      "5:3: warning: the availability clause of service 's' (\"bare\") states no target: nothing says what level is promised [availability-no-target]"}},
    {"recovery-no-faults",
     "  service s { fee 100.00 per month; billing per hour; }\n  recovery s { within 20 min from detected to recovered; }\n  claim \"约20分钟自动恢复\": recovery_time about 20 min;\n  commit recovery_time <= 30 min;\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  recovery s { faults (node_down, nic_failure); within 20 min from detected to recovered; }\n  claim \"a\": recovery_time about 20 min faults (node_down);\n  claim \"b\": recovery_time about 20 min for s;\n  commit recovery_time for s <= 30 min;\n",
     {"4:3: warning: the recovery clause of service 's' does not say which fault classes it covers [recovery-no-faults]",
      "5:22: warning: the claim 'recovery_time about 20 min' does not say which fault classes it covers [recovery-no-faults]",
      "6:10: warning: the commitment 'recovery_time <= 30 min' does not say which fault classes it covers [recovery-no-faults]"}},
    {"recovery-no-clock",
     "  service s { fee 100.00 per month; billing per hour; }\n  recovery s { faults (node_down); }\n  claim \"约20分钟\": recovery_time about 20 min faults (node_down);\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  recovery s { faults (node_down); within 20 min from occurred to recovered; }\n  claim \"约20分钟\": recovery_time about 20 min faults (node_down) for s;\n",
     {"4:3: warning: the recovery clause of service 's' states no time limit with a clock start and stop [recovery-no-clock]",
      "5:18: warning: the claim 'recovery_time about 20 min' does not say when the clock starts and stops [recovery-no-clock]"}},
    {"throughput-no-load-condition",
     "  commit storage_throughput >= 2 TB/s;\n  claim \"400G\": network_bandwidth >= 50 GB/s;\n",
     "  commit storage_throughput >= 2 TB/s under load;\n  claim \"400G\": network_bandwidth >= 50 GB/s empty;\n  commit checkpoint_interval <= 30 min;\n",
     {"3:10: warning: the commitment 'storage_throughput >= 2 TB/s' does not say whether it holds on an empty system or under load [throughput-no-load-condition]",
      "4:17: warning: the claim 'network_bandwidth >= 50 GB/s' does not say whether it holds on an empty system or under load [throughput-no-load-condition]"}},
    {"rdma-no-tenancy",
     "  service s { interconnect roce; }\n  claim \"x\": rdma_bandwidth >= 50 GB/s under load;\n  claim \"RoCE v2 无损网络\";\n",
     "  service s { interconnect roce exclusive; }\n  service t { interconnect ethernet; }\n  claim \"x\": rdma_bandwidth >= 50 GB/s under load;\n  claim \"RoCE v2 无损网络\";\n",
     {"3:15: warning: the roce interconnect of service 's' is not said to be exclusive or shared between tenants [rdma-no-tenancy]",
      "4:14: warning: the claim 'rdma_bandwidth >= 50 GB/s' does not say whether the RDMA network is exclusive or shared [rdma-no-tenancy]",
      "5:10: warning: the claim speaks of RoCE without saying whether the network is exclusive or shared [rdma-no-tenancy]"}},
    {"checkpoint-no-frequency",
     "  commit checkpoint_write >= 400 GB/s under load;\n  claim \"ckpt\": checkpoint_write >= 400 GB/s under load;\n",
     "  commit checkpoint_write >= 400 GB/s under load;\n  commit checkpoint_interval <= 30 min;\n",
     {"3:10: warning: the commitment 'checkpoint_write >= 400 GB/s' comes with no limit on how often checkpoints may be written [checkpoint-no-frequency]",
      "4:17: warning: the claim 'checkpoint_write >= 400 GB/s' comes with no limit on how often checkpoints may be written [checkpoint-no-frequency]"}},
    {"preemption-no-notice",
     "  service spot_training { fee 100.00 per month; billing per hour; }\n  claim \"支持抢占式实例\";\n",
     "  service spot_training { fee 100.00 per month; billing per hour; }\n  claim \"支持抢占式实例\";\n  commit preemption_notice >= 30 min;\n  claim \"spotless record\";\n",
     {"3:11: warning: the contract speaks of preemption ('spot') but states no notice before preempted resources are reclaimed [preemption-no-notice]",
      "4:12: warning: the contract speaks of preemption ('抢占') but states no notice before preempted resources are reclaimed [preemption-no-notice]"}},
    {"reclaim-no-retention",
     "  commit preemption_notice >= 30 min;\n  claim \"资源回收后数据保留\";\n",
     "  commit preemption_notice >= 30 min;\n  claim \"资源回收后数据保留\";\n  commit data_retention >= 7 d;\n",
     {"3:10: warning: the commitment 'preemption_notice >= 30 min' implies reclaim, but the contract does not say how long data is kept after it [reclaim-no-retention]",
      "4:12: warning: the contract speaks of reclaim ('回收') but does not say how long data is kept after it [reclaim-no-retention]"}},
    {"billing-no-granularity",
     "  service s { fee 100.00 per month; }\n",
     "  service s { fee 100.00 per month; billing per second; }\n  service t { capacity 8 gpus; scope single cluster \"x\"; }\n",
     {"3:15: warning: service 's' has a fee but no billing granularity [billing-no-granularity]"}},
    {"external-terms",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; terms per \"the provider's SLA page\"; }\n  claim \"SLA按官网公布条款执行，以官网为准\";\n  claim \"Credits per the provider's policy\": unverifiable;\n",
     "  service s { fee 100.00 per month; billing per hour; }\n  availability s { target 99.9%; exclude cause in (customer); }\n  claim \"SLA 99.9%\": availability >= 99.9% period calendar month;\n  claim \"published papers\";\n",
     {"4:34: warning: the availability clause of service 's' takes terms from \"the provider's SLA page\", a document outside the contract: they cannot be verified [external-terms]",
      "5:23: warning: the claim takes its terms from elsewhere ('以官网为准'): it cannot be verified [external-terms]",
      "6:18: warning: the claim takes its terms from elsewhere ('per the provider'): it cannot be verified [external-terms]"}},
    {"superlative-claim",
     "  claim \"industry-leading reliability\";\n  claim \"业界领先的算力\": unverifiable;\n  claim \"Best-in-class GPUs\";\n",
     "  claim \"industry-leading reliability\": availability >= 99.9% period calendar month;\n  claim \"leadership team\";\n  claim \"bestow\";\n",
     {"3:10: warning: the claim says 'industry-leading' with nothing measurable behind it [superlative-claim]",
      "4:12: warning: the claim says '领先' with nothing measurable behind it [superlative-claim]",
      "5:10: warning: the claim says 'Best-in-class' with nothing measurable behind it [superlative-claim]"}},
};

}  // namespace

TEST_CASE("rules: each rule fires where the term is left open, with exact locations", "[rules]") {
  for (const auto& c : kCases) {
    DYNAMIC_SECTION(c.rule) {
      REQUIRE(rules::find_rule(c.rule) != nullptr);
      const auto linted = testing::lint_text(rules::example_contract(c.fires));
      CHECK(testing::finding_lines(linted, c.rule) == c.expected);
    }
  }
}

TEST_CASE("rules: each rule stays silent where the term is stated", "[rules]") {
  for (const auto& c : kCases) {
    DYNAMIC_SECTION(c.rule) {
      const auto linted = testing::lint_text(rules::example_contract(c.silent));
      CHECK(testing::finding_lines(linted, c.rule).empty());
    }
  }
}

TEST_CASE("rules: the table covers every rule of the catalogue", "[rules]") {
  std::set<std::string> covered;
  for (const auto& c : kCases) covered.insert(c.rule);
  for (const auto& id : rules::rule_ids()) {
    INFO(id);
    CHECK(covered.count(id) == 1);
  }
}
