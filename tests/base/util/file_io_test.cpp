// Whole-file reads are bounded: past the limit an error names the file and the
// limit, and an endless device is read only up to it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "base/util/file_io.h"

using namespace slaudit;

TEST_CASE("file io: limits are written in MiB or KiB with the exact bytes", "[file_io]") {
  CHECK(byte_limit_text(size_t{1} << 20) == "1 MiB (1048576 bytes)");
  CHECK(byte_limit_text(size_t{256} << 20) == "256 MiB (268435456 bytes)");
  CHECK(byte_limit_text(4096) == "4 KiB (4096 bytes)");
  CHECK(byte_limit_text(100) == "100 bytes");
}

TEST_CASE("file io: a file over the limit is refused, one at the limit is read", "[file_io]") {
  const auto path = std::filesystem::temp_directory_path() / "slaudit-file-io-test.txt";
  {
    std::ofstream out(path, std::ios::binary);
    out << "0123456789";  // 10 bytes
  }
  const ReadResult at = read_file(path.string(), 10, "a test file");
  REQUIRE(at.text);
  CHECK(*at.text == "0123456789");
  const ReadResult over = read_file(path.string(), 9, "a test file");
  CHECK_FALSE(over.text);
  CHECK(over.error == "cannot read '" + path.string() + "': it is larger than 9 bytes, the limit for a test file");
  std::filesystem::remove(path);
}

TEST_CASE("file io: an endless device is read up to the limit, then refused", "[file_io]") {
  // /dev/zero has no size to check first: the read itself stops one byte past 4 KiB.
  const ReadResult r = read_file("/dev/zero", 4096, "a test file");
  CHECK_FALSE(r.text);
  CHECK(r.error == "cannot read '/dev/zero': it is larger than 4 KiB (4096 bytes), the limit for a test file");
}
