#pragma once
// The inputs of a fleet audit besides incidents:
//
//   --inventory FILE (CSV or JSON Lines): one resource a record.
//     id, service, region, zone   required, non-empty; id unique; service one of the contract's fleets
//     zones                       whole number >= 1; required for a fleet declared `with zones`, else refused
//     launched, terminated        optional timestamps (RFC 3339); terminated after launched
//     the service's attributes    each declared attribute, non-empty text; JSON: an "attributes" object;
//                                 CSV: one column each (a cell left empty on another service's rows)
//
//   --billing-export FILE (CSV): resource, period, charge, currency[, usage_type]
//     resource                    one of the inventory's
//     period                      a month label, 2026-11
//     charge                      an exact decimal >= 0 with at most 10 decimals (0.0416)
//     currency                    the contract's; another is refused with its line
//     usage_type                  optional; `one_time`, `one-time` or `upfront` (any case) marks a one-time payment
//                                 (a reserved instance's upfront fee), left out of the credit base and counted;
//                                 empty, `recurring` or a name containing `usage` (BoxUsage) is recurring;
//                                 any other (Tax, RIFee, Credit) is rejected: never guessed into the base
//
// Unlike the strict service-level inputs of billing_inputs.h, a bad record
// here is rejected with its line and reason and the rest is used: a fleet's
// export has thousands of rows, and the report counts what was left out
// (records read = used + rejected) and marks the audit incomplete (exit 4).
// A bad header or an unknown column is an error for the whole file.
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/records/resource.h"
#include "language/model/contract.h"

namespace slaudit::fleet {

enum class TableFormat { Csv, JsonLines };

struct InventoryInput {
  std::vector<Resource> resources;  // in file order
  std::vector<RejectedRow> rejected;
  std::string error;                // a bad header: nothing is read
  size_t records_read = 0;          // == resources.size() + rejected.size()
};

struct BillingExportInput {
  // (resource id, period label) -> the charges, ordered so reports do not depend on row order.
  std::map<std::pair<std::string, std::string>, ResourceCharges> charges;
  std::vector<RejectedRow> rejected;
  std::string error;
  size_t records_read = 0;  // == used rows (recurring + one-time) + rejected.size()
  size_t one_time_rows = 0;
};

InventoryInput read_inventory(std::string_view content, TableFormat format, const model::Contract& contract);
BillingExportInput read_billing_export(std::string_view content, const model::Currency& currency,
                                       const std::vector<Resource>& resources);

// "inventory.csv:3: unknown service 'db'"
std::string rejection_text(std::string_view path, const RejectedRow& row);

// An exact charge as a decimal with all its digits, trailing zeros dropped but
// at least `min_digits` decimals: 12.48 USD, 0.0416.
std::string charge_text(ExactCharge charge, int min_digits);

}  // namespace slaudit::fleet
