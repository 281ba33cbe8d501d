// `recovery SERVICE { faults (...); within T from START to STOP; credit ...; cap ...; }`
#include "language/check/parts.h"

namespace slaudit::check {

void check_recovery(Context& cx, const ast::RecoveryDecl& decl, const ast::ContractItem& contract_item) {
  model::RecoveryClause c;
  c.range = contract_item.range;
  c.attrs = contract_item.attrs;
  c.label = decl.label ? decl.label->value : "";
  auto service = cx.service(decl.service);
  const std::string key = "recovery@" + std::to_string(c.range.begin) + ":";
  for (const auto& i : decl.items) {
    check_attributes(cx, i.attrs);
    if (auto* f = std::get_if<ast::RecoveryFaultsItem>(&i.node)) {
      if (!cx.first(key + "faults", i.range, "the covered fault classes")) continue;
      for (const auto& n : f->faults) c.faults.push_back(n.text);
    } else if (auto* l = std::get_if<ast::RecoveryLimitItem>(&i.node)) {
      if (!cx.first(key + "limit", i.range, "the recovery time limit")) continue;
      c.limit = cx.duration(l->limit, "the recovery time limit");
      if (cx.one_of(l->clock_start, {"occurred", "detected"}, "clock start"))
        c.clock_start = l->clock_start.text == "occurred" ? model::ClockStart::Occurred : model::ClockStart::Detected;
      if (cx.one_of(l->clock_stop, {"recovered", "resolved"}, "clock stop"))
        c.clock_stop = l->clock_stop.text == "recovered" ? model::ClockStop::Recovered : model::ClockStop::Resolved;
    } else if (auto* cr = std::get_if<ast::RecoveryCreditItem>(&i.node)) {
      if (cx.first(key + "credit", i.range, "the credit per breach"))
        c.credit_per_breach = cx.percent(cr->amount, "the credit per breach");
    } else if (auto* cap = std::get_if<ast::RecoveryCapItem>(&i.node)) {
      if (auto built = check_cap(cx, cap->spec, i.range)) c.caps.push_back(*built);
    }
  }
  if (!service) return;
  c.service = *service;
  cx.contract().recovery.push_back(std::move(c));
}

}  // namespace slaudit::check
