#pragma once
// Java's strings are UTF-16; the library speaks UTF-8. One conversion each
// way, shared by the object-stream reader (modified UTF-8 decodes to UTF-16
// units first) and the Java bridge. Surrogate pairs become one code point; a
// lone surrogate is kept as its own three-byte sequence, as Java keeps it.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace topiceval {

void appendUtf8(std::string& out, uint32_t codePoint);
std::string utf16ToUtf8(std::span<const uint16_t> units);
// A byte that does not start a complete sequence (or one beyond U+10FFFF) becomes U+FFFD.
std::vector<uint16_t> utf8ToUtf16(std::string_view text);

}  // namespace topiceval
