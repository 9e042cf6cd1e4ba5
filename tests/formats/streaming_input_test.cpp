// SPDX-License-Identifier: Apache-2.0
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
#include "formats/gzip_input.hpp"
#include "formats/held_out_reader.hpp"
#include "support/fixtures.hpp"
#include "support/fifo_writer.hpp"
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

// The text gzipped and then damaged four ways: cut in half, 64 bytes flipped,
// junk after its end, and a NUL byte near the start (which fails its line
// long before the cut is reached) in a copy cut in half.
std::vector<std::vector<uint8_t>> damagedGzipsOf(const std::string& text) {
  const auto good = testing::gzip(text);
  auto truncated = good;
  truncated.resize(good.size() / 2);
  auto flipped = good;
  for (std::size_t i = good.size() / 3; i < good.size() / 3 + 64; ++i) flipped[i] ^= 0x5A;
  auto trailing = good;
  trailing.insert(trailing.end(), {'j', 'u', 'n', 'k'});
  auto nulThenCut = testing::gzip("alpha\n" + std::string(1, '\0') + text);
  nulThenCut.resize(nulThenCut.size() / 2);
  return {truncated, flipped, trailing, nulThenCut};
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
// text in a regular file (gzipped or not) is read so.
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
  EXPECT_FALSE(readTextInBatches("-", model, {100, 50000}, [](DocumentCollection, std::size_t) { FAIL(); }));
  EXPECT_TRUE(isPlainTextFile(path));
  EXPECT_FALSE(isPlainTextFile("-"));
  // Gzipped text is read in batches and said to be; a gzipped topic state is neither.
  const auto compressed = testing::gzip(text);
  const std::string gzipped = writeFile("batches.txt.gz", std::string(compressed.begin(), compressed.end()));
  EXPECT_TRUE(isPlainTextFile(gzipped));
  const std::string state = testing::fixtureFile("stackexchange", "state.gz");
  EXPECT_FALSE(isPlainTextFile(state));
  EXPECT_FALSE(readTextInBatches(state, model, {100, 50000}, [](DocumentCollection, std::size_t) { FAIL(); }));
  std::filesystem::remove(path);
  std::filesystem::remove(gzipped);
}

// Gzipped text read in batches as it is decompressed (what `index` and `evaluate` read):
// the batches are the whole read's documents, names and words, across members.
TEST(StreamingInput, GzippedTextInBatchesGivesTheDocumentsOfTheWholeFile) {
  const Alphabet model({"alpha", "beta", "gamma", "delta"});
  const std::string text = awkwardText();
  // Two members, as `cat a.gz b.gz` makes: read as one stream.
  auto compressed = testing::gzip(text.substr(0, 1234567));
  const auto second = testing::gzip(text.substr(1234567));
  compressed.insert(compressed.end(), second.begin(), second.end());
  const std::string gzipped = writeFile("batches-gz.txt.gz", std::string(compressed.begin(), compressed.end()));
  const DocumentCollection whole = readHeldOutDocuments(gzipped, &model, "model");
  DocumentCollection gathered;
  std::size_t next = 0;
  std::vector<std::string> words;
  ASSERT_TRUE(readTextInBatches(
      gzipped, model, {100, 50000},
      [&](DocumentCollection batch, std::size_t first) {
        ASSERT_EQ(first, next);
        for (std::size_t d = 0; d < batch.size(); ++d) gathered.add(batch.document(d), batch.name(d));
        next += batch.size();
      },
      &words));
  gathered.setAlphabet(std::make_shared<const Alphabet>(words));
  expectSame(gathered, whole);
  EXPECT_GT(whole.size(), 300u);
  std::filesystem::remove(gzipped);
}

