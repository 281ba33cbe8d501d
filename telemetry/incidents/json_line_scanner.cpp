#include "telemetry/incidents/json_line_scanner.h"

#include <emmintrin.h>

#include <cstring>

#include "telemetry/incidents/record_fields.h"

namespace slaudit {

namespace {

// Strict UTF-8 (RFC 3629), as the general reader checks it: no overlong
// forms, no surrogates, nothing past U+10FFFF. `i` is at a byte >= 0x80.
bool skip_utf8_sequence(std::string_view s, size_t& i) {
  const auto byte = [&](size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  const unsigned lead = byte(i);
  const auto in = [](unsigned b, unsigned lo, unsigned hi) { return b >= lo && b <= hi; };
  size_t length = 0;
  unsigned lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (in(lead, 0xC2, 0xDF)) {
    length = 2;
  } else if (in(lead, 0xE0, 0xEF)) {
    length = 3;
    if (lead == 0xE0) lo = 0xA0;
    if (lead == 0xED) hi = 0x9F;
  } else if (in(lead, 0xF0, 0xF4)) {
    length = 4;
    if (lead == 0xF0) lo = 0x90;
    if (lead == 0xF4) hi = 0x8F;
  } else {
    return false;
  }
  if (!in(byte(i + 1), lo, hi)) return false;
  for (size_t k = 2; k < length; ++k)
    if (!in(byte(i + k), 0x80, 0xBF)) return false;
  i += length;
  return true;
}

class Scanner {
 public:
  explicit Scanner(std::string_view line) : s_(line) {}

  void skip_spaces() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
  }
  bool at_end() const { return i_ == s_.size(); }
  bool eat(char c) {
    skip_spaces();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  char peek() {
    skip_spaces();
    return i_ < s_.size() ? s_[i_] : '\0';
  }
  bool eat_word(std::string_view word) {
    skip_spaces();
    if (s_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }

  // A string without escapes or control characters, in strict UTF-8.
  std::optional<std::string_view> string() {
    if (!eat('"')) return std::nullopt;
    const size_t begin = i_;
    bool plain = true;
    unsigned high = 0;
    size_t end = begin;
    // Sixteen bytes at a time while the line has them (SSE2, which every
    // x86-64 has): where the closing quote is, and whether a backslash
    // (an escape), a control character or a non-ASCII byte comes before it.
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(0x1F);
    for (; end + 16 <= s_.size(); end += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s_.data() + end));
      const unsigned quotes = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quote)));
      // A byte <= 0x1F (unsigned) is a control character.
      const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(bytes, space), space);
      const unsigned bad = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(bytes, backslash), control)));
      const unsigned top = static_cast<unsigned>(_mm_movemask_epi8(bytes));
      const unsigned before = quotes ? (quotes & (0u - quotes)) - 1 : 0xFFFFu;  // the bytes before the first quote
      if (bad & before) return std::nullopt;  // an escaped quote shows as its backslash
      high |= top & before;
      if (quotes) {
        end += static_cast<size_t>(__builtin_ctz(quotes));
        break;
      }
    }
    // The rest one byte at a time, without branches over the usual bytes.
    if (end + 16 > s_.size()) {
      for (; end < s_.size() && s_[end] != '"'; ++end) {
        const auto c = static_cast<unsigned char>(s_[end]);
        plain &= c >= 0x20 && c != '\\';
        high |= c & 0x80u;
      }
    }
    if (end >= s_.size() || s_[end] != '"' || !plain) return std::nullopt;
    if (high) {
      for (size_t k = begin; k < end;) {
        if (static_cast<unsigned char>(s_[k]) < 0x80) {
          ++k;
        } else if (!skip_utf8_sequence(s_.substr(0, end), k)) {
          return std::nullopt;
        }
      }
    }
    i_ = end + 1;
    return s_.substr(begin, end - begin);
  }

  // An unsigned number as the general reader writes its text back: no sign,
  // no leading zero, no exponent, at most 18 digits before the point.
  std::optional<std::string_view> number() {
    skip_spaces();
    const size_t begin = i_;
    const auto digits = [&] {
      const size_t from = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      return i_ - from;
    };
    const size_t integer = digits();
    if (integer == 0 || integer > 18 || (integer > 1 && s_[begin] == '0')) return std::nullopt;
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (digits() == 0) return std::nullopt;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) return std::nullopt;
    return s_.substr(begin, i_ - begin);
  }

 private:
  std::string_view s_;
  size_t i_ = 0;
};

// A member list `{ "k": v, ... }`; `member` reads each value and says whether it could.
template <class Member>
bool object(Scanner& in, Member member) {
  if (!in.eat('{')) return false;
  if (in.eat('}')) return true;
  do {
    const std::optional<std::string_view> key = in.string();
    if (!key || !in.eat(':') || !member(*key)) return false;
  } while (in.eat(','));
  return in.eat('}');
}

// A text field's value: a string, or null (an empty value).
bool text_value(Scanner& in, std::optional<std::string_view>& out) {
  if (out) return false;  // repeated: the general reader words that
  if (in.peek() == 'n' && in.eat_word("null")) {
    out = std::string_view();
    return true;
  }
  out = in.string();
  return out.has_value();
}

bool affected_value(Scanner& in, std::optional<RawAffected>& out) {
  const char c = in.peek();
  if (c == '"') {
    const auto text = in.string();
    if (!text) return false;
    out = RawAffected{RawAffected::Form::Text, *text, CountUnit::Gpus};
    return true;
  }
  if (c == '{') {
    RawAffected count{RawAffected::Form::Count, {}, CountUnit::Gpus};
    int members = 0;
    const bool read = object(in, [&](std::string_view key) {
      if (++members > 1 || (key != "gpus" && key != "nodes")) return false;
      count.unit = key == "gpus" ? CountUnit::Gpus : CountUnit::Nodes;
      const auto number = in.number();
      count.text = number.value_or("");
      return number.has_value();
    });
    if (!read || members != 1) return false;
    out = count;
    return true;
  }
  if (in.eat_word("null")) return true;
  const auto number = in.number();
  if (!number) return false;
  out = RawAffected{RawAffected::Form::Number, *number, CountUnit::Gpus};
  return true;
}

bool scope_value(Scanner& in, RawIncident& raw) {
  if (in.eat_word("null")) return true;
  bool cluster = false, affected = false;
  return object(in, [&](std::string_view key) {
    if (key == "cluster" && !cluster) return cluster = true, text_value(in, raw.cluster);
    if (key == "affected" && !affected) return affected = true, affected_value(in, raw.affected);
    return false;
  });
}

}  // namespace

std::optional<RawIncident> scan_plain_json_line(std::string_view line, size_t line_number) {
  RawIncident raw;
  if (!scan_plain_json_line(line, line_number, raw)) return std::nullopt;
  return raw;
}

bool scan_plain_json_line(std::string_view line, size_t line_number, RawIncident& raw) {
  Scanner in(line);
  raw = RawIncident{};
  raw.line = line_number;
  bool scope = false;
  const bool read = object(in, [&](std::string_view key) {
    if (const TextField* field = find_text_field(key)) return text_value(in, raw.*(field->member));
    if (key == "scope" && !scope) return scope = true, scope_value(in, raw);
    return false;
  });
  in.skip_spaces();
  return read && in.at_end();
}

}  // namespace slaudit
