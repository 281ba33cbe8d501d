#pragma once
// A small audit report built by hand, so the renderers are tested without the
// audit engine: two services (one with a Chinese name) over 2026-11, one
// missed target with a credit, one recovery breach, one rejected record.
#include <string>
#include <string_view>

#include "engine/audit/report.h"
#include "language/model/contract.h"
#include "language/syntax/source.h"

namespace slaudit::test {

// The contract the report points into; ranges are found by their text.
SourceFile sample_contract_source();
model::Contract sample_contract();
audit::AuditReport sample_report(const SourceFile& source);

// The range of the first occurrence of `needle` in the source (it must occur).
SourceRange range_of(const SourceFile& source, std::string_view needle);
// 2026-11-01T00:00:00Z plus `seconds`.
Instant november(int64_t seconds = 0);

}  // namespace slaudit::test
