#pragma once
// `slaudit fmt`: the canonical text of a contract file.
//
// The canonical layout:
//  - two spaces of indentation per block level; one item per line; a block
//    (`contract`, `service`, `availability`, `recovery`,
//    `unavailable from probes`, `credit of monthly fee`) opens with ` {` at
//    the end of its header and closes with `}` on a line of its own, also when
//    it is empty; credit tiers one per line;
//  - attributes each on a line of their own, just before the item they
//    annotate, at its indentation: an item's first line then always starts
//    with its keyword, so items align and diffs of an attribute touch only
//    its own line;
//  - one blank line where the source had one or more between two items (or
//    comments), none anywhere else: never after a `{` or an attribute, never
//    before a `}`, never at the start or end of the file;
//  - one space between tokens, none before `;`, `,`, `:` and `%`, none inside
//    `(...)`, around `/` in units or around `-` in time windows; one space
//    after each comma; the file ends with one newline;
//  - every comment kept, verbatim and in order: on the line of the item it
//    trails in the source, or on its own line before the item it precedes
//    (a comment between the tokens of a one-line item moves to just before
//    it; one after the last item of a block stays before its `}`); the
//    trailing comments of consecutive items in one block start in one
//    column, one space after the longest of those items.
// Numbers, units, names and strings print exactly as written (`99.90%`,
// `72 h`, escapes kept), so formatting never changes what the file means:
// parse(format(x)) is parse(x) up to source positions, and
// format(format(x)) == format(x).
#include <string>

#include "language/syntax/ast.h"
#include "language/syntax/source.h"

namespace slaudit {

// `file` must be what parse_contract returned for `source`, with no errors: a
// tree rebuilt after error recovery is partial, and printing it would drop text.
std::string format_contract(const SourceFile& source, const ast::File& file);

}  // namespace slaudit
