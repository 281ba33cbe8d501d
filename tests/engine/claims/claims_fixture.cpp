#include "tests/engine/claims/claims_fixture.h"

#include <catch2/catch.hpp>

namespace slaudit::testing {

const claims::ItemVerdict& ClaimsFixture::item(const std::string& text) const {
  for (const auto& i : report.items)
    if (i.text == text) return i;
  FAIL("no claim '" << text << "'");
  throw std::logic_error("unreachable");
}

const claims::Reading& ClaimsFixture::reading(const claims::ItemVerdict& item, const std::string& name) const {
  for (const auto& r : item.readings)
    if (r.name == name) return r;
  FAIL("no reading '" << name << "' of '" << item.text << "'");
  throw std::logic_error("unreachable");
}

std::unique_ptr<ClaimsFixture> verify_text(const std::string& contract, const ClaimsEvidenceText& ev) {
  auto fx = std::make_unique<ClaimsFixture>();
  fx->source = std::make_unique<SourceFile>("t.sla", contract);
  fx->compiled = compile_contract(*fx->source);
  INFO(render_diagnostics(*fx->source, fx->compiled.diagnostics));
  REQUIRE(fx->compiled.ok());
  claims::ClaimsRequest req;
  req.contract = &*fx->compiled.contract;
  req.contract_source = fx->source.get();
  if (ev.inventory) {
    auto r = evidence::read_inventory(*ev.inventory, "inv.json");
    for (const auto& e : r.errors) INFO(evidence::inventory_error_text("inv.json", e));
    REQUIRE(r.ok());
    fx->inventory = *r.inventory;
    req.inventory = &*fx->inventory;
  }
  if (ev.measurements) {
    fx->measurements = evidence::read_measurements(*ev.measurements, "m.jsonl");
    for (const auto& r : fx->measurements->rejected) INFO("rejected measurement " << r.line << ": " << r.reason);
    REQUIRE(fx->measurements->rejected.empty());
    req.measurements = &fx->measurements->measurements;
  }
  if (ev.incidents) {
    IncidentReadOptions options;
    options.format = LogFormat::JsonLines;
    auto read = read_incident_log(*ev.incidents, "i.jsonl", options);
    REQUIRE(read.ok());
    fx->incidents = *read.log;
    for (const auto& r : fx->incidents->rejected) INFO("rejected incident " << r.line << ": " << r.reason);
    REQUIRE(fx->incidents->rejected.empty());
    req.incidents = &fx->incidents->incidents;
  }
  if (ev.range) {
    req.range = audit::parse_audit_range(*ev.range);
    REQUIRE(req.range);
  }
  fx->report = claims::verify_claims(req);
  return fx;
}

}  // namespace slaudit::testing
