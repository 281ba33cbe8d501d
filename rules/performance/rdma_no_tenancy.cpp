// rdma-no-tenancy: an RDMA/RoCE/InfiniBand network that is not said to be exclusive or shared.
#include <algorithm>

#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {

bool is_rdma(std::string_view kind) { return kind == "rdma" || kind == "roce" || kind == "infiniband"; }

bool tenancy_stated(const model::Service& s) {
  return s.interconnect && is_rdma(*s.interconnect) && s.tenancy != model::Tenancy::Unspecified;
}

// Whether the statement's service (or, when it names none, every RDMA service, of which
// there is at least one) states its tenancy.
bool covered(const model::Contract& contract, const std::optional<std::string>& service) {
  if (service) {
    auto index = contract.find_service(*service);
    return index && tenancy_stated(contract.services[*index]);
  }
  bool any = false;
  for (const auto& s : contract.services) {
    if (!s.interconnect || !is_rdma(*s.interconnect)) continue;
    if (!tenancy_stated(s)) return false;
    any = true;
  }
  return any;
}

void check(const RuleInput& in, Findings& out) {
  for (const auto& item : in.syntax.items) {
    auto* decl = std::get_if<ast::ServiceDecl>(&item.node);
    if (!decl) continue;
    for (const auto& i : decl->items)
      if (auto* ic = std::get_if<ast::InterconnectItem>(&i.node); ic && is_rdma(ic->kind.text) && !ic->tenancy)
        out.push_back({i.range, "the " + ic->kind.text + " interconnect of service '" + decl->name.text +
                                    "' is not said to be exclusive or shared between tenants",
                       "write: interconnect " + ic->kind.text + " exclusive;"});
  }
  for (const auto& s : metric_statements(in.syntax))
    if (s.metric == "rdma_bandwidth" && !covered(in.contract, s.service))
      out.push_back({s.range, std::string("the ") + s.kind() + " '" + s.written(in.source) +
                                  "' does not say whether the RDMA network is exclusive or shared",
                     "state the tenancy in the service (`interconnect roce exclusive;`) and name it: " +
                         std::string(s.claim ? "claim \"...\": " : "commit ") + "rdma_bandwidth ... for SERVICE;"});
  for (const auto* claim : wordy_claims(in.syntax)) {
    const auto& raw = claim->text.raw;
    if (raw.size() < 2 || covered(in.contract, std::nullopt)) continue;
    if (auto m = find_word(std::string_view(raw).substr(1, raw.size() - 2), {"RDMA", "RoCE", "RoCEv2", "InfiniBand"}))
      out.push_back({range_in_literal(claim->text, *m),
                     "the claim speaks of " + m->word + " without saying whether the network is exclusive or shared",
                     "state the tenancy in the service: interconnect roce exclusive;"});
  }
}

}  // namespace

const Rule& rdma_no_tenancy() {
  static const Rule rule{
      {"rdma-no-tenancy", Severity::Warning, "RDMA/RoCE network without tenancy (exclusive or shared)",
       "Question 4 before signing: is the RDMA/RoCE network exclusive or shared, and are tenants isolated from "
       "each other? On a shared fabric another tenant's all-reduce competes for the same links and switches, and "
       "collective operations slow down or time out (NCCL watchdog timeouts are a recorded cause of training "
       "interruptions). The rule fires on `interconnect rdma|roce|infiniband` without `exclusive` or `shared`, on "
       "an `rdma_bandwidth` commitment or claim whose service does not state its tenancy, and on a claim whose "
       "text names RDMA, RoCE or InfiniBand when no RDMA service states it.",
       "Write the tenancy: `interconnect roce exclusive;` or `interconnect infiniband shared;`.",
       "  service training { interconnect roce; }\n",
       "  service training { interconnect roce exclusive; }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
