// SPDX-License-Identifier: Apache-2.0
#include "formats/text_encoding.hpp"

#include <algorithm>

#include "formats/format_error.hpp"

namespace topiceval::formats {

namespace {

// What the first bytes say the encoding is, or nullptr for UTF-8 (or ASCII).
const char* otherEncoding(std::string_view text) {
  const auto starts = [&](std::string_view mark) { return text.substr(0, mark.size()) == mark; };
  using namespace std::string_view_literals;
  if (starts("\xFF\xFE\x00\x00"sv)) return "UTF-32 text (little-endian byte-order mark)";
  if (starts("\x00\x00\xFE\xFF"sv)) return "UTF-32 text (big-endian byte-order mark)";
  if (starts("\xFF\xFE"sv)) return "UTF-16 text (little-endian byte-order mark)";
  if (starts("\xFE\xFF"sv)) return "UTF-16 text (big-endian byte-order mark)";
  // Without a mark: ASCII characters in UTF-16 leave every other byte NUL.
  const std::size_t sample = std::min<std::size_t>(text.size(), 4096) & ~std::size_t{1};
  if (sample < 4) return nullptr;
  std::size_t evenNuls = 0, oddNuls = 0;
  for (std::size_t i = 0; i < sample; i += 2) {
    evenNuls += text[i] == '\0';
    oddNuls += text[i + 1] == '\0';
  }
  const std::size_t pairs = sample / 2;
  if (oddNuls * 10 >= pairs * 9 && evenNuls * 10 <= pairs)
    return "UTF-16 text (little-endian, without a byte-order mark)";
  if (evenNuls * 10 >= pairs * 9 && oddNuls * 10 <= pairs) return "UTF-16 text (big-endian, without a byte-order mark)";
  return nullptr;
}

}  // namespace

std::string_view utf8Text(std::string_view text, const std::string& source) {
  if (const char* encoding = otherEncoding(text))
    throw FormatError(
        source, std::string("is ") + encoding + "; topiceval reads UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)");
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(kUtf8ByteOrderMarkSize);
  return text;
}

std::span<const uint8_t> utf8Text(std::span<const uint8_t> bytes, const std::string& source) {
  const std::string_view text =
      utf8Text(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), source);
  return bytes.subspan(bytes.size() - text.size());
}

bool startsWithUtf8ByteOrderMark(std::span<const uint8_t> bytes) {
  return bytes.size() >= kUtf8ByteOrderMarkSize && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF;
}

}  // namespace topiceval::formats
