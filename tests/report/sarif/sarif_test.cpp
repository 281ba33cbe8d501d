// `--format sarif`: the shape SARIF 2.1.0 requires (after the OASIS schema
// sarif-schema-2.1.0.json: sarifLog needs version and runs, run needs tool,
// tool needs driver, toolComponent needs name, reportingDescriptor needs id,
// result needs message, invocation needs executionSuccessful, suppression
// needs kind), levels from the schema's enum, ruleIndex consistent with
// ruleId, 1-based regions, suppressed findings marked inSource, and no key
// the schema does not define (it sets additionalProperties: false).
#include <catch2/catch.hpp>

#include <set>

#include "rules/registry.h"
#include "report/sarif/sarif.h"
#include "rules/support.h"
#include "tests/rules/rule_test_support.h"

using namespace slaudit;
using nlohmann::json;

namespace {

const char* const kContract =
    "// slaudit: disable billing-no-granularity\n"
    "contract \"t\" {\n"
    "  timezone \"UTC\"; currency USD;\n"
    "  service s { fee 100.00 per month; }\n"
    "  @allow(superlative_claim, \"marketing text, kept as published\") claim \"业界领先\";\n"
    "  claim \"x\": gpus >= 10000;\n"
    "}\n";

json sarif_of(const std::vector<std::string>& texts) {
  std::vector<rules::CheckedFile> inputs;
  for (size_t i = 0; i < texts.size(); ++i) {
    auto source = std::make_shared<SourceFile>("dir/file " + std::to_string(i) + ".sla", texts[i]);
    auto compiled = std::make_shared<CompiledContract>(compile_contract(*source));
    auto lint = std::make_shared<rules::LintResult>(rules::lint_contract(*source, *compiled, {}));
    inputs.push_back({source, compiled, lint});
  }
  // Through text and back: the test reads what a tool would read.
  return json::parse(report::sarif_log(inputs).dump(2));
}

// The schema sets additionalProperties: false on these objects; the keys it
// defines (those slaudit may write), so a misspelt key fails here.
void keys_within(const json& object, const std::set<std::string>& allowed, const char* what) {
  for (const auto& [key, value] : object.items()) {
    INFO(what << "." << key);
    CHECK(allowed.count(key) == 1);
  }
}

void require_schema_keys(const json& log) {
  keys_within(log, {"$schema", "version", "runs", "inlineExternalProperties", "properties"}, "sarifLog");
  const auto& run = log.at("runs")[0];
  keys_within(run, {"tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds",
                    "artifacts", "logicalLocations", "graphs", "results", "automationDetails", "runAggregates",
                    "baselineGuid", "redactionTokens", "defaultEncoding", "defaultSourceLanguage", "newlineSequences",
                    "columnKind", "externalPropertyFileReferences", "threadFlowLocations", "taxonomies", "addresses",
                    "translations", "policies", "webRequests", "webResponses", "specialLocations", "properties"},
              "run");
  keys_within(run.at("tool"), {"driver", "extensions", "properties"}, "tool");
  keys_within(run.at("tool").at("driver"),
              {"guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription",
               "fullName", "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri",
               "informationUri", "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language",
               "contents", "isComprehensive", "localizedDataSemanticVersion", "minimumRequiredLocalizedDataSemanticVersion",
               "associatedComponent", "translationMetadata", "supportedTaxonomies", "properties"},
              "toolComponent");
  for (const auto& r : run.at("tool").at("driver").at("rules")) {
    keys_within(r, {"id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription",
                    "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships",
                    "properties"},
                "reportingDescriptor");
    keys_within(r.at("defaultConfiguration"), {"enabled", "level", "rank", "parameters", "properties"},
                "reportingConfiguration");
  }
  for (const auto& inv : run.at("invocations"))
    keys_within(inv, {"commandLine", "arguments", "responseFiles", "startTimeUtc", "endTimeUtc", "exitCode",
                      "ruleConfigurationOverrides", "notificationConfigurationOverrides", "toolExecutionNotifications",
                      "toolConfigurationNotifications", "exitCodeDescription", "exitSignalName", "exitSignalNumber",
                      "processStartFailureMessage", "executionSuccessful", "machine", "account", "processId",
                      "executableLocation", "workingDirectory", "environmentVariables", "stdin", "stdout", "stderr",
                      "stdoutStderr", "properties"},
               "invocation");
  for (const auto& a : run.at("artifacts"))
    keys_within(a, {"description", "location", "parentIndex", "offset", "length", "roles", "mimeType", "contents",
                    "encoding", "sourceLanguage", "hashes", "lastModifiedTimeUtc", "properties"},
                "artifact");
  const std::set<std::string> location_keys = {"id", "physicalLocation", "logicalLocations", "message",
                                               "annotations", "relationships", "properties"};
  const std::set<std::string> physical_keys = {"address", "artifactLocation", "region", "contextRegion", "properties"};
  const std::set<std::string> region_keys = {"startLine", "startColumn", "endLine", "endColumn", "charOffset",
                                             "charLength", "byteOffset", "byteLength", "snippet", "message",
                                             "sourceLanguage", "properties"};
  auto check_location = [&](const json& l) {
    keys_within(l, location_keys, "location");
    keys_within(l.at("physicalLocation"), physical_keys, "physicalLocation");
    keys_within(l.at("physicalLocation").at("artifactLocation"),
                {"uri", "uriBaseId", "index", "description", "properties"}, "artifactLocation");
    keys_within(l.at("physicalLocation").at("region"), region_keys, "region");
  };
  for (const auto& res : run.at("results")) {
    keys_within(res, {"ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
                      "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks",
                      "codeFlows", "graphs", "graphTraversals", "relatedLocations", "suppressions", "baselineState",
                      "rank", "attachments", "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa",
                      "webRequest", "webResponse", "properties"},
                "result");
    for (const auto& l : res.at("locations")) check_location(l);
    // fix needs artifactChanges; artifactChange needs artifactLocation and replacements; replacement needs
    // deletedRegion (insertedContent is an artifactContent).
    if (res.contains("fixes"))
      for (const auto& f : res.at("fixes")) {
        keys_within(f, {"description", "artifactChanges", "properties"}, "fix");
        REQUIRE(f.at("artifactChanges").size() >= 1);
        for (const auto& change : f.at("artifactChanges")) {
          keys_within(change, {"artifactLocation", "replacements", "properties"}, "artifactChange");
          REQUIRE(change.at("replacements").size() >= 1);
          for (const auto& r : change.at("replacements")) {
            keys_within(r, {"deletedRegion", "insertedContent", "properties"}, "replacement");
            keys_within(r.at("deletedRegion"), region_keys, "deletedRegion");
            keys_within(r.at("insertedContent"), {"text", "binary", "rendered", "properties"}, "artifactContent");
          }
        }
      }
    if (res.contains("suppressions"))
      for (const auto& s : res.at("suppressions")) {
        keys_within(s, {"guid", "kind", "status", "justification", "location", "properties"}, "suppression");
        if (s.contains("location")) check_location(s.at("location"));
      }
  }
}

void require_shape(const json& log) {
  require_schema_keys(log);
  REQUIRE(log.at("version") == "2.1.0");
  REQUIRE(log.at("$schema").get<std::string>().find("sarif-schema-2.1.0.json") != std::string::npos);
  REQUIRE(log.at("runs").is_array());
  REQUIRE(log.at("runs").size() == 1);
  const auto& run = log.at("runs")[0];
  const auto& driver = run.at("tool").at("driver");
  CHECK(driver.at("name") == "slaudit");
  CHECK(driver.at("version").is_string());
  CHECK(driver.at("informationUri").get<std::string>().rfind("https://", 0) == 0);
  const std::set<std::string> levels = {"none", "note", "warning", "error"};
  const auto& rules = driver.at("rules");
  REQUIRE(rules.is_array());
  for (const auto& r : rules) {
    CHECK(r.at("id").is_string());
    CHECK(r.at("name").is_string());
    CHECK(r.at("shortDescription").at("text").is_string());
    CHECK(r.at("fullDescription").at("text").is_string());
    CHECK(r.at("help").at("text").is_string());
    CHECK(levels.count(r.at("defaultConfiguration").at("level").get<std::string>()) == 1);
  }
  for (const auto& inv : run.at("invocations")) CHECK(inv.at("executionSuccessful").is_boolean());
  const auto& artifacts = run.at("artifacts");
  for (const auto& a : artifacts) CHECK(a.at("location").at("uri").is_string());
  CHECK(run.at("columnKind") == "unicodeCodePoints");
  for (const auto& res : run.at("results")) {
    const std::string id = res.at("ruleId");
    const size_t index = res.at("ruleIndex");
    REQUIRE(index < rules.size());
    CHECK(rules[index].at("id") == id);
    CHECK(levels.count(res.at("level").get<std::string>()) == 1);
    CHECK(res.at("message").at("text").is_string());
    REQUIRE(res.at("locations").size() == 1);
    const auto& loc = res.at("locations")[0].at("physicalLocation");
    const size_t artifact = loc.at("artifactLocation").at("index");
    REQUIRE(artifact < artifacts.size());
    CHECK(loc.at("artifactLocation").at("uri") == artifacts[artifact].at("location").at("uri"));
    const auto& region = loc.at("region");
    CHECK(region.at("startLine").get<int>() >= 1);
    CHECK(region.at("startColumn").get<int>() >= 1);
    CHECK(region.at("endLine").get<int>() >= region.at("startLine").get<int>());
    CHECK(region.at("endColumn").get<int>() >= 1);
    if (res.contains("suppressions"))
      for (const auto& s : res.at("suppressions")) CHECK((s.at("kind") == "inSource" || s.at("kind") == "external"));
  }
}

}  // namespace

