// SPDX-License-Identifier: Apache-2.0
// Coherence against a reference index gives what the texts give: every
// measure, window and bootstrap error, on every fixture's texts (plain text,
// an instance list, gzip, bags of words), bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>

#include "formats/file_bytes.hpp"
#include "formats/gzip_output.hpp"
#include "formats/reference_index.hpp"
#include "native/api/index_blocks.hpp"
#include "native/api/model_data.hpp"
#include "native/api/reference_index_writing.hpp"
#include "native/quality/coherence.hpp"
#include "support/fixtures.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/reference_index.hpp"
#include "topiceval/select.hpp"

namespace topiceval {
namespace {

using testing::fixtureFile;

std::string indexOf(const DocumentsSource& texts, const std::string& name) {
  const std::string path = ::testing::TempDir() + name + ".index";
  std::ofstream out(path, std::ios::binary);
  IndexRequest request;
  request.texts = texts;
  (void)writeReferenceIndex(request, out, path);
  return path;
}

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan(a) && std::isnan(b)); }

void expectSameResults(const CoherenceResult& texts, const CoherenceResult& index) {
  ASSERT_EQ(texts.measures.size(), index.measures.size());
  EXPECT_EQ(texts.referenceDocuments, index.referenceDocuments);
  EXPECT_EQ(texts.referenceTokens, index.referenceTokens);
  EXPECT_EQ(texts.topics, index.topics);
  for (std::size_t m = 0; m < texts.measures.size(); ++m) {
    const auto& a = texts.measures[m];
    const auto& b = index.measures[m];
    SCOPED_TRACE(a.name + " window " + std::to_string(a.windowSize));
    EXPECT_EQ(a.windowSize, b.windowSize);
    ASSERT_EQ(a.perTopic.size(), b.perTopic.size());
    for (std::size_t k = 0; k < a.perTopic.size(); ++k) {
      EXPECT_TRUE(sameBits(a.perTopic[k], b.perTopic[k])) << k << ": " << a.perTopic[k] << " " << b.perTopic[k];
      EXPECT_TRUE(sameBits(a.perTopicStandardError[k], b.perTopicStandardError[k])) << k;
    }
    EXPECT_TRUE(sameBits(a.mean, b.mean));
    EXPECT_TRUE(sameBits(a.meanStandardError, b.meanStandardError));
  }
  ASSERT_EQ(texts.warnings.size(), index.warnings.size());
  for (std::size_t w = 0; w < texts.warnings.size(); ++w) EXPECT_EQ(texts.warnings[w].text, index.warnings[w].text);
}

// Each measure and several windows, against the texts and against their index.
void expectIndexGivesTheTexts(const ModelSource& model, const DocumentsSource& texts, const std::string& name,
                              int bootstrap = 0) {
  const std::string index = indexOf(texts, name);
  for (const int window : {0, 1, 3, 25}) {
    CoherenceRequest request;
    request.model = model;
    request.measures = {"u_mass", "c_uci", "c_npmi", "c_v", "mallet"};
    request.windowSize = window;
    request.bootstrap = bootstrap;
    request.texts = texts;
    const CoherenceResult fromTexts = coherence(request);
    request.texts.reset();
    request.reference = index;
    const CoherenceResult fromIndex = coherence(request);
    EXPECT_EQ(fromIndex.reference, index);
    expectSameResults(fromTexts, fromIndex);
  }
}

std::string trainingText(const Model& model, const std::string& path, bool gzipped) {
  const TrainingAssignments& training = *detail::dataOf(model).training;
  std::ostringstream text;
  for (std::size_t d = 0; d < training.numDocuments(); ++d) {
    for (const int32_t type : training.documentTypes(d))
      text << detail::dataOf(model).alphabet()->word(static_cast<std::size_t>(type)) << ' ';
    text << '\n';
  }
  std::ofstream out(path, std::ios::binary);
  if (gzipped) {
    formats::GzipWriter writer(out, path);
    writer.write(text.str());
    writer.finish();
  } else {
    out << text.str();
  }
  return path;
}

class IndexedCoherence : public ::testing::TestWithParam<std::string> {};

