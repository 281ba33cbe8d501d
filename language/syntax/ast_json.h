#pragma once
// `slaudit ast`: the syntax tree as JSON, for tools and for tests.
//
// Every node is an object with a "kind" (the ast:: struct's name, or for a
// variant the name of the alternative it holds: "TargetItem",
// "CalendarPeriod") and its fields under their ast:: names. Keywords chosen
// by an enum print as the words of the language ("success ratio",
// "half even"). Absent optional fields are null. A quantity is
// {"kind": "Quantity", "number": "99.90", "percent": true, "unit": "", "per": ""},
// its number the exact text as written, never a floating-point value.
//
// With `locations`, every node that has a source range also gets
// "range": {"begin": {"line", "column"}, "end": {"line", "column"}}, 1-based,
// columns counting code points, `end` just after the node's last character.
// A quantity with a unit also gets "unit_range". Without it, the JSON is what the tree means
// and nothing of where it was written, so two sources that differ only in
// layout give equal JSON. Comments are not part of it.
//
// Keys are ordered by nlohmann::json's std::map: the output is deterministic.
#include <nlohmann/json.hpp>

#include "language/syntax/ast.h"
#include "language/syntax/source.h"

namespace slaudit {

nlohmann::json ast_to_json(const ast::File& file, const SourceFile* locations);

}  // namespace slaudit
