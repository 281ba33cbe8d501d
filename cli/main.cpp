#include <fstream>
#include <iostream>
#include <sstream>

#include "grammar/parse.h"

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    slaudit::SourceFile file(argv[i], ss.str());
    auto result = slaudit::parse_contract(file);
    std::cout << slaudit::render_diagnostics(file, result.diagnostics);
    std::cout << "contracts: " << result.file.contracts.size() << " items: "
              << (result.file.contracts.empty() ? 0 : result.file.contracts[0].items.size()) << "\n";
  }
}
