// The parse driver: validates the bytes, lexes, screens the token stream for
// the lexer's error productions and for runaway nesting, parses (fast SLL
// first, full LL with error reporting only when SLL fails), and builds the
// syntax tree. ANTLR's console listeners are replaced by one collector; every
// syntax error becomes a Diagnostic with a human message.
#include "language/grammar/parse.h"

#include <algorithm>
#include <map>
#include <set>

#include "SlauditLexer.h"
#include "SlauditParser.h"
#include "antlr4-runtime.h"
#include "base/text/display_width.h"
#include "language/grammar/builder.h"
#include "language/grammar/look_alikes.h"
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
  // `500,00` where a number was expected: the comma's and the fraction's byte
  // offsets map to the whole span and the number written with a point.
  std::map<uint32_t, Replacement> decimal_commas;
};

// Every place one look-alike character occurs, reported once at the first.
struct LookAlikeHits {
  std::string written;
  grammar::LookAlike look_alike;
  std::vector<SourceRange> at;
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
    Diagnostic& d = diagnostics_.error("syntax", at, message, "found " + grammar::describe_token(next) + " next");
    explain_decimal_comma(next, d);
    add(d);
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
    Diagnostic& d = diagnostics_.error("syntax", at, message, hint);
    explain_decimal_comma(token, d);
    add(d);
  }

  // `fee 500,00` fails at the comma (or at the fraction after it): the hint says
  // why, with the number to write as a fix.
  void explain_decimal_comma(antlr4::Token* token, Diagnostic& d) const {
    if (token == nullptr || token->getType() == antlr4::Token::EOF) return;
    auto found = facts_.decimal_commas.find(offsets_.byte_offset(token->getStartIndex()));
    if (found == facts_.decimal_commas.end()) return;
    d.hint = "numbers take a decimal point, not a comma: write " + found->second.text;
    d.replacements = {found->second};
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

// Token types of the grammar's literal tokens by their text (":" -> the type of ':').
std::map<std::string, size_t> literal_types(const antlr4::dfa::Vocabulary& vocabulary) {
  std::map<std::string, size_t> out;
  for (size_t type = 1; type <= vocabulary.getMaxTokenType(); ++type) {
    const std::string literal = vocabulary.getLiteralName(type);
    if (literal.size() >= 3 && literal.front() == '\'' && literal.back() == '\'')
      out.emplace(literal.substr(1, literal.size() - 2), type);
  }
  return out;
}

// Reads the token stream once: the lexer's error productions, look-alike
// characters, decimal commas and a bound on bracket nesting. Bad tokens are
// reported here and moved off the parser's channel (or retyped as what they
// look like) so they do not cascade.
class TokenScreen {
 public:
  TokenScreen(const SourceFile& source, const CodePointOffsets& offsets, const antlr4::dfa::Vocabulary& vocabulary,
              ast::File& file, Diagnostics& diagnostics, ScreenFacts& facts)
      : source_(source), offsets_(offsets), literals_(literal_types(vocabulary)), file_(file),
        diagnostics_(diagnostics), facts_(facts) {}

  bool run(antlr4::CommonTokenStream& tokens) {
    for (antlr4::Token* t : tokens.getTokens()) {
      if (!screen(t)) return false;
      if (diagnostics_.full()) return false;
    }
    report_look_alikes();
    return true;
  }

 private:
  SourceRange range_of(antlr4::Token* t) const {
    return {offsets_.byte_offset(t->getStartIndex()), offsets_.byte_offset(t->getStopIndex() + 1)};
  }

  bool screen(antlr4::Token* t) {
    const SourceRange r = range_of(t);
    auto* writable = dynamic_cast<antlr4::WritableToken*>(t);
    switch (t->getType()) {
      case SlauditLexer::LINE_COMMENT:
      case SlauditLexer::BLOCK_COMMENT:
        file_.comments.push_back({t->getText(), r});
        return true;
      case SlauditLexer::UNTERMINATED_STRING:
        unterminated_string(r, writable);
        return true;
      case SlauditLexer::UNTERMINATED_COMMENT:
        diagnostics_.error("syntax", {r.begin, r.begin + 2}, "unterminated block comment", "close it with '*/'");
        if (writable) writable->setChannel(antlr4::Token::HIDDEN_CHANNEL);
        return true;
      case SlauditLexer::CURLY_STRING:
        curly_string(t, r, writable);
        return true;
      case SlauditLexer::BAD_CHAR:
        bad_char(t, r, writable);
        return true;
      default:
        if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL) note_decimal_comma(t);
        return count_nesting(t, r);
    }
  }

  void unterminated_string(SourceRange r, antlr4::WritableToken* writable) {
    diagnostics_.error("syntax", r, "unterminated string", "close the string with '\"' on the same line");
    if (writable) writable->setType(SlauditLexer::STRING);  // parse on as if it were closed
    // Quiet until the end of the next line: what the string swallowed is missing there.
    const uint32_t line = source_.location(r.begin).line;
    const uint32_t next = std::min(line + 2, source_.line_count() + 1);
    uint32_t until = static_cast<uint32_t>(source_.text().size()) + 1;
    if (next <= source_.line_count())
      until = static_cast<uint32_t>(source_.line_text(next).data() - source_.text().data());
    facts_.quiet.push_back({r.begin, until});
  }

  // “text” -> "text": one error with the fix, then a string token, so the rest of
  // the contract is parsed and checked as written.
  void curly_string(antlr4::Token* t, SourceRange r, antlr4::WritableToken* writable) {
    const std::string text = t->getText();
    constexpr size_t kQuoteBytes = 3;  // U+201C, U+201D and U+201E are three bytes each in UTF-8
    const bool closed = text.size() >= 2 * kQuoteBytes &&
                        (text.ends_with("\xE2\x80\x9D") || text.ends_with("\xE2\x80\x9C"));
    const std::string inner = text.substr(kQuoteBytes, text.size() - kQuoteBytes - (closed ? kQuoteBytes : 0));
    const std::string straight = "\"" + inner + "\"";
    Diagnostic& d = diagnostics_.error(
        "look-alike", r,
        closed ? "text in curly quotes: the language's strings take straight quotes '\"'"
               : "text opened with a curly quote is not closed on its line",
        "write " + straight);
    d.replacements = {{r, straight}};
    if (writable) {
      writable->setText(straight);
      writable->setType(SlauditLexer::STRING);
    }
  }

  void bad_char(antlr4::Token* t, SourceRange r, antlr4::WritableToken* writable) {
    std::string shown = t->getText();
    if (auto look_alike = grammar::look_alike(shown)) {
      remember_look_alike(shown, *look_alike, r);
      if (writable) retype_as(*look_alike, *writable);
      return;
    }
    if (shown.size() == 1 && static_cast<unsigned char>(shown[0]) < 0x20) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%02X", static_cast<unsigned char>(shown[0]));
      shown = code;
    }
    diagnostics_.error("syntax", r, "unexpected character '" + shown + "'",
                       "names are letters, digits and '_'; text goes in double quotes");
    if (writable) writable->setChannel(antlr4::Token::HIDDEN_CHANNEL);
  }

  // Parsed on as the character it looks like, so one pasted '：' costs one error.
  void retype_as(const grammar::LookAlike& look_alike, antlr4::WritableToken& token) {
    auto literal = literals_.find(look_alike.ascii);
    if (look_alike.ascii == " " || literal == literals_.end()) {
      token.setChannel(antlr4::Token::HIDDEN_CHANNEL);
      return;
    }
    token.setText(look_alike.ascii);
    token.setType(literal->second);
  }

  void remember_look_alike(const std::string& written, const grammar::LookAlike& look_alike, SourceRange r) {
    for (auto& hits : look_alikes_)
      if (hits.written == written) {
        hits.at.push_back(r);
        return;
      }
    look_alikes_.push_back({written, look_alike, {r}});
  }

  // One error per distinct character, at its first place, fixing every place.
  void report_look_alikes() {
    for (const auto& hits : look_alikes_) {
      std::string message = hits.look_alike.description + " looks like '" + hits.look_alike.ascii + "' but is not";
      if (hits.at.size() > 1) message += " (" + std::to_string(hits.at.size()) + " times in this file)";
      const std::string hint = hits.look_alike.ascii == " " ? "write a plain space"
                                                            : "write '" + hits.look_alike.ascii + "'";
      Diagnostic& d = diagnostics_.error("look-alike", hits.at.front(), message, hint);
      for (const auto& at : hits.at) d.replacements.push_back({at, hits.look_alike.ascii});
    }
  }

  // NUMBER ',' NUMBER with nothing between them may be a decimal comma; the
  // parser's error at the comma (a list like `capacity 8,16` parses) says so.
  void note_decimal_comma(antlr4::Token* t) {
    visible_[0] = visible_[1];
    visible_[1] = visible_[2];
    visible_[2] = t;
    antlr4::Token* whole = visible_[0];
    antlr4::Token* comma = visible_[1];
    if (whole == nullptr || comma == nullptr || t->getType() != SlauditLexer::NUMBER ||
        whole->getType() != SlauditLexer::NUMBER || comma->getText() != "," ||
        whole->getText().find('.') != std::string::npos || t->getText().find('.') != std::string::npos ||
        comma->getStartIndex() != whole->getStopIndex() + 1 || t->getStartIndex() != comma->getStopIndex() + 1)
      return;
    const Replacement fix{{range_of(whole).begin, range_of(t).end}, whole->getText() + "." + t->getText()};
    facts_.decimal_commas[range_of(comma).begin] = fix;
    facts_.decimal_commas[range_of(t).begin] = fix;
  }

  bool count_nesting(antlr4::Token* t, SourceRange r) {
    const std::string s = t->getType() == antlr4::Token::EOF ? "" : t->getText();
    if (s == "{") facts_.unclosed_braces.push_back(r);
    if (s == "}" && !facts_.unclosed_braces.empty()) facts_.unclosed_braces.pop_back();
    if (s == "(" || s == "{") {
      if (++depth_ > kMaxNestingDepth) {
        diagnostics_.error("nesting-too-deep", r,
                           "brackets nested more than " + std::to_string(kMaxNestingDepth) + " levels deep",
                           "the language never nests this deep; check for a runaway '(' or '{'");
        return false;
      }
    } else if (s == ")" || s == "}") {
      depth_ = std::max(0, depth_ - 1);
    }
    return true;
  }

  const SourceFile& source_;
  const CodePointOffsets& offsets_;
  const std::map<std::string, size_t> literals_;
  ast::File& file_;
  Diagnostics& diagnostics_;
  ScreenFacts& facts_;
  std::vector<LookAlikeHits> look_alikes_;
  antlr4::Token* visible_[3] = {nullptr, nullptr, nullptr};
  int depth_ = 0;
};

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
    if (!TokenScreen(source, offsets, lexer.getVocabulary(), result.file, diagnostics, facts).run(tokens)) return result;

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