TEST_CASE("rules sarif: required fields, levels, rule indexes and 1-based regions", "[rules]") {
  const auto log = sarif_of({kContract});
  require_shape(log);
  const auto& run = log.at("runs")[0];
  // The whole catalogue, in registry order, then nothing else (no checker diagnostics here).
  const auto& rules = run.at("tool").at("driver").at("rules");
  REQUIRE(rules.size() == rules::all_rules().size());
  CHECK(rules[0].at("id") == "cluster-size-scope");
  CHECK(rules[0].at("name") == "ClusterSizeScope");
  CHECK(rules[0].at("defaultConfiguration").at("level") == "warning");
  CHECK(run.at("invocations")[0].at("executionSuccessful") == true);
  CHECK(run.at("artifacts")[0].at("location").at("uri") == "dir/file%200.sla");
  CHECK(run.at("artifacts")[0].at("length") == std::string(kContract).size());

  const auto& results = run.at("results");
  REQUIRE(results.size() == 3);
  // Sorted by position: the fee (billing, suppressed), the superlative (suppressed), the gpus claim.
  CHECK(results[0].at("ruleId") == "billing-no-granularity");
  CHECK(results[0].at("suppressions")[0].at("kind") == "inSource");
  CHECK(results[0].at("suppressions")[0].at("justification") == "'slaudit: disable' comment at 1:1");
  CHECK(results[1].at("ruleId") == "superlative-claim");
  CHECK(results[1].at("suppressions")[0].at("justification") ==
        "@allow attribute at 5:3: marketing text, kept as published");
  const auto& r1 = results[1].at("locations")[0].at("physicalLocation").at("region");
  // 业界领先: 领先 is the 3rd and 4th code point of the text; columns count code points.
  CHECK(r1.at("startLine") == 5);
  CHECK(r1.at("startColumn") == 75);
  CHECK(r1.at("endColumn") == 77);
  CHECK(results[2].at("ruleId") == "cluster-size-scope");
  CHECK(results[2].at("ruleIndex") == 0);
  CHECK(results[2].at("level") == "warning");
  CHECK_FALSE(results[2].contains("suppressions"));
  const auto& disabled = run.at("properties").at("disabledRules");
  REQUIRE(disabled.size() == 2);
  CHECK(disabled[0] == json{{"rule", "billing-no-granularity"}, {"uri", "dir/file%200.sla"}, {"line", 1},
                            {"column", 1}, {"by", "comment"}, {"scope", "file"}, {"suppressed", 1}, {"reason", ""}});
  CHECK(disabled[1].at("rule") == "superlative-claim");
  CHECK(disabled[1].at("reason") == "marketing text, kept as published");
  const auto& r2 = results[2].at("locations")[0].at("physicalLocation").at("region");
  CHECK(r2 == json{{"startLine", 6}, {"startColumn", 14}, {"endLine", 6}, {"endColumn", 27}});
}

