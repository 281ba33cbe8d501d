#include "rules/support.h"

#include <algorithm>
#include <cctype>

#include "base/text/suggest.h"

namespace slaudit::rules {

SourceRange span(SourceRange first, SourceRange last) { return {first.begin, std::max(first.end, last.end)}; }

std::string suggestion(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string best = closest_match(word, candidates);
  return best.empty() ? "" : "; did you mean '" + best + "'?";
}

SourceRange head_range(const SourceFile& source, const ast::ContractItem& item, SourceRange name) {
  uint32_t begin = item.range.begin;
  if (!item.attrs.empty()) {
    begin = item.attrs.back().range.end;
    const std::string& text = source.text();
    while (begin < name.begin && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  }
  return {begin, std::max(begin, name.end)};
}

const ast::ContractItem* item_at(const ast::Contract& contract, SourceRange range) {
  for (const auto& item : contract.items)
    if (item.range == range) return &item;
  return nullptr;
}

SourceRange availability_anchor(const RuleInput& in, const model::AvailabilityClause& clause) {
  if (clause.target) return clause.target_range;
  const auto* item = item_at(in.syntax, clause.range);
  auto* decl = item ? std::get_if<ast::AvailabilityDecl>(&item->node) : nullptr;
  if (!decl) return clause.range;
  return head_range(in.source, *item, decl->label ? decl->label->range : decl->service.range);
}

SourceRange recovery_head(const RuleInput& in, const model::RecoveryClause& clause) {
  const auto* item = item_at(in.syntax, clause.range);
  auto* decl = item ? std::get_if<ast::RecoveryDecl>(&item->node) : nullptr;
  if (!decl) return clause.range;
  return head_range(in.source, *item, decl->label ? decl->label->range : decl->service.range);
}

std::string clause_name(const model::Contract& contract, const char* kind, size_t service, const std::string& label) {
  std::string out = std::string(kind) + " clause of service '" + contract.services.at(service).name + "'";
  if (!label.empty()) out += " (\"" + label + "\")";
  return out;
}

bool MetricStatement::has_qualifier(ast::ClaimQualifier::Kind kind) const {
  if (!claim) return false;
  return std::any_of(claim->qualifiers.begin(), claim->qualifiers.end(),
                     [&](const ast::ClaimQualifier& q) { return q.kind == kind; });
}

bool MetricStatement::has_condition() const {
  if (commit) return commit->condition.has_value();
  return has_qualifier(ast::ClaimQualifier::Kind::Condition);
}

std::string MetricStatement::written(const SourceFile& source) const { return std::string(source.slice(range)); }

std::vector<MetricStatement> metric_statements(const ast::Contract& contract) {
  std::vector<MetricStatement> out;
  for (const auto& item : contract.items) {
    MetricStatement s;
    s.item = &item;
    if (auto* c = std::get_if<ast::CommitDecl>(&item.node)) {
      s.commit = c;
      s.metric = c->metric.text;
      if (c->service) s.service = c->service->text;
      s.range = span(c->metric.range, c->value.range);
    } else if (auto* claim = std::get_if<ast::ClaimDecl>(&item.node); claim && claim->predicate) {
      s.claim = &*claim->predicate;
      s.metric = s.claim->metric.text;
      for (const auto& q : s.claim->qualifiers)
        if (q.kind == ast::ClaimQualifier::Kind::Service && q.service) s.service = q.service->text;
      s.range = span(s.claim->metric.range, s.claim->value.range);
    } else {
      continue;
    }
    out.push_back(std::move(s));
  }
  return out;
}

bool states_metric(const ast::Contract& contract, std::string_view metric) {
  for (const auto& s : metric_statements(contract))
    if (s.metric == metric) return true;
  return false;
}

std::vector<const ast::ClaimDecl*> wordy_claims(const ast::Contract& contract) {
  std::vector<const ast::ClaimDecl*> out;
  for (const auto& item : contract.items)
    if (auto* claim = std::get_if<ast::ClaimDecl>(&item.node); claim && !claim->predicate) out.push_back(claim);
  return out;
}

namespace {
bool ascii_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}
std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x80) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
}  // namespace

std::optional<WordMatch> find_word(std::string_view text, const std::vector<std::string>& words) {
  const std::string folded = lower(text);
  std::optional<WordMatch> best;
  for (const auto& word : words) {
    const std::string w = lower(word);
    const bool ascii = is_ascii(w);
    for (size_t at = folded.find(w); at != std::string::npos; at = folded.find(w, at + 1)) {
      if (ascii) {
        const bool left = at == 0 || !ascii_word_char(folded[at - 1]);
        const bool right = at + w.size() >= folded.size() || !ascii_word_char(folded[at + w.size()]);
        if (!left || !right) continue;
      }
      // The earliest match wins; at the same place, the longest ("industry-leading" over "leading").
      if (!best || at < best->offset || (at == best->offset && w.size() > best->length))
        best = WordMatch{at, w.size(), std::string(text.substr(at, w.size()))};
      break;
    }
  }
  return best;
}

SourceRange range_in_literal(const ast::Text& literal, const WordMatch& match) {
  // Offsets are into the raw literal (quotes and escapes as written), so the
  // range points at the word in the source even after an escape sequence.
  const auto begin = static_cast<uint32_t>(literal.range.begin + 1 + match.offset);
  return {begin, static_cast<uint32_t>(begin + match.length)};
}

std::string example_contract(std::string_view items) {
  return "contract \"example\" {\n  timezone \"UTC\"; currency USD;\n" + std::string(items) + "}\n";
}

}  // namespace slaudit::rules
