// Items inside `composite NAME { ... }`.
#include "language/grammar/builder.h"

namespace slaudit::grammar {

std::optional<ast::CompositeItem> Builder::composite_item(P::CompositeItemContext* ctx) {
  ast::CompositeItem out;
  out.range = range(ctx);
  if (auto* c = as<P::CompositeShapeItemContext>(ctx)) {
    ast::CompositeShapeItem item;
    item.shape = c->shape->getText() == "parallel" ? ast::CompositeShape::Parallel : ast::CompositeShape::Series;
    for (auto* part : c->parts) {
      ast::ComponentRef ref{name(part->name), std::nullopt, range(part)};
      if (part->label != nullptr) ref.label = text(part->label);
      item.parts.push_back(std::move(ref));
    }
    out.node = std::move(item);
  } else if (auto* c = as<P::CompositeTargetItemContext>(ctx)) {
    out.node = ast::CompositeTargetItem{quantity(c->value)};
  } else if (auto* c = as<P::MisplacedCompositeItemContext>(ctx)) {
    misplaced_item(c->misplaced, "in a composite");
    return std::nullopt;
  } else if (auto* c = as<P::UnknownCompositeItemContext>(ctx)) {
    unknown_item(c->unknown, "composite item", {"series", "parallel", "target"});
    return std::nullopt;
  } else {
    return unbuilt(ctx, "composite item");
  }
  return out;
}

}  // namespace slaudit::grammar