// Pieces of every size, down to one byte (a member's end and the next one's
// magic number split between pieces): the bytes and errors of the whole read.
TEST(StreamingInput, GzipInPiecesGivesTheWholeReadsBytesAndErrors) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "word" + std::to_string(i * 7919 % 1000) + (i % 13 == 0 ? "\n" : " ");
  auto two = testing::gzip(text);
  const auto member = testing::gzip("last member\n");
  two.insert(two.end(), member.begin(), member.end());
  const auto wholeRead = [](const std::vector<uint8_t>& bytes) -> std::string {
    try {
      return decompressGzip(bytes, "f.gz");
    } catch (const FormatError& error) {
      return std::string("error: ") + error.what();
    }
  };
  const auto inPieces = [](const std::vector<uint8_t>& bytes, std::size_t piece) -> std::string {
    std::string out;
    try {
      GzipReader reader("f.gz", bytes.size());
      std::vector<char> buffer(4096);
      for (std::size_t at = 0; at < bytes.size(); at += piece) {
        reader.supply(std::span<const uint8_t>(bytes).subspan(at, std::min(piece, bytes.size() - at)));
        EXPECT_LE(reader.heldBytes(), piece + 1);
        while (const std::size_t got = reader.read(buffer)) out.append(buffer.data(), got);
      }
      if (!reader.finished()) return "unfinished";
    } catch (const FormatError& error) {
      return std::string("error: ") + error.what();
    }
    return out;
  };
  // The same pieces from a stream whose length is known only at its end (standard input, a pipe).
  const auto ofUnknownLength = [](const std::vector<uint8_t>& bytes, std::size_t piece) -> std::string {
    std::string out;
    try {
      GzipReader reader("f.gz");
      std::vector<char> buffer(4096);
      for (std::size_t at = 0; at < bytes.size(); at += piece) {
        reader.supply(std::span<const uint8_t>(bytes).subspan(at, std::min(piece, bytes.size() - at)));
        EXPECT_LE(reader.heldBytes(), piece + 1);
        while (const std::size_t got = reader.read(buffer)) out.append(buffer.data(), got);
      }
      reader.endOfInput();
      while (const std::size_t got = reader.read(buffer)) out.append(buffer.data(), got);
      if (!reader.finished()) return "unfinished";
    } catch (const FormatError& error) {
      return std::string("error: ") + error.what();
    }
    return out;
  };
  auto truncated = two;
  truncated.resize(two.size() - member.size() - 5);
  auto crc = two;
  crc[two.size() - member.size() - 8] ^= 1;  // the first member's CRC-32
  auto garbage = two;
  garbage.push_back(0x1F);  // a magic number's first byte, and nothing after
  auto moreGarbage = two;
  for (const char c : std::string("not gzip")) moreGarbage.push_back(static_cast<uint8_t>(c));
  const std::vector<std::vector<uint8_t>> streams = {two, truncated, crc, garbage, moreGarbage};
  const std::vector<std::string> expectedStart = {"word", "error: f.gz: truncated",
                                                  "error: f.gz: damaged gzip data: CRC",
                                                  "error: f.gz: damaged gzip data: 1 bytes of trailing garbage",
                                                  "error: f.gz: damaged gzip data: 8 bytes of trailing garbage"};
  for (std::size_t s = 0; s < streams.size(); ++s) {
    const std::string expected = wholeRead(streams[s]);
    EXPECT_EQ(expected.rfind(expectedStart[s], 0), 0u) << expected;
    for (const std::size_t piece : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{1000}, member.size(),
                                    two.size() - member.size(), two.size() - member.size() + 1, two.size() + 100}) {
      const std::string got = inPieces(streams[s], piece);
      EXPECT_TRUE(got == expected) << "stream " << s << ", pieces of " << piece << ": " << got.substr(0, 200);
      const std::string unknown = ofUnknownLength(streams[s], piece);
      EXPECT_TRUE(unknown == expected) << "stream " << s << " of unknown length, pieces of " << piece << ": "
                                       << unknown.substr(0, 200);
    }
  }
}

// A damaged gzip file read in batches is refused with the whole read's error,
// even where a line of its damaged data would fail first.
TEST(StreamingInput, DamagedGzipInBatchesIsRefusedAsTheWholeReadRefusesIt) {
  const Alphabet model({"alpha", "beta"});
  for (const auto& damaged : damagedGzipsOf(awkwardText())) {
    const std::string path = writeFile("damaged.txt.gz", std::string(damaged.begin(), damaged.end()));
    std::string whole, batched;
    try {
      (void)readHeldOutDocuments(path, &model, "model");
    } catch (const FormatError& error) {
      whole = error.what();
    }
    try {
      (void)readTextInBatches(path, model, {100, 50000}, [](DocumentCollection, std::size_t) {});
    } catch (const FormatError& error) {
      batched = error.what();
    }
    EXPECT_NE(whole.find(path), std::string::npos) << whole;
    EXPECT_NE(whole.find("gzip"), std::string::npos) << whole;
    EXPECT_EQ(batched, whole);
    std::filesystem::remove(path);
  }
}

