#include "fuzz/support/memory_file.h"

#include <sys/mman.h>
#include <unistd.h>

#include "fuzz/support/fuzz_target.h"

namespace slaudit::fuzz {

std::string memory_file(std::string_view data) {
  static const int fd = ::memfd_create("slaudit-fuzz", 0);
  SLAUDIT_FUZZ_EXPECT(fd >= 0, "memfd_create failed");
  SLAUDIT_FUZZ_EXPECT(::ftruncate(fd, 0) == 0, "ftruncate failed");
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::pwrite(fd, data.data() + done, data.size() - done, static_cast<off_t>(done));
    SLAUDIT_FUZZ_EXPECT(n > 0, "pwrite failed");
    done += static_cast<size_t>(n);
  }
  return "/proc/self/fd/" + std::to_string(fd);
}

}  // namespace slaudit::fuzz
