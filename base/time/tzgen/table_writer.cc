#include "base/time/tzgen/table_writer.h"

#include <limits>

namespace slaudit::tzgen {
namespace {

constexpr std::size_t max_u16 = std::numeric_limits<std::uint16_t>::max();

// Numbers in rows, so the generated file stays readable and diffs stay small.
template <typename T>
void write_rows(std::ostream& out, const std::vector<T>& values, std::size_t per_row) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    out << (i % per_row == 0 ? "  " : " ");
    out << +values[i];
    out << ',' << ((i + 1) % per_row == 0 || i + 1 == values.size() ? "\n" : "");
  }
}

}  // namespace

std::uint16_t TableWriter::intern_abbreviation(const std::string& abbreviation) {
  const auto found = abbreviation_offsets_.find(abbreviation);
  if (found != abbreviation_offsets_.end()) return found->second;
  const auto offset = static_cast<std::uint16_t>(abbreviations_.size());
  abbreviations_ += abbreviation;
  abbreviations_ += '\0';
  abbreviation_offsets_.emplace(abbreviation, offset);
  return offset;
}

std::uint16_t TableWriter::intern_type(const TzifLocalTimeType& type) {
  TypeKey key{type.utc_offset_seconds, type.is_dst, type.abbreviation};
  const auto found = type_indices_.find(key);
  if (found != type_indices_.end()) return found->second;
  intern_abbreviation(type.abbreviation);
  const auto index = static_cast<std::uint16_t>(types_.size());
  types_.push_back(key);
  type_indices_.emplace(std::move(key), index);
  return index;
}

bool TableWriter::add_zone(const std::string& name, const ZoneHistory& history, std::string& error) {
  std::vector<std::int64_t> content{intern_type(history.types[history.initial_type])};
  for (std::size_t i = 0; i < history.transition_times.size(); ++i) {
    content.push_back(history.transition_times[i]);
    content.push_back(intern_type(history.types[history.transition_types[i]]));
  }
  if (types_.size() > max_u16 || abbreviations_.size() > max_u16)
    return error = "too many local time types or abbreviations", false;
  auto [entry, is_new] = rules_by_content_.try_emplace(content, static_cast<std::uint16_t>(rules_.size()));
  if (is_new) {
    if (rules_.size() >= max_u16) return error = "too many distinct zones", false;
    rules_.push_back({static_cast<std::uint32_t>(times_.size()),
                      static_cast<std::uint32_t>(history.transition_times.size()),
                      static_cast<std::uint16_t>(content[0])});
    for (std::size_t i = 1; i < content.size(); i += 2) {
      times_.push_back(content[i]);
      time_types_.push_back(static_cast<std::uint16_t>(content[i + 1]));
    }
  }
  names_.emplace_back(name, entry->second);
  return true;
}

void TableWriter::write(std::ostream& out, const std::string& tzdata_version, int last_rule_year) const {
  out << "// Generated at build time by slaudit_tzgen (base/time/tzgen/) from the TZif files\n"
         "// of tzdata " << tzdata_version << ". Do not edit; do not commit.\n"
         "#include <cstdint>\n\n#include \"base/time/tzdb_data.h\"\n\n"
         "namespace slaudit::tzdb {\n\n"
      << "const char version[] = \"" << tzdata_version << "\";\n"
      << "const int last_rule_year = " << last_rule_year << ";\n\n";
  // One literal per abbreviation, so that "\0" is never read as an octal escape with what follows.
  out << "const char abbreviations[] =\n";
  for (std::size_t start = 0; start < abbreviations_.size();) {
    const std::size_t end = abbreviations_.find('\0', start);
    out << "  \"" << abbreviations_.substr(start, end - start) << "\\0\"\n";
    start = end + 1;
  }
  out << "  ;\n\nconst LocalTimeType local_time_types[] = {\n";
  for (const auto& [offset, is_dst, abbreviation] : types_)
    out << "  {" << offset << ", " << abbreviation_offsets_.at(abbreviation) << ", "
        << (is_dst ? "true" : "false") << "},  // " << abbreviation << "\n";
  out << "};\n\nconst std::int64_t transition_times[] = {\n";
  write_rows(out, times_, 4);
  out << "};\n\nconst std::uint16_t transition_types[] = {\n";
  write_rows(out, time_types_, 16);
  out << "};\n\nconst ZoneRules zone_rules[] = {\n";
  for (const Rules& r : rules_)
    out << "  {" << r.first_transition << ", " << r.transition_count << ", " << r.initial_type << "},\n";
  out << "};\n\nconst ZoneName zone_names[] = {\n";
  for (const auto& [name, rules] : names_)
    out << "  {std::string_view(\"" << name << "\", " << name.size() << "), " << rules << "},\n";
  out << "};\n\nconst std::uint32_t zone_name_count = " << names_.size() << ";\n\n"
      << "}  // namespace slaudit::tzdb\n";
}

}  // namespace slaudit::tzgen
