// SPDX-License-Identifier: Apache-2.0
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

// Words reach the writers as bytes that need not be UTF-8: a MALLET file's lone
// surrogate arrives as its three-byte (CESU) form, and text files and front
// ends may hand over anything. Writers whose readers insist on well-formed
// UTF-8 (JSON, XML, HTML) decode with this step.
struct Utf8Step {
  uint32_t codePoint;  // kNotUtf8 when the bytes are no sequence UTF-8 or Java allows
  std::size_t length;  // bytes taken: a whole sequence, or one stray byte
};
inline constexpr uint32_t kNotUtf8 = 0xFFFFFFFF;
// The sequence at `at`. A lone surrogate's three bytes are taken whole as that
// surrogate (what Java held; not UTF-8, see isSurrogate); a complete sequence
// of the right shape whose value is overlong or beyond U+10FFFF is taken whole
// as kNotUtf8 (one replacement, not three); any other byte that starts no
// complete sequence is taken alone as kNotUtf8.
Utf8Step decodeUtf8(std::string_view text, std::size_t at);
constexpr bool isSurrogate(uint32_t code) { return code >= 0xD800 && code <= 0xDFFF; }
// Whether XML 1.0 can hold the code point at all (even as a character
// reference): not the controls other than tab, newline and carriage return,
// not a surrogate, not U+FFFE or U+FFFF, not kNotUtf8. HTML's text takes the same.
constexpr bool isXmlCharacter(uint32_t code) {
  if (code < 0x20) return code == '\t' || code == '\n' || code == '\r';
  return !isSurrogate(code) && code != 0xFFFE && code != 0xFFFF && code <= 0x10FFFF;
}
// `text` with each kNotUtf8 step and lone surrogate replaced by U+FFFD
// (unchanged when it is UTF-8).
std::string wellFormedUtf8(std::string_view text);
// `text` as Java's UTF-8 encoder writes the string it decodes to, and so as
// MALLET's files hold it: a lone surrogate becomes '?'; all else is unchanged.
std::string javaPrinted(std::string_view text);

}  // namespace topiceval
