// The Prometheus query_range reader: every value used, rejected with its
// series and index, or counted missing (NaN); each sample 0 <= ok <= total,
// total > 0; and reading the text directly or as a stream in pieces gives
// the same samples and the same error (with its byte offset, line, column);
// a gzip stream is inflated first, so it is only read as a stream.
#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/text_diff.h"
#include "fuzz/support/probe_reads.h"
#include "telemetry/probe/probe_prometheus.h"

using namespace slaudit;

SLAUDIT_FUZZ_TARGET(probe_prometheus) {
  const bool gzip = data.starts_with("\x1f\x8b");
  fuzz::ProbeRead direct;
  const std::string direct_error = probe::read_prometheus_text(data, "fuzz.json", direct.input());
  const std::string a = direct.checked_text(direct_error);

  fuzz::PieceSource source(data, data.empty() ? 1 : 1 + static_cast<unsigned char>(data.back()) % 64);
  probe::ByteStream stream(source, "fuzz.json");
  fuzz::ProbeRead streamed;
  const std::string stream_error = probe::read_prometheus_stream(stream, "fuzz.json", streamed.input());
  const std::string b = streamed.checked_text(stream_error);
  SLAUDIT_FUZZ_EXPECT(gzip || a == b, "the text and the stream in pieces differ:" + fuzz::first_difference(a, b));
}
