#include "tests/report/sample_report.h"

#include <catch2/catch.hpp>

#include "base/util/sha256.h"

namespace slaudit::test {

namespace {

const char* const kContractText =
    "contract \"GPU 训练合同 B\" {\n"                                // 1
    "  provider \"Example Cloud\"; customer \"Example AI Lab\";\n"  // 2
    "  effective 2026-01-01 to 2027-12-31;\n"                       // 3
    "  service 训练集群 { fee 1200000.00 per month; }\n"            // 4
    "  service storage { fee 300000.00 per month; }\n"              // 5
    "  availability 训练集群 { target 99.9%; }\n"                   // 6
    "  availability storage {\n"                                    // 7
    "    target 99.9%;\n"                                           // 8
    "    credit of monthly fee { below 99.9%: 10%; }\n"             // 9
    "    cap 50% of monthly fee; claim within 30 d after period end;\n"  // 10
    "  }\n"                                                         // 11
    "  recovery 训练集群 { faults (node_down); within 20 min; credit 1% of monthly fee per breach; }\n"  // 12
    "}\n";

audit::Explanation explanation(std::string figure, std::string value, std::string derivation, SourceRange clause) {
  return {std::move(figure), std::move(value), std::move(derivation), clause};
}

// 2026-11 in Asia/Shanghai: 2026-10-31T16:00:00Z to 2026-11-30T16:00:00Z, 2,592,000 s.
audit::PeriodAudit november_period(std::string service, SourceRange clause) {
  audit::PeriodAudit p;
  p.service = service;
  p.clause_label = std::move(service);
  p.clause = clause;
  p.period = "2026-11";
  p.start = november(-8 * 3600);
  p.end = november(-8 * 3600 + 2'592'000);
  p.length = Seconds(2'592'000);
  p.eligible = 2'592'000;
  p.target = model::Percent{Decimal(999, 1)};
  return p;
}

audit::PeriodAudit training_period(const SourceFile& s) {
  audit::PeriodAudit p = november_period("训练集群", range_of(s, "availability 训练集群"));
  p.down_raw = Seconds(2592);
  p.down = 2592;  // 43.2 min: exactly 99.9%, so the target is met
  p.availability = audit::Rational(999, 1000);
  p.fee_minor = 120'000'000;
  p.explain = {explanation("availability", "99.9%", "(2,592,000 s − 2,592 s) / 2,592,000 s", range_of(s, "target 99.9%")),
               explanation("missing data", "up", "", SourceRange{})};
  audit::IncidentFinding finding;
  finding.id = "INC-1";
  finding.line = 1;
  finding.reason = SharedName("affects 10% of gpus >= 5%");
  finding.clause = range_of(s, "availability 训练集群");
  finding.start = november(3600);
  finding.end = november(3600 + 2592);
  finding.down = Seconds(2592);
  p.incidents = {finding};
  return p;
}

audit::PeriodAudit storage_period(const SourceFile& s) {
  audit::PeriodAudit p = november_period("storage", range_of(s, "availability storage"));
  p.down_raw = Seconds(4320);
  p.down = 4320;  // 72 min
  p.availability = audit::Rational(2'592'000 - 4320, 2'592'000);
  p.met = false;
  p.tier = model::CreditTier{model::Percent{Decimal(999, 1)}, model::Percent{Decimal(0, 0)},
                             model::Percent{Decimal(10, 0)}, range_of(s, "below 99.9%: 10%")};
  p.fee_minor = 30'000'000;
  p.credit_minor = 3'000'000;
  p.cap_minor = 15'000'000;
  model::Cap cap;
  cap.percent_of_fee = model::Percent{Decimal(50, 0)};
  cap.range = range_of(s, "cap 50% of monthly fee");
  p.caps = {cap};
  p.owed_minor = 3'000'000;
  p.claim.state = audit::ClaimState::InTime;
  p.claim.deadline = model::CivilDate{2026, 12, 30};
  p.claim.claimed = model::CivilDate{2026, 12, 10};
  p.claim.clause = range_of(s, "claim within 30 d");
  p.explain = {explanation("credit", "30000.00 CNY", "10% of fee 300000.00 CNY", range_of(s, "below 99.9%: 10%")),
               explanation("eligible", "2592000 s", "the whole period", SourceRange{})};
  audit::IncidentFinding finding;
  p.timeline = {{p.start, november(7200), audit::TimeState::Up},
                {november(7200), november(7200 + 4320), audit::TimeState::Down},
                {november(7200 + 4320), p.end, audit::TimeState::Up}};
  finding.id = "INC-2";
  finding.line = 2;
  finding.reason = SharedName("any incident counts");
  finding.start = november(7200);
  finding.end = november(7200 + 4320);
  finding.down = Seconds(4320);
  finding.segments = audit::SegmentSpan{1, 1};  // active in the down segment only
  p.incidents = {finding};
  return p;
}

audit::RecoveryAudit training_recovery(const SourceFile& s) {
  audit::RecoveryAudit r;
  r.service = "训练集群";
  r.clause_label = "训练集群";
  r.clause = range_of(s, "recovery 训练集群");
  r.limit = Seconds(1200);
  audit::RecoveryFinding finding;
  finding.id = "INC-1";
  finding.line = 1;
  finding.fault = "node_down";
  finding.time_to_recover = Seconds(1500);
  finding.breach = true;
  // Detected 09:00 and recovered 09:25 in Shanghai (+08:00): 01:00 and 01:25 UTC.
  finding.clock = {november(3600), november(3600 + 1500), true, true};
  r.findings = {finding};
  r.covered = 1;
  r.stats = {{"node_down", 1, Seconds(1500), Seconds(1500), Seconds(1500), 1}};
  r.uncovered = {{"gpu_xid", 1, Seconds(600), Seconds(600), Seconds(600), 0}};
  r.uncovered_incidents = {"INC-9"};
  r.breaches = 1;
  r.credit_minor = 1'200'000;
  r.owed_minor = 1'200'000;
  r.explain = {explanation("recovery credit", "12000.00 CNY", "1 breach × 1% of fee 1200000.00 CNY",
                           range_of(s, "credit 1% of monthly fee per breach"))};
  return r;
}

}  // namespace

SourceRange range_of(const SourceFile& source, std::string_view needle) {
  const size_t at = source.text().find(needle);
  REQUIRE(at != std::string::npos);
  return {static_cast<uint32_t>(at), static_cast<uint32_t>(at + needle.size())};
}

Instant november(int64_t seconds) {
  using namespace std::chrono;
  return sys_days{year{2026} / 11 / 1} + Seconds(seconds);
}

SourceFile sample_contract_source() { return SourceFile("contract.sla", kContractText); }

model::Contract sample_contract() {
  model::Contract c;
  c.title = "GPU 训练合同 B";
  c.provider = "Example Cloud";
  c.customer = "Example AI Lab";
  c.effective_from = model::CivilDate{2026, 1, 1};
  c.effective_until = model::CivilDate{2027, 12, 31};
  c.timezone = "Asia/Shanghai";
  c.currency = model::Currency{"CNY", 2};
  return c;
}

audit::AuditReport sample_report(const SourceFile& source) {
  audit::AuditReport r;
  r.engine_version = "0.1.0";
  r.tzdata_version = "2025b";
  r.inputs = {{"contract", "contract.sla", sha256_hex(source.text())},
              {"incidents", "incidents.jsonl", sha256_hex("incident log")}};
  r.contract_title = "GPU 训练合同 B";
  r.timezone = "Asia/Shanghai";
  r.currency = model::Currency{"CNY", 2};
  r.range = "2026-11";
  r.records = {{"incidents.jsonl", 3, 2, 1}};
  r.rejected = {{"incidents.jsonl", 3, "missing field 'start'"}};
  r.periods = {training_period(source), storage_period(source)};
  r.recovery = {training_recovery(source)};
  r.totals = {{"训练集群", 1'200'000}, {"storage", 3'000'000}};
  r.total_owed_minor = 4'200'000;
  r.verdict = audit::Verdict::Breached;  // as add_totals would say: storage missed, a recovery breach
  return r;
}

}  // namespace slaudit::test
