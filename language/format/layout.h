#pragma once
// The printer works in two passes. The area printers turn the tree into Lines
// (canonical text, indentation, and the source range each line was printed
// from); `render` then weaves the comments and blank lines back in by source
// position. Keeping comments out of the first pass means no area printer has
// to know about them.
#include <string>
#include <vector>

#include "language/syntax/ast.h"
#include "language/syntax/source.h"

namespace slaudit::format {

enum class LineRole {
  Attribute,  // `@allow(...)`, on its own line before the item it annotates
  Item,       // a whole one-line item, `;` included
  Opener,     // a block's header, ending in ` {`
  Closer,     // a block's `}`
};

struct Line {
  LineRole role = LineRole::Item;
  int depth = 0;        // indentation level; two spaces each
  std::string text;
  SourceRange source;   // what it was printed from; an Opener ends after its `{`
};

// Collects Lines, tracking the block depth.
class LineWriter {
 public:
  explicit LineWriter(const SourceFile& source) : source_(source) {}

  const SourceFile& source() const { return source_; }

  void attribute(std::string text, SourceRange range);
  void item(std::string text, SourceRange range);
  // `header {`: the block's brace is the first `{` after `header_end`, the end
  // of the header's last named token (never inside a string).
  void open(std::string header, SourceRange block, uint32_t header_end);
  // `}`: the block's range ends just after its brace.
  void close(SourceRange block);

  std::vector<Line> take() { return std::move(lines_); }

 private:
  const SourceFile& source_;
  int depth_ = 0;
  std::vector<Line> lines_;
};

// The lines with the comments and blank lines put back, as the file's text.
std::string render(const SourceFile& source, const std::vector<Line>& lines,
                   const std::vector<ast::Comment>& comments);

}  // namespace slaudit::format
