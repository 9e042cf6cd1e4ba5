// SPDX-License-Identifier: Apache-2.0
#pragma once
// Lines of text that arrives in pieces (blocks of a file, chunks of gzip
// output), each passed on without its '\n' as soon as it is whole.

#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

namespace topiceval::formats {

class LineSplitter {
 public:
  // A line longer than `maxLineBytes` calls `tooLong`, which must throw: a
  // stream without newlines cannot grow one string without limit.
  explicit LineSplitter(std::function<void(std::string_view)> line,
                        std::size_t maxLineBytes = std::numeric_limits<std::size_t>::max(),
                        std::function<void()> tooLong = {})
      : line_(std::move(line)), maxLineBytes_(maxLineBytes), tooLong_(std::move(tooLong)) {}

  void add(std::string_view text) {
    for (std::size_t newline; (newline = text.find('\n')) != std::string_view::npos;) {
      if (pending_.empty()) {
        line_(text.substr(0, newline));
      } else {
        pending_.append(text.substr(0, newline));
        line_(pending_);
        pending_.clear();
      }
      text.remove_prefix(newline + 1);
    }
    pending_.append(text);
    if (pending_.size() > maxLineBytes_ && tooLong_) tooLong_();
  }

  // The text has ended: a last line without a newline counts; an empty text has no line.
  void finish() {
    if (!pending_.empty()) line_(pending_);
    pending_.clear();
  }

 private:
  std::function<void(std::string_view)> line_;
  std::size_t maxLineBytes_;
  std::function<void()> tooLong_;
  std::string pending_;
};

}  // namespace topiceval::formats
