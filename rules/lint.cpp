#include "rules/lint.h"

#include <algorithm>

#include "rules/registry.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {

// A rule id as written in @allow: `credit_cap_too_low` (a name cannot hold a
// hyphen) or "credit-cap-too-low" (a string).
std::string rule_id_of(std::string text) {
  std::replace(text.begin(), text.end(), '_', '-');
  return text;
}

// Whether an unknown string argument was meant as a rule id (kebab-case, no spaces) rather than a reason.
bool looks_like_id(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

void from_attributes(const std::vector<ast::Attribute>& attrs, SourceRange scope, bool file_wide,
                     std::vector<Disable>& out, Diagnostics& warnings) {
  for (const auto& a : attrs) {
    if (a.name.text != "allow") continue;  // the checker reports other attributes
    std::vector<std::string> ids;
    std::string reason;
    for (size_t i = 0; i < a.args.size(); ++i) {
      const bool is_string = i < a.arg_is_string.size() && a.arg_is_string[i];
      const std::string id = rule_id_of(a.args[i]);
      if (find_rule(id)) {
        ids.push_back(id);
      } else if (is_string && !looks_like_id(a.args[i])) {
        reason += (reason.empty() ? "" : "; ") + a.args[i];  // @allow(external_terms, "pinned: version 2025-06")
      } else {
        warnings.warning("unknown-rule", a.range,
                         "@allow names no rule '" + a.args[i] + "'" + suggestion(id, rule_ids()),
                         "`slaudit rules` lists the rule ids; a string that is not an id is kept as the reason");
      }
    }
    for (auto& id : ids) out.push_back({std::move(id), Disable::Kind::Attribute, a.range, scope, file_wide, 0, reason});
  }
}

// `// slaudit: disable a, b` or `/* slaudit: disable a b */`.
void from_comment(const ast::Comment& comment, SourceRange file_scope, std::vector<Disable>& out,
                  Diagnostics& warnings) {
  std::string_view text = comment.text;
  if (text.starts_with("//")) text.remove_prefix(2);
  else if (text.starts_with("/*") && text.ends_with("*/") && text.size() >= 4) text = text.substr(2, text.size() - 4);
  const auto not_space = text.find_first_not_of(" \t*");
  if (not_space == std::string_view::npos) return;
  text.remove_prefix(not_space);
  constexpr std::string_view kMarker = "slaudit:";
  if (!text.starts_with(kMarker)) return;
  text.remove_prefix(kMarker.size());
  text.remove_prefix(std::min(text.find_first_not_of(" \t"), text.size()));
  constexpr std::string_view kDisable = "disable";
  if (!text.starts_with(kDisable)) {
    warnings.warning("unknown-rule", comment.range, "a 'slaudit:' comment says 'slaudit: disable RULE-ID, ...'");
    return;
  }
  text.remove_prefix(kDisable.size());
  size_t found = 0;
  while (!text.empty()) {
    const auto begin = text.find_first_not_of(" \t,\r\n");
    if (begin == std::string_view::npos) break;
    text.remove_prefix(begin);
    const auto end = std::min(text.find_first_of(" \t,\r\n"), text.size());
    const std::string id(text.substr(0, end));
    text.remove_prefix(end);
    ++found;
    if (!find_rule(id)) {
      warnings.warning("unknown-rule", comment.range,
                       "'slaudit: disable' names no rule '" + id + "'" + suggestion(id, rule_ids()),
                       "`slaudit rules` lists the rule ids");
      continue;
    }
    out.push_back({id, Disable::Kind::Comment, comment.range, file_scope, true, 0, ""});
  }
  if (found == 0)
    warnings.warning("unknown-rule", comment.range, "'slaudit: disable' names no rule",
                     "write: // slaudit: disable RULE-ID, ...");
}

bool contains(SourceRange scope, SourceRange range) { return scope.begin <= range.begin && range.begin < scope.end; }

}  // namespace

std::vector<Disable> collect_disables(const SourceFile& source, const ast::File& file, Diagnostics& warnings) {
  std::vector<Disable> out;
  const SourceRange whole{0, static_cast<uint32_t>(source.text().size()) + 1};
  for (const auto& contract : file.contracts) {
    from_attributes(contract.attrs, whole, true, out, warnings);
    for (const auto& item : contract.items) {
      from_attributes(item.attrs, item.range, false, out, warnings);
      if (auto* a = std::get_if<ast::AvailabilityDecl>(&item.node))
        for (const auto& i : a->items) from_attributes(i.attrs, i.range, false, out, warnings);
      if (auto* r = std::get_if<ast::RecoveryDecl>(&item.node))
        for (const auto& i : r->items) from_attributes(i.attrs, i.range, false, out, warnings);
    }
  }
  for (const auto& c : file.comments) from_comment(c, whole, out, warnings);
  std::stable_sort(out.begin(), out.end(), [](const Disable& a, const Disable& b) { return a.at.begin < b.at.begin; });
  return out;
}

LintResult lint_contract(const SourceFile& source, const CompiledContract& compiled, const RuleOptions& options) {
  LintResult result;
  if (!compiled.contract || compiled.syntax.contracts.empty()) return result;
  result.ran = true;
  result.disables = collect_disables(source, compiled.syntax, result.findings);
  const RuleInput input{source, compiled.syntax.contracts.front(), *compiled.contract, options};
  for (const Rule* rule : all_rules()) {
    Findings found;
    rule->check(input, found);
    const Severity severity = options.severity(rule->info.id).value_or(rule->info.severity);
    for (auto& f : found) {
      Diagnostic d{severity, rule->info.id, f.range, std::move(f.message),
                   f.hint.empty() ? std::string(rule->info.fix) : std::move(f.hint), {}, {}};
      // The innermost scope that disables the rule silences it; file-wide ones last.
      std::optional<size_t> by;
      for (size_t i = 0; i < result.disables.size(); ++i) {
        const auto& dis = result.disables[i];
        if (dis.rule != rule->info.id || !contains(dis.scope, f.range)) continue;
        if (!by || (dis.scope.end - dis.scope.begin) < (result.disables[*by].scope.end - result.disables[*by].scope.begin))
          by = i;
      }
      if (by) {
        ++result.disables[*by].suppressed;
        result.suppressed.push_back({std::move(d), *by});
      } else {
        result.findings.add(std::move(d));
      }
    }
  }
  std::stable_sort(result.suppressed.begin(), result.suppressed.end(),
                   [](const SuppressedFinding& a, const SuppressedFinding& b) {
                     return std::tie(a.diagnostic.range.begin, a.diagnostic.code) <
                            std::tie(b.diagnostic.range.begin, b.diagnostic.code);
                   });
  return result;
}

namespace {
size_t count(const Diagnostics& diagnostics, Severity severity) {
  size_t n = 0;
  for (const auto& d : diagnostics.items()) n += d.severity == severity;
  return n;
}
}  // namespace

CheckedFile check_file(std::shared_ptr<const SourceFile> source, const RuleOptions& options) {
  CheckedFile out;
  out.source = std::move(source);
  auto compiled = std::make_shared<CompiledContract>(compile_contract(*out.source));
  out.lint = std::make_shared<LintResult>(lint_contract(*out.source, *compiled, options));
  out.compiled = std::move(compiled);
  out.all = out.compiled->diagnostics;
  out.all.append(out.lint->findings);
  out.errors = out.all.error_count();
  out.warnings = count(out.all, Severity::Warning);
  out.notes = count(out.all, Severity::Note);
  return out;
}

}  // namespace slaudit::rules
