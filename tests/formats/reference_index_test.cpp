// SPDX-License-Identifier: Apache-2.0
// The reference index's file: what is written reads back (postings, lengths,
// words, the bags-of-words flag), through runs as without, and a damaged or
// foreign file is refused with one line naming it.
#include "formats/reference_index.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <unistd.h>
#include <zlib.h>

#include "formats/format_error.hpp"

namespace topiceval::formats {
namespace {

const std::vector<std::vector<int32_t>> kDocuments = {{0, 1, 0, 2}, {}, {3, 3, 3}, {2, 0}, {1}};
const std::vector<std::string> kWords = {"apple", "pear", "plum", "fig", "unused"};

std::vector<uint8_t> indexBytes(std::size_t runBytes, bool unordered = false) {
  ReferenceIndexWriter writer(runBytes);
  for (const auto& document : kDocuments) writer.addDocument(document);
  if (unordered) writer.markUnordered();
  std::ostringstream out;
  writer.finish(kWords, out, "memory");
  const std::string bytes = out.str();
  return {bytes.begin(), bytes.end()};
}

// Every word's postings as (document, position) pairs, recounted from the documents.
void expectPostingsOfDocuments(const ReferenceIndex& index) {
  ASSERT_EQ(index.words(), kWords);
  ASSERT_EQ(index.numDocuments(), kDocuments.size());
  EXPECT_EQ(index.numTokens(), 10u);
  WordPostings postings;
  for (std::size_t w = 0; w < kWords.size(); ++w) {
    std::vector<std::pair<uint32_t, uint32_t>> expected, found;
    for (std::size_t d = 0; d < kDocuments.size(); ++d) {
      for (std::size_t p = 0; p < kDocuments[d].size(); ++p) {
        if (kDocuments[d][p] == static_cast<int32_t>(w)) expected.emplace_back(d, p);
      }
    }
    index.postings(w, postings);
    for (std::size_t i = 0; i < postings.documents.size(); ++i) {
      for (std::size_t k = postings.start[i]; k < postings.start[i + 1]; ++k)
        found.emplace_back(postings.documents[i], postings.positions[k]);
    }
    EXPECT_EQ(found, expected) << kWords[w];
    EXPECT_EQ(index.occurrences(w), expected.size());
  }
  EXPECT_EQ(index.documentLengths(), (std::vector<uint32_t>{4, 0, 3, 2, 1}));
  EXPECT_EQ(index.documentFrequency(0), 2u);
}

TEST(ReferenceIndex, ReadsBackWhatWasWritten) {
  const ReferenceIndex index = ReferenceIndex::fromBytes(indexBytes(1 << 20), "memory");
  expectPostingsOfDocuments(index);
  EXPECT_FALSE(index.unordered());
  EXPECT_TRUE(ReferenceIndex::fromBytes(indexBytes(1 << 20, true), "memory").unordered());
}

TEST(ReferenceIndex, RunsMergeToTheSameBytes) {
  ReferenceIndexWriter writer(1);  // a run after every document
  for (const auto& document : kDocuments) writer.addDocument(document);
  std::ostringstream out;
  writer.finish(kWords, out, "memory");
  EXPECT_GE(writer.runsWritten(), 4u);
  const std::string bytes = out.str();
  EXPECT_EQ(std::vector<uint8_t>(bytes.begin(), bytes.end()), indexBytes(1 << 20));
}

// Stretches of documents built apart (as threads build them) and appended in
// document order give the bytes of the documents added one by one, whatever
// the stretches' lengths and the runs spilled between them.
TEST(ReferenceIndex, BatchesAppendToTheSameBytes) {
  for (const std::size_t stretch : {1, 2, 3, 5}) {
    for (const std::size_t runBytes : {std::size_t{1}, std::size_t{1} << 20}) {
      ReferenceIndexWriter writer(runBytes);
      for (std::size_t first = 0; first < kDocuments.size(); first += stretch) {
        ReferenceIndexBatch batch(first);
        for (std::size_t d = first; d < std::min(kDocuments.size(), first + stretch); ++d) batch.addDocument(kDocuments[d]);
        writer.append(std::move(batch));
      }
      EXPECT_EQ(writer.documents(), kDocuments.size());
      EXPECT_EQ(writer.tokens(), 10u);
      std::ostringstream out;
      writer.finish(kWords, out, "memory");
      const std::string bytes = out.str();
      EXPECT_EQ(std::vector<uint8_t>(bytes.begin(), bytes.end()), indexBytes(1 << 20)) << stretch << " documents a batch";
    }
  }
}

TEST(ReferenceIndex, ABatchOutOfOrderIsRefused) {
  ReferenceIndexWriter writer;
  ReferenceIndexBatch later(2);
  later.addDocument(kDocuments[2]);
  EXPECT_THROW(writer.append(std::move(later)), std::logic_error);
  ReferenceIndexBatch negative(0);
  EXPECT_THROW(negative.addDocument(std::vector<int32_t>{1, -1}), FormatError);
}

TEST(ReferenceIndex, OpensAMappedFile) {
  const auto path = std::filesystem::temp_directory_path() / ("reference-index-test-" + std::to_string(getpid()));
  const auto bytes = indexBytes(1 << 20);
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  expectPostingsOfDocuments(ReferenceIndex::open(path.string()));
  std::filesystem::remove(path);
  try {
    ReferenceIndex::open(path.string());
    FAIL();
  } catch (const FormatError& error) {
    EXPECT_EQ(error.source(), path.string());
  }
}

// This process's resident pages of mapped files (/proc/self/status), in KiB.
uint64_t residentFileKiB() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("RssFile:", 0) == 0) return std::stoull(line.substr(8));
  }
  return 0;
}

