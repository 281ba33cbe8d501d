#pragma once
// Whole-file access. Errors are values with a message ready for the user
// ("cannot read 'x.sla': No such file or directory").
//
// What is read whole is bounded (docs/audit.md, "Limits"): a file past its
// limit is refused with an error naming it and the limit, and standard input
// or a device such as /dev/zero is read only up to it, never until memory runs
// out. Inputs read as a stream (incident logs, probe files) bound a record or a
// line instead.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace slaudit {

// A contract: the largest bundled one is under 4 KB; past 1 MiB the parser's
// token stream alone would take ~170 MB.
inline constexpr size_t kMaxContractBytes = size_t{1} << 20;
// Any other input read whole: inventories, measurements, claims and billing
// CSVs, target maps, weights, recorded Prometheus responses.
inline constexpr size_t kMaxWholeInputBytes = size_t{256} << 20;

// "1 MiB (1048576 bytes)": a limit as the messages and the docs give it.
std::string byte_limit_text(size_t bytes);

struct ReadResult {
  std::optional<std::string> text;
  std::string error;  // set when text is empty
};

// "-" reads standard input. More than `max_bytes` is an error naming the path,
// the limit and `what` ("a contract"): "cannot read 'x': it is larger than ...".
ReadResult read_file(const std::string& path, size_t max_bytes = kMaxWholeInputBytes,
                     std::string_view what = "an input read whole");
// Written to PATH.slaudit-tmp, then renamed over `path`: on any failure
// (a full disk) the file at `path` is left as it was and the temporary removed.
bool write_file(const std::string& path, const std::string& text, std::string& error);

// Whether two paths name one file: the same device and inode when both exist
// (a hard link, a symbolic link, "./x"), else the same canonical path (a file
// not written yet). "-", standard input or output, is no file.
bool same_file(const std::string& a, const std::string& b);

}  // namespace slaudit
