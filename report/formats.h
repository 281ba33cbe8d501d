#pragma once
// The one table of report formats. Each format registers here what it renders
// (an audit report, a claims report) and what an audit must record for it,
// so that the CLI offers, checks and dispatches formats from this table alone
// and no caller decides anything from a format's name.
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/audit/report.h"
#include "engine/claims/verdict.h"
#include "engine/selection/comparison.h"
#include "language/model/contract.h"
#include "language/syntax/source.h"
#include "rules/lint.h"

namespace slaudit::report {

// What an audit report is rendered from.
struct AuditView {
  const audit::AuditReport& report;
  const model::Contract& contract;
  const SourceFile& source;
  bool explain = false;  // text: every figure's derivation and every incident's role
};

struct AuditFormat {
  std::string_view name;
  std::string_view summary;     // one line, for --help
  bool needs_findings = false;  // per-incident findings (text needs them only with --explain)
  bool needs_timeline = false;  // each period's timeline
  void (*render)(const AuditView& view, std::ostream& out) = nullptr;
};

struct ClaimsFormat {
  std::string_view name;
  void (*render)(const claims::ClaimsReport& report, std::ostream& out) = nullptr;
};

struct CompareFormat {
  std::string_view name;
  std::string_view summary;  // one line, for --help
  void (*render)(const selection::CompareReport& report, std::ostream& out) = nullptr;
};

// What `slaudit check` reports on: the files checked, and those it could not read.
struct CheckView {
  const std::vector<rules::CheckedFile>& files;
  const std::vector<std::string>& io_errors;
};

struct CheckFormat {
  std::string_view name;
  void (*render)(const CheckView& view, std::ostream& out) = nullptr;
};

std::span<const AuditFormat> audit_formats();
std::span<const CheckFormat> check_formats();
const CheckFormat* find_check_format(std::string_view name);
std::vector<std::string> check_format_names();
std::span<const ClaimsFormat> claims_formats();
const AuditFormat* find_audit_format(std::string_view name);    // nullptr: no such format
const ClaimsFormat* find_claims_format(std::string_view name);  // nullptr: no such format
std::span<const CompareFormat> compare_formats();
const CompareFormat* find_compare_format(std::string_view name);  // nullptr: no such format
// The names, in table order, for option checks and help texts.
std::vector<std::string> audit_format_names();
std::vector<std::string> claims_format_names();
std::vector<std::string> compare_format_names();

}  // namespace slaudit::report