TEST_P(IndexedCoherence, TheIndexGivesTheTextsNumbers) {
  const Model model = Model::read(fixtureFile(GetParam(), "state.gz"));
  const std::string text = trainingText(model, ::testing::TempDir() + GetParam() + "-training.txt", false);
  expectIndexGivesTheTexts(model, DocumentsSource(text), GetParam() + "-text");
  expectIndexGivesTheTexts(model, DocumentsSource(fixtureFile(GetParam(), "test.mallet")), GetParam() + "-list");
}

INSTANTIATE_TEST_SUITE_P(Fixtures, IndexedCoherence,
                         ::testing::Values("stackexchange", "stackexchange-oov", "sgu-k100", "debian-k100"));

TEST(IndexedCoherence, GzippedTextAndBootstrapErrorsAreTheSame) {
  const Model model = Model::read(fixtureFile("stackexchange", "state.gz"));
  const std::string text = trainingText(model, ::testing::TempDir() + "stackexchange-training.txt.gz", true);
  expectIndexGivesTheTexts(model, DocumentsSource(text), "stackexchange-gzip", 30);
}

TEST(IndexedCoherence, BagsOfWordsCountWholeDocumentsAsTheTextsDo) {
  const std::vector<std::string> words = {"a", "b", "c", "d", "e", "f", "g"};
  std::vector<int64_t> counts(2 * words.size(), 1);
  const Model model = Model::fromCounts(counts, words.size(), {0.1, 0.1}, 0.01).withWords(words);
  DocumentsBuilder builder;
  const std::vector<std::vector<int64_t>> bags = {{0, 1, 0, 2, 3}, {1, 2, 4}, {0, 4, 5, 6, 1, 2, 0, 1}};
  for (const auto& bag : bags) builder.addBag(bag);
  const Documents documents = builder.build().withWords(words);
  const std::string index = indexOf(DocumentsSource(documents), "bags");
  CoherenceRequest request;
  request.model = model;
  request.topics = {{"a", "b", "c"}, {"e", "f", "g"}};
  request.measures = {"u_mass", "c_uci", "c_npmi", "c_v"};
  request.bootstrap = 0;
  request.texts = DocumentsSource(documents);
  const CoherenceResult fromTexts = coherence(request);
  request.texts.reset();
  request.reference = index;
  const CoherenceResult fromIndex = coherence(request);
  expectSameResults(fromTexts, fromIndex);
  ASSERT_FALSE(fromIndex.warnings.empty());
  EXPECT_EQ(fromIndex.warnings.front().kind, "bag-of-words-texts");
  EXPECT_EQ(fromIndex.measures[1].windowSize, 0);
}

TEST(IndexedCoherence, TheIndexIsTheSameBytesOnAnyThreadCount) {
  // debian-k100's 30,000 training documents: eight stretches of 4,096, built
  // on several threads at once, and with small runs several spills each.
  const Model model = Model::read(fixtureFile("debian-k100", "state.gz"));
  const std::string text = trainingText(model, ::testing::TempDir() + "debian-threads.txt", false);
  std::string first;
  for (const std::size_t runBytes : {std::size_t{64} << 20, std::size_t{64} << 10}) {
    for (const int threads : {1, 2, 3, 5}) {
      IndexRequest request;
      request.texts = DocumentsSource(text);
      request.threads = threads;
      IndexWriting writing;
      writing.runBytes = runBytes;
      std::ostringstream out;
      const IndexResult result = writeReferenceIndex(request, out, "memory", writing);
      EXPECT_EQ(result.documents, 30000u);
      if (runBytes < (std::size_t{1} << 20)) {
        EXPECT_GE(writing.runsWritten, 5u) << threads << " threads";
      }
      if (first.empty()) {
        first = out.str();
      } else {
        EXPECT_TRUE(out.str() == first) << threads << " threads, runs of " << runBytes << " bytes";
      }
    }
  }
  EXPECT_GT(first.size(), 1000000u);
}

