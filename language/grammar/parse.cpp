// The parse driver: validates the bytes, lexes, screens the token stream for
// the lexer's error productions and for runaway nesting, parses (fast SLL
// first, full LL with error reporting only when SLL fails), and builds the
// syntax tree. ANTLR's console listeners are replaced by one collector; every
// syntax error becomes a Diagnostic with a human message.
#include "language/grammar/parse.h"

#include <algorithm>
#include <set>

#include "SlauditLexer.h"
#include "SlauditParser.h"
#include "antlr4-runtime.h"
#include "base/text/display_width.h"
#include "language/grammar/builder.h"
#include "language/grammar/syntax_messages.h"
#include "language/grammar/token_offsets.h"

namespace slaudit {

namespace {

using slaudit_grammar::SlauditLexer;
using slaudit_grammar::SlauditParser;
using grammar::CodePointOffsets;

// What the token screen learnt that helps word the parser's errors.
struct ScreenFacts {
  std::vector<SourceRange> unclosed_braces;  // innermost last
  // Errors in [quiet_from, quiet_until) follow from an unterminated string
  // that swallowed the rest of its line: they are not reported again.
  std::vector<std::pair<uint32_t, uint32_t>> quiet;
};

// Reports syntax errors into our Diagnostics in place of ANTLR's listeners.
class CollectingErrorStrategy : public antlr4::DefaultErrorStrategy {
 public:
  CollectingErrorStrategy(const CodePointOffsets& offsets, Diagnostics& diagnostics, const ScreenFacts& facts)
      : offsets_(offsets), diagnostics_(diagnostics), facts_(facts) {}

 protected:
  void reportNoViableAlternative(antlr4::Parser* parser, const antlr4::NoViableAltException& e) override {
    report_unexpected(parser, e.getOffendingToken(), e.getExpectedTokens());
  }
  void reportInputMismatch(antlr4::Parser* parser, const antlr4::InputMismatchException& e) override {
    report_unexpected(parser, e.getOffendingToken(), e.getExpectedTokens());
  }
  void reportFailedPredicate(antlr4::Parser* parser, const antlr4::FailedPredicateException& e) override {
    report_unexpected(parser, e.getOffendingToken(), parser->getExpectedTokens());
  }
  void reportUnwantedToken(antlr4::Parser* parser) override {
    if (inErrorRecoveryMode(parser)) return;
    beginErrorCondition(parser);
    report_unexpected(parser, parser->getCurrentToken(), getExpectedTokens(parser));
  }
  void reportMissingToken(antlr4::Parser* parser) override {
    if (inErrorRecoveryMode(parser)) return;
    beginErrorCondition(parser);
    antlr4::Token* next = parser->getCurrentToken();
    antlr4::Token* previous = previous_visible(parser, next);
    const auto expected = grammar::describe_expected(parser, getExpectedTokens(parser));
    SourceRange at = previous ? SourceRange{end_of(previous), end_of(previous)} : range_of(next);
    if (quiet(at)) return;
    std::string message = "expected " + expected.text;
    if (previous != nullptr) message += " after " + grammar::describe_token(previous);
    add(diagnostics_.error("syntax", at, message, "found " + grammar::describe_token(next) + " next"));
  }

 private:
  void report_unexpected(antlr4::Parser* parser, antlr4::Token* token, const antlr4::misc::IntervalSet& set) {
    const SourceRange at = range_of(token);
    if (quiet(at)) return;
    if (token != nullptr && token->getType() == antlr4::Token::EOF && !facts_.unclosed_braces.empty()) {
      Diagnostic& d = diagnostics_.error("syntax", at, "the file ends inside a block; expected '}'",
                                         "close every '{' with '}'");
      d.notes.push_back({facts_.unclosed_braces.back(), "the block opened here is not closed"});
      add(d);
      return;
    }
    const auto expected = grammar::describe_expected(parser, set);
    std::string message = "expected " + expected.text + ", found " + grammar::describe_token(token);
    std::string hint = grammar::did_you_mean(token, expected.keywords);
    if (hint.empty()) hint = expected.hint;
    add(diagnostics_.error("syntax", at, message, hint));
  }

  bool quiet(SourceRange at) const {
    for (const auto& [from, until] : facts_.quiet)
      if (at.begin >= from && at.begin < until) return true;
    return false;
  }

  // Stop once the bound is reached: error recovery stays bounded.
  void add(Diagnostic&) {
    if (diagnostics_.full()) {
      diagnostics_.mark_truncated();
      throw antlr4::ParseCancellationException("too many errors");
    }
  }

  antlr4::Token* previous_visible(antlr4::Parser* parser, antlr4::Token* next) const {
    auto* stream = dynamic_cast<antlr4::BufferedTokenStream*>(parser->getTokenStream());
    if (stream == nullptr || next == nullptr) return nullptr;
    for (ssize_t i = static_cast<ssize_t>(next->getTokenIndex()) - 1; i >= 0; --i) {
      antlr4::Token* t = stream->get(static_cast<size_t>(i));
      if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL) return t;
    }
    return nullptr;
  }
  uint32_t end_of(antlr4::Token* t) const { return offsets_.byte_offset(t->getStopIndex() + 1); }
  SourceRange range_of(antlr4::Token* t) const {
    if (t == nullptr) return {};
    if (t->getType() == antlr4::Token::EOF) {
      const uint32_t at = offsets_.byte_offset(t->getStartIndex());
      return {at, at};
    }
    return {offsets_.byte_offset(t->getStartIndex()), end_of(t)};
  }

