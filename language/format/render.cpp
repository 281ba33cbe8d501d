// Weaves comments and blank lines into the printed lines.
//
// A comment goes
//  - at the end of the output line before it, when in the source it was on
//    the same line as the previous token printed and only blanks lay between
//    (`fee 10 per month; // list price` stays on the fee's line, and so does a
//    comment right after a block's `{` or `}`);
//  - otherwise on its own line just before the first line printed from
//    source after it, at that line's indentation (one level deeper when that
//    line is a block's `}`). A comment between the tokens of a one-line item
//    so moves to just before the item.
// Trailing comments on consecutive items of one block (no blank line,
// own-line comment or block line between) start in one column, one space
// after the longest of those lines, as authors align them by hand.
// A blank line is printed where the source had at least one between two
// things printed (lines or own-line comments), except right after a block's
// `{` or an attribute and right before a `}`.
#include <algorithm>

#include "language/format/layout.h"
#include "language/format/source_scan.h"
#include "base/text/display_width.h"

namespace slaudit::format {

namespace {

// One line of output: code or an own-line comment, and the comments trailing it.
struct Row {
  int depth = 0;
  bool aligns = false;  // an item or attribute: its trailing comment joins a column
  bool blank_before = false;
  std::string text;      // indented
  std::string trailing;  // "// ..." or "/* ... */ /* ... */"; empty when none
};

class Output {
 public:
  explicit Output(const SourceFile& source) : source_(source) {}

  void line(const Line& line) {
    start(line.depth, line.text, line.source, line.role != LineRole::Closer);
    rows_.back().aligns = line.role == LineRole::Item || line.role == LineRole::Attribute;
    no_blank_after_ = line.role == LineRole::Attribute || line.role == LineRole::Opener;
  }

  void comment(const ast::Comment& comment, int depth) {
    if (!rows_.empty() && only_blanks_between(source_, last_end_, comment.range.begin)) {
      std::string& trailing = rows_.back().trailing;
      if (!trailing.empty()) trailing += ' ';
      trailing += comment.text;
      last_end_ = comment.range.end;
      return;
    }
    start(depth, comment.text, comment.range, true);
    no_blank_after_ = false;
  }

  std::string finish() {
    align_trailing_comments();
    std::string out;
    for (const Row& row : rows_) {
      if (row.blank_before) out += '\n';
      out += row.text;
      if (!row.trailing.empty()) out += ' ' + row.trailing;
      out += '\n';
    }
    return out;
  }

 private:
  void start(int depth, const std::string& text, SourceRange from, bool blank_allowed) {
    Row row;
    row.depth = depth;
    row.blank_before = !rows_.empty() && blank_allowed && !no_blank_after_ &&
                       blank_line_between(source_, last_end_, from.begin);
    row.text = std::string(2 * static_cast<size_t>(depth), ' ') + text;
    rows_.push_back(std::move(row));
    last_end_ = from.end;
  }

  static bool starts_run(const Row& row) { return row.aligns && !row.trailing.empty(); }
  static bool continues_run(const Row& previous, const Row& row) {
    return starts_run(row) && !row.blank_before && row.depth == previous.depth;
  }

  void align_trailing_comments() {
    size_t begin = 0;
    while (begin < rows_.size()) {
      if (!starts_run(rows_[begin])) {
        ++begin;
        continue;
      }
      size_t end = begin + 1;
      while (end < rows_.size() && continues_run(rows_[end - 1], rows_[end])) ++end;
      size_t width = 0;
      for (size_t i = begin; i < end; ++i) width = std::max(width, display_width(rows_[i].text));
      for (size_t i = begin; i < end; ++i) rows_[i].text = pad_right(rows_[i].text, width);
      begin = end;
    }
  }

  const SourceFile& source_;
  std::vector<Row> rows_;
  uint32_t last_end_ = 0;       // source end of what was printed last
  bool no_blank_after_ = true;  // a `{` or an attribute printed last
};

int comment_depth_before(const Line& line) { return line.role == LineRole::Closer ? line.depth + 1 : line.depth; }

}  // namespace

std::string render(const SourceFile& source, const std::vector<Line>& lines,
                   const std::vector<ast::Comment>& comments) {
  Output out(source);
  size_t next = 0;
  for (const Line& line : lines) {
    while (next < comments.size() && comments[next].range.begin < line.source.end)
      out.comment(comments[next++], comment_depth_before(line));
    out.line(line);
  }
  while (next < comments.size()) out.comment(comments[next++], 0);
  return out.finish();
}

}  // namespace slaudit::format
