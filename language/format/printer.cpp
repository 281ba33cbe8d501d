#include "language/format/printer.h"

#include "language/format/areas.h"
#include "language/format/layout.h"

namespace slaudit {

std::string format_contract(const SourceFile& source, const ast::File& file) {
  format::LineWriter lines(source);
  for (const ast::Contract& contract : file.contracts) format::print_contract(lines, contract);
  return format::render(source, lines.take(), file.comments);
}

}  // namespace slaudit
