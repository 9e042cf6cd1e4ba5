// SPDX-License-Identifier: Apache-2.0
#pragma once
// Text files (held-out documents, vocabularies, logistic-normal models) are
// read as UTF-8. Editors on Windows begin UTF-8 files with a byte-order mark,
// which would otherwise glue itself to the first word; UTF-16 and UTF-32, by
// their marks or by the NUL bytes ASCII text gets in them, are refused by name
// rather than read as binary garbage.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace topiceval::formats {

// `text` without a leading UTF-8 byte-order mark; a FormatError naming
// `source` for UTF-16 or UTF-32 text.
std::string_view utf8Text(std::string_view text, const std::string& source);
std::span<const uint8_t> utf8Text(std::span<const uint8_t> bytes, const std::string& source);
// Whether `bytes` start with the UTF-8 byte-order mark (for files that may be
// text or binary, where utf8Text's check for UTF-16 does not apply).
bool startsWithUtf8ByteOrderMark(std::span<const uint8_t> bytes);
inline constexpr std::size_t kUtf8ByteOrderMarkSize = 3;

}  // namespace topiceval::formats
