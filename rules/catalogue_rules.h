#pragma once
// One accessor per rule, each defined in its own file; registry.cpp lists them.
#include "rules/rule.h"

namespace slaudit::rules {

const Rule& cluster_size_scope();
const Rule& availability_no_target();
const Rule& availability_no_period();
const Rule& availability_no_definition();
const Rule& availability_no_exclusions();
const Rule& availability_no_remedy();
const Rule& availability_no_claim_deadline();
const Rule& maintenance_no_notice();
const Rule& maintenance_no_cap();
const Rule& credit_cap_too_low();
const Rule& recovery_no_faults();
const Rule& recovery_no_clock();
const Rule& throughput_no_load_condition();
const Rule& rdma_no_tenancy();
const Rule& checkpoint_no_frequency();
const Rule& preemption_no_notice();
const Rule& reclaim_no_retention();
const Rule& billing_no_granularity();
const Rule& external_terms();
const Rule& superlative_claim();

}  // namespace slaudit::rules
