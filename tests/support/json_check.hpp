// SPDX-License-Identifier: Apache-2.0
#pragma once
// A strict JSON syntax check for tests (RFC 8259 grammar, no extensions; the
// text must be UTF-8, as RFC 8259 requires between systems).

#include <cctype>
#include <cstdint>
#include <string>

namespace topiceval::testing {

// Whether `text` is well-formed UTF-8: shortest forms only, no surrogates,
// nothing beyond U+10FFFF (what Python's strict decoder accepts).
inline bool validUtf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    uint32_t code = 0, smallest = 0;
    if (b < 0x80) {
      ++i;
      continue;
    } else if (b >= 0xC2 && b <= 0xDF) {
      length = 2, code = b & 0x1Fu, smallest = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
      length = 3, code = b & 0x0Fu, smallest = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
      length = 4, code = b & 0x07u, smallest = 0x10000;
    } else {
      return false;
    }
    if (text.size() - i < length) return false;
    for (std::size_t j = 1; j < length; ++j) {
      const auto next = static_cast<unsigned char>(text[i + j]);
      if ((next & 0xC0) != 0x80) return false;
      code = (code << 6) | (next & 0x3Fu);
    }
    if (code < smallest || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return false;
    i += length;
  }
  return true;
}

class JsonCheck {
 public:
  // Whether `text` is exactly one JSON value (surrounding whitespace allowed).
  static bool valid(const std::string& text) {
    if (!validUtf8(text)) return false;
    JsonCheck check(text);
    check.space();
    if (!check.value()) return false;
    check.space();
    return check.at_ == text.size();
  }

 private:
  explicit JsonCheck(const std::string& text) : text_(text) {}
  bool more() const { return at_ < text_.size(); }
  char peek() const { return more() ? text_[at_] : '\0'; }
  void space() {
    while (more() && (peek() == ' ' || peek() == '\n' || peek() == '\t' || peek() == '\r')) ++at_;
  }
  bool literal(const char* word) {
    const std::string w(word);
    if (text_.compare(at_, w.size(), w) != 0) return false;
    at_ += w.size();
    return true;
  }
  bool string() {
    if (peek() != '"') return false;
    ++at_;
    while (more() && peek() != '"') {
      if (static_cast<unsigned char>(peek()) < 0x20) return false;
      if (peek() == '\\') {
        ++at_;
        if (peek() == 'u') {
          for (int i = 0; i < 4; ++i) {
            ++at_;
            if (!std::isxdigit(static_cast<unsigned char>(peek()))) return false;
          }
        } else if (std::string("\"\\/bfnrt").find(peek()) == std::string::npos) {
          return false;
        }
      }
      ++at_;
    }
    if (!more()) return false;
    ++at_;
    return true;
  }
  bool number() {
    const std::size_t start = at_;
    if (peek() == '-') ++at_;
    if (!std::isdigit(static_cast<unsigned char>(peek()))) return false;
    if (peek() == '0') {
      ++at_;
    } else {
      while (std::isdigit(static_cast<unsigned char>(peek()))) ++at_;
    }
    if (peek() == '.') {
      ++at_;
      if (!std::isdigit(static_cast<unsigned char>(peek()))) return false;
      while (std::isdigit(static_cast<unsigned char>(peek()))) ++at_;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++at_;
      if (peek() == '+' || peek() == '-') ++at_;
      if (!std::isdigit(static_cast<unsigned char>(peek()))) return false;
      while (std::isdigit(static_cast<unsigned char>(peek()))) ++at_;
    }
    return at_ > start;
  }
  bool value() {
    switch (peek()) {
      case '{': return members('}', true);
      case '[': return members(']', false);
      case '"': return string();
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'n': return literal("null");
      default: return number();
    }
  }
  bool members(char close, bool object) {
    ++at_;
    space();
    if (peek() == close) {
      ++at_;
      return true;
    }
    for (;;) {
      space();
      if (object) {
        if (!string()) return false;
        space();
        if (peek() != ':') return false;
        ++at_;
        space();
      }
      if (!value()) return false;
      space();
      if (peek() == ',') {
        ++at_;
        continue;
      }
      if (peek() != close) return false;
      ++at_;
      return true;
    }
  }

  const std::string& text_;
  std::size_t at_ = 0;
};

}  // namespace topiceval::testing
