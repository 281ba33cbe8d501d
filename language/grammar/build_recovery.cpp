// Items inside `recovery SERVICE { ... }`.
#include "language/grammar/builder.h"

namespace slaudit::grammar {

std::optional<ast::RecoveryItem> Builder::recovery_item(P::RecoveryItemContext* ctx) {
  ast::RecoveryItem out;
  out.range = range(ctx);
  if (auto* c = as<P::RecoveryFaultsItemContext>(ctx)) {
    out.node = ast::RecoveryFaultsItem{names(c->faults)};
  } else if (auto* c = as<P::RecoveryLimitItemContext>(ctx)) {
    out.node = ast::RecoveryLimitItem{quantity(c->limit), name(c->clockStart), name(c->clockStop)};
  } else if (auto* c = as<P::RecoveryCreditItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = ast::RecoveryCreditItem{quantity(c->amount)};
  } else if (auto* c = as<P::RecoveryCapItemContext>(ctx)) {
    out.attrs = attributes(c->attrs);
    out.node = ast::RecoveryCapItem{cap(c->spec)};
  } else if (auto* c = as<P::MisplacedRecoveryItemContext>(ctx)) {
    misplaced_item(c->misplaced, "in a recovery clause");
    return std::nullopt;
  } else if (auto* c = as<P::UnknownRecoveryItemContext>(ctx)) {
    unknown_item(c->unknown, "recovery item", {"faults", "within", "credit", "cap"});
    return std::nullopt;
  } else {
    return unbuilt(ctx, "recovery item");
  }
  return out;
}

}  // namespace slaudit::grammar
