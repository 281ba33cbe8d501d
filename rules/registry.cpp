#include "rules/registry.h"

#include "rules/catalogue_rules.h"

namespace slaudit::rules {

const std::vector<const Rule*>& all_rules() {
  // The order of the seven questions before signing: scale, SLA terms, recovery,
  // network and storage, then billing and lifecycle, then wording. New rules go
  // at the end of their group; ids are never renamed or reused.
  static const std::vector<const Rule*> rules = {
      &cluster_size_scope(),
      &availability_no_period(),
      &availability_no_definition(),
      &availability_no_exclusions(),
      &availability_no_remedy(),
      &availability_no_claim_deadline(),
      &maintenance_no_notice(),
      &maintenance_no_cap(),
      &credit_cap_too_low(),
      &availability_no_target(),
      &recovery_no_faults(),
      &recovery_no_clock(),
      &throughput_no_load_condition(),
      &rdma_no_tenancy(),
      &checkpoint_no_frequency(),
      &preemption_no_notice(),
      &reclaim_no_retention(),
      &billing_no_granularity(),
      &external_terms(),
      &superlative_claim(),
  };
  return rules;
}

const Rule* find_rule(std::string_view id) {
  for (const Rule* r : all_rules())
    if (id == r->info.id) return r;
  return nullptr;
}

std::vector<std::string> rule_ids() {
  std::vector<std::string> out;
  for (const Rule* r : all_rules()) out.emplace_back(r->info.id);
  return out;
}

size_t rule_index(std::string_view id) {
  const auto& rules = all_rules();
  for (size_t i = 0; i < rules.size(); ++i)
    if (id == rules[i]->info.id) return i;
  return rules.size();
}

}  // namespace slaudit::rules
