#pragma once
// Figures as people read them, without ever passing a rounded number off as
// exact: whatever is cut or rounded for display carries a trailing `~`.
// Everything here is integer or rational arithmetic; no floating point.
#include <cstdint>
#include <string>

#include "base/num/rational.h"
#include "base/time/instant.h"
#include "language/model/contract.h"

namespace slaudit {

// Marks a figure that is not exactly the value it stands for.
inline constexpr char kInexactMark = '~';

// `value` with `digits` fractional digits, the last one rounded half up
// (away from zero), or truncated toward zero when `truncate`. `exact` tells
// whether the text is the value itself. No mark is added here.
struct DecimalText {
  std::string text;
  bool exact = true;
};
DecimalText decimal_digits(const Rational& value, int digits, bool truncate);

// Minutes from seconds: exact when the minutes have at most two decimals
// ("43200", "43.2", "0.25"); else rounded to two decimals and marked ("0.33~").
std::string minutes_text(const Rational& seconds);
std::string minutes_text(Seconds seconds);

// A share 0..1 as a percentage with four decimals: "99.9000%". When the
// value needs more digits it is truncated toward zero and marked
// ("66.6666%~"), so a displayed figure never overstates availability.
std::string percent_text(const Rational& share);

// An affected share 0..1 exactly: as a percentage when it has one with at
// most 10 decimals ("25%", "12.5%", "0.0244140625%"), else as the reduced
// fraction ("1/3"). Never rounded.
std::string share_text(const Rational& share);

// A percentage as the contract wrote it, normalized: "99.9%", "10%".
std::string percent_text(const model::Percent& percent);

// Integer minor units as a decimal of the currency: 12000000 -> "120000.00"
// for CNY, "12000000" for JPY. Without and with the code.
std::string money_text(int64_t minor, const model::Currency& currency);
std::string money_with_code(int64_t minor, const model::Currency& currency);

// A price in minor units, exact, as a decimal of the currency with as many
// decimals as it needs beyond the currency's, up to six more: 4.16 cents ->
// "0.0416" USD, 34 cents -> "0.34". Beyond that it is rounded and marked.
std::string price_text(const Rational& minor, const model::Currency& currency);
std::string price_with_code(const Rational& minor, const model::Currency& currency);
// Minor units exactly: with the decimals they need, up to ten ("24820",
// "2995.2"); else as the reduced fraction ("5/3"). Never rounded.
std::string minor_units_text(const Rational& minor);

// A calendar date as YYYY-MM-DD.
std::string date_text(const model::CivilDate& date);

}  // namespace slaudit
