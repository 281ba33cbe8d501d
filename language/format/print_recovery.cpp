// `recovery SERVICE ["label"] { ... }`: recovery-time commitments.
#include "language/format/areas.h"
#include "language/format/leaves.h"

namespace slaudit::format {

namespace {

struct RecoveryLine {
  std::string operator()(const ast::RecoveryFaultsItem& i) const {
    return "faults (" + comma_list(i.faults, name_text) + ");";
  }
  std::string operator()(const ast::RecoveryLimitItem& i) const {
    return "within " + quantity(i.limit) + " from " + i.clock_start.text + " to " + i.clock_stop.text + ";";
  }
  std::string operator()(const ast::RecoveryCreditItem& i) const {
    return "credit " + quantity(i.amount) + " of monthly fee per breach;";
  }
  std::string operator()(const ast::RecoveryCapItem& i) const { return "cap " + cap(i.spec) + ";"; }
};

}  // namespace

void print_recovery(LineWriter& out, const ast::ContractItem& item, const ast::RecoveryDecl& decl) {
  std::string header = "recovery " + decl.service.text;
  if (decl.label) header += " " + decl.label->raw;
  out.open(std::move(header), item.range, header_end(decl.service, decl.label));
  for (const ast::RecoveryItem& i : decl.items) {
    print_attributes(out, i.attrs);
    out.item(std::visit(RecoveryLine{}, i.node), i.range);
  }
  out.close(item.range);
}

}  // namespace slaudit::format
