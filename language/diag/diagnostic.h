#pragma once
// A diagnostic is a small value: a primary location, a message, an optional
// hint and notes ("declared here"). Phases collect every issue they find and
// never throw; the collection is sorted so output is deterministic.
#include <string>
#include <vector>

#include "language/syntax/source.h"

namespace slaudit {

enum class Severity { Error, Warning, Note };

const char* severity_name(Severity severity);

struct DiagnosticNote {
  SourceRange range;
  std::string message;
};

// One edit of a machine-applicable fix: the bytes of `range` become `text`.
struct Replacement {
  SourceRange range;
  std::string text;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string code;     // stable kebab-case id, e.g. "unit-mismatch"
  SourceRange range;    // primary location
  std::string message;  // one line, no trailing period
  std::string hint;     // what to write instead; may be empty
  std::vector<DiagnosticNote> notes;
  // Where the hint is a plain substitution, the edits that apply it (JSON
  // `replacements`, SARIF `fixes`); empty when the fix needs a person.
  std::vector<Replacement> replacements;
};

class Diagnostics {
 public:
  // Bound on what one run collects: error recovery stays bounded on hostile input.
  static constexpr size_t kMaxErrors = 100;

  Diagnostic& error(std::string code, SourceRange range, std::string message, std::string hint = {});
  Diagnostic& warning(std::string code, SourceRange range, std::string message, std::string hint = {});
  void add(Diagnostic diagnostic);
  void append(const Diagnostics& other);

  bool has_errors() const { return error_count_ > 0; }
  size_t error_count() const { return error_count_; }
  bool full() const { return error_count_ >= kMaxErrors; }
  bool truncated() const { return truncated_; }
  // Records that a phase stopped early because the bound was reached.
  void mark_truncated() { truncated_ = true; }
  bool empty() const { return items_.empty(); }
  size_t size() const { return items_.size(); }

  // Sorted by position, then severity, then message: deterministic output.
  std::vector<Diagnostic> sorted() const;
  const std::vector<Diagnostic>& items() const { return items_; }

 private:
  std::vector<Diagnostic> items_;
  size_t error_count_ = 0;
  bool truncated_ = false;
  Diagnostic overflow_;  // returned (and discarded) once the bound is reached
};

// `file:line:col: error: message [code]`, the source line, a caret under the
// range, then `hint:` and notes. Long lines are windowed around the caret.
std::string render_diagnostic(const SourceFile& file, const Diagnostic& diagnostic);
std::string render_diagnostics(const SourceFile& file, const Diagnostics& diagnostics);

}  // namespace slaudit