// Reading a mapped index through leaves its pages resident until released:
// opening (the checksum reads every byte) and a reader of the postings give
// them back, so that resident memory does not follow the file's size.
TEST(ReferenceIndex, MappedPagesGoBackOnceRead) {
  const auto path = std::filesystem::temp_directory_path() / ("reference-index-pages-" + std::to_string(getpid()));
  {
    ReferenceIndexWriter writer;
    std::mt19937 random(3);
    std::vector<int32_t> document(200);
    for (int d = 0; d < 20000; ++d) {
      for (int32_t& id : document) id = static_cast<int32_t>(random() % 5000);
      writer.addDocument(document);
    }
    std::vector<std::string> words;
    for (int w = 0; w < 5000; ++w) words.push_back("w" + std::to_string(w));
    std::ofstream out(path, std::ios::binary);
    writer.finish(words, out, path.string());
  }
  const uint64_t fileKiB = std::filesystem::file_size(path) / 1024;
  ASSERT_GT(fileKiB, 4096u);
  const uint64_t before = residentFileKiB();
  const ReferenceIndex index = ReferenceIndex::open(path.string());
  EXPECT_LT(residentFileKiB(), before + fileKiB / 2) << "the checksum's pages were kept";
  WordPostings postings;
  for (std::size_t w = 0; w < index.words().size(); ++w) index.postings(w, postings);
  EXPECT_GT(residentFileKiB(), before + fileKiB / 2) << "reading the postings maps them";
  index.releasePages();
  EXPECT_LT(residentFileKiB(), before + fileKiB / 2);
  std::filesystem::remove(path);
}

TEST(ReferenceIndex, RefusesForeignFilesAndOtherVersions) {
  const std::string text = "apple pear\nplum\n";
  try {
    ReferenceIndex::fromBytes({text.begin(), text.end()}, "texts.txt");
    FAIL();
  } catch (const FormatError& error) {
    EXPECT_EQ(std::string(error.what()).find("texts.txt: not a topiceval reference index"), 0u) << error.what();
  }
  auto bytes = indexBytes(1 << 20);
  bytes[8] = 2;
  try {
    ReferenceIndex::fromBytes(bytes, "index");
    FAIL();
  } catch (const FormatError& error) {
    EXPECT_NE(std::string(error.what()).find("version 2"), std::string::npos) << error.what();
  }
}

