// Whole-file reads are bounded: past the limit an error names the file and the
// limit, and an endless device is read only up to it. Writes replace a file whole
// or not at all; same_file tells one file under two names.
#include <catch2/catch.hpp>

#include <unistd.h>

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

TEST_CASE("file io: same_file compares files, not the strings naming them", "[file_io]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("slaudit-same-file-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  { std::ofstream(dir / "c.sla") << "contract"; }
  { std::ofstream(dir / "other.sla") << "contract"; }
  fs::create_hard_link(dir / "c.sla", dir / "hard.sla");
  fs::create_symlink(dir / "c.sla", dir / "soft.sla");
  const std::string c = (dir / "c.sla").string();
  struct Case {
    std::string other;
    bool same;
  };
  const Case cases[] = {
      {c, true},
      {(dir / "sub" / ".." / "c.sla").string(), true},   // another spelling
      {(dir / "hard.sla").string(), true},                // another name of the inode
      {(dir / "soft.sla").string(), true},                // a link to it
      {(dir / "other.sla").string(), false},              // same bytes, another file
      {(dir / "new.yml").string(), false},                // not written yet
      {"-", false},                                       // standard input or output
  };
  for (const Case& k : cases) {
    INFO(k.other);
    CHECK(same_file(c, k.other) == k.same);
  }
  // Neither exists yet: the same canonical path is one file to be.
  CHECK(same_file((dir / "new.yml").string(), (dir / "sub" / ".." / "new.yml").string()));
  CHECK_FALSE(same_file((dir / "new.yml").string(), (dir / "sub" / "new.yml").string()));
  fs::remove_all(dir);
}

TEST_CASE("file io: write_file replaces a file whole, leaves no temporary, says why it cannot write", "[file_io]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("slaudit-write-file-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "rules.yml").string();
  std::string error;
  REQUIRE(write_file(path, "first\n", error));
  REQUIRE(write_file(path, "second\n", error));
  CHECK(*read_file(path).text == "second\n");
  CHECK_FALSE(fs::exists(path + ".slaudit-tmp"));
  CHECK_FALSE(write_file((dir / "missing" / "rules.yml").string(), "x", error));
  CHECK(error.starts_with("cannot write '" + (dir / "missing" / "rules.yml").string() + "': "));
  fs::remove_all(dir);
}
