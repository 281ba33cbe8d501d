// Leaves shared by every area of the builder: ranges, names, literals,
// quantities, periods, caps and claim deadlines.
#include "language/grammar/builder.h"

#include <algorithm>

#include "base/text/utf8.h"

#include "language/grammar/syntax_messages.h"

namespace slaudit::grammar {

namespace {
int digits(const std::string& s, size_t at, size_t n) {
  int v = 0;
  for (size_t i = at; i < at + n && i < s.size(); ++i) v = v * 10 + (s[i] - '0');
  return v;
}
}  // namespace

SourceRange Builder::range(antlr4::Token* token) const {
  if (token == nullptr || token->getStartIndex() == INVALID_INDEX) return {};
  return {offsets_.byte_offset(token->getStartIndex()), offsets_.byte_offset(token->getStopIndex() + 1)};
}

SourceRange Builder::range(antlr4::ParserRuleContext* ctx) const {
  if (ctx == nullptr) return {};
  SourceRange first = range(ctx->getStart());
  SourceRange last = range(ctx->getStop());
  // An empty rule (error recovery) has its stop before its start.
  if (ctx->getStop() == nullptr || last.end < first.begin) return {first.begin, first.begin};
  return {first.begin, last.end};
}

ast::Name Builder::name(P::WordContext* ctx) const {
  if (ctx == nullptr) return {};
  return {ctx->getText(), range(ctx)};
}

std::vector<ast::Name> Builder::names(const std::vector<P::WordContext*>& words) const {
  std::vector<ast::Name> out;
  for (auto* w : words) out.push_back(name(w));
  return out;
}

ast::Text Builder::text(antlr4::Token* token) {
  ast::Text out;
  if (token == nullptr) return out;
  out.raw = token->getText();
  out.range = range(token);
  const std::string& raw = out.raw;
  const size_t end = raw.size() >= 2 && raw.back() == '"' ? raw.size() - 1 : raw.size();
  for (size_t i = 1; i < end; ++i) {
    if (raw[i] != '\\') {
      out.value += raw[i];
      continue;
    }
    const char e = i + 1 < end ? raw[++i] : '\0';
    switch (e) {
      case '"': out.value += '"'; break;
      case '\\': out.value += '\\'; break;
      case 'n': out.value += '\n'; break;
      case 't': out.value += '\t'; break;
      default: {
        // The whole character after the backslash, never a part of a multi-byte one.
        const size_t length = e == '\0' ? 0 : utf8_char_length(raw, i);
        const uint32_t at = out.range.begin + static_cast<uint32_t>(i) - 1;
        diagnostics_.error("syntax", {at, at + 1 + static_cast<uint32_t>(length)},
                           "unknown escape sequence '\\" + raw.substr(i, length) + "' in string",
                           "the escapes are \\\" \\\\ \\n and \\t");
        i += length > 0 ? length - 1 : 0;
      }
    }
  }
  return out;
}

std::vector<ast::Text> Builder::texts(const std::vector<antlr4::Token*>& tokens) {
  std::vector<ast::Text> out;
  for (auto* t : tokens) out.push_back(text(t));
  return out;
}

ast::Date Builder::date(antlr4::Token* token) const {
  ast::Date out;
  if (token == nullptr) return out;
  out.text = token->getText();
  out.range = range(token);
  if (out.text.size() == 10) {
    out.year = digits(out.text, 0, 4);
    out.month = digits(out.text, 5, 2);
    out.day = digits(out.text, 8, 2);
  }
  return out;
}

ast::TimeOfDay Builder::time(antlr4::Token* token) const {
  ast::TimeOfDay out;
  if (token == nullptr) return out;
  out.text = token->getText();
  out.range = range(token);
  if (out.text.size() == 5) {
    out.hour = digits(out.text, 0, 2);
    out.minute = digits(out.text, 3, 2);
  }
  return out;
}

ast::Integer Builder::integer(antlr4::Token* token) {
  ast::Integer out;
  if (token == nullptr) return out;
  out.text = token->getText();
  out.range = range(token);
  auto value = Decimal::parse(out.text);
  if (!value || !value->is_integer() || value->scale() != 0) {
    diagnostics_.error("syntax", out.range, "expected a whole number, found '" + out.text + "'");
  } else {
    out.value = value->coefficient();
  }
  return out;
}

void Builder::read_number(antlr4::Token* number, ast::Quantity& out) {
  out.number_text = number->getText();
  if (auto value = Decimal::parse(out.number_text)) {
    out.number = *value;
  } else {
    diagnostics_.error("number-too-long", range(number),
                       "number '" + out.number_text + "' has more than " + std::to_string(Decimal::kMaxDigits) +
                           " significant digits",
                       "numbers are exact decimals of at most 18 digits");
  }
}

ast::Quantity Builder::count_quantity(antlr4::Token* number, antlr4::Token* percent) {
  ast::Quantity out;
  if (number == nullptr) return out;
  out.range = range(number);
  if (percent != nullptr) {
    out.percent = true;
    out.range.end = range(percent).end;
  }
  read_number(number, out);
  return out;
}

ast::Quantity Builder::quantity(P::QuantityContext* ctx) {
  ast::Quantity out;
  if (ctx == nullptr) return out;
  out.range = range(ctx);
  antlr4::Token* number = nullptr;
  if (auto* p = as<P::PercentQuantityContext>(ctx)) {
    number = p->number;
    out.percent = true;
  } else if (auto* u = as<P::UnitQuantityContext>(ctx)) {
    number = u->number;
    if (u->unit != nullptr) {
      out.unit = u->unit->getText();
      out.unit_range = range(u->unit);
    }
    if (u->per != nullptr) {
      out.per = u->per->getText();
      out.unit_range.end = range(u->per).end;
    }
  }
  if (number == nullptr) return out;
  read_number(number, out);
  return out;
}

ast::ComparatorOp Builder::comparator(P::ComparatorContext* ctx) const {
  ast::ComparatorOp out;
  if (ctx == nullptr || ctx->op == nullptr) return out;
  out.range = range(ctx);
  const std::string op = ctx->op->getText();
  if (op == ">=") out.op = ast::Comparator::AtLeast;
  else if (op == ">") out.op = ast::Comparator::GreaterThan;
  else if (op == "<=") out.op = ast::Comparator::AtMost;
  else if (op == "<") out.op = ast::Comparator::LessThan;
  else if (op == "=") out.op = ast::Comparator::Equal;
  else out.op = ast::Comparator::About;
  return out;
}

ast::SelectorOpRef Builder::selector_op(P::SelectorOpContext* ctx) const {
  ast::SelectorOpRef out;
  if (ctx == nullptr || ctx->op == nullptr) return out;
  out.range = range(ctx);
  const std::string op = ctx->op->getText();
  if (op == "!=") out.op = ast::SelectorOp::NotEqual;
  else if (op == ">=") out.op = ast::SelectorOp::AtLeast;
  else if (op == ">") out.op = ast::SelectorOp::GreaterThan;
  else if (op == "<=") out.op = ast::SelectorOp::AtMost;
  else if (op == "<") out.op = ast::SelectorOp::LessThan;
  else out.op = ast::SelectorOp::Equal;
  return out;
}

std::vector<ast::Attribute> Builder::attributes(const std::vector<P::AttributeContext*>& attrs) {
  std::vector<ast::Attribute> out;
  for (auto* a : attrs) {
    ast::Attribute attr;
    attr.name = name(a->name);
    attr.range = range(a);
    for (auto* arg : a->args) {
      if (arg->text != nullptr) {
        attr.args.push_back(text(arg->text).value);
        attr.arg_is_string.push_back(true);
      } else {
        attr.args.push_back(arg->id != nullptr ? arg->id->getText() : "");
        attr.arg_is_string.push_back(false);
      }
    }
    out.push_back(std::move(attr));
  }
  return out;
}

ast::PeriodSpec Builder::period(P::PeriodSpecContext* ctx) {
  ast::PeriodSpec out;
  out.range = range(ctx);
  if (auto* c = as<P::CalendarPeriodContext>(ctx)) out.kind = ast::CalendarPeriod{name(c->unit)};
  else if (auto* b = as<P::BillingMonthPeriodContext>(ctx)) out.kind = ast::BillingMonthPeriod{integer(b->day)};
  else if (auto* r = as<P::RollingPeriodContext>(ctx)) out.kind = ast::RollingPeriod{quantity(r->length)};
  return out;
}

ast::CapSpec Builder::cap(P::CapSpecContext* ctx) {
  ast::CapSpec out;
  if (ctx == nullptr) return out;
  out.amount = quantity(ctx->amount);
  // `of monthly fee` is the only optional literal run in capSpec.
  for (auto* child : ctx->children)
    if (child->getText() == "monthly") out.of_monthly_fee = true;
  if (ctx->window != nullptr) {
    ast::CapWindow window;
    window.range = range(ctx->window);
    if (as<P::PerContractYearCapContext>(ctx->window)) {
      window.kind = ast::CapWindowKind::PerContractYear;
    } else if (auto* t = as<P::TrailingMonthsCapContext>(ctx->window)) {
      window.kind = ast::CapWindowKind::TrailingMonths;
      window.months = integer(t->months);
    }
    out.window = window;
  }
  return out;
}

namespace {
ast::AnchorRef anchor_of(P::DeadlineAnchorContext* ctx, const Builder& b) {
  ast::AnchorRef out;
  out.range = b.range(ctx);
  out.anchor = dynamic_cast<P::AfterIncidentContext*>(ctx) ? ast::DeadlineAnchor::Incident
                                                            : ast::DeadlineAnchor::PeriodEnd;
  return out;
}
}  // namespace

ast::ClaimDeadline Builder::claim_deadline(P::ClaimDeadlineContext* ctx) {
  auto earliest = [&](P::ClaimEarliestContext* e) -> std::optional<ast::ClaimEarliest> {
    if (e == nullptr) return std::nullopt;
    return ast::ClaimEarliest{integer(e->count), anchor_of(e->anchor, *this), range(e)};
  };
  if (auto* c = as<P::ClaimByCycleEndContext>(ctx)) {
    ast::ClaimByCycleEnd out;
    if (c->ordinal != nullptr) {
      out.ordinal_text = c->ordinal->getText();
      out.ordinal.range = range(c->ordinal);
      out.ordinal.text = out.ordinal_text;
      size_t n = 0;
      while (n < out.ordinal_text.size() && std::isdigit(static_cast<unsigned char>(out.ordinal_text[n]))) ++n;
      if (n > 0 && n <= 9) out.ordinal.value = std::stoll(out.ordinal_text.substr(0, n));
      else diagnostics_.error("number-too-long", out.ordinal.range, "ordinal '" + out.ordinal_text + "' is too large");
    }
    out.anchor = anchor_of(c->anchor, *this);
    out.earliest = earliest(c->earliest);
    return out;
  }
  ast::ClaimWithin out;
  if (auto* w = as<P::ClaimWithinContext>(ctx)) {
    out.span = quantity(w->span);
    out.anchor = anchor_of(w->anchor, *this);
    out.earliest = earliest(w->earliest);
  }
  return out;
}

ast::ConditionRef Builder::condition(P::ConditionContext* ctx) const {
  ast::ConditionRef out;
  out.range = range(ctx);
  out.condition = as<P::EmptyContext>(ctx) ? ast::Condition::Empty : ast::Condition::UnderLoad;
  return out;
}

std::nullopt_t Builder::unbuilt(antlr4::ParserRuleContext* ctx, const char* what) {
  if (!diagnostics_.has_errors())
    diagnostics_.error("internal-error", range(ctx),
                       std::string("slaudit cannot build this ") + what + " (an alternative of the grammar it does not know)",
                       "please report this contract");
  return std::nullopt;
}

void Builder::unknown_item(antlr4::Token* word, const char* area, const std::vector<std::string>& keywords) {
  std::string hint = did_you_mean(word, keywords);
  if (hint.empty()) {
    const bool vowel = std::string_view("aeiou").find(area[0]) != std::string_view::npos;
    hint = std::string(vowel ? "an " : "a ") + area + " starts with one of:";
    for (const auto& k : keywords) hint += " " + k;
  }
  diagnostics_.error("unknown-item", range(word),
                     std::string("unknown ") + area + " '" + (word ? word->getText() : "") + "'", hint);
}

void Builder::misplaced_item(antlr4::ParserRuleContext* keyword, const char* here) {
  if (keyword == nullptr) return;
  const std::string word = keyword->getText();
  static const std::vector<std::string> service = {"fee", "scope", "regions", "capacity", "starts", "interconnect", "billing"};
  static const std::vector<std::string> recovery = {"faults", "within"};
  auto in = [&](const std::vector<std::string>& v) { return std::find(v.begin(), v.end(), word) != v.end(); };
  std::string owner = in(service) ? "a service block: service NAME { " + word + " ...; }"
                      : in(recovery) ? "a recovery clause: recovery SERVICE { " + word + " ...; }"
                      : word == "series" || word == "parallel" ? "a composite: composite NAME { " + word + " (A, B); }"
                      : word == "claim" ? "an availability clause (claim deadline) or the contract (marketing claim)"
                      : "an availability clause: availability SERVICE { " + word + " ...; }";
  diagnostics_.error("misplaced-item", range(keyword), "'" + word + "' does not belong " + here,
                     "it belongs in " + owner);
}

}  // namespace slaudit::grammar
