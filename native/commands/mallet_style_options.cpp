// SPDX-License-Identifier: Apache-2.0
#include "native/commands/mallet_style_options.hpp"

#include "topiceval/options.hpp"

#include <charconv>

namespace topiceval::commands {

std::optional<int> parseJavaInteger(const std::string& text) {
  std::size_t start = text.size() > 1 && text[0] == '+' ? 1 : 0;
  int value = 0;
  const char* first = text.data() + start;
  const char* last = text.data() + text.size();
  if (first == last) return std::nullopt;
  const auto result = std::from_chars(first, last, value);
  if (result.ec != std::errc() || result.ptr != last) return std::nullopt;
  return value;
}

std::optional<bool> parseMalletBoolean(const std::string& text) { return parseTruth(text); }

}  // namespace topiceval::commands
