// A messy file (odd spacing, several items per line, comments of both kinds
// everywhere, runs of blank lines) and its exact canonical form.
#include <catch2/catch.hpp>

#include "tests/language/format/format_harness.h"

using namespace slaudit::format_test;

namespace {

const char* const kMessy = R"sla(// slaudit example: a messy file
/* license: none */


@allow(no_timezone)   contract    "GPU training cluster, schedule B"{   // the deal
provider "Example Cloud";customer "Example AI Lab" ;  effective 2026-01-01 to 2027-12-31;



  currency   CNY; // all money in yuan
  service training{fee 1200000.00 per month;scope single cluster "bj-gpu-01";
      capacity 4096 gpus,512 nodes;   /* as built */
  }
    availability training "main" {
  target 99.90 %;period calendar month;
      // how incidents count
  unavailable when incident affects>=5% of gpus;ignore downtime shorter than 1 min;

  @allow( broad_exclusion ) exclude cause in(customer,force_majeure);   exclude maintenance with notice>=72 h,at most 4 h per period;
exclude window Sun 02:00 -06:00;
  unavailable from probes { bucket 1 min; bad when success ratio<99 %; /* strict */ targets at least 50%;
  // one probe per region
  target "https://bj.example.com/health" cluster "bj-gpu-01";
  }
  credit of monthly fee{below 99.9%:10%;below 99.0 %:25%; // steep
  below 95.0%:100%;}
  cap 100 % of monthly fee per contract year ;claim within 30 d after period end , not before 5 working days after period end;
      /* end of availability */ }

  recovery training { faults(node_down,gpu_xid ,nic_failure); within 20 min from detected to recovered;
   credit 1% of monthly fee per breach; cap 10% /* of what? */ of monthly fee; }
  commit checkpoint_write for training>=400 GB / s under load;
  claim "万卡集群交付能力":gpus>=10000 gpus single period calendar quarter;  claim "best"  : unverifiable;


  // trailing thoughts


}   // end of contract
// footer
)sla";

const char* const kCanonical = R"sla(// slaudit example: a messy file
/* license: none */

@allow(no_timezone)
contract "GPU training cluster, schedule B" { // the deal
  provider "Example Cloud";
  customer "Example AI Lab";
  effective 2026-01-01 to 2027-12-31;

  currency CNY; // all money in yuan
  service training {
    fee 1200000.00 per month;
    scope single cluster "bj-gpu-01";
    capacity 4096 gpus, 512 nodes; /* as built */
  }
  availability training "main" {
    target 99.90%;
    period calendar month;
    // how incidents count
    unavailable when incident affects >= 5% of gpus;
    ignore downtime shorter than 1 min;

    @allow(broad_exclusion)
    exclude cause in (customer, force_majeure);
    exclude maintenance with notice >= 72 h, at most 4 h per period;
    exclude window Sun 02:00-06:00;
    unavailable from probes {
      bucket 1 min;
      bad when success ratio < 99%; /* strict */
      targets at least 50%;
      // one probe per region
      target "https://bj.example.com/health" cluster "bj-gpu-01";
    }
    credit of monthly fee {
      below 99.9%: 10%;
      below 99.0%: 25%; // steep
      below 95.0%: 100%;
    }
    cap 100% of monthly fee per contract year;
    claim within 30 d after period end, not before 5 working days after period end;
    /* end of availability */
  }

  recovery training {
    faults (node_down, gpu_xid, nic_failure);
    within 20 min from detected to recovered;
    credit 1% of monthly fee per breach;
    /* of what? */
    cap 10% of monthly fee;
  }
  commit checkpoint_write for training >= 400 GB/s under load;
  claim "万卡集群交付能力": gpus >= 10000 gpus single period calendar quarter;
  claim "best": unverifiable;

  // trailing thoughts
} // end of contract
// footer
)sla";

std::string with_crlf_and_tabs(std::string text) {
  std::string out;
  for (char c : text) {
    if (c == '\n') out += "\r\n";
    else out += c;
  }
  for (size_t at = out.find("\n  "); at != std::string::npos; at = out.find("\n  ", at + 2)) out.replace(at + 1, 2, "\t");
  return out;
}

}  // namespace

TEST_CASE("format: a messy file prints in its exact canonical form", "[format]") {
  CHECK(formatted(kMessy) == kCanonical);
  check_format_properties(kMessy);
}

TEST_CASE("format: CRLF line ends and tab indentation print the same canonical form", "[format]") {
  const std::string crlf = with_crlf_and_tabs(kMessy);
  REQUIRE(crlf.find('\r') != std::string::npos);
  REQUIRE(crlf.find('\t') != std::string::npos);
  CHECK(formatted(crlf) == kCanonical);
  check_format_properties(crlf);
}

TEST_CASE("format: the canonical form is a fixed point", "[format]") {
  CHECK(formatted(kCanonical) == kCanonical);
}
