// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reading topiceval's own text model formats (logistic_normal_files.hpp,
// lda_model_file.hpp): whitespace-separated tokens and whole lines, with the
// line number in every message.

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>

#include "formats/format_error.hpp"
#include "native/runtime/decimal.hpp"

namespace topiceval::formats {

// White space as the C locale has it, whatever the process's locale.
inline bool isAsciiSpace(uint8_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Reads whitespace-separated tokens and whole lines, counting lines for messages.
class TextCursor {
 public:
  TextCursor(std::span<const uint8_t> bytes, std::string source) : bytes_(bytes), source_(std::move(source)) {}

  [[noreturn]] void fail(const std::string& problem) const {
    throw FormatError(source_, "line " + std::to_string(line_) + ": " + problem);
  }
  bool atEnd() {
    skipSpace();
    return position_ >= bytes_.size();
  }
  std::string_view token(const char* what) {
    skipSpace();
    if (position_ >= bytes_.size()) throw FormatError(source_, "truncated: the file ends before " + std::string(what));
    const std::size_t start = position_;
    while (position_ < bytes_.size() && !isAsciiSpace(bytes_[position_])) ++position_;
    return {reinterpret_cast<const char*>(bytes_.data()) + start, position_ - start};
  }
  void expect(const char* word) {
    const std::string_view found = token(word);
    if (found != word) fail("expected '" + std::string(word) + "', found '" + std::string(found.substr(0, 40)) + "'");
  }
  double number(const char* what, bool allowNegativeInfinity = false) {
    const std::string_view text = token(what);
    if (allowNegativeInfinity && (text == "-inf" || text == "-Infinity" || text == "-INF"))
      return -std::numeric_limits<double>::infinity();
    double value = 0.0;
    const auto [end, error] = parseDecimal(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
      fail(std::string(what) + ": '" + std::string(text.substr(0, 40)) + "' is not a finite number");
    return value;
  }
  // A positive count, at most `most`.
  std::size_t count(const char* what, std::size_t most) {
    const std::string_view text = token(what);
    std::size_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
      fail(std::string(what) + ": '" + std::string(text.substr(0, 40)) + "' is not a count");
    if (value > most) fail(std::string(what) + " " + std::to_string(value) + " is more than this file can hold");
    return value;
  }
  // The rest of the current line (after the token just read), then the next lines whole.
  void endLine() {
    while (position_ < bytes_.size() && bytes_[position_] != '\n') {
      if (!isAsciiSpace(bytes_[position_])) fail("unexpected text at the end of the line");
      ++position_;
    }
    if (position_ < bytes_.size()) {
      ++position_;
      ++line_;
    }
  }
  std::string line(const char* what) {
    if (position_ >= bytes_.size()) throw FormatError(source_, "truncated: the file ends before " + std::string(what));
    const std::size_t start = position_;
    while (position_ < bytes_.size() && bytes_[position_] != '\n') ++position_;
    std::string text(reinterpret_cast<const char*>(bytes_.data()) + start, position_ - start);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (position_ < bytes_.size()) ++position_;
    ++line_;
    return text;
  }
  std::size_t lineNumber() const { return line_; }
  std::size_t remaining() const { return bytes_.size() - position_; }

 private:
  void skipSpace() {
    while (position_ < bytes_.size() && isAsciiSpace(bytes_[position_])) {
      if (bytes_[position_] == '\n') ++line_;
      ++position_;
    }
  }
  std::span<const uint8_t> bytes_;
  std::string source_;
  std::size_t position_ = 0;
  std::size_t line_ = 1;
};

// Every number takes at least two bytes (a digit and a separator): a count
// the file cannot hold is refused before anything is allocated for it.
inline void checkRoom(const TextCursor& cursor, std::size_t numbers, const std::string& source, const char* what) {
  if (numbers > cursor.remaining() / 2 + 1)
    throw FormatError(source, "truncated: " + std::string(what) + " needs " + std::to_string(numbers) +
                                  " numbers, more than the rest of the file can hold");
}

}  // namespace topiceval::formats
