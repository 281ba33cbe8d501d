#include "language/format/leaves.h"

#include "language/format/source_scan.h"

namespace slaudit::format {

namespace {

std::string anchor(const ast::AnchorRef& ref) { return std::string(terms::keyword(ref.anchor)); }

std::string earliest(const std::optional<ast::ClaimEarliest>& e) {
  if (!e) return "";
  return ", not before " + e->working_days.text + " working days after " + anchor(e->anchor);
}

std::string cap_window(const ast::CapWindow& window) {
  if (window.kind == ast::CapWindowKind::TrailingMonths)  // "per trailing 12 months"
    return "per trailing " + (window.months ? window.months->text : std::string()) + " months";
  return std::string(terms::keyword(window.kind));
}

// A string argument as the parser saw it; the escaped value when the source cannot tell.
std::string escaped(const std::string& value) {
  std::string out = "\"";
  for (char c : value) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default: out += c;
    }
  }
  return out + '"';
}

std::string attribute(const ast::Attribute& attr, const SourceFile& source) {
  const std::vector<std::string> raw = raw_strings_in(source, attr.range);
  size_t strings = 0;
  for (bool is_string : attr.arg_is_string) strings += is_string;
  const bool raw_usable = raw.size() == strings;

  std::string args;
  size_t next_raw = 0;
  for (size_t i = 0; i < attr.args.size(); ++i) {
    if (i > 0) args += ", ";
    const bool is_string = i < attr.arg_is_string.size() && attr.arg_is_string[i];
    if (!is_string) args += attr.args[i];
    else if (raw_usable) args += raw[next_raw++];
    else args += escaped(attr.args[i]);
  }
  return "@" + attr.name.text + "(" + args + ")";
}

}  // namespace

std::string quantity(const ast::Quantity& q) {
  if (q.percent) return q.number_text + "%";
  if (q.unit.empty()) return q.number_text;
  return q.number_text + " " + q.unit + (q.per.empty() ? "" : "/" + q.per);
}

std::string comparator(const ast::ComparatorOp& op) {
  switch (op.op) {
    case ast::Comparator::AtLeast: return ">=";
    case ast::Comparator::GreaterThan: return ">";
    case ast::Comparator::AtMost: return "<=";
    case ast::Comparator::LessThan: return "<";
    case ast::Comparator::Equal: return "=";
    case ast::Comparator::About: return "about";
  }
  return "";
}

std::string period(const ast::PeriodSpec& spec) {
  return std::visit(Overloaded{
                        [](const ast::CalendarPeriod& p) { return "calendar " + p.unit.text; },
                        [](const ast::BillingMonthPeriod& p) { return "billing month from day " + p.day.text; },
                        [](const ast::RollingPeriod& p) { return "rolling " + quantity(p.length); },
                    },
                    spec.kind);
}

std::string cap(const ast::CapSpec& spec) {
  std::string out = quantity(spec.amount);
  if (spec.of_monthly_fee) out += " of monthly fee";
  if (spec.window) out += " " + cap_window(*spec.window);
  return out;
}

std::string claim_deadline(const ast::ClaimDeadline& deadline) {
  return std::visit(Overloaded{
                        [](const ast::ClaimWithin& c) {
                          return "within " + quantity(c.span) + " after " + anchor(c.anchor) + earliest(c.earliest);
                        },
                        [](const ast::ClaimByCycleEnd& c) {
                          return "by end of " + c.ordinal_text + " billing cycle after " + anchor(c.anchor) +
                                 earliest(c.earliest);
                        },
                    },
                    deadline);
}

std::string exclusion(const ast::Exclusion& what) {
  return std::visit(
      Overloaded{
          [](const ast::MaintenanceExclusion& m) {
            std::string out = "maintenance";
            if (m.notice) out += " with notice " + (m.notice_cmp ? comparator(*m.notice_cmp) : ">=") + " " + quantity(*m.notice);
            if (m.cap) out += ", at most " + quantity(*m.cap) + " per period";
            return out;
          },
          [](const ast::WindowExclusion& w) { return "window " + w.days.text + " " + w.start.text + "-" + w.end.text; },
          [](const ast::CauseExclusion& c) { return "cause in (" + comma_list(c.causes, name_text) + ")"; },
          [](const ast::FaultExclusion& f) { return "fault in (" + comma_list(f.faults, name_text) + ")"; },
          [](const ast::ComponentExclusion& c) { return "component in (" + comma_list(c.components, raw_text) + ")"; },
      },
      what);
}

std::string condition(const ast::ConditionRef& ref) { return std::string(terms::keyword(ref.condition)); }

void print_attributes(LineWriter& out, const std::vector<ast::Attribute>& attrs) {
  for (const ast::Attribute& attr : attrs) out.attribute(attribute(attr, out.source()), attr.range);
}

}  // namespace slaudit::format
