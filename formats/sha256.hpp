// SPDX-License-Identifier: Apache-2.0
#pragma once
// SHA-256 (FIPS 180-4): the name-based UUIDs `upgrade` gives MALLET's
// identifiers (RFC 9562 section 5.8's SHA-256 example), and the digests the
// tests compare MALLET's large files by.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace topiceval::formats {

class Sha256 {
 public:
  Sha256();
  void update(std::span<const uint8_t> bytes);
  void update(std::string_view text) { update({reinterpret_cast<const uint8_t*>(text.data()), text.size()}); }
  // The digest of everything given; the object is then spent.
  std::array<uint8_t, 32> finish();

 private:
  void compress(const uint8_t* block);
  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> block_{};
  std::size_t filled_ = 0;
  uint64_t length_ = 0;  // bytes given
};

// The digest as 64 lower-case hexadecimal digits (what sha256sum prints).
std::string hexDigest(const std::array<uint8_t, 32>& digest);

}  // namespace topiceval::formats
