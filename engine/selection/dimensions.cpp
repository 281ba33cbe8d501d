#include "engine/selection/dimensions.h"

#include <algorithm>

#include "base/text/suggest.h"
#include "engine/figures/figures.h"

namespace slaudit::selection {

namespace {

struct DimensionNames {
  Dimension dimension;
  const char* id;
  const char* title;
  int64_t article_weight;
};

constexpr DimensionNames kNames[] = {
    {Dimension::ClusterScale, "cluster_scale", "cluster delivery and scale", 25},
    {Dimension::FaultRecovery, "fault_recovery", "fault recovery and long-run stability", 22},
    {Dimension::NetworkStorage, "network_storage", "network interconnect and storage IO", 20},
    {Dimension::Scheduling, "scheduling", "scheduling and utilisation", 15},
    {Dimension::SlaTerms, "sla_terms", "SLA terms", 10},
    {Dimension::Openness, "openness", "model and framework openness", 8},
};

std::string_view trimmed(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const size_t last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

std::vector<std::string> all_ids() {
  std::vector<std::string> ids;
  for (const DimensionNames& n : kNames) ids.emplace_back(n.id);
  return ids;
}

// A line of the file as quoted in a message: at most 60 bytes of it.
std::string quoted(std::string_view text) {
  if (text.size() <= 60) return std::string(text);
  size_t cut = 60;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
  return std::string(text.substr(0, cut)) + "...";
}

// One `name = value` line into `seen`; an error message, or "" when it reads.
std::string read_line(std::string_view line, std::array<std::optional<Decimal>, kDimensionCount>& seen,
                      std::array<size_t, kDimensionCount>& seen_at, size_t number) {
  const size_t equals = line.find('=');
  if (equals == std::string_view::npos)
    return "expected `dimension = weight` (e.g. `cluster_scale = 25`), found '" + quoted(line) + "'";
  const std::string_view name = trimmed(line.substr(0, equals));
  std::string_view value = trimmed(line.substr(equals + 1));
  const std::optional<Dimension> dimension = dimension_from_id(name);
  if (!dimension) {
    const std::string hint = did_you_mean_hint(name, all_ids());
    return "unknown dimension '" + quoted(name) + "';" +
           (hint.empty() ? " the dimensions are cluster_scale, fault_recovery, network_storage, scheduling, "
                           "sla_terms, openness"
                         : " " + hint);  // the hint has no leading space
  }
  const size_t at = index_of(*dimension);
  if (seen[at])
    return "dimension '" + std::string(name) + "' given twice (first at line " + std::to_string(seen_at[at]) + ")";
  if (!value.empty() && value.back() == '%') value = trimmed(value.substr(0, value.size() - 1));
  const std::optional<Decimal> weight = Decimal::parse(value);
  if (!weight)
    return "the weight of " + std::string(name) + " must be a number such as 25 or 12.5, found '" +
           quoted(value) + "'";
  if (weight->is_negative())
    return "the weight of " + std::string(name) + " must be at least 0, found " + weight->to_string();
  seen[at] = *weight;
  seen_at[at] = number;
  return "";
}

}  // namespace

const char* dimension_id(Dimension dimension) { return kNames[index_of(dimension)].id; }
const char* dimension_title(Dimension dimension) { return kNames[index_of(dimension)].title; }

std::optional<Dimension> dimension_from_id(std::string_view id) {
  for (const DimensionNames& n : kNames)
    if (id == n.id) return n.dimension;
  return std::nullopt;
}

Rational Weights::of(Dimension dimension) const {
  const Decimal& w = percent[index_of(dimension)];
  return Rational(w.coefficient()) / Rational(w.denominator());
}

Weights article_weights() {
  Weights w;
  for (const DimensionNames& n : kNames) w.percent[index_of(n.dimension)] = Decimal::from_int(n.article_weight);
  w.source = "the article's (default)";
  return w;
}

WeightsResult parse_weights(std::string_view text, const std::string& source) {
  WeightsResult result;
  std::array<std::optional<Decimal>, kDimensionCount> seen;
  std::array<size_t, kDimensionCount> seen_at{};
  size_t number = 0;
  for (size_t start = 0; start < text.size();) {
    ++number;
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);  // a UTF-8 BOM
    if (const size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trimmed(line);
    if (line.empty()) continue;
    if (std::string error = read_line(line, seen, seen_at, number); !error.empty())
      result.errors.push_back({number, std::move(error)});
  }
  if (!result.errors.empty()) return result;
  Weights weights;
  weights.source = source;
  Rational sum = 0;
  std::string missing;
  for (Dimension d : kDimensions) {
    if (!seen[index_of(d)]) {
      missing += (missing.empty() ? "" : ", ") + std::string(dimension_id(d));
      continue;
    }
    weights.percent[index_of(d)] = *seen[index_of(d)];
    sum += weights.of(d);
  }
  if (!missing.empty()) {
    result.errors.push_back({0, "no weight for " + missing + "; give all six dimensions"});
    return result;
  }
  if (sum != 100) {
    int digits = 0;  // the sum of decimals has at most as many decimals as the most precise weight
    for (const Decimal& w : weights.percent) digits = std::max(digits, w.scale());
    std::string terms;
    for (const Decimal& w : weights.percent) terms += (terms.empty() ? "" : " + ") + w.to_string();
    result.errors.push_back(
        {0, "the weights add up to " + decimal_digits(sum, digits, true).text + " (" + terms + "), not 100"});
    return result;
  }
  result.weights = std::move(weights);
  return result;
}

}  // namespace slaudit::selection
