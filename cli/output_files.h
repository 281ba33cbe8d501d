#pragma once
// Files a command writes, checked against the files it reads before anything
// is read or written: `--ledger X --claims-pack X` would record the audit and
// then overwrite the ledger with the claims pack; `prometheus-rules C.sla -o
// C.sla` would replace the contract by its rules. Files are compared by
// identity (base/util/file_io.h, same_file), never by the strings naming them.
#include <iostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/util/file_io.h"

namespace slaudit::cli {

struct NamedFile {
  std::string_view option;  // "--ledger", "the contract"
  const std::string* path;  // empty: not given
};

// False, with the reason on standard error, when `output` names one of `inputs`.
inline bool output_is_not_an_input(std::string_view command, const NamedFile& output,
                                   const std::vector<NamedFile>& inputs) {
  if (output.path->empty() || *output.path == "-") return true;
  for (const NamedFile& input : inputs) {
    if (input.path == output.path || !same_file(*output.path, *input.path)) continue;
    std::cerr << "slaudit " << command << ": " << output.option << " " << *output.path << " is the same file as "
              << input.option << " " << *input.path << "; writing it would destroy what is read: name another file\n";
    return false;
  }
  return true;
}

}  // namespace slaudit::cli
