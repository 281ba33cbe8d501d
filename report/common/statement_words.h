#pragma once
// The words every format uses for an audit from the provider's statement
// (docs/audit.md, section 26): what was paid beside what the contract owes at
// the stated figure, per period and in total.
#include <optional>
#include <string>
#include <vector>

#include "engine/audit/report.h"

namespace slaudit::report {

// The periods audited from a statement, in report order; empty when none was.
std::vector<const audit::PeriodAudit*> statement_periods(const audit::AuditReport& report);

// "underpaid by 50.00 USD", "overpaid by 20.00 USD", "matches", "credit paid not stated".
std::string payment_text(const audit::StatementFigures& statement, const model::Currency& currency);

// The difference owed - paid, signed, with its code ("50.00 USD", "-20.00 USD"); "-" without a credit paid.
std::string difference_text(const audit::StatementFigures& statement, const model::Currency& currency);

// Over every period with a credit paid: "owed 100.00 USD at the stated figures, paid 50.00 USD:
// underpaid by 50.00 USD" (also "overpaid by", or "the credits paid match"); with periods whose
// credit paid is not stated, says how many. Empty when no period was audited from a statement.
std::string statement_total_text(const audit::AuditReport& report);

}  // namespace slaudit::report
