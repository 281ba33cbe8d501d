// `slaudit compare`: each contract compiled and linted, its compared service
// chosen, its evidence read from beside it (or from --evidence DIR).
#include <filesystem>

#include "jobs/compare_inputs.h"
#include "rules/lint.h"

namespace slaudit::jobs {

namespace {

namespace fs = std::filesystem;

bool compile(const std::string& path, CompareInputs& inputs, LoadedVendor& vendor, CompareJob& job) {
  if (compile_contract_input(path, inputs.files, job.messages, vendor.source, vendor.compiled)) return true;
  if (vendor.compiled) job.exit_code = kContractErrors;  // read, but it has errors
  return false;
}

std::vector<selection::RuleFinding> findings(const LoadedVendor& vendor) {
  const rules::LintResult lint = rules::lint_contract(*vendor.source, *vendor.compiled, rules::RuleOptions{});
  std::vector<selection::RuleFinding> out;
  for (const Diagnostic& d : lint.findings.sorted())
    if (d.code != "unknown-rule") out.push_back({d.code, vendor.source->location(d.range.begin).line, d.message});
  return out;
}

// The compared service: --service, or the contract's only one.
std::optional<size_t> compared_service(const CompareJobOptions& o, const LoadedVendor& vendor, Messages& messages) {
  const model::Contract& contract = *vendor.compiled->contract;
  const std::string& path = vendor.source->name();
  if (!o.service.empty()) {
    if (auto index = contract.find_service(o.service)) return index;
    messages.push_back("slaudit compare: " + path + " has no service '" + o.service + "'");
    return std::nullopt;
  }
  if (contract.services.size() == 1) return 0;
  std::string names;
  for (const model::Service& s : contract.services) names += (names.empty() ? "" : ", ") + s.name;
  messages.push_back("slaudit compare: " + path + (contract.services.empty() ? " has no service" : " has services " + names) +
                     "; name the one to compare with --service");
  return std::nullopt;
}

// NAME.EXT in the evidence folder of `contract`, when it exists.
std::optional<std::string> evidence_file(const CompareJobOptions& o, const std::string& contract, const std::string& ext) {
  const fs::path path(contract);
  const fs::path dir = o.evidence_dir.empty() ? path.parent_path() : fs::path(o.evidence_dir);
  const fs::path file = dir / (path.stem().string() + ext);
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  return file.string();
}

bool read_inventory(const std::string& path, CompareInputs& inputs, LoadedVendor& vendor, Messages& messages) {
  const auto bytes = read_input("inventory", path, inputs.files, messages);
  if (!bytes) return false;
  evidence::InventoryResult result = evidence::read_inventory(*bytes, path);
  for (const evidence::InventoryError& e : result.errors) messages.push_back(evidence::inventory_error_text(path, e));
  if (!result.ok()) return false;
  const size_t n = result.inventory->clusters.size();
  inputs.records.push_back({path, n, n, 0});
  vendor.inventory = std::move(result.inventory);
  return true;
}

bool read_measurements(const std::string& path, CompareInputs& inputs, LoadedVendor& vendor, Messages& messages) {
  const auto bytes = read_input("measurements", path, inputs.files, messages);
  if (!bytes) return false;
  vendor.measurements = evidence::read_measurements(*bytes, path, service_names(*vendor.compiled->contract));
  const auto& log = *vendor.measurements;
  inputs.records.push_back({path, log.records_read, log.measurements.size(), log.rejected.size()});
  for (const RejectedRecord& r : log.rejected) inputs.rejected.push_back({path, r.line, r.reason});
  return true;
}

bool read_incidents(const std::string& path, CompareInputs& inputs, LoadedVendor& vendor, Messages& messages) {
  std::optional<IncidentLog> log =
      read_incident_input({.path = path}, service_names(*vendor.compiled->contract), inputs.files, messages);
  if (!log) return false;
  inputs.records.push_back({path, log->records_read, log->used_records(), log->rejected.size(), log->not_for_contract});
  for (const RejectedRecord& r : log->rejected) inputs.rejected.push_back({path, r.line, r.reason});
  vendor.incidents = std::move(log);
  return true;
}

bool read_evidence(const CompareJobOptions& o, CompareInputs& inputs, LoadedVendor& vendor, Messages& messages) {
  if (o.no_evidence) return true;
  const std::string& contract = vendor.source->name();
  if (auto path = evidence_file(o, contract, ".inventory.json"); path && !read_inventory(*path, inputs, vendor, messages))
    return false;
  if (auto path = evidence_file(o, contract, ".measurements.jsonl");
      path && !read_measurements(*path, inputs, vendor, messages))
    return false;
  std::optional<std::string> incidents = evidence_file(o, contract, ".incidents.jsonl");
  if (!incidents) incidents = evidence_file(o, contract, ".incidents.csv");
  return !incidents || read_incidents(*incidents, inputs, vendor, messages);
}

// The provider's name, or the file's stem when the contract names none or two vendors share it.
void name_vendors(std::vector<std::unique_ptr<LoadedVendor>>& vendors) {
  for (auto& v : vendors) {
    const model::Contract& contract = *v->compiled->contract;
    v->input.name = contract.provider.value_or(fs::path(v->source->name()).stem().string());
  }
  for (auto& v : vendors) {
    size_t same = 0;
    for (const auto& other : vendors) same += other->input.name == v->input.name;
    if (same > 1) v->input.name += " (" + fs::path(v->source->name()).filename().string() + ")";
  }
}

}  // namespace

bool load_vendors(const CompareJobOptions& o, CompareInputs& inputs, std::vector<std::unique_ptr<LoadedVendor>>& vendors,
                  CompareJob& job) {
  for (const std::string& path : o.contracts) {
    auto vendor = std::make_unique<LoadedVendor>();
    if (!compile(path, inputs, *vendor, job)) return false;
    const std::optional<size_t> service = compared_service(o, *vendor, job.messages);
    if (!service || !read_evidence(o, inputs, *vendor, job.messages)) return false;
    selection::VendorInput& in = vendor->input;
    in.source = vendor->source.get();
    in.contract = &*vendor->compiled->contract;
    in.syntax = &vendor->compiled->syntax.contracts.front();
    in.service = *service;
    in.findings = findings(*vendor);
    if (vendor->inventory) in.inventory = &*vendor->inventory;
    if (vendor->measurements) in.measurements = &vendor->measurements->measurements;
    if (vendor->incidents) in.incidents = &vendor->incidents->incidents;
    vendors.push_back(std::move(vendor));
  }
  name_vendors(vendors);
  return true;
}

}  // namespace slaudit::jobs
