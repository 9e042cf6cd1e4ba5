// SPDX-License-Identifier: Apache-2.0
#include "native/output/number_text.hpp"

#include <charconv>
#include <cmath>

#include "native/java/java_strings.hpp"

namespace topiceval::output {

namespace {

std::string special(double value) {
  if (std::isnan(value)) return "nan";
  return value > 0 ? "inf" : "-inf";
}

}  // namespace

std::string formatNumber(double value) {
  if (!std::isfinite(value)) return special(value);
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

std::string bytesText(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  while (bytes >= 1024.0 && unit < 4) bytes /= 1024.0, ++unit;
  return fixed(bytes, unit == 0 ? 0 : 1) + " " + units[unit];
}

std::string fixed(double value, int decimals) {
  if (!std::isfinite(value)) return special(value);
  char buffer[400];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals).ptr;
  return std::string(buffer, end);
}

std::string general(double value, int significant) {
  if (!std::isfinite(value)) return special(value);
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, significant).ptr;
  return std::string(buffer, end);
}

std::string tsvField(const std::string& text) {
  if (text.empty()) return "-";
  std::string field = wellFormedUtf8(text);
  for (char& c : field) {
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  }
  return field;
}

std::string padded(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

}  // namespace topiceval::output
