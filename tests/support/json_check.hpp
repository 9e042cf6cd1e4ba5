#pragma once
// A strict JSON syntax check for tests (RFC 8259 grammar, no extensions).

#include <cctype>
#include <string>

namespace topiceval::testing {

class JsonCheck {
 public:
  // Whether `text` is exactly one JSON value (surrounding whitespace allowed).
  static bool valid(const std::string& text) {
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
