#include "language/compile/compile.h"

#include "language/check/checker.h"
#include "language/grammar/parse.h"

namespace slaudit {

CompiledContract compile_contract(const SourceFile& source) {
  CompiledContract out;
  auto parsed = parse_contract(source);
  out.syntax = std::move(parsed.file);
  out.diagnostics = std::move(parsed.diagnostics);
  if (out.diagnostics.has_errors()) return out;
  auto checked = check_contract(source, out.syntax);
  out.diagnostics.append(checked.diagnostics);
  if (!out.diagnostics.has_errors()) out.contract = std::move(checked.contract);
  return out;
}

}  // namespace slaudit
