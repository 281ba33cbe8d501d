#pragma once
// Collects zone histories into the shared tables of base/time/tzdb_data.h
// (interning local time types and abbreviations, sharing the rules of zones
// that are links of one another) and writes them out as C++ source.
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "base/time/tzgen/zone_history.h"

namespace slaudit::tzgen {

class TableWriter {
 public:
  // Zones must be added in name order; returns false if a table overflows its index type.
  bool add_zone(const std::string& name, const ZoneHistory& history, std::string& error);
  void write(std::ostream& out, const std::string& tzdata_version, int last_rule_year) const;
  std::size_t zone_count() const { return names_.size(); }
  std::size_t rules_count() const { return rules_.size(); }
  std::size_t transition_count() const { return times_.size(); }

 private:
  struct Rules {
    std::uint32_t first_transition;
    std::uint32_t transition_count;
    std::uint16_t initial_type;
  };
  using TypeKey = std::tuple<std::int32_t, bool, std::string>;

  std::uint16_t intern_type(const TzifLocalTimeType& type);
  std::uint16_t intern_abbreviation(const std::string& abbreviation);

  std::string abbreviations_;  // NUL-separated
  std::map<std::string, std::uint16_t> abbreviation_offsets_;
  std::vector<TypeKey> types_;
  std::map<TypeKey, std::uint16_t> type_indices_;
  std::vector<std::int64_t> times_;
  std::vector<std::uint16_t> time_types_;
  std::vector<Rules> rules_;
  std::map<std::vector<std::int64_t>, std::uint16_t> rules_by_content_;
  std::vector<std::pair<std::string, std::uint16_t>> names_;
};

}  // namespace slaudit::tzgen
