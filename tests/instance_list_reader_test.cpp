// Held-out instance lists written by `mallet import-file --keep-sequence`.
#include "formats/instance_list_reader.hpp"

#include <gtest/gtest.h>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "support/fixtures.hpp"

namespace topiceval::formats {
namespace {

using testing::fixtureFile;

std::string wordAt(const DocumentCollection& documents, std::size_t document, std::size_t position) {
  return documents.alphabet()->word(static_cast<std::size_t>(documents.document(document)[position]));
}

TEST(InstanceListReader, ReadsStackexchange) {
  const DocumentCollection documents = readInstanceListFile(fixtureFile("stackexchange", "test.mallet"));
  ASSERT_EQ(documents.size(), 200u);
  EXPECT_EQ(documents.totalTokens(), 8383u);
  EXPECT_EQ(documents.length(0), 35u);
  EXPECT_EQ(documents.length(199), 43u);
  EXPECT_EQ(documents.name(0), "110");
  EXPECT_EQ(documents.name(199), "213");
  EXPECT_EQ(wordAt(documents, 0, 0), "generally");  // the first line of MALLET's show-words output
  EXPECT_EQ(wordAt(documents, 199, 42), "approaches");
  EXPECT_EQ(documents.alphabet()->size(), 4285u);
}

TEST(InstanceListReader, ReadsLongDocuments) {
  const DocumentCollection documents = readInstanceListFile(fixtureFile("sgu-k100", "test.mallet"));
  ASSERT_EQ(documents.size(), 312u);
  EXPECT_EQ(documents.totalTokens(), 127603u);  // Scott & Baldridge's held-out token count
  EXPECT_EQ(documents.name(0), "SGU_Episode_360_Announcements_.txt");
  EXPECT_EQ(documents.name(311), "SGU_Episode_402_This_Day_in_Skepticism_.txt");
  EXPECT_EQ(wordAt(documents, 0, 0), "joshie");
  std::size_t longest = 0;
  for (std::size_t d = 0; d < documents.size(); ++d) longest = std::max(longest, documents.length(d));
  EXPECT_EQ(longest, 3328u);
}

TEST(InstanceListReader, KeepsWordsBeyondTheTrainingAlphabet) {
  // Imported after training: the held-out alphabet grew past the model's 68006 types.
  const DocumentCollection documents = readInstanceListFile(fixtureFile("debian-k100", "test.mallet"));
  EXPECT_EQ(documents.size(), 3000u);
  EXPECT_EQ(documents.totalTokens(), 107269u);
  EXPECT_EQ(documents.alphabet()->size(), 72545u);
  EXPECT_EQ(documents.name(0), "librust-term-grid-dev");
  EXPECT_EQ(wordAt(documents, 2999, documents.length(2999) - 1), "significant");
}

TEST(InstanceListReader, NamesTheWrongClass) {
  const std::string path = fixtureFile("stackexchange", "evaluator.mallet");
  try {
    readInstanceListFile(path);
    FAIL();
  } catch (const FormatError& error) {
    EXPECT_EQ(std::string(error.what()), path +
                                             ": holds a serialized cc.mallet.topics.MarginalProbEstimator, not a "
                                             "MALLET instance list (cc.mallet.types.InstanceList)");
  }
}

TEST(InstanceListReader, EveryTruncationIsAClearError) {
  const auto whole = readFileBytes(fixtureFile("stackexchange", "test.mallet"));
  for (std::size_t length = 0; length < whole.size(); length += length < 3000 ? 1 : 211) {
    const std::span<const uint8_t> cut(whole.data(), length);
    try {
      readInstanceList(cut, "cut.mallet");
      FAIL() << "a file cut at " << length << " of " << whole.size() << " bytes was accepted";
    } catch (const FormatError& error) {
      ASSERT_EQ(std::string(error.what()).rfind("cut.mallet: ", 0), 0u) << error.what();
    }
  }
}

}  // namespace
}  // namespace topiceval::formats
