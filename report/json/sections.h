#pragma once
// The parts of the JSON report, internal to report/json (render_json.h is
// the public face). Each writes one schema object (see $defs) in place.
#include "engine/audit/report.h"
#include "language/syntax/source.h"
#include "report/json/json_writer.h"

namespace slaudit::report {

// `labels`: the incidents' titles, urls and tickets by line (AuditReport::incident_labels); null: none shown.
void write_period(JsonWriter& w, const audit::PeriodAudit& period, const model::Currency& currency,
                  const SourceFile& contract, const audit::IncidentLabelsByLine* labels = nullptr);
void write_composite(JsonWriter& w, const audit::CompositeAudit& composite, const SourceFile& contract);
void write_recovery(JsonWriter& w, const audit::RecoveryAudit& audit, const audit::AuditReport& report,
                    const SourceFile& contract);
void write_probe(JsonWriter& w, const audit::ProbePeriodFigures& figures, const model::Currency& currency);
void write_probe_accounting(JsonWriter& w, const audit::ProbeClauseAccounting& accounting, const SourceFile& contract);

}  // namespace slaudit::report