// Gzipped text and instance lists are read in batches as they stream in; the
// index is the bytes of the whole read's (the documents given in memory), on
// one thread and on several.
TEST(IndexedCoherence, StreamedGzipAndInstanceListsIndexAsTheirWholeRead) {
  const Model model = Model::read(fixtureFile("debian-k100", "state.gz"));
  std::vector<std::string> inputs = {trainingText(model, ::testing::TempDir() + "debian-streamed.txt.gz", true)};
  for (const char* fixture : {"stackexchange", "stackexchange-oov", "sgu-k100", "debian-k100"})
    inputs.push_back(fixtureFile(fixture, "test.mallet"));
  for (const std::string& input : inputs) {
    SCOPED_TRACE(input);
    const Documents documents = Documents::read(input);
    std::ostringstream whole;
    IndexRequest request;
    request.texts = DocumentsSource(documents);
    const IndexResult wholeResult = writeReferenceIndex(request, whole, "memory");
    for (const int threads : {1, 2}) {
      request.texts = DocumentsSource(input);
      request.threads = threads;
      std::ostringstream streamed;
      const IndexResult result = writeReferenceIndex(request, streamed, "memory");
      EXPECT_EQ(result.documents, wholeResult.documents);
      EXPECT_EQ(result.words, wholeResult.words);
      EXPECT_TRUE(streamed.str() == whole.str()) << threads << " threads";
    }
  }
}

TEST(IndexedCoherence, TextsAndAnIndexTogetherAreRefused) {
  CoherenceRequest request;
  request.model = fixtureFile("stackexchange", "state.gz");
  request.texts = DocumentsSource(fixtureFile("stackexchange", "test.mallet"));
  request.reference = indexOf(*request.texts, "both");
  EXPECT_THROW((void)coherence(request), SettingError);
}