TEST_CASE("rules sarif: checker diagnostics get rules after the catalogue", "[rules]") {
  const auto log = sarif_of({kContract, "contract \"bad\" { claim \"x\": gpus >= 10 nodes; }\n"});
  require_shape(log);
  const auto& run = log.at("runs")[0];
  const auto& rules = run.at("tool").at("driver").at("rules");
  REQUIRE(rules.size() == rules::all_rules().size() + 1);
  CHECK(rules.back().at("id") == "unit-mismatch");
  CHECK(rules.back().at("defaultConfiguration").at("level") == "error");
  const auto& last = run.at("results").back();
  CHECK(last.at("ruleId") == "unit-mismatch");
  CHECK(last.at("ruleIndex") == rules.size() - 1);
  CHECK(last.at("level") == "error");
  CHECK(last.at("locations")[0].at("physicalLocation").at("artifactLocation").at("index") == 1);
}

TEST_CASE("rules sarif: deterministic output and unreadable files", "[rules]") {
  CHECK(sarif_of({kContract}) == sarif_of({kContract}));
  const auto log = json::parse(report::sarif_log({}, {"cannot read 'missing.sla': No such file or directory"}).dump());
  require_shape(log);
  const auto& inv = log.at("runs")[0].at("invocations")[0];
  CHECK(inv.at("executionSuccessful") == false);
  CHECK(inv.at("toolExecutionNotifications")[0].at("level") == "error");
  CHECK(report::path_to_uri("a b/合同.sla") == "a%20b/%E5%90%88%E5%90%8C.sla");
}

