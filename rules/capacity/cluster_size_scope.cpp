// cluster-size-scope: a cluster size (capacity, a gpus/nodes commitment or
// claim, or a claim's text) that does not say one cluster or several added up.
#include <cctype>

#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {

bool scope_stated(const model::Contract& contract, const std::optional<std::string>& service) {
  if (!service) return false;
  auto index = contract.find_service(*service);
  return index && contract.services[*index].scope != model::ScopeKind::Unspecified;
}

// Words of a claim's text that speak of a cluster size: "万卡", "4096卡", "10,000-GPU", "4096 GPUs".
std::optional<WordMatch> size_words(std::string_view raw) {
  if (auto m = find_word(raw, {"万卡", "千卡", "卡集群"})) return m;
  for (size_t at = 0; at < raw.size(); ++at) {
    if (!std::isdigit(static_cast<unsigned char>(raw[at])) || (at > 0 && std::isdigit(static_cast<unsigned char>(raw[at - 1]))))
      continue;
    size_t end = at;
    while (end < raw.size() && (std::isdigit(static_cast<unsigned char>(raw[end])) || raw[end] == ',')) ++end;
    size_t unit = end;
    while (unit < raw.size() && (raw[unit] == ' ' || raw[unit] == '-')) ++unit;
    if (raw.substr(unit, 3) == "卡") return WordMatch{at, unit + 3 - at, std::string(raw.substr(at, unit + 3 - at))};
    auto rest = raw.substr(unit, 3);
    if (rest.size() == 3 && std::toupper(static_cast<unsigned char>(rest[0])) == 'G' &&
        std::toupper(static_cast<unsigned char>(rest[1])) == 'P' &&
        std::toupper(static_cast<unsigned char>(rest[2])) == 'U')
      return WordMatch{at, unit + 3 - at, std::string(raw.substr(at, unit + 3 - at))};
  }
  return std::nullopt;
}

void check(const RuleInput& in, Findings& out) {
  for (const auto& item : in.syntax.items) {
    auto* decl = std::get_if<ast::ServiceDecl>(&item.node);
    if (!decl || scope_stated(in.contract, decl->name.text)) continue;
    for (const auto& i : decl->items)
      if (std::holds_alternative<ast::CapacityItem>(i.node))
        out.push_back({i.range, "the capacity of service '" + decl->name.text +
                                    "' does not say whether it is one cluster or several added up", ""});
  }
  for (const auto& s : metric_statements(in.syntax)) {
    if (s.metric != "gpus" && s.metric != "nodes") continue;
    if (s.has_qualifier(ast::ClaimQualifier::Kind::Single) || s.has_qualifier(ast::ClaimQualifier::Kind::Aggregate) ||
        scope_stated(in.contract, s.service))
      continue;
    out.push_back({s.range, std::string("the ") + s.kind() + " '" + s.written(in.source) +
                                "' does not say whether it is one cluster or several added up",
                   s.claim ? "add `single` or `aggregate`: claim \"...\": " + s.written(in.source) + " single;"
                           : "name a service whose scope is stated: commit " + s.metric + " for SERVICE ...;"});
  }
  for (const auto* claim : wordy_claims(in.syntax)) {
    const auto& raw = claim->text.raw;
    if (raw.size() < 2) continue;
    if (auto m = size_words(std::string_view(raw).substr(1, raw.size() - 2)))
      out.push_back({range_in_literal(claim->text, *m),
                     "the claim speaks of a cluster size ('" + m->word + "') without saying one cluster or several added up",
                     "state it as a predicate with a reading: claim \"...\": gpus >= 10000 single;"});
  }
}

}  // namespace

const Rule& cluster_size_scope() {
  static const Rule rule{
      {"cluster-size-scope", Severity::Warning, "cluster size without single-cluster or aggregate scope",
       "Question 1 before signing: is a \"10,000-GPU cluster\" one cluster, or several clusters added up? A "
       "training job that needs all its GPUs on one network gains nothing from capacity spread over three "
       "regions, yet both readings are sold with the same words (万卡集群). The rule fires on a service's "
       "`capacity` when the service has no `scope`, on a `gpus` or `nodes` commitment or claim that neither "
       "says `single` or `aggregate` nor names a service whose scope is stated, and on a claim whose text "
       "speaks of a cluster size (万卡, 千卡, 4096卡, \"4096 GPUs\") without a predicate.",
       "State the scope: `scope single cluster \"bj-gpu-01\";` or `scope aggregate clusters (\"a\", \"b\");` in "
       "the service, and `single` or `aggregate` after a claim's value: `claim \"万卡\": gpus >= 10000 single;`.",
       "  service training { capacity 4096 gpus; }\n  claim \"具备万卡集群交付能力\": gpus >= 10000;\n",
       "  service training { scope single cluster \"bj-gpu-01\"; capacity 4096 gpus; }\n"
       "  claim \"具备万卡集群交付能力\": gpus >= 10000 aggregate;\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
