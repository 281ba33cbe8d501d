#include "tests/language/format/construct_cases.h"

namespace slaudit::format_test {

namespace {

std::string indented(const std::string& lines, int depth) {
  const std::string pad(2 * static_cast<size_t>(depth), ' ');
  std::string out;
  size_t at = 0;
  while (at < lines.size()) {
    const size_t eol = lines.find('\n', at);
    const size_t end = eol == std::string::npos ? lines.size() : eol + 1;
    if (lines[at] != '\n') out += pad;  // blank lines stay empty
    out += lines.substr(at, end - at);
    at = end;
  }
  return out;
}

// Openers from the outside in, for each area.
std::vector<std::string> openers(Area area) {
  switch (area) {
    case Area::File: return {};
    case Area::Contract: return {"contract \"t\""};
    case Area::Service: return {"contract \"t\"", "service s"};
    case Area::Availability: return {"contract \"t\"", "availability s"};
    case Area::Probes: return {"contract \"t\"", "availability s", "unavailable from probes"};
    case Area::Recovery: return {"contract \"t\"", "recovery s"};
  }
  return {};
}

// A messy wrapper: odd spacing, everything on one line.
std::string wrap_source(const std::string& snippet, const std::vector<std::string>& open) {
  std::string out;
  for (const std::string& o : open) out += o + "{ ";
  out += snippet;
  for (size_t i = 0; i < open.size(); ++i) out += " }";
  return out + "\n";
}

std::string wrap_canonical(const std::string& lines, const std::vector<std::string>& open) {
  std::string out;
  for (size_t i = 0; i < open.size(); ++i) out += indented(open[i] + " {\n", static_cast<int>(i));
  out += indented(lines, static_cast<int>(open.size()));
  for (size_t i = open.size(); i-- > 0;) out += indented("}\n", static_cast<int>(i));
  return out;
}

std::vector<ConstructCase> make_cases() {
  using A = Area;
  return {
      // ------------------------------------------------------------ file and contract
      {"empty contract", A::File, "contract   \"t\"{}", "contract \"t\" {\n}\n"},
      {"contract attributes", A::File, "@allow( rule_a ,rule_b )@note(\"why \\\"so\\\"\")contract \"t\" {}",
       "@allow(rule_a, rule_b)\n@note(\"why \\\"so\\\"\")\ncontract \"t\" {\n}\n"},
      {"two contracts", A::File, "contract \"a\" { provider \"P\"; } contract \"b\" { }",
       "contract \"a\" {\n  provider \"P\";\n}\ncontract \"b\" {\n}\n"},
      {"two contracts, blank line kept", A::File, "contract \"a\" {}\n\n\n\ncontract \"b\" {}",
       "contract \"a\" {\n}\n\ncontract \"b\" {\n}\n"},
      {"escapes kept in a title", A::File, "contract \"a\\tb \\\\ \\\"c\\\"\\n\" {}",
       "contract \"a\\tb \\\\ \\\"c\\\"\\n\" {\n}\n"},

      // ------------------------------------------------------------ contract items
      {"provider", A::Contract, "provider   \"Example Cloud\" ;", "provider \"Example Cloud\";\n"},
      {"customer", A::Contract, "customer\"Example AI Lab\";", "customer \"Example AI Lab\";\n"},
      {"effective", A::Contract, "effective 2026-01-01   to 2027-12-31;", "effective 2026-01-01 to 2027-12-31;\n"},
      {"timezone", A::Contract, "timezone \"Asia/Shanghai\";", "timezone \"Asia/Shanghai\";\n"},
      {"holidays", A::Contract, "holidays   \"CN\" ;", "holidays \"CN\";\n"},
      {"currency", A::Contract, "currency  CNY ;", "currency CNY;\n"},
      {"service, empty", A::Contract, "service training{}", "service training {\n}\n"},
      {"service named by a keyword", A::Contract, "service storage { billing per hour; }",
       "service storage {\n  billing per hour;\n}\n"},
      {"availability, no label", A::Contract, "availability training { target 99.9%; }",
       "availability training {\n  target 99.9%;\n}\n"},
      {"availability with label", A::Contract, "availability training \"schedule B\"{target 99.9%;}",
       "availability training \"schedule B\" {\n  target 99.9%;\n}\n"},
      {"availability per resource", A::Contract, "availability vm per  instance{target 99.9%;}",
       "availability vm per instance {\n  target 99.9%;\n}\n"},
      {"availability with label per resource", A::Contract, "availability vm \"premium\"per instance {}",
       "availability vm \"premium\" per instance {\n}\n"},
      {"recovery, no label", A::Contract, "recovery training { faults (node_down); }",
       "recovery training {\n  faults (node_down);\n}\n"},
      {"recovery with label", A::Contract, "recovery training\"gpu faults\" { }",
       "recovery training \"gpu faults\" {\n}\n"},
      {"composite in series with a target", A::Contract, "composite app\"checkout\" { series( web,db \"primary\" ); target 99.9 %; }",
       "composite app \"checkout\" {\n  series (web, db \"primary\");\n  target 99.9%;\n}\n"},
      {"composite in parallel", A::Contract, "composite dbs{parallel (east,west);}",
       "composite dbs {\n  parallel (east, west);\n}\n"},
      {"commit", A::Contract, "commit checkpoint_write>=400 GB / s;", "commit checkpoint_write >= 400 GB/s;\n"},
      {"commit for a service", A::Contract, "commit latency for training<=  20 ms;",
       "commit latency for training <= 20 ms;\n"},
      {"commit under load", A::Contract, "commit checkpoint_write >= 400 GB/s under   load;",
       "commit checkpoint_write >= 400 GB/s under load;\n"},
      {"commit empty", A::Contract, "commit idle_power < 50 kW empty;", "commit idle_power < 50 kW empty;\n"},
      {"commit, comparator >", A::Contract, "commit m>1;", "commit m > 1;\n"},
      {"commit, comparator <", A::Contract, "commit m<1;", "commit m < 1;\n"},
      {"commit, comparator =", A::Contract, "commit m=1;", "commit m = 1;\n"},
      {"commit, comparator about", A::Contract, "commit m about 1.50;", "commit m about 1.50;\n"},
      {"claim, bare", A::Contract, "claim \"best in class\" ;", "claim \"best in class\";\n"},
      {"claim unverifiable", A::Contract, "claim \"industry leading\" :unverifiable;",
       "claim \"industry leading\": unverifiable;\n"},
      {"claim with a predicate", A::Contract, "claim \"万卡集群交付能力\":gpus>=10000;",
       "claim \"万卡集群交付能力\": gpus >= 10000;\n"},
      {"claim, single", A::Contract, "claim \"c\": gpus >= 10000 gpus single;",
       "claim \"c\": gpus >= 10000 gpus single;\n"},
      {"claim, aggregate", A::Contract, "claim \"c\": gpus >= 10000 gpus aggregate;",
       "claim \"c\": gpus >= 10000 gpus aggregate;\n"},
      {"claim, period calendar", A::Contract, "claim \"c\": availability >= 99.9% period calendar quarter;",
       "claim \"c\": availability >= 99.9% period calendar quarter;\n"},
      {"claim, faults", A::Contract, "claim \"c\": recovery <= 20 min faults( node_down ,gpu_xid );",
       "claim \"c\": recovery <= 20 min faults (node_down, gpu_xid);\n"},
      {"claim, under load", A::Contract, "claim \"c\": throughput >= 400 GB/s under load;",
       "claim \"c\": throughput >= 400 GB/s under load;\n"},
      {"claim, empty", A::Contract, "claim \"c\": latency <= 2 us empty;", "claim \"c\": latency <= 2 us empty;\n"},
      {"claim, for a service", A::Contract, "claim \"c\": availability >= 99.99% for training;",
       "claim \"c\": availability >= 99.99% for training;\n"},
      {"claim, several qualifiers", A::Contract,
       "claim \"c\": availability >= 99.9%  aggregate period rolling 30 d for training faults (a) under load;",
       "claim \"c\": availability >= 99.9% aggregate period rolling 30 d for training faults (a) under load;\n"},
      {"attribute on a contract item", A::Contract, "@allow(no_customer) provider \"P\";",
       "@allow(no_customer)\nprovider \"P\";\n"},
      {"attributes on each kind of contract item", A::Contract,
       "@a(x) customer \"C\"; @a(x) effective 2026-01-01 to 2026-12-31; @a(x) timezone \"UTC\"; "
       "@a(x) currency USD; @a(x) service s {} @a(x) availability s {} @a(x) recovery s {} "
       "@a(x) commit m >= 1; @a(x) @b(\"y\", z) claim \"c\";",
       "@a(x)\ncustomer \"C\";\n@a(x)\neffective 2026-01-01 to 2026-12-31;\n@a(x)\ntimezone \"UTC\";\n"
       "@a(x)\ncurrency USD;\n@a(x)\nservice s {\n}\n@a(x)\navailability s {\n}\n@a(x)\nrecovery s {\n}\n"
       "@a(x)\ncommit m >= 1;\n@a(x)\n@b(\"y\", z)\nclaim \"c\";\n"},

      // ------------------------------------------------------------ service items
      {"fee", A::Service, "fee 1200000.00   CNY per month;", "fee 1200000.00 CNY per month;\n"},
      {"fee without a unit", A::Service, "fee 1200000.00 per month;", "fee 1200000.00 per month;\n"},
      {"scope single cluster", A::Service, "scope single cluster\"bj-gpu-01\";", "scope single cluster \"bj-gpu-01\";\n"},
      {"scope aggregate clusters", A::Service, "scope aggregate clusters(\"a\",\"b\" , \"c\");",
       "scope aggregate clusters (\"a\", \"b\", \"c\");\n"},
      {"regions", A::Service, "regions \"cn-north\",\"cn-east\";", "regions \"cn-north\", \"cn-east\";\n"},
      {"capacity", A::Service, "capacity 4096 gpus,512 nodes , 10000;", "capacity 4096 gpus, 512 nodes, 10000;\n"},
      {"starts", A::Service, "starts   2026-02-01;", "starts 2026-02-01;\n"},
      {"interconnect", A::Service, "interconnect infiniband;", "interconnect infiniband;\n"},
      {"interconnect with tenancy", A::Service, "interconnect roce  dedicated;", "interconnect roce dedicated;\n"},
      {"billing per", A::Service, "billing per  second;", "billing per second;\n"},
      {"resources", A::Service, "resources  instance;", "resources instance;\n"},
      {"resources with zones", A::Service, "resources vm with   zones ;", "resources vm with zones;\n"},
      {"attributes", A::Service, "attributes disk,deployment ;", "attributes disk, deployment;\n"},
      {"each under a matching clause", A::Service, "each instance under  worst matching clause;",
       "each instance under worst matching clause;\n"},

      // ------------------------------------------------------------ availability items
      {"target", A::Availability, "target 99.90 % ;", "target 99.90%;\n"},
      {"group down, all members", A::Availability, "unavailable when all   instances down ;",
       "unavailable when all instances down;\n"},
      {"group down, zones", A::Availability, "unavailable when at least 2 zones down;",
       "unavailable when at least 2 zones down;\n"},
      {"group down, share", A::Availability, "unavailable when at least 50 % of resources down;",
       "unavailable when at least 50% of resources down;\n"},
      {"counted while", A::Availability, "counted while at least 2 instances run;",
       "counted while at least 2 instances run;\n"},
      {"period calendar", A::Availability, "period calendar month;", "period calendar month;\n"},
      {"period billing month", A::Availability, "period billing month from day 15;",
       "period billing month from day 15;\n"},
      {"period rolling", A::Availability, "period rolling 30 d;", "period rolling 30 d;\n"},
      {"partial period", A::Availability, "partial period prorated;", "partial period prorated;\n"},
      {"unavailable when incident affects", A::Availability, "unavailable when incident affects>=5%;",
       "unavailable when incident affects >= 5%;\n"},
      {"unavailable when incident affects, of a base", A::Availability,
       "unavailable when incident affects >= 5 %  of gpus;", "unavailable when incident affects >= 5% of gpus;\n"},
      {"unavailable when any incident", A::Availability, "unavailable when any  incident;",
       "unavailable when any incident;\n"},
      {"unavailable weighted", A::Availability, "unavailable weighted by affected share;",
       "unavailable weighted by affected share;\n"},
      {"unavailable from probes, empty", A::Availability, "unavailable from probes{}",
       "unavailable from probes {\n}\n"},
      {"ignore downtime shorter than", A::Availability, "ignore downtime shorter than 1 min;",
       "ignore downtime shorter than 1 min;\n"},
      {"ignore downtime up to", A::Availability, "ignore downtime up to 60 s;", "ignore downtime up to 60 s;\n"},
      {"partial minutes rounded up", A::Availability, "partial minutes rounded up;", "partial minutes rounded up;\n"},
      {"partial minutes dropped", A::Availability, "partial minutes dropped;", "partial minutes dropped;\n"},
      {"partial minutes exact", A::Availability, "partial minutes exact;", "partial minutes exact;\n"},
      {"downtime counted in clock minutes", A::Availability, "downtime  counted in clock\tminutes ;",
       "downtime counted in clock minutes;\n"},
      {"downtime counted in intervals", A::Availability, "downtime counted in 5min intervals;",
       "downtime counted in 5 min intervals;\n"},
      {"missing data", A::Availability, "missing data counts as down;", "missing data counts as down;\n"},
      {"exclude maintenance", A::Availability, "exclude maintenance;", "exclude maintenance;\n"},
      {"exclude maintenance with notice", A::Availability, "exclude maintenance with notice>=72 h;",
       "exclude maintenance with notice >= 72 h;\n"},
      {"exclude maintenance at most", A::Availability, "exclude maintenance , at most 4 h per period;",
       "exclude maintenance, at most 4 h per period;\n"},
      {"exclude maintenance, both", A::Availability, "exclude maintenance with notice >= 72 h,at most 4 h per period;",
       "exclude maintenance with notice >= 72 h, at most 4 h per period;\n"},
      {"exclude window", A::Availability, "exclude window Sun 02:00 - 06:00;", "exclude window Sun 02:00-06:00;\n"},
      {"exclude cause", A::Availability, "exclude cause in(customer,force_majeure);",
       "exclude cause in (customer, force_majeure);\n"},
      {"exclude fault", A::Availability, "exclude fault in ( network );", "exclude fault in (network);\n"},
      {"exclude component", A::Availability, "exclude component in (\"storage\",\"dns\");",
       "exclude component in (\"storage\", \"dns\");\n"},
      {"exclude with attributes", A::Availability, "@allow(broad_exclusion) exclude cause in (customer);",
       "@allow(broad_exclusion)\nexclude cause in (customer);\n"},
      {"excluded time removed", A::Availability, "excluded time removed from period;",
       "excluded time removed from period;\n"},
      {"excluded time counts as available", A::Availability, "excluded time counts as available;",
       "excluded time counts as available;\n"},
      {"no charge for clock hour", A::Availability, "no charge for clock hour with more than 5 min down;",
       "no charge for clock hour with more than 5 min down;\n"},
      {"credit of monthly fee", A::Availability,
       "credit of monthly fee { below 99.9%: 10%; below 99.0 % : 25 %;below 95.0%:100%; }",
       "credit of monthly fee {\n  below 99.9%: 10%;\n  below 99.0%: 25%;\n  below 95.0%: 100%;\n}\n"},
      {"credit tier with a floor", A::Availability,
       "credit of monthly fee { below 99.9% and at least 99.0%: 10%; }",
       "credit of monthly fee {\n  below 99.9% and at least 99.0%: 10%;\n}\n"},
      {"credit table that stops", A::Availability,
       "credit of monthly fee { below 99.99% and at least 99.0%: 10%; below 99.0%:not   stated ; }",
       "credit of monthly fee {\n  below 99.99% and at least 99.0%: 10%;\n  below 99.0%: not stated;\n}\n"},
      {"credit tier of a fixed amount", A::Availability,
       "credit of monthly fee { below 99.9%: 1.00 GBP; below 99 %:2.00 GBP; }",
       "credit of monthly fee {\n  below 99.9%: 1.00 GBP;\n  below 99%: 2.00 GBP;\n}\n"},
      {"credit of monthly fee, empty", A::Availability, "credit of monthly fee {}", "credit of monthly fee {\n}\n"},
      {"credit lost time", A::Availability, "credit lost time at hourly rate;", "credit lost time at hourly rate;\n"},
      {"credit lost time times", A::Availability, "credit lost time at hourly rate times 10;",
       "credit lost time at hourly rate times 10;\n"},
      {"credit with attributes", A::Availability,
       "@allow(steep) credit of monthly fee { below 99%: 100%; } @allow(x) credit lost time at hourly rate;",
       "@allow(steep)\ncredit of monthly fee {\n  below 99%: 100%;\n}\n@allow(x)\ncredit lost time at hourly rate;\n"},
      {"where text", A::Availability, "where disk=\"premium_ssd\" ;", "where disk = \"premium_ssd\";\n"},
      {"where not equal", A::Availability, "where deployment!=\"single\";", "where deployment != \"single\";\n"},
      {"where zones", A::Availability, "where zones>=2;", "where zones >= 2;\n"},
      {"where, comparator <", A::Availability, "where zones < 3;", "where zones < 3;\n"},
      {"where, comparator >", A::Availability, "where zones>1;", "where zones > 1;\n"},
      {"where, comparator <=", A::Availability, "where zones <=3;", "where zones <= 3;\n"},
      {"payout", A::Availability, "payout service_credit;", "payout service_credit;\n"},
      {"cap", A::Availability, "cap 100%;", "cap 100%;\n"},
      {"cap of monthly fee", A::Availability, "cap 100% of monthly fee;", "cap 100% of monthly fee;\n"},
      {"cap per period", A::Availability, "cap 5000.00 CNY per period;", "cap 5000.00 CNY per period;\n"},
      {"cap per contract year", A::Availability, "cap 100% of monthly fee per contract year;",
       "cap 100% of monthly fee per contract year;\n"},
      {"cap per trailing months", A::Availability, "cap 300%  of monthly fee per trailing 12 months;",
       "cap 300% of monthly fee per trailing 12 months;\n"},
      {"cap with attributes", A::Availability, "@allow(x) cap 100%;", "@allow(x)\ncap 100%;\n"},
      {"claim within after period end", A::Availability, "claim within 30 d after period end;",
       "claim within 30 d after period end;\n"},
      {"claim within after incident", A::Availability, "claim within 60 d after incident;",
       "claim within 60 d after incident;\n"},
      {"claim within, not before", A::Availability,
       "claim within 30 d after period end,not before 5 working days after period end;",
       "claim within 30 d after period end, not before 5 working days after period end;\n"},
      {"claim by end of cycle", A::Availability, "claim by end of 2nd billing cycle after incident;",
       "claim by end of 2nd billing cycle after incident;\n"},
      {"claim by end of cycle, not before", A::Availability,
       "claim by end of 1st billing cycle after period end , not before 3 working days after incident;",
       "claim by end of 1st billing cycle after period end, not before 3 working days after incident;\n"},
      {"claim deadline with attributes", A::Availability, "@allow(short_claim) claim within 7 d after incident;",
       "@allow(short_claim)\nclaim within 7 d after incident;\n"},
      {"rounding half up", A::Availability, "rounding half up;", "rounding half up;\n"},
      {"rounding half even", A::Availability, "rounding half even;", "rounding half even;\n"},
      {"rounding up", A::Availability, "rounding up;", "rounding up;\n"},
      {"rounding down", A::Availability, "rounding down;", "rounding down;\n"},
      {"terms per", A::Availability, "terms per \"https://example.com/sla\";", "terms per \"https://example.com/sla\";\n"},

      // ------------------------------------------------------------ probe items
      {"bucket", A::Probes, "bucket 1 min;", "bucket 1 min;\n"},
      {"bad when success ratio", A::Probes, "bad when success ratio<99%;", "bad when success ratio < 99%;\n"},
      {"bad when error rate", A::Probes, "bad when error rate > 5 %;", "bad when error rate > 5%;\n"},
      {"consecutive bad buckets", A::Probes, "at least 5 consecutive bad buckets;",
       "at least 5 consecutive bad buckets;\n"},
      {"minimum requests per period, not assessed", A::Probes, "at least  1000 requests per period ,else not assessed;",
       "at least 1000 requests per period, else not assessed;\n"},
      {"minimum samples per period, missed", A::Probes, "at least 8000 samples per period, else missed;",
       "at least 8000 samples per period, else missed;\n"},
      {"minimum requests per bucket", A::Probes, "at least 10 requests per bucket;",
       "at least 10 requests per bucket;\n"},
      {"targets any", A::Probes, "targets any;", "targets any;\n"},
      {"targets all", A::Probes, "targets all;", "targets all;\n"},
      {"targets at least", A::Probes, "targets at least 50%;", "targets at least 50%;\n"},
      {"targets averaged", A::Probes, "targets averaged;", "targets averaged;\n"},
      {"measure bad buckets", A::Probes, "measure bad buckets;", "measure bad buckets;\n"},
      {"measure requests", A::Probes, "measure requests;", "measure requests;\n"},
      {"measure average error rate", A::Probes, "measure average error rate;", "measure average error rate;\n"},
      {"probe target", A::Probes, "target \"https://api.example.com/health\";",
       "target \"https://api.example.com/health\";\n"},
      {"probe target with cluster", A::Probes, "target \"api\"  cluster \"bj-gpu-01\";",
       "target \"api\" cluster \"bj-gpu-01\";\n"},

      // ------------------------------------------------------------ recovery items
      {"recovery faults", A::Recovery, "faults(node_down,gpu_xid , nic_failure);",
       "faults (node_down, gpu_xid, nic_failure);\n"},
      {"recovery within", A::Recovery, "within 20 min from detected to recovered;",
       "within 20 min from detected to recovered;\n"},
      {"recovery credit", A::Recovery, "credit 1 % of monthly fee per breach;", "credit 1% of monthly fee per breach;\n"},
      {"recovery cap", A::Recovery, "cap 10% of monthly fee per period;", "cap 10% of monthly fee per period;\n"},
      {"recovery items with attributes", A::Recovery, "@allow(x) credit 1% of monthly fee per breach; @allow(y) cap 10%;",
       "@allow(x)\ncredit 1% of monthly fee per breach;\n@allow(y)\ncap 10%;\n"},

      // ------------------------------------------------------------ layout
      {"items on one line", A::Contract, "provider \"P\"; customer \"C\"; currency CNY;",
       "provider \"P\";\ncustomer \"C\";\ncurrency CNY;\n"},
      {"blank lines collapse to one", A::Contract, "provider \"P\";\n\n\n\ncustomer \"C\";\ncurrency CNY;",
       "provider \"P\";\n\ncustomer \"C\";\ncurrency CNY;\n"},
      {"no blank line after { or before }", A::Contract, "\n\n  provider \"P\";\n\n\n",
       "provider \"P\";\n"},
      {"no blank line between an attribute and its item", A::Contract, "@allow(x)\n\n\nprovider \"P\";",
       "@allow(x)\nprovider \"P\";\n"},
      {"numbers and units as written", A::Availability, "target 099.9000%; ignore downtime shorter than 0.50 min;",
       "target 099.9000%;\nignore downtime shorter than 0.50 min;\n"},
  };
}

}  // namespace

const std::vector<ConstructCase>& construct_cases() {
  static const std::vector<ConstructCase> cases = make_cases();
  return cases;
}

std::string source(const ConstructCase& c) { return wrap_source(c.input, openers(c.area)); }

std::string canonical(const ConstructCase& c) { return wrap_canonical(c.expected, openers(c.area)); }

}  // namespace slaudit::format_test
