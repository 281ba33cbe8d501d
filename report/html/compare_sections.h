#pragma once
// Parts of the comparison's HTML page, internal to report/html: render_html.h
// is the public face. Each returns a complete, escaped fragment.
#include <string>

#include "engine/selection/comparison.h"

namespace slaudit::report {

std::string compare_style();  // what the comparison adds to the audit report's stylesheet
// A horizontal bar per vendor, its length the weighted score (0..100), made of
// one segment per dimension (weight × score / 100), in ranking order.
std::string scores_chart(const selection::CompareReport& report);
// Two bars per vendor on one scale: the credits the contract pays for the
// replayed history and what the lost training time cost, both as a share of
// the fees of the audited periods (so that currencies compare).
std::string remedy_chart(const selection::CompareReport& report);

// Decimal text for SVG coordinates: three decimals, no mark (drawing only).
std::string svg_number(const Rational& value);

}  // namespace slaudit::report
