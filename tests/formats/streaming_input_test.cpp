// Held-out files read as they arrive: plain text in blocks, gzip decompressed
// as it is read, instance lists decoded without the object graph's nodes. The
// documents must be exactly what reading the whole file at once gives.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "support/gzip.hpp"

namespace topiceval::formats {
namespace {

std::string writeFile(const std::string& name, const std::string& bytes) {
  const auto path = std::filesystem::temp_directory_path() / ("topiceval-streaming-" + name);
  std::ofstream(path, std::ios::binary) << bytes;
  return path.string();
}

void expectSame(const DocumentCollection& blocks, const DocumentCollection& whole) {
  ASSERT_EQ(blocks.size(), whole.size());
  ASSERT_EQ(blocks.totalTokens(), whole.totalTokens());
  for (std::size_t d = 0; d < whole.size(); ++d) {
    ASSERT_TRUE(std::equal(blocks.document(d).begin(), blocks.document(d).end(), whole.document(d).begin(),
                           whole.document(d).end())) << "document " << d;
    ASSERT_EQ(blocks.name(d), whole.name(d));
  }
  ASSERT_EQ(blocks.alphabet()->words(), whole.alphabet()->words());
}

// About 3 MiB: lines that straddle the 1 MiB blocks, one longer than a block,
// empty lines, words the model has and words it lacks, a byte-order mark and
// no newline at the end.
std::string awkwardText() {
  std::mt19937 generator(7);
  const char* words[] = {"alpha", "beta", "gamma", "delta", "unseen", "other", "x"};
  std::string text = "\xEF\xBB\xBF" "alpha unseen\n";
  while (text.size() < (std::size_t{3} << 20)) {
    const std::size_t length = generator() % 50 == 0 ? 200000 : generator() % 30;
    for (std::size_t i = 0; i < length; ++i) {
      text += words[generator() % 7];
      text += generator() % 5 == 0 ? "\t" : " ";
    }
    text += '\n';
    if (generator() % 10 == 0) text += '\n';
  }
  text += "alpha beta";
  return text;
}

TEST(StreamingInput, PlainTextInBlocksGivesTheDocumentsOfTheWholeFile) {
  const Alphabet model({"alpha", "beta", "gamma", "delta"});
  const std::string text = awkwardText();
  const std::string path = writeFile("text.txt", text);
  ASSERT_TRUE(fileBytesAreLocal());
  const DocumentCollection blocks = readHeldOutDocuments(path, &model, "model");
  const DocumentCollection whole =
      readHeldOutDocuments(std::vector<uint8_t>(text.begin(), text.end()), path, &model, "model");
  expectSame(blocks, whole);
  EXPECT_GT(blocks.size(), 300u);
  EXPECT_EQ(blocks.length(0), 2u);  // the byte-order mark is not part of the first word
  EXPECT_EQ(blocks.alphabet()->word(4), "unseen");  // the first unseen word, after the model's four
  EXPECT_EQ(blocks.name(blocks.size() - 1), "line " + std::to_string(blocks.size()));
  EXPECT_EQ(blocks.length(blocks.size() - 1), 2u);  // the last line, without a newline

  // Gzip: decompressed as it is read, the same documents.
  const auto compressed = testing::gzip(text);
  const std::string gzipped = writeFile("text.txt.gz", std::string(compressed.begin(), compressed.end()));
  expectSame(readHeldOutDocuments(gzipped, &model, "model"), whole);
  std::filesystem::remove(path);
  std::filesystem::remove(gzipped);
}

// In batches (by documents, and by tokens for the lines longer than a batch):
// the same documents, names and type indices as the whole file; only plain
// text in a regular file is read so.
TEST(StreamingInput, PlainTextInBatchesGivesTheDocumentsOfTheWholeFile) {
  const Alphabet model({"alpha", "beta", "gamma", "delta"});
  const std::string text = awkwardText();
  const std::string path = writeFile("batches.txt", text);
  const DocumentCollection whole = readHeldOutDocuments(path, &model, "model");
  std::size_t next = 0, batches = 0, cutByTokens = 0;
  const bool read = readTextInBatches(path, model, {100, 50000}, [&](DocumentCollection batch, std::size_t first) {
    ASSERT_EQ(first, next);
    ASSERT_LE(batch.size(), 100u);
    cutByTokens += batch.size() < 100 && first + batch.size() < whole.size();
    for (std::size_t d = 0; d < batch.size(); ++d) {
      ASSERT_TRUE(std::equal(batch.document(d).begin(), batch.document(d).end(), whole.document(first + d).begin(),
                             whole.document(first + d).end())) << "document " << first + d;
      ASSERT_EQ(batch.name(d), whole.name(first + d));
    }
    next += batch.size();
    ++batches;
  });
  EXPECT_TRUE(read);
  EXPECT_EQ(next, whole.size());
  EXPECT_GT(batches, 3u);
  EXPECT_GT(cutByTokens, 0u);
  const auto compressed = testing::gzip(text);
  const std::string gzipped = writeFile("batches.txt.gz", std::string(compressed.begin(), compressed.end()));
  EXPECT_FALSE(readTextInBatches(gzipped, model, {100, 50000}, [](DocumentCollection, std::size_t) { FAIL(); }));
  EXPECT_FALSE(readTextInBatches("-", model, {100, 50000}, [](DocumentCollection, std::size_t) { FAIL(); }));
  std::filesystem::remove(path);
  std::filesystem::remove(gzipped);
}

TEST(StreamingInput, BlocksComeInOrderAndTheFirstHoldsTheStartCheck) {
  std::string bytes(std::size_t{5} << 20 | 12345, 'a');
  for (std::size_t i = 0; i < bytes.size(); i += 977) bytes[i] = static_cast<char>('b' + i % 7);
  const std::string path = writeFile("blocks.bin", bytes);
  std::string read;
  std::size_t blocks = 0;
  static std::size_t checked = 0;
  checked = 0;
  readFileBlocks(path, [](std::span<const uint8_t> start, const std::string&) { checked = start.size(); },
                 [&](std::span<const uint8_t> block) {
                   EXPECT_LE(block.size(), kFileBlockBytes);
                   read.append(reinterpret_cast<const char*>(block.data()), block.size());
                   ++blocks;
                 });
  EXPECT_EQ(read, bytes);
  EXPECT_EQ(checked, kStartCheckBytes);
  EXPECT_EQ(blocks, 6u);
  // A refusal by the check comes before any block.
  blocks = 0;
  EXPECT_THROW(readFileBlocks(
                   path, [](std::span<const uint8_t>, const std::string& source) { throw FormatError(source, "no"); },
                   [&](std::span<const uint8_t>) { ++blocks; }),
               FormatError);
  EXPECT_EQ(blocks, 0u);
  std::filesystem::remove(path);
  const std::string empty = writeFile("empty.txt", "");
  EXPECT_THROW(readFileBlocks(empty, nullptr, [](std::span<const uint8_t>) {}), FormatError);
  std::filesystem::remove(empty);
}

}  // namespace
}  // namespace topiceval::formats
