#pragma once
// Words and figures of the comparison report (engine/selection/comparison.h)
// shared by its text, Markdown and HTML renderers, so that every format says
// the same thing in the same words. Rounded figures carry a `~`.
#include <string>

#include "base/num/rational.h"
#include "engine/selection/comparison.h"

namespace slaudit::report {

// A score or a weight: two decimals, truncated and marked when cut ("71.23~", "25").
std::string score_text(const Rational& value);
// A share 0..1 as a percentage with two decimals: "12.5%", "3.33%~".
std::string share_text(const Rational& share);
// An exact amount of minor units as money, rounded half up to the minor unit and marked when rounded.
std::string money_rational_text(const Rational& minor, const model::Currency& currency);
// Seconds as hours with two decimals: "123.5 h", "0.33~ h".
std::string hours_text(Seconds seconds);
// "2,022,123.4~" GPU-hours.
std::string gpu_hours_text(const Rational& hours);

// "Vendor B would overtake Vendor A if more than 7.5 points of weight moved from
// cluster delivery and scale (25 → 17.5) to SLA terms (10 → 17.5); at 7.5 they tie."
std::string sensitivity_sentence(const selection::CompareReport& report, const selection::Sensitivity& s);
// "the article's (default): cluster delivery and scale 25, ..."
std::string weights_sentence(const selection::Weights& weights);
// "466 incidents (47 maintenance, 14 customer-caused, 0 open) from ..., a job of 16,384 GPUs"
std::string history_sentence(const selection::HistorySummary& history);
// "interrupted 123.4 h (the union of every interruption the customer did not cause) × 16,384 GPUs = ... GPU-hours lost"
std::string lost_time_sentence(const selection::HistorySummary& history);
// The question's status for a reader: "answered", "open", "contradicted".
std::string status_word(selection::QuestionStatus status);
// One question point as a line: "answered (line 14): scope single cluster ...", "open [cluster-size-scope] (line 30): ..."
std::string point_text(const selection::QuestionPoint& point);

}  // namespace slaudit::report