// Every truncation and every single flipped bit: a FormatError naming the
// file, one line (the checksum catches what the bounds would not).
TEST(ReferenceIndex, RefusesEveryTruncationAndFlippedBit) {
  const auto bytes = indexBytes(1 << 20);
  std::size_t refused = 0, cases = 0;
  const auto expectRefused = [&](const std::vector<uint8_t>& damaged) {
    ++cases;
    try {
      ReferenceIndex::fromBytes(damaged, "ref.index");
    } catch (const FormatError& error) {
      const std::string message = error.what();
      EXPECT_EQ(message.rfind("ref.index: ", 0), 0u) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos);
      ++refused;
    }
  };
  for (std::size_t n = 0; n < bytes.size(); ++n) expectRefused({bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n)});
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (int bit = 0; bit < 8; ++bit) {
      auto damaged = bytes;
      damaged[at] ^= static_cast<uint8_t>(1u << bit);
      expectRefused(damaged);
    }
  }
  EXPECT_EQ(refused, cases);
}

TEST(ReferenceIndex, RefusesAWordNamedTwiceUnderAValidChecksum) {
  // Written whole and signed (its checksum is right): "apple" is word 0 and word 2.
  ReferenceIndexWriter writer(1 << 20);
  for (const auto& document : kDocuments) writer.addDocument(document);
  std::ostringstream out;
  writer.finish({"apple", "pear", "apple", "fig", "unused"}, out, "memory");
  const std::string bytes = out.str();
  try {
    (void)ReferenceIndex::fromBytes({bytes.begin(), bytes.end()}, "twice.index");
    FAIL() << "an index naming a word twice was accepted";
  } catch (const FormatError& error) {
    EXPECT_STREQ(error.what(), "twice.index: damaged reference index: it names one word twice (words 0 and 2)");
  }
}

// A file whose checksum is right but whose counts lie (a hostile index, not a
// damaged one): the bounds refuse it before any large allocation, and a
// word's postings are checked as they are decoded.
TEST(ReferenceIndex, BoundsCountsEvenUnderAValidChecksum) {
  std::mt19937 generator(46);
  const auto original = indexBytes(1 << 20);
  std::size_t refused = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    auto bytes = original;
    const std::size_t at = 16 + generator() % (bytes.size() - 24);
    bytes[at] = static_cast<uint8_t>(generator());
    if (trial % 3 == 0) bytes[16 + generator() % 64] = 0xFF;
    // Re-sign the damage so that only the bounds stand in its way.
    const uint32_t crc = static_cast<uint32_t>(crc32_z(0, bytes.data(), bytes.size() - 8));
    for (int i = 0; i < 4; ++i) bytes[bytes.size() - 8 + static_cast<std::size_t>(i)] = static_cast<uint8_t>(crc >> (8 * i));
    try {
      const ReferenceIndex index = ReferenceIndex::fromBytes(bytes, "hostile.index");
      WordPostings postings;
      for (std::size_t w = 0; w < index.words().size(); ++w) {
        index.postings(w, postings);
        for (std::size_t i = 0; i < postings.documents.size(); ++i) {
          ASSERT_LT(postings.documents[i], index.numDocuments());
          for (std::size_t k = postings.start[i]; k < postings.start[i + 1]; ++k)
            ASSERT_LT(postings.positions[k], index.documentLengths()[postings.documents[i]]);
        }
      }
    } catch (const FormatError& error) {
      EXPECT_EQ(std::string(error.what()).rfind("hostile.index: ", 0), 0u) << error.what();
      ++refused;
    }
  }
  EXPECT_GT(refused, 1000u);
}

}  // namespace
}  // namespace topiceval::formats
