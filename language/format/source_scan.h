#pragma once
// Questions the printer asks of the source text between tokens: where a
// block's `{` is, whether two offsets are on one line, whether a stretch held
// a blank line. The tree keeps token ranges only, so layout facts that live in
// the whitespace (blank lines, same-line comments) are read back from here.
#include <cstdint>
#include <string>
#include <vector>

#include "language/syntax/source.h"

namespace slaudit::format {

// Offset of the first `{` at or after `from` that is not inside a comment.
// Only keywords, whitespace and comments stand between a block's last named
// token and its brace, so no string can hide a `{` from this scan.
uint32_t open_brace_at_or_after(const SourceFile& source, uint32_t from);

// True when [from, to) is only spaces and tabs: `to` is on the line where
// `from` is, with no token in between.
bool only_blanks_between(const SourceFile& source, uint32_t from, uint32_t to);

// True when [from, to) holds a line with nothing but whitespace on it.
bool blank_line_between(const SourceFile& source, uint32_t from, uint32_t to);

// The string literals in `range` as written (quotes and escapes kept), in
// order, skipping comments. Attributes keep their arguments unescaped only, so
// their raw spelling is read back from the source.
std::vector<std::string> raw_strings_in(const SourceFile& source, SourceRange range);

}  // namespace slaudit::format