// Gzipped text from a pipe (as from standard input) is decompressed as it
// arrives, never gathered: the documents of the file, and a damaged stream
// refused with the file's error, naming the pipe.
TEST(StreamingInput, GzipFromAPipeReadsAsTheFile) {
  const Alphabet model({"alpha", "beta"});
  const auto good = testing::gzip(awkwardText());
  const std::string fifo = (std::filesystem::temp_directory_path() / "topiceval-streaming-gzip.fifo").string();
  {
    const std::string path = writeFile("piped.txt.gz", std::string(good.begin(), good.end()));
    const testing::FifoWriter writer(fifo, std::string(good.begin(), good.end()));
    expectSame(readHeldOutDocuments(fifo, &model, "model"), readHeldOutDocuments(path, &model, "model"));
    std::filesystem::remove(path);
  }
  for (const auto& damaged : damagedGzipsOf(awkwardText())) {
    const std::string path = writeFile("damaged-piped.txt.gz", std::string(damaged.begin(), damaged.end()));
    std::string fromFile, fromPipe;
    try {
      (void)readHeldOutDocuments(path, &model, "model");
    } catch (const FormatError& error) {
      fromFile = error.what();
    }
    try {
      const testing::FifoWriter writer(fifo, std::string(damaged.begin(), damaged.end()));
      (void)readHeldOutDocuments(fifo, &model, "model");
    } catch (const FormatError& error) {
      fromPipe = error.what();
    }
    ASSERT_EQ(fromFile.rfind(path + ": ", 0), 0u) << fromFile;
    EXPECT_NE(fromFile.find("gzip"), std::string::npos) << fromFile;
    EXPECT_EQ(fromPipe, fifo + fromFile.substr(path.size()));
    std::filesystem::remove(path);
  }
}

// Memory is flat in the compressed file's size: reading a file ten times as
// long holds no more bytes at once (a block in, a block out, the reader's own).
TEST(StreamingInput, GzipFileBlocksHoldTheSameBytesForATenTimesLongerFile) {
  std::mt19937 generator(11);
  std::string unit;
  while (unit.size() < (std::size_t{3} << 20)) {  // random letters: over 1 MiB compressed
    for (int i = 0; i < 6; ++i) unit += static_cast<char>('a' + generator() % 26);
    unit += generator() % 12 == 0 ? '\n' : ' ';
  }
  std::size_t held[2] = {0, 0}, pipeHeld[2] = {0, 0};
  std::size_t decompressed[2] = {0, 0}, piped[2] = {0, 0};
  for (int run = 0; run < 2; ++run) {
    std::vector<uint8_t> compressed;
    const auto one = testing::gzip(unit);
    ASSERT_GT(one.size(), kFileBlockBytes);
    for (int copy = 0; copy < (run == 0 ? 1 : 10); ++copy) compressed.insert(compressed.end(), one.begin(), one.end());
    const std::string path = writeFile("flat.txt.gz", std::string(compressed.begin(), compressed.end()));
    forEachGzipFileBlock(
        path, nullptr, [&](std::string_view text) { decompressed[run] += text.size(); }, &held[run]);
    std::filesystem::remove(path);
    // A pipe, whose length is known only at its end, is read so too.
    const std::string fifo = (std::filesystem::temp_directory_path() / "topiceval-streaming-flat.fifo").string();
    const testing::FifoWriter writer(fifo, std::string(compressed.begin(), compressed.end()));
    forEachGzipFileBlock(
        fifo, nullptr, [&](std::string_view text) { piped[run] += text.size(); }, &pipeHeld[run]);
  }
  EXPECT_EQ(decompressed[0], unit.size());
  EXPECT_EQ(decompressed[1], 10 * unit.size());
  EXPECT_GT(held[0], 0u);
  EXPECT_LE(held[1], held[0] + kFileBlockBytes + 1);  // at most a block carried with a member's last byte
  EXPECT_LE(held[1], 3 * kFileBlockBytes + 1);
  EXPECT_EQ(piped[0], decompressed[0]);
  EXPECT_EQ(piped[1], decompressed[1]);
  EXPECT_GT(pipeHeld[0], 0u);
  EXPECT_LE(pipeHeld[1], pipeHeld[0] + kFileBlockBytes + 1);
  EXPECT_LE(pipeHeld[1], 3 * kFileBlockBytes + 1);
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
