#pragma once
// Characters that look like the language's punctuation but are not: full-width
// forms pasted from Chinese, Japanese or Korean text (`：` for `:`), typographic
// quotes and dashes, and wide spaces. The parse screen reports each such
// character once, with the ASCII character to write and a machine-applicable
// fix, then lexes on as if the ASCII character had been written.
#include <optional>
#include <string>
#include <string_view>

namespace slaudit::grammar {

struct LookAlike {
  std::string ascii;        // what to write instead: ":", "(", " " ...
  std::string description;  // "full-width ':'", "a no-break space (U+00A0)"
};

// `utf8` is one code point, as the lexer's BAD_CHAR token holds it.
std::optional<LookAlike> look_alike(std::string_view utf8);

}  // namespace slaudit::grammar
