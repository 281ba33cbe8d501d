// The probe CSV reader (plain or gzip, found by its magic bytes): every row
// used, rejected with a reason, or counted missing; each sample 0 <= ok <=
// total, total > 0; and the same samples and rejections whether the bytes
// arrive at once or in pieces of 1 to 64 bytes (a row cut anywhere).
#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/text_diff.h"
#include "fuzz/support/probe_reads.h"
#include "telemetry/probe/probe_csv.h"

using namespace slaudit;

namespace {

std::string read_in_pieces(std::string_view data, size_t piece) {
  fuzz::PieceSource source(data, piece);
  probe::ByteStream stream(source, "fuzz.csv");
  fuzz::ProbeRead read;
  const std::string error = probe::read_probe_csv_stream(stream, "fuzz.csv", read.input());
  return read.checked_text(error);
}

}  // namespace

SLAUDIT_FUZZ_TARGET(probe_csv) {
  const std::string whole = read_in_pieces(data, data.size() + 1);
  const size_t piece = data.empty() ? 1 : 1 + static_cast<unsigned char>(data.back()) % 64;
  const std::string pieces = read_in_pieces(data, piece);
  SLAUDIT_FUZZ_EXPECT(whole == pieces, "read at once and in pieces differ:" + fuzz::first_difference(whole, pieces));
}
