#include "tests/engine/selection/selection_fixture.h"

#include <catch2/catch.hpp>

#include "rules/lint.h"

namespace slaudit::test {

const selection::Criterion& Compared::criterion(selection::Dimension d, const std::string& name) const {
  for (const selection::Criterion& c : dimension(d).criteria)
    if (c.name == name) return c;
  FAIL("no criterion '" << name << "' in " << selection::dimension_id(d));
  throw;
}

std::unique_ptr<Compared> compare_alone(const std::string& items, const Evidence& ev) {
  auto out = std::make_unique<Compared>();
  out->source = std::make_unique<SourceFile>(
      "t.sla", "contract \"t\" {\n  provider \"T\"; timezone \"Asia/Shanghai\"; currency CNY;\n" + items + "}\n");
  out->compiled = std::make_unique<CompiledContract>(compile_contract(*out->source));
  INFO(render_diagnostics(*out->source, out->compiled->diagnostics));
  REQUIRE(out->compiled->ok());
  const model::Contract& contract = *out->compiled->contract;
  selection::VendorInput in;
  in.name = "T";
  in.source = out->source.get();
  in.contract = &contract;
  in.syntax = &out->compiled->syntax.contracts.front();
  const auto service = contract.find_service("training");
  REQUIRE(service);
  in.service = *service;
  const rules::LintResult lint = rules::lint_contract(*out->source, *out->compiled, rules::RuleOptions{});
  for (const Diagnostic& d : lint.findings.sorted())
    in.findings.push_back({d.code, out->source->location(d.range.begin).line, d.message});
  if (!ev.inventory.empty()) {
    auto read = evidence::read_inventory(ev.inventory, "t.inventory.json");
    REQUIRE(read.ok());
    out->inventory = std::move(read.inventory);
    in.inventory = &*out->inventory;
  }
  if (!ev.measurements.empty()) {
    out->measurements = evidence::read_measurements(ev.measurements, "t.measurements.jsonl");
    REQUIRE(out->measurements->rejected.empty());
    in.measurements = &out->measurements->measurements;
  }
  if (!ev.incidents.empty()) {
    auto read = read_incident_log(ev.incidents, "t.incidents.jsonl", IncidentReadOptions{});
    REQUIRE(read.ok());
    REQUIRE(read.log->rejected.empty());
    out->incidents = std::move(read.log);
    in.incidents = &out->incidents->incidents;
  }
  selection::CompareRequest request;
  request.vendors.push_back(in);
  out->report = selection::compare_vendors(request);
  return out;
}

}  // namespace slaudit::test
