// The part every incident source shares (telemetry/sources/source_log.h):
// names resolved to services, the accounting identity by construction, and
// the lines of a JSON document's records.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "telemetry/sources/source_log.h"

using namespace slaudit;

TEST_CASE("lower_snake_name folds a source's display name into a service name", "[sources]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"Git Operations", "git_operations"},
      {"API Requests", "api_requests"},
      {"EC2", "ec2"},
      {"  Webhooks  ", "webhooks"},
      {"Microsoft.Compute/virtualMachines", "microsoft_compute_virtualmachines"},
      {"Google Compute Engine", "google_compute_engine"},
      {"a--b__c", "a_b_c"},
      {"Actions (EU)", "actions_eu"},
      {"Café", "caf"},  // non-ASCII bytes separate words, at the end they leave nothing
      {"", ""},
  };
  for (const auto& [name, snake] : cases) {
    INFO(name);
    CHECK(lower_snake_name(name) == snake);
  }
}

TEST_CASE("SourceNames resolves by the user's map first then by the lower_snake form", "[sources]") {
  const SourceNames names(ServiceNames{"api", "git", "git_operations"},
                          {{"Git Operations", SourceTarget{"git", "ops"}}, {"REST", SourceTarget{"api", ""}}});
  CHECK(names.resolve("Git Operations") == SourceTarget{"git", "ops"});  // the map wins over the snake form
  CHECK(names.resolve("REST") == SourceTarget{"api", ""});
  CHECK(names.resolve("API") == SourceTarget{"api", ""});
  CHECK(names.resolve("git operations") == SourceTarget{"git_operations", ""});  // only the exact name is mapped
  CHECK_FALSE(names.resolve("Webhooks").has_value());
  CHECK_FALSE(names.resolve("").has_value());
}

TEST_CASE("SourceLog keeps read = used + rejected + not for this contract and lists unmapped names", "[sources]") {
  SourceLog log("status.json", "abc");
  Incident a;
  a.id = "i1/api";
  Incident b;
  b.id = "i1/git";
  log.use({a, b});  // one record, two services: two incidents, one record used
  log.unmapped_name("Webhooks");
  log.reject(7, "field 'started_at' is not a timestamp");
  log.not_for_contract({"Webhooks", "Pages"});
  log.not_for_contract({"Pages"});
  const IncidentLog out = std::move(log).finish();
  CHECK(out.records_read == 4);
  CHECK(out.incidents.size() == 2);
  CHECK(out.rejected.size() == 1);
  CHECK(out.not_for_contract == 2);
  CHECK(out.used_records() == 1);  // 4 read - 1 rejected - 2 not for this contract
  // Sorted by name, with the records that carried each: Pages 2, Webhooks 2 (one used record, one not).
  REQUIRE(out.notes.size() == 2);
  CHECK(out.notes[0] == "status.json: 'Pages' maps to no service of the contract: 2 record(s) "
                        "(--source-map maps a source's names)");
  CHECK(out.notes[1].starts_with("status.json: 'Webhooks' maps to no service of the contract: 2 record(s)"));
}

TEST_CASE("json_array_element_lines finds the line each record starts on", "[sources]") {
  const std::string doc =
      "{\"page\": {\"name\": \"incidents [not an array]\"},\n"  // line 1: brackets inside a string count for nothing
      " \"incidents\": [\n"                                      // line 2
      "  {\"id\": \"a\", \"components\": [{\"id\": 1}]},\n"      // line 3: a nested array is not the records'
      "  {\"id\": \"b\\\"}\",\n"                                  // line 4: an escaped quote inside a string
      "   \"x\": 1},\n"
      "\n"
      "  {\"id\": \"c\"}\n"                                       // line 7
      " ]}\n";
  CHECK(json_array_element_lines(doc, "incidents") == std::vector<size_t>{3, 4, 7});
  CHECK(json_array_element_lines(doc, "scheduled_maintenances").empty());
  CHECK(json_array_element_lines("[\n{\"a\":1},\n{\"b\":[1,2]}]", "") == std::vector<size_t>{2, 3});
  CHECK(json_array_element_lines("[]", "").empty());
  CHECK(json_array_element_lines("{\"incidents\": []}", "incidents").empty());
  // A member of that name deeper down is not the document's.
  CHECK(json_array_element_lines("{\"page\": {\"incidents\": [1]}}", "incidents").empty());
}