  const CodePointOffsets& offsets_;
  Diagnostics& diagnostics_;
  const ScreenFacts& facts_;
};

// Input that never reaches the lexer: empty files and invalid UTF-8.
bool screen_bytes(const SourceFile& source, Diagnostics& diagnostics) {
  const std::string& text = source.text();
  if (text.empty()) {
    diagnostics.error("empty-file", {0, 0}, "the file is empty",
                      "a contract file holds one `contract \"title\" { ... }`");
    return false;
  }
  const size_t bad = first_invalid_utf8(text);
  if (bad != std::string::npos) {
    const uint32_t at = static_cast<uint32_t>(bad);
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[bad]));
    diagnostics.error("not-utf8", {at, at + 1}, std::string("the file is not valid UTF-8: byte ") + byte,
                      "save the file as UTF-8");
    return false;
  }
  return true;
}

// The lexer's error productions, and a bound on bracket nesting. Bad tokens
// are reported here and moved off the parser's channel so they do not cascade.
bool screen_tokens(const SourceFile& source, antlr4::CommonTokenStream& tokens, const CodePointOffsets& offsets,
                   ast::File& file, Diagnostics& diagnostics, ScreenFacts& facts) {
  int depth = 0;
  for (antlr4::Token* t : tokens.getTokens()) {
    const SourceRange r{offsets.byte_offset(t->getStartIndex()), offsets.byte_offset(t->getStopIndex() + 1)};
    auto* writable = dynamic_cast<antlr4::WritableToken*>(t);
    switch (t->getType()) {
      case SlauditLexer::LINE_COMMENT:
      case SlauditLexer::BLOCK_COMMENT:
        file.comments.push_back({t->getText(), r});
        break;
      case SlauditLexer::UNTERMINATED_STRING:
        diagnostics.error("syntax", r, "unterminated string", "close the string with '\"' on the same line");
        if (writable) writable->setType(SlauditLexer::STRING);  // parse on as if it were closed
        {
          // Quiet until the end of the next line: what the string swallowed is missing there.
          const uint32_t line = source.location(r.begin).line;
          const uint32_t next = std::min(line + 2, source.line_count() + 1);
          uint32_t until = static_cast<uint32_t>(source.text().size()) + 1;
          if (next <= source.line_count()) until = static_cast<uint32_t>(source.line_text(next).data() - source.text().data());
          facts.quiet.push_back({r.begin, until});
        }
        break;
      case SlauditLexer::UNTERMINATED_COMMENT:
        diagnostics.error("syntax", {r.begin, r.begin + 2}, "unterminated block comment", "close it with '*/'");
        if (writable) writable->setChannel(antlr4::Token::HIDDEN_CHANNEL);
        break;
      case SlauditLexer::BAD_CHAR: {
        std::string shown = t->getText();
        if (shown.size() == 1 && static_cast<unsigned char>(shown[0]) < 0x20) {
          char code[8];
          std::snprintf(code, sizeof code, "0x%02X", static_cast<unsigned char>(shown[0]));
          shown = code;
        }
        diagnostics.error("syntax", r, "unexpected character '" + shown + "'",
                          "names are letters, digits and '_'; text goes in double quotes");
        if (writable) writable->setChannel(antlr4::Token::HIDDEN_CHANNEL);
        break;
      }
      default: {
        const std::string s = t->getType() == antlr4::Token::EOF ? "" : t->getText();
        if (s == "{") facts.unclosed_braces.push_back(r);
        if (s == "}" && !facts.unclosed_braces.empty()) facts.unclosed_braces.pop_back();
        if (s == "(" || s == "{") {
          if (++depth > kMaxNestingDepth) {
            diagnostics.error("nesting-too-deep", r,
                              "brackets nested more than " + std::to_string(kMaxNestingDepth) + " levels deep",
                              "the language never nests this deep; check for a runaway '(' or '{'");
            return false;
          }
        } else if (s == ")" || s == "}") {
          depth = std::max(0, depth - 1);
        }
      }
    }
    if (diagnostics.full()) return false;
  }
  return true;
}

}  // namespace

ParseResult parse_contract(const SourceFile& source) {
  ParseResult result;
  Diagnostics& diagnostics = result.diagnostics;
  if (!screen_bytes(source, diagnostics)) return result;

  const CodePointOffsets offsets(source.text());
  try {
    antlr4::ANTLRInputStream input(source.text());
    SlauditLexer lexer(&input);
    lexer.removeErrorListeners();  // BAD_CHAR catches everything the lexer would complain about
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();
    ScreenFacts facts;
    if (!screen_tokens(source, tokens, offsets, result.file, diagnostics, facts)) return result;

    SlauditParser parser(&tokens);
    parser.removeErrorListeners();
    // Stage 1: SLL prediction, bail at the first error (fast path for good files).
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    SlauditParser::FileContext* tree = nullptr;
    try {
      tree = parser.file();
    } catch (const antlr4::ParseCancellationException&) {
      // Stage 2: full LL with our reporting strategy, for exact error messages.
      tokens.seek(0);
      parser.reset();
      parser.setErrorHandler(std::make_shared<CollectingErrorStrategy>(offsets, diagnostics, facts));
      parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::LL);
      tree = parser.file();
    }
    grammar::Builder builder(source, offsets, diagnostics);
    auto comments = std::move(result.file.comments);
    result.file = builder.file(tree);
    result.file.comments = std::move(comments);
  } catch (const antlr4::ParseCancellationException&) {
    // The error bound was reached; what was collected is reported.
  } catch (const std::exception& e) {
    diagnostics.error("internal", {0, 0}, std::string("the parser failed: ") + e.what());
  }

  if (!diagnostics.has_errors() && result.file.contracts.empty()) {
    const uint32_t end = static_cast<uint32_t>(source.text().size());
    diagnostics.error("empty-file", {end, end}, "the file holds no contract",
                      "a contract file holds one `contract \"title\" { ... }`");
  }
  return result;
}

}  // namespace slaudit
