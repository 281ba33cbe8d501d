#include "telemetry/sources/source_map.h"

#include <array>
#include <optional>

#include "telemetry/common/csv.h"
#include "telemetry/common/csv_header.h"
#include "telemetry/common/name_check.h"

namespace slaudit {
namespace {

constexpr std::array<std::string_view, 3> kColumns = {"source", "service", "component"};
constexpr std::array<std::string_view, 2> kRequired = {"source", "service"};

struct Columns {
  size_t source = 0, service = 0;
  std::optional<size_t> component;
};

Columns columns_of(const CsvRecord& header) {
  Columns c;
  for (size_t i = 0; i < header.fields.size(); ++i) {
    if (header.fields[i] == "source") c.source = i;
    if (header.fields[i] == "service") c.service = i;
    if (header.fields[i] == "component") c.component = i;
  }
  return c;
}

// Why the row cannot be a mapping, or nullopt; `target` filled when it can.
std::optional<std::string> row_problem(const CsvRecord& row, const Columns& c, size_t columns,
                                       const ServiceNames& services, std::string& source, SourceTarget& target) {
  if (!row.error.empty()) return row.error;
  if (row.fields.size() != columns)
    return "the row has " + std::to_string(row.fields.size()) + " field(s), the header " + std::to_string(columns);
  source = row.fields[c.source];
  target.service = row.fields[c.service];
  target.component = c.component ? row.fields[*c.component] : "";
  if (source.empty()) return std::string("the source name is empty");
  for (const auto& [what, value] : {std::pair<std::string_view, const std::string&>{"source", source},
                                    {"service", target.service},
                                    {"component", target.component}})
    if (auto problem = name_problem("column '" + std::string(what) + "'", value)) return problem;
  if (!services.contains(target.service))
    return "service '" + target.service + "' is not one of the contract's services";
  return std::nullopt;
}

}  // namespace

SourceMapResult read_source_map(std::string_view content, const ServiceNames& services) {
  SourceMapResult result;
  if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
  CsvReader reader(content);
  const std::optional<CsvRecord> header = reader.next();
  if (!header) {
    result.errors.push_back("1: the map is empty: it needs a header row `source,service[,component]`");
    return result;
  }
  if (std::string problem = csv_header_problem(*header, kColumns, kRequired); !problem.empty()) {
    result.errors.push_back(std::to_string(header->line) + ": " + problem);
    return result;
  }
  const Columns columns = columns_of(*header);
  std::map<std::string, size_t, std::less<>> first_line;
  CsvRecord row;
  while (reader.next(row)) {
    std::string source;
    SourceTarget target;
    std::optional<std::string> problem = row_problem(row, columns, header->fields.size(), services, source, target);
    if (!problem) {
      if (const auto it = first_line.find(source); it != first_line.end())
        problem = "source '" + source + "' is mapped already (line " + std::to_string(it->second) + ")";
    }
    if (problem) {
      result.errors.push_back(std::to_string(row.line) + ": " + *problem);
      continue;
    }
    first_line.emplace(source, row.line);
    result.mapped.emplace(std::move(source), std::move(target));
  }
  return result;
}

}  // namespace slaudit
