#include "rules/lifecycle/mentions.h"

#include <algorithm>

#include "rules/support.h"

namespace slaudit::rules {

const std::vector<std::string> kPreemptionWords = {
    "preempt", "preempted", "preemptible", "preemptable", "preemption", "spot", "interruptible", "抢占", "竞价"};
const std::vector<std::string> kReclaimWords = {"reclaim", "reclaimed", "reclamation", "回收"};

namespace {

void in_name(const ast::Name& name, const std::vector<std::string>& words, std::vector<Mention>& out) {
  std::string spaced = name.text;
  std::replace(spaced.begin(), spaced.end(), '_', ' ');  // spot_training speaks of spot
  if (auto m = find_word(spaced, words))
    out.push_back({{static_cast<uint32_t>(name.range.begin + m->offset),
                    static_cast<uint32_t>(name.range.begin + m->offset + m->length)},
                   m->word});
}

void in_text(const ast::Text& text, const std::vector<std::string>& words, std::vector<Mention>& out) {
  if (text.raw.size() < 2) return;
  if (auto m = find_word(std::string_view(text.raw).substr(1, text.raw.size() - 2), words))
    out.push_back({range_in_literal(text, *m), m->word});
}

}  // namespace

std::vector<Mention> mentions(const ast::Contract& contract, const std::vector<std::string>& words) {
  std::vector<Mention> out;
  for (const auto& item : contract.items) {
    if (auto* s = std::get_if<ast::ServiceDecl>(&item.node)) {
      in_name(s->name, words, out);
    } else if (auto* a = std::get_if<ast::AvailabilityDecl>(&item.node)) {
      if (a->label) in_text(*a->label, words, out);
      for (const auto& i : a->items)
        if (auto* t = std::get_if<ast::ExternalTermsItem>(&i.node)) in_text(t->reference, words, out);
    } else if (auto* r = std::get_if<ast::RecoveryDecl>(&item.node)) {
      if (r->label) in_text(*r->label, words, out);
    } else if (auto* c = std::get_if<ast::ClaimDecl>(&item.node)) {
      in_text(c->text, words, out);
    }
  }
  return out;
}

}  // namespace slaudit::rules
