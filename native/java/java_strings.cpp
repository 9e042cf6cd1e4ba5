// SPDX-License-Identifier: Apache-2.0
#include "native/java/java_strings.hpp"

namespace topiceval {

void appendUtf8(std::string& out, uint32_t codePoint) {
  if (codePoint < 0x80) {
    out.push_back(static_cast<char>(codePoint));
  } else if (codePoint < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (codePoint >> 6)));
    out.push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
  } else if (codePoint < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (codePoint >> 12)));
    out.push_back(static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (codePoint >> 18)));
    out.push_back(static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
  }
}

std::string utf16ToUtf8(std::span<const uint16_t> units) {
  std::string out;
  out.reserve(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    uint32_t code = units[i];
    if (code >= 0xD800 && code <= 0xDBFF && i + 1 < units.size() && units[i + 1] >= 0xDC00 && units[i + 1] <= 0xDFFF)
      code = 0x10000 + ((code - 0xD800) << 10) + (units[++i] - 0xDC00u);
    appendUtf8(out, code);
  }
  return out;
}

std::vector<uint16_t> utf8ToUtf16(std::string_view text) {
  std::vector<uint16_t> units;
  units.reserve(text.size());
  auto byteAt = [&](std::size_t i) { return static_cast<unsigned char>(text[i]) & 0x3Fu; };
  // Whether bytes i+1 .. i+count are continuation bytes (10xxxxxx).
  auto continues = [&](std::size_t i, std::size_t count) {
    if (i + count >= text.size()) return false;
    for (std::size_t j = 1; j <= count; ++j) {
      if ((static_cast<unsigned char>(text[i + j]) & 0xC0) != 0x80) return false;
    }
    return true;
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    uint32_t code = 0xFFFD;
    std::size_t length = 1;
    if (byte < 0x80) {
      code = byte;
    } else if ((byte & 0xE0) == 0xC0 && continues(i, 1)) {
      code = ((byte & 0x1Fu) << 6) | byteAt(i + 1);
      length = 2;
    } else if ((byte & 0xF0) == 0xE0 && continues(i, 2)) {
      code = ((byte & 0x0Fu) << 12) | (byteAt(i + 1) << 6) | byteAt(i + 2);
      length = 3;
    } else if ((byte & 0xF8) == 0xF0 && continues(i, 3)) {
      code = ((byte & 0x07u) << 18) | (byteAt(i + 1) << 12) | (byteAt(i + 2) << 6) | byteAt(i + 3);
      length = 4;
    }
    if (code > 0x10FFFF) code = 0xFFFD;
    if (code >= 0x10000) {
      units.push_back(static_cast<uint16_t>(0xD800 + ((code - 0x10000) >> 10)));
      units.push_back(static_cast<uint16_t>(0xDC00 + ((code - 0x10000) & 0x3FF)));
    } else {
      units.push_back(static_cast<uint16_t>(code));
    }
    i += length;
  }
  return units;
}

Utf8Step decodeUtf8(std::string_view text, std::size_t at) {
  const auto byte = static_cast<unsigned char>(text[at]);
  if (byte < 0x80) return {byte, 1};
  std::size_t length = 0;
  uint32_t code = 0;
  uint32_t smallest = 0;
  if ((byte & 0xE0) == 0xC0) {
    length = 2, code = byte & 0x1Fu, smallest = 0x80;
  } else if ((byte & 0xF0) == 0xE0) {
    length = 3, code = byte & 0x0Fu, smallest = 0x800;
  } else if ((byte & 0xF8) == 0xF0) {
    length = 4, code = byte & 0x07u, smallest = 0x10000;
  } else {
    return {kNotUtf8, 1};
  }
  if (text.size() - at < length) return {kNotUtf8, 1};
  for (std::size_t j = 1; j < length; ++j) {
    const auto next = static_cast<unsigned char>(text[at + j]);
    if ((next & 0xC0) != 0x80) return {kNotUtf8, 1};
    code = (code << 6) | (next & 0x3Fu);
  }
  if (code < smallest || code > 0x10FFFF) return {kNotUtf8, length};
  return {code, length};
}

std::string wellFormedUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const Utf8Step step = decodeUtf8(text, i);
    if (step.codePoint == kNotUtf8 || isSurrogate(step.codePoint)) {
      appendUtf8(out, 0xFFFD);
    } else {
      out.append(text.substr(i, step.length));
    }
    i += step.length;
  }
  return out;
}

std::string javaPrinted(std::string_view text) {
  // Every surrogate's encoding starts with ED; most words hold none.
  if (text.find('\xED') == std::string_view::npos) return std::string(text);
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const Utf8Step step = decodeUtf8(text, i);
    if (isSurrogate(step.codePoint)) {
      out += '?';
    } else {
      out.append(text.substr(i, step.length));
    }
    i += step.length;
  }
  return out;
}

}  // namespace topiceval
