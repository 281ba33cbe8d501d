// `composite NAME ["label"] { series|parallel (A, B "label"); target P; }`.
#include "language/format/areas.h"
#include "language/format/leaves.h"

namespace slaudit::format {

namespace {

std::string component(const ast::ComponentRef& c) { return c.name.text + (c.label ? " " + c.label->raw : ""); }

struct CompositeLine {
  std::string operator()(const ast::CompositeShapeItem& i) const {
    return std::string(terms::keyword(i.shape)) + " (" + comma_list(i.parts, component) + ");";
  }
  std::string operator()(const ast::CompositeTargetItem& i) const { return "target " + quantity(i.value) + ";"; }
};

}  // namespace

void print_composite(LineWriter& out, const ast::ContractItem& item, const ast::CompositeDecl& decl) {
  std::string header = "composite " + decl.name.text;
  if (decl.label) header += " " + decl.label->raw;
  out.open(std::move(header), item.range, header_end(decl.name, decl.label));
  for (const ast::CompositeItem& i : decl.items) out.item(std::visit(CompositeLine{}, i.node), i.range);
  out.close(item.range);
}

}  // namespace slaudit::format