TEST_CASE("rules sarif: a hint that is a substitution is a fix with every replacement", "[rules]") {
  // Two full-width semicolons (U+FF1B) on line 2: one result, one fix replacing both. Columns count code points:
  // `  timezone "UTC"` is 16, so the first is column 17; ` currency USD` is 13 more, so the second is column 31.
  const auto log = sarif_of({"contract \"t\" {\n  timezone \"UTC\"\xEF\xBC\x9B currency USD\xEF\xBC\x9B\n"
                             "  service s { fee 100.00 per month; }\n}\n"});
  require_shape(log);
  const auto& results = log.at("runs")[0].at("results");
  REQUIRE(results.size() == 1);
  CHECK(results[0].at("ruleId") == "look-alike");
  const auto& fixes = results[0].at("fixes");
  REQUIRE(fixes.size() == 1);
  CHECK(fixes[0].at("description").at("text") == "write ';'");
  const auto& change = fixes[0].at("artifactChanges")[0];
  CHECK(change.at("artifactLocation").at("index") == 0);
  CHECK(change.at("replacements") ==
        json::parse(R"([{"deletedRegion":{"startLine":2,"startColumn":17,"endLine":2,"endColumn":18},)"
                    R"("insertedContent":{"text":";"}},)"
                    R"({"deletedRegion":{"startLine":2,"startColumn":31,"endLine":2,"endColumn":32},)"
                    R"("insertedContent":{"text":";"}}])"));
  // A diagnostic without a substitution has no fix.
  const auto plain = sarif_of({"contract \"t\" { provder \"P\"; }\n"});
  CHECK_FALSE(plain.at("runs")[0].at("results")[0].contains("fixes"));
}
