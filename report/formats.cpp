#include "report/formats.h"

#include "base/text/utf8.h"

#include <algorithm>

#include "report/csv/audit_csv.h"
#include "report/html/claims_html.h"
#include "report/html/render_html.h"
#include "report/json/render_json.h"
#include "report/markdown/render_markdown.h"
#include "report/sarif/sarif.h"
#include "report/text/render_text.h"

namespace slaudit::report {

namespace {

void audit_text(const AuditView& v, std::ostream& out) { write_text(v.report, v.source, v.explain, out); }
void audit_json(const AuditView& v, std::ostream& out) { write_report_json(v.report, v.source, out); }
void audit_markdown(const AuditView& v, std::ostream& out) { out << render_markdown(v.report, v.contract, v.source); }
void audit_html(const AuditView& v, std::ostream& out) { out << render_html(v.report, v.contract, v.source); }
void audit_letter(const AuditView& v, std::ostream& out) {
  out << render_claim_letters_markdown(v.report, v.contract, v.source);
}
void audit_letter_html(const AuditView& v, std::ostream& out) {
  out << render_claim_letters_html(v.report, v.contract, v.source);
}
void audit_csv(const AuditView& v, std::ostream& out) { write_periods_csv(v.report, v.source, out); }
void audit_csv_incidents(const AuditView& v, std::ostream& out) { write_incidents_csv(v.report, v.source, out); }

void claims_text(const claims::ClaimsReport& r, std::ostream& out) { out << render_claims_text(r); }
void claims_json(const claims::ClaimsReport& r, std::ostream& out) {
  out << json_text(claims_report_to_json(r)) << "\n";
}
void claims_markdown(const claims::ClaimsReport& r, std::ostream& out) { out << render_claims_markdown(r); }
void claims_html(const claims::ClaimsReport& r, std::ostream& out) { out << render_claims_html(r); }

void compare_text(const selection::CompareReport& r, std::ostream& out) { out << render_compare_text(r); }
void compare_json(const selection::CompareReport& r, std::ostream& out) {
  out << json_text(compare_report_to_json(r)) << "\n";
}
void compare_markdown(const selection::CompareReport& r, std::ostream& out) { out << render_compare_markdown(r); }
void compare_html(const selection::CompareReport& r, std::ostream& out) { out << render_compare_html(r); }

void check_text(const CheckView& v, std::ostream& out) { out << render_check_text(v.files); }
void check_json(const CheckView& v, std::ostream& out) { out << json_text(check_to_json(v.files)) << "\n"; }
void check_sarif(const CheckView& v, std::ostream& out) { out << json_text(sarif_log(v.files, v.io_errors)) << "\n"; }

constexpr AuditFormat kAuditFormats[] = {
    {"text", "a table for terminals; --explain adds every derivation", false, false, audit_text},
    {"json", "docs/audit-report.schema.json", true, true, audit_json},
    // Markdown names no incident but the recovery breaches, which are always recorded.
    {"markdown", "for a letter: periods, credits and their basis", false, false, audit_markdown},
    {"html", "one self-contained page with a timeline per period; prints to PDF", true, true, audit_html},
    {"letter", "a claim letter per period owing a credit (Markdown): clause, figures, incidents, evidence", true,
     false, audit_letter},
    {"letter-html", "the claim letters as one printable page, a letter a page", true, false, audit_letter_html},
    {"csv", "for spreadsheets: a row per period, figures, credit and claim", false, false, audit_csv},
    {"csv-incidents", "for spreadsheets: a row per incident of each period, its role and seconds", true, false,
     audit_csv_incidents},
};

constexpr ClaimsFormat kClaimsFormats[] = {
    {"text", claims_text},
    {"json", claims_json},
    {"markdown", claims_markdown},
    {"html", claims_html},
};

constexpr CompareFormat kCompareFormats[] = {
    {"text", "tables for terminals: ranking, replay, questions, every point's basis", compare_text},
    {"json", "docs/compare-report.schema.json", compare_json},
    {"markdown", "for a memo to whoever signs", compare_markdown},
    {"html", "one self-contained page with a chart of the scores and of credits against lost time", compare_html},
};

constexpr CheckFormat kCheckFormats[] = {
    {"text", check_text},
    {"json", check_json},
    {"sarif", check_sarif},
};

template <class Format>
const Format* find(std::span<const Format> formats, std::string_view name) {
  const auto it = std::find_if(formats.begin(), formats.end(), [&](const Format& f) { return f.name == name; });
  return it == formats.end() ? nullptr : &*it;
}

template <class Format>
std::vector<std::string> names(std::span<const Format> formats) {
  std::vector<std::string> out;
  for (const Format& f : formats) out.emplace_back(f.name);
  return out;
}

}  // namespace

std::span<const AuditFormat> audit_formats() { return kAuditFormats; }
std::span<const CheckFormat> check_formats() { return kCheckFormats; }
const CheckFormat* find_check_format(std::string_view name) { return find(check_formats(), name); }
std::vector<std::string> check_format_names() { return names(check_formats()); }
std::span<const ClaimsFormat> claims_formats() { return kClaimsFormats; }
const AuditFormat* find_audit_format(std::string_view name) { return find(audit_formats(), name); }
const ClaimsFormat* find_claims_format(std::string_view name) { return find(claims_formats(), name); }
std::vector<std::string> audit_format_names() { return names(audit_formats()); }
std::vector<std::string> claims_format_names() { return names(claims_formats()); }
std::span<const CompareFormat> compare_formats() { return kCompareFormats; }
const CompareFormat* find_compare_format(std::string_view name) { return find(compare_formats(), name); }
std::vector<std::string> compare_format_names() { return names(compare_formats()); }

}  // namespace slaudit::report
