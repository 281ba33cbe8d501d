// The contract's header: parties, effective dates, time zone, currency.
#include <cctype>

#include "language/check/parts.h"
#include "language/check/units.h"
#include "language/check/zones.h"
#include "base/text/suggest.h"

namespace slaudit::check {

namespace {

void effective(Context& cx, const ast::EffectiveItem& item, SourceRange range) {
  if (!cx.first("effective", range, "the effective date range")) return;
  auto from = cx.date(item.from);
  auto until = cx.date(item.until);
  if (from && until && *until < *from) {
    cx.diagnostics().error("date-order", item.until.range,
                           "the effective range ends (" + item.until.text + ") before it starts (" + item.from.text + ")",
                           "write the start date first: effective START to END;");
    return;
  }
  cx.contract().effective_from = from;
  cx.contract().effective_until = until;
}

void timezone(Context& cx, const ast::TimezoneItem& item, SourceRange range) {
  if (!cx.first("timezone", range, "the time zone")) return;
  if (!zone_exists(item.zone.value)) {
    std::string hint = did_you_mean_hint(item.zone.value, zone_names());
    if (hint.empty()) hint = "write an IANA zone name such as \"Asia/Shanghai\", \"America/New_York\" or \"UTC\"";
    cx.diagnostics().error("unknown-timezone", item.zone.range, "unknown time zone '" + item.zone.value + "'", hint);
    return;
  }
  cx.contract().timezone = item.zone.value;
}

// A calendar's name is what the holiday file's `calendar` column says: a
// short code such as CN, US-NY or de_BY, compared exactly.
bool calendar_name_ok(std::string_view name) {
  if (name.empty() || name.size() > 32) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) return false;
  return true;
}

void holidays(Context& cx, const ast::HolidaysItem& item, SourceRange range) {
  if (!cx.first("holidays", range, "the holiday calendar")) return;
  if (!calendar_name_ok(item.calendar.value)) {
    cx.diagnostics().error("bad-calendar", item.calendar.range,
                           "bad holiday calendar name '" + item.calendar.value + "'",
                           "write a short code of letters, digits, '-', '_' or '.', such as \"CN\" or \"US-NY\", "
                           "as the holiday file's calendar column names it");
    return;
  }
  cx.contract().holidays = model::HolidayCalendarName{item.calendar.value, range};
}

void currency(Context& cx, const ast::CurrencyItem& item, SourceRange range) {
  if (!cx.first("currency", range, "the currency")) return;
  auto found = find_currency(item.code.text);
  if (!found) {
    std::string hint = did_you_mean_hint(item.code.text, currency_codes());
    if (hint.empty()) hint = "write an ISO 4217 code such as CNY, USD or EUR";
    cx.diagnostics().error("unknown-currency", item.code.range, "unknown currency '" + item.code.text + "'", hint);
    return;
  }
  cx.contract().currency = found;
}

}  // namespace

void check_header_item(Context& cx, const ast::ContractItem& item) {
  if (auto* p = std::get_if<ast::ProviderItem>(&item.node)) {
    if (cx.first("provider", item.range, "the provider")) cx.contract().provider = p->name.value;
  } else if (auto* c = std::get_if<ast::CustomerItem>(&item.node)) {
    if (cx.first("customer", item.range, "the customer")) cx.contract().customer = c->name.value;
  } else if (auto* e = std::get_if<ast::EffectiveItem>(&item.node)) {
    effective(cx, *e, item.range);
  } else if (auto* t = std::get_if<ast::TimezoneItem>(&item.node)) {
    timezone(cx, *t, item.range);
  } else if (auto* h = std::get_if<ast::HolidaysItem>(&item.node)) {
    holidays(cx, *h, item.range);
  } else if (auto* cur = std::get_if<ast::CurrencyItem>(&item.node)) {
    currency(cx, *cur, item.range);
  }
}

void check_holidays_used(Context& cx) {
  const auto& contract = cx.contract();
  if (!contract.holidays) return;
  for (const auto& clause : contract.availability)
    if (clause.claim && clause.claim->earliest_working_days) return;
  cx.diagnostics().warning("unused-calendar", contract.holidays->range,
                           "holiday calendar \"" + contract.holidays->name +
                               "\" is named, but no clause counts working days: it changes nothing",
                           "remove it, or count working days: claim ..., not before N working days after period end;");
}

void check_attributes(Context& cx, const std::vector<ast::Attribute>& attrs) {
  for (const auto& a : attrs)
    if (a.name.text != "allow")
      cx.diagnostics().error("unknown-attribute", a.name.range, "unknown attribute '@" + a.name.text + "'",
                             "the attribute is @allow(rule_id, ...), which silences rules for one item");
}

}  // namespace slaudit::check
