// The fast path for usual query_range bodies (telemetry/prometheus/query_range_scan.h)
// reads exactly what the general parser reads, and declines everything else,
// which the general parser then reads (or refuses, with its located error).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "telemetry/prometheus/api_response.h"
#include "telemetry/prometheus/query_range_scan.h"

using namespace slaudit;

TEST_CASE("query_range scan: the usual bodies are read as the general parser reads them", "[prometheus]") {
  const std::vector<std::string> usual = {
      // Prometheus' own layout: two series, whole and fractional times, counts, NaN, others kept as text.
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"__name__":"slaudit:good","instance":"a"},"values":[[1793491200,"57"],[1793491260.5,"NaN"],[1793491320.125,"0.25"]]},{"metric":{"instance":"b"},"values":[[1793491200,"9007199254740993"],[0,"+Inf"]]}]}})",
      // Warnings first (Thanos, Mimir), whitespace everywhere, keys in another order.
      "{ \"warnings\" : [ \"partial response\" , \"store b\" ] ,\n \"data\" : { \"result\" : [ ] , \"resultType\" : \"matrix\" } ,\r\n\t\"status\" : \"success\" }",
      // Empty label set and empty values; a series with values before its metric.
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[]},{"values":[[1.001,"3"]],"metric":{"x":"y"}}]}})",
      // A label given twice: the last one, as in the general parser.
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"i":"1","i":"2"},"values":[[17,"1"]]}]}})",
      // Fractions of one to four digits (four: through strtod, as the general parser reads them).
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"i":"1"},"values":[[1793491200.1,"1"],[1793491200.01,"1"],[1793491200.999,"1"],[1793491200.0005,"1"],[999999999999.999,"1"],[0.001,"1"]]}]}})",
      // Thirteen digits of seconds: taken through strtod as the general parser does.
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"i":"1"},"values":[[1793491200000,"1"],[9999999999999.999,"2"]]}]}})",
  };
  for (const std::string& body : usual) {
    INFO(body);
    const auto fast = prometheus::scan_query_range(body);
    REQUIRE(fast.has_value());
    const prometheus::ApiResponse general = prometheus::parse_api_response_general(body, "q");
    CHECK(general.error.empty());
    CHECK(*fast == general);
    CHECK(prometheus::parse_api_response(body, "q") == general);
  }
  // The first body's points, by hand: 1793491260.5 s = 1793491260500 ms; NaN kept as NaN; 0.25 kept as text.
  const auto first = prometheus::scan_query_range(usual[0]);
  REQUIRE(first->series.size() == 2);
  CHECK(first->series[0].labels.at("instance") == "a");
  CHECK(first->series[0].points[1].ms == 1793491260500);
  CHECK(first->series[0].points[1].value.kind == prometheus::PointValue::Kind::NaN);
  CHECK(first->series[0].points[2].ms == 1793491320125);
  CHECK(first->series[0].points[2].text == "0.25");
  CHECK(first->series[0].points[0].value.count == 57);
}

TEST_CASE("query_range scan: anything else is declined and read by the general parser", "[prometheus]") {
  const std::vector<std::string> other = {
      R"({"status":"error","errorType":"bad_data","error":"parse error"})",
      R"({"status":"success","data":{"resultType":"vector","result":[]}})",
      R"({"status":"success","data":{"resultType":"matrix","result":[]},"infos":["x"]})",           // another key
      // Found by fuzzing: the general parser refuses the first resultType that is not "matrix", even if a
      // later one is: so does the fast path (it read the last one).
      R"({"status":"success","data":{"resultType":"watrix","result":[],"resultType":"matrix"}})",
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"i":"\u00e9"},"values":[]}]}})",  // an escape
      "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[{\"metric\":{\"i\":\"\xc3\xa9\"},\"values\":[]}]}}",  // UTF-8
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1e9,"1"]]}]}})",  // exponent
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[-1,"1"]]}]}})",   // negative
      // Found by fuzzing: a time of hundreds of digits, which the general parser refuses as an overflow.
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1000000000000000,"1"]]}]}})",
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1,2]]}]}})",      // a number value
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[01,"1"]]}]}})",   // leading zero
      R"({"status":"success","data":{"resultType":"matrix","result":[]}} x)",                                  // trailing junk
      R"({"status":"success","data":{"resultType":"matrix","result":[]})",                                     // cut short
      "\xef\xbb\xbf{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[]}}",             // BOM
      "{\n\"status\": tru}",
  };
  for (const std::string& body : other) {
    INFO(body);
    CHECK_FALSE(prometheus::scan_query_range(body).has_value());
    CHECK(prometheus::parse_api_response(body, "q") == prometheus::parse_api_response_general(body, "q"));
  }
  CHECK(prometheus::parse_api_response("{\n\"status\": tru}", "q").error.rfind("q:2:14: malformed JSON", 0) == 0);
}

TEST_CASE("query_range scan: times of every length read as the general parser reads them", "[prometheus]") {
  // 5,000 times, fixed pseudo-random: 1 to 13 digits of seconds, 0 to 5 of a fraction, in one body.
  // (Past 15 digits the fast path declines: see the test above.)
  uint64_t state = 88172645463325252ull;
  const auto next = [&] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  std::string body = R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"i":"1"},"values":[)";
  for (int k = 0; k < 5000; ++k) {
    std::string time = std::to_string(1 + next() % 9);
    for (uint64_t d = next() % 13; d > 0; --d) time += char('0' + next() % 10);
    if (const uint64_t f = next() % 6; f > 0) {
      time += '.';
      for (uint64_t d = 0; d < f; ++d) time += char('0' + next() % 10);
    }
    body += (k > 0 ? "," : "") + std::string("[") + time + ",\"1\"]";
  }
  body += "]}]}}";
  const auto fast = prometheus::scan_query_range(body);
  REQUIRE(fast.has_value());
  CHECK(*fast == prometheus::parse_api_response_general(body, "q"));
}
