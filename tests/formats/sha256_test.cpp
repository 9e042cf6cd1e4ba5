// SPDX-License-Identifier: Apache-2.0
// formats/sha256.hpp against FIPS 180-4's examples: the digests the tests
// compare MALLET's large files by, and `upgrade`'s identifiers, rest on it.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "formats/sha256.hpp"

namespace topiceval {
namespace {

std::string sha256(const std::string& bytes) {
  formats::Sha256 sha;
  sha.update(bytes);
  return formats::hexDigest(sha.finish());
}

TEST(Sha256, GivesTheStandardsDigests) {
  // FIPS 180-4's examples (and the empty message), whole and fed in uneven pieces.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"}};
  for (const auto& [message, digest] : cases) {
    EXPECT_EQ(sha256(message), digest) << message;
    formats::Sha256 pieces;
    for (std::size_t at = 0; at < message.size(); at += 7) pieces.update(std::string_view(message).substr(at, 7));
    EXPECT_EQ(formats::hexDigest(pieces.finish()), digest) << message;
  }
  formats::Sha256 million;
  const std::string block(1000, 'a');
  for (int i = 0; i < 1000; ++i) million.update(block);
  EXPECT_EQ(formats::hexDigest(million.finish()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

}  // namespace
}  // namespace topiceval
