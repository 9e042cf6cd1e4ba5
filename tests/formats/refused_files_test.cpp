// SPDX-License-Identifier: Apache-2.0
// Files the readers refuse by name (formats/): damaged gzip and its trailing
// garbage, a topic count no file of that size can hold, UTF-16 text, endless
// devices, and vocabularies that list a word twice.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/logistic_normal_files.hpp"
#include "formats/model_readers.hpp"
#include "support/fixtures.hpp"
#include "support/format_errors.hpp"
#include "support/gzip.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

using testing::errorOf;
using testing::fixtureFile;

class RefusedFiles : public testing::ScratchDirectory {
 protected:
  RefusedFiles() : ScratchDirectory("refused-files") {}

  const std::string state_ = fixtureFile("stackexchange", "state.gz");
  const std::string inferencer_ = fixtureFile("stackexchange", "inferencer.mallet");
};

// ---- Gzip damage, and many topics from a few bytes -----------------------------

TEST_F(RefusedFiles, TrailingGarbageAndCrcMismatchAreNamed) {
  auto garbage = bytesOf(state_);
  for (const char c : std::string("GARBAGE")) garbage.push_back(static_cast<uint8_t>(c));
  EXPECT_EQ(errorOf([&] { formats::readTopicState(garbage, "state.gz"); }),
            "state.gz: damaged gzip data: 7 bytes of trailing garbage after the end of the compressed stream");
  auto crc = bytesOf(state_);
  crc[crc.size() - 8] ^= 0xFF;  // the CRC-32 trailer
  EXPECT_EQ(errorOf([&] { formats::readTopicState(crc, "state.gz"); }),
            "state.gz: damaged gzip data: CRC mismatch (the decompressed bytes are not the ones written)");
  // Two members, as `cat a.gz b.gz` makes, are one stream.
  const auto first = testing::gzip("#alpha : 0.5 0.5\n#beta : 0.01\n0 NA 0 0 a 0\n");
  auto both = first;
  const auto second = testing::gzip("0 NA 1 1 b 1\n0 NA 2 0 a 1\n");
  both.insert(both.end(), second.begin(), second.end());
  EXPECT_EQ(formats::readTopicState(both, "two.gz").totalTokens(), 3);
}

TEST_F(RefusedFiles, ManyTopicsFromAFewBytesAreRefused) {
  std::string alpha = "#alpha :";
  for (int k = 0; k < 200000; ++k) alpha += " 0.1";
  const std::string file = write("topics.gz", testing::gzip(alpha + "\n#beta : 0.01\n0 NA 0 0 a 1\n"));
  EXPECT_EQ(errorOf([&] { formats::readModelFile(file); }),
            file + ": the model holds 1 training tokens for 200000 topics: too few to be a trained model");
}

// ---- UTF-16, devices, and vocabularies that name a word twice -------------------

TEST_F(RefusedFiles, Utf16TextIsRefusedByItsName) {
  const TopicModel model = formats::readModelFile(inferencer_).model;
  std::string little = "\xFF\xFE", big = "\xFE\xFF", bare;
  for (const char c : std::string("some words here\n")) {
    little += {c, '\0'};
    big += {'\0', c};
    bare += {c, '\0'};
  }
  const auto read = [&](const std::string& name, const std::string& bytes) {
    const std::string file = write(name, bytes);
    return errorOf([&] { formats::readHeldOutDocuments(file, model.alphabet.get(), "the model"); });
  };
  const std::string advice = "; topiceval reads UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)";
  EXPECT_EQ(read("le.txt", little), path("le.txt") + ": is UTF-16 text (little-endian byte-order mark)" + advice);
  EXPECT_EQ(read("be.txt", big), path("be.txt") + ": is UTF-16 text (big-endian byte-order mark)" + advice);
  EXPECT_EQ(read("bare.txt", bare),
            path("bare.txt") + ": is UTF-16 text (little-endian, without a byte-order mark)" + advice);
  // Gzipped, the same.
  EXPECT_EQ(read("le.txt.gz", std::string(reinterpret_cast<const char*>(testing::gzip(little).data()),
                                          testing::gzip(little).size())),
            path("le.txt.gz") + ": is UTF-16 text (little-endian byte-order mark)" + advice);
}

// /dev/zero and /dev/urandom never end: before the readers tested a file's
// first bytes, each was read up to the 4 GiB limit ("holds more than 4 GiB")
// before being refused. Now every reader gives its own message at once.
TEST_F(RefusedFiles, EndlessDevicesAreRefusedByTheirFirstBytes) {
  const TopicModel model = formats::readModelFile(inferencer_).model;
  for (const std::string device : {"/dev/zero", "/dev/urandom"}) {
    if (!std::filesystem::exists(device)) continue;
    EXPECT_EQ(errorOf([&] { formats::readModelFile(device); }),
              device + ": is neither a MALLET model file (a Java serialization stream) nor a gzipped topic state");
    EXPECT_EQ(errorOf([&] { formats::readAnyModelFile(device); }),
              device + ": is neither a MALLET model file (a Java serialization stream) nor a gzipped topic state");
    EXPECT_EQ(errorOf([&] { formats::readEvaluatorFile(device); }),
              device + ": not a Java serialization stream (a MALLET .mallet file starts with bytes AC ED)");
    EXPECT_EQ(errorOf([&] { formats::readInstanceListFile(device); }),
              device + ": not a Java serialization stream (a MALLET .mallet file starts with bytes AC ED)");
  }
  EXPECT_EQ(errorOf([&] { formats::readHeldOutDocuments("/dev/zero", model.alphabet.get(), "the model"); }),
            "/dev/zero: holds binary data: not a MALLET instance list and not plain text");
}

TEST_F(RefusedFiles, AVocabularyListingAWordTwiceIsRefused) {
  const std::string third = "-1.0986122886681098 -1.0986122886681098 -1.0986122886681098\n";
  const std::string model = write("twice.model", std::string(formats::kLogisticNormalMagic) +
                                                     " 1\ntopics 2\ntypes 3\nmean\n0\ncovariance\n1\n"
                                                     "log-topic-word\n" +
                                                     third + third + "vocabulary 3\nbeta\nalpha\nbeta\n");
  EXPECT_EQ(errorOf([&] { formats::readAnyModelFile(model); }),
            model + ": its vocabulary lists 'beta' twice (types 0 and 2), so text could not tell them apart");
  // A topic state naming two type indices with one word.
  const auto state = testing::gzip(
      "#alpha : 0.5 0.5\n#beta : 0.01\n0 NA 0 0 beta 0\n0 NA 1 1 alpha 1\n"
      "0 NA 2 2 beta 1\n");
  const std::string statePath = write("twice.gz", std::string(state.begin(), state.end()));
  EXPECT_EQ(errorOf([&] { formats::readModelFile(statePath); }),
            statePath + ": its vocabulary lists 'beta' twice (types 0 and 2), so text could not tell them apart");
}

}  // namespace
}  // namespace topiceval