TEST(IndexedCoherence, ADamagedIndexIsAFileErrorNamingIt) {
  const std::string index = indexOf(DocumentsSource(fixtureFile("stackexchange", "test.mallet")), "damaged");
  std::string bytes;
  {
    std::ifstream in(index, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  bytes[bytes.size() / 2] ^= 0x10;
  std::ofstream(index, std::ios::binary) << bytes;
  CoherenceRequest request;
  request.model = fixtureFile("stackexchange", "state.gz");
  request.reference = index;
  try {
    (void)coherence(request);
    FAIL();
  } catch (const FileError& error) {
    EXPECT_EQ(error.source(), index);
    EXPECT_NE(error.problem().find("checksum"), std::string::npos) << error.what();
  }
  // Texts given as a reference index are refused as not one.
  request.reference = fixtureFile("stackexchange", "test.mallet");
  EXPECT_THROW((void)coherence(request), FileError);
}

TEST(IndexedCoherence, SelectScoresEveryModelAgainstTheIndexAsAgainstTheTexts) {
  SelectRequest request;
  request.models = {fixtureFile("stackexchange", "state.gz"), fixtureFile("stackexchange", "model.mallet")};
  request.documents = DocumentsSource(fixtureFile("stackexchange", "test.mallet"));
  request.documentSelection = "0-3";
  request.coherenceTexts = DocumentsSource(fixtureFile("stackexchange", "test.mallet"));
  request.bootstrap = 0;
  request.runs = 1;
  const SelectResult fromTexts = select(request);
  request.coherenceTexts = DocumentsSource();
  request.coherenceReference = indexOf(DocumentsSource(fixtureFile("stackexchange", "test.mallet")), "select");
  const uint64_t openings = formats::ReferenceIndex::openingsOnThisThread();
  const SelectResult fromIndex = select(request);
  EXPECT_EQ(formats::ReferenceIndex::openingsOnThisThread() - openings, 1u) << "the index opened once for both models";
  ASSERT_EQ(fromTexts.models.size(), fromIndex.models.size());
  for (std::size_t m = 0; m < fromTexts.models.size(); ++m) {
    ASSERT_TRUE(fromTexts.models[m].quality && fromIndex.models[m].quality);
    EXPECT_TRUE(sameBits(fromTexts.models[m].quality->coherence, fromIndex.models[m].quality->coherence));
    EXPECT_EQ(fromTexts.models[m].quality->topicCoherence, fromIndex.models[m].quality->topicCoherence);
  }
  EXPECT_EQ(fromIndex.qualityReference, request.coherenceReference);
}

// Coherence texts given to select with several models are indexed once: each
// model's coherence is what the texts and an index of them give, and the
// texts are read as often for three models as for two.
TEST(IndexedCoherence, SelectReadsCoherenceTextsOnceForEveryModel) {
  const std::string texts = ::testing::TempDir() + "select-coherence-texts.mallet";
  std::filesystem::copy_file(fixtureFile("stackexchange", "test.mallet"), texts,
                             std::filesystem::copy_options::overwrite_existing);
  SelectRequest request;
  request.documents = DocumentsSource(fixtureFile("stackexchange", "test.mallet"));
  request.documentSelection = "0-3";
  request.coherenceMeasure = "c_npmi";
  request.bootstrap = 0;
  request.runs = 1;
  const std::vector<std::string> models = {fixtureFile("stackexchange", "state.gz"),
                                           fixtureFile("stackexchange", "model.mallet"),
                                           fixtureFile("stackexchange", "state.gz")};
  std::vector<uint64_t> readings;
  std::vector<SelectResult> fromTexts;
  for (const std::size_t count : {2, 3}) {
    request.models.assign(models.begin(), models.begin() + static_cast<std::ptrdiff_t>(count));
    request.coherenceTexts = DocumentsSource(texts);
    const uint64_t before = formats::openingsOnThisThread(texts);
    fromTexts.push_back(select(request));
    readings.push_back(formats::openingsOnThisThread(texts) - before);
  }
  EXPECT_GT(readings[0], 0u);
  EXPECT_EQ(readings[0], readings[1]) << "texts read as often for three models as for two";
  request.coherenceTexts = DocumentsSource();
  request.coherenceReference = indexOf(DocumentsSource(texts), "select-once");
  const SelectResult fromIndex = select(request);
  const SelectResult& three = fromTexts.back();
  EXPECT_EQ(three.qualityReference, texts);
  ASSERT_EQ(three.models.size(), 3u);
  ASSERT_EQ(fromIndex.models.size(), 3u);
  for (std::size_t m = 0; m < three.models.size(); ++m) {
    SCOPED_TRACE(three.models[m].model.path);
    ASSERT_TRUE(three.models[m].quality && fromIndex.models[m].quality);
    EXPECT_TRUE(sameBits(three.models[m].quality->coherence, fromIndex.models[m].quality->coherence));
    EXPECT_EQ(three.models[m].quality->topicCoherence, fromIndex.models[m].quality->topicCoherence);
    // The model alone, its coherence counted from the texts themselves.
    CoherenceRequest alone;
    alone.model = ModelSource(three.models[m].model.path);
    alone.texts = DocumentsSource(texts);
    alone.measures = {"c_npmi"};
    alone.bootstrap = 0;
    alone.topWords = request.topWords;
    const CoherenceResult counted = coherence(alone);
    EXPECT_TRUE(sameBits(three.models[m].quality->coherence, counted.measures.front().mean));
    EXPECT_EQ(three.models[m].quality->topicCoherence, counted.measures.front().perTopic);
    EXPECT_TRUE(std::isfinite(counted.measures.front().mean));
  }
}

// Random documents of 0 to 60 tokens over 40 words (many shorter than a
// window of 10, some empty), as the whole texts and as an index of them.
struct BlockCorpus {
  quality::ReferenceCorpus whole;
  std::optional<formats::ReferenceIndex> index;
  std::vector<std::vector<int32_t>> topics = {{0, 1, 2, 3, 4}, {3, 5, 7, 0}, {8, 9, 1, 39}, {2, 2, 6}};
};

BlockCorpus blockCorpus(std::size_t documents) {
  BlockCorpus corpus;
  std::mt19937 random(7);
  formats::ReferenceIndexWriter writer;
  std::vector<int32_t> document;
  for (std::size_t d = 0; d < documents; ++d) {
    document.clear();
    const std::size_t length = random() % 61;
    for (std::size_t p = 0; p < length; ++p) document.push_back(static_cast<int32_t>(random() % 20 + random() % 21));
    writer.addDocument(document);
    corpus.whole.tokens.insert(corpus.whole.tokens.end(), document.begin(), document.end());
    corpus.whole.offsets.push_back(corpus.whole.tokens.size());
  }
  std::vector<std::string> words;
  for (int w = 0; w < 40; ++w) words.push_back("w" + std::to_string(w));
  std::ostringstream out;
  writer.finish(words, out, "memory");
  const std::string bytes = out.str();
  corpus.index = formats::ReferenceIndex::fromBytes({bytes.begin(), bytes.end()}, "memory");
  return corpus;
}

void expectSameValues(const std::vector<quality::MeasureValues>& a, const std::vector<quality::MeasureValues>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t m = 0; m < a.size(); ++m) {
    ASSERT_EQ(a[m].perTopic.size(), b[m].perTopic.size());
    for (std::size_t k = 0; k < a[m].perTopic.size(); ++k) {
      EXPECT_TRUE(sameBits(a[m].perTopic[k], b[m].perTopic[k])) << m << " " << k << ": " << a[m].perTopic[k] << " "
                                                               << b[m].perTopic[k];
      EXPECT_TRUE(sameBits(a[m].perTopicStandardError[k], b[m].perTopicStandardError[k])) << m << " " << k;
    }
    EXPECT_TRUE(sameBits(a[m].meanStandardError, b[m].meanStandardError)) << m;
  }
}

// An index is counted a block of documents at a time; blocks of one
// document, of a few, or all of them in one give the whole texts' counts, with
// or without a bootstrap (tables kept per document), on one thread or two.
TEST(IndexedCoherence, BlocksOfAnySizeCountAsTheWholeTexts) {
  const BlockCorpus corpus = blockCorpus(3000);
  for (const int bootstrap : {0, 20}) {
    for (const int window : {0, 3, 25}) {
      quality::CoherenceSettings settings;
      settings.bootstrap = bootstrap;
      for (const auto measure : {quality::CoherenceMeasure::UMass, quality::CoherenceMeasure::CUci,
                                 quality::CoherenceMeasure::CNpmi, quality::CoherenceMeasure::CV,
                                 quality::CoherenceMeasure::Mallet})
        settings.measures.push_back({measure, window});
      const auto whole = quality::topicCoherence(corpus.whole, corpus.topics, settings);
      ASSERT_TRUE(std::isfinite(whole[2].perTopic[0]));
      for (const uint64_t blockTokens : {uint64_t{1}, uint64_t{150}, uint64_t{1} << 40}) {
        for (const int threads : {1, 2}) {
          SCOPED_TRACE("bootstrap " + std::to_string(bootstrap) + " window " + std::to_string(window) + " block " +
                       std::to_string(blockTokens) + " threads " + std::to_string(threads));
          settings.blockTokens = blockTokens;
          settings.threads = threads;
          detail::IndexBlocks blocks(*corpus.index, corpus.topics);
          expectSameValues(whole, quality::topicCoherence(blocks, corpus.topics, settings));
        }
      }
    }
  }
}

// Memory follows the block: the occurrences laid out at once stay within a
// block's tokens however many blocks the texts are.
TEST(IndexedCoherence, ABlockHoldsNoMoreThanItsTokens) {
  const BlockCorpus corpus = blockCorpus(3000);
  uint64_t occurrences = 0;
  for (const int32_t id : corpus.whole.tokens) occurrences += id <= 9 || id == 39 ? 1 : 0;
  quality::CoherenceSettings settings;
  settings.measures = {{quality::CoherenceMeasure::CNpmi, 0}};
  settings.blockTokens = 200;
  settings.threads = 2;
  detail::IndexBlocks blocks(*corpus.index, corpus.topics);
  (void)quality::topicCoherence(blocks, corpus.topics, settings);
  EXPECT_GT(occurrences, 100 * settings.blockTokens / 4);
  EXPECT_GT(blocks.largestBlock(), 0u);
  EXPECT_LE(blocks.largestBlock(), settings.blockTokens);
}

}  // namespace
}  // namespace topiceval
