// SPDX-License-Identifier: Apache-2.0
// Topic quality: MALLET's diagnostics XML and topic reports byte for byte
// against the files MALLET 2.1.1 wrote (tests/data's MALLET sets, and the
// synthetic edge cases in tests/data/mallet-edge).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <fstream>
#include <sstream>
#include <streambuf>
#include <thread>

#include "support/fixtures.hpp"
#include "formats/sha256.hpp"
#include "native/api/model_data.hpp"
#include "native/api/topic_number_figures.hpp"
#include "native/model/topic_model.hpp"
#include "native/quality/exclusivity.hpp"
#include "native/quality/topic_diagnostics.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/diagnostics.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/select.hpp"
#include "topiceval/upgrade.hpp"

namespace topiceval {
namespace {

using testing::fixtureFile;
using testing::readText;

const std::string kEdge = testing::testDataPath("mallet-edge");

// A stream that compares what is written with a file (or a command's output)
// as it goes, so that hundreds of megabytes never sit in memory.
class ComparingBuffer : public std::streambuf {
 public:
  explicit ComparingBuffer(const std::string& path) : file_(std::fopen(path.c_str(), "rb")) {
    if (file_ == nullptr) throw std::runtime_error("cannot read " + path);
  }
  ~ComparingBuffer() override { std::fclose(file_); }
  // Empty when the whole file was written exactly; otherwise where it first differs.
  std::string verdict() {
    char extra = 0;
    if (mismatch_.empty() && std::fread(&extra, 1, 1, file_) == 1)
      mismatch_ = "the output ends at byte " + std::to_string(offset_) + ", before the file does";
    return mismatch_;
  }

 protected:
  std::streamsize xsputn(const char* data, std::streamsize count) override {
    if (!mismatch_.empty()) return count;
    std::string expected(static_cast<std::size_t>(count), '\0');
    const std::size_t read = std::fread(expected.data(), 1, expected.size(), file_);
    for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
      if (i >= read || expected[i] != data[i]) {
        const std::size_t from = i >= 40 ? i - 40 : 0;
        mismatch_ = "first difference at byte " + std::to_string(offset_ + i) + ": wrote \"" +
                    std::string(data + from, std::min<std::size_t>(static_cast<std::size_t>(count) - from, 120)) +
                    "\", expected \"" + expected.substr(from, std::min<std::size_t>(read - std::min(read, from), 120)) +
                    "\"";
        return count;
      }
    }
    offset_ += static_cast<std::size_t>(count);
    return count;
  }
  int overflow(int c) override {
    if (c == traits_type::eof()) return 0;
    const char character = static_cast<char>(c);
    xsputn(&character, 1);
    return c;
  }

 private:
  FILE* file_ = nullptr;
  std::size_t offset_ = 0;
  std::string mismatch_;
};

template <typename Writer>
std::string compareWith(const std::string& path, const DiagnosticsResult& result, Writer write) {
  ComparingBuffer buffer(path);
  std::ostream out(&buffer);
  write(out, result);
  out.flush();
  return buffer.verdict();
}

// The SHA-256 of what is written (for MALLET's files too large to keep, of which tests/data keeps the digest).
class DigestingBuffer : public std::streambuf {
 public:
  std::string digest() { return formats::hexDigest(sha_.finish()); }

 protected:
  std::streamsize xsputn(const char* data, std::streamsize count) override {
    sha_.update(std::string_view(data, static_cast<std::size_t>(count)));
    return count;
  }
  int overflow(int c) override {
    if (c == traits_type::eof()) return 0;
    const char character = static_cast<char>(c);
    sha_.update(std::string_view(&character, 1));
    return c;
  }

 private:
  formats::Sha256 sha_;
};

// Empty when what `write` writes has the digest `digestFile` records (sha256sum's line); otherwise both digests.
template <typename Writer>
std::string compareWithDigest(const std::string& digestFile, const DiagnosticsResult& result, Writer write) {
  DigestingBuffer buffer;
  std::ostream out(&buffer);
  write(out, result);
  out.flush();
  const std::string written = buffer.digest();
  const std::string recorded = readText(digestFile).substr(0, 64);
  return written == recorded ? "" : "SHA-256 " + written + ", MALLET's file " + recorded + " (" + digestFile + ")";
}

struct FixtureCase {
  std::string set;
  std::string training;  // the --input file in the set, or empty
};

void PrintTo(const FixtureCase& c, std::ostream* out) { *out << c.set << (c.training.empty() ? "" : " + " + c.training); }

class FromState : public ::testing::TestWithParam<FixtureCase> {};

TEST_P(FromState, WritesMalletsFilesByteForByte) {
  const FixtureCase& c = GetParam();
  DiagnosticsRequest request;
  request.model = fixtureFile(c.set, "state.gz");
  if (!c.training.empty()) request.trainingData = fixtureFile(c.set, c.training);
  const DiagnosticsResult result = diagnostics(request);
  EXPECT_TRUE(result.fromDocuments);
  const std::string dir = c.set + "/diagnostics/";
  EXPECT_EQ(compareWith(fixtureFile(dir, "diagnostics.xml"), result, writeDiagnosticsXml), "");
  EXPECT_EQ(compareWith(fixtureFile(dir, "topic-keys.txt"), result, writeTopicKeys), "");
  EXPECT_EQ(compareWith(fixtureFile(dir, "word-topic-counts.txt"), result, writeWordTopicCounts), "");
  // The two large sets' weights files (87 and 231 MB) are kept as their digests.
  if (testing::hasTestData(testing::fixtureSetPath(dir + "topic-word-weights.txt.sha256"))) {
    EXPECT_EQ(compareWithDigest(fixtureFile(dir, "topic-word-weights.txt.sha256"), result, writeTopicWordWeights), "");
  } else {
    EXPECT_EQ(compareWith(fixtureFile(dir, "topic-word-weights.txt"), result, writeTopicWordWeights), "");
  }

  request.numTopWords = 10;
  const DiagnosticsResult top10 = diagnostics(request);
  EXPECT_EQ(compareWith(fixtureFile(dir, "diagnostics-top10.xml"), top10, writeDiagnosticsXml), "");
  EXPECT_EQ(compareWith(fixtureFile(dir, "topic-keys-top10.txt"), top10, writeTopicKeys), "");
}

// stackexchange's and sgu-k100's training alphabets hold words without
// training tokens, so they need the training data; stackexchange-oov's and
// debian-k100's do not.
INSTANTIATE_TEST_SUITE_P(Fixtures, FromState,
                         ::testing::Values(FixtureCase{"stackexchange", "train.mallet"},
                                           FixtureCase{"stackexchange", "inferencer.mallet"},
                                           FixtureCase{"stackexchange-oov", ""},
                                           FixtureCase{"stackexchange-oov", "train.mallet"},
                                           FixtureCase{"sgu-k100", "train.mallet"},
                                           FixtureCase{"debian-k100", ""},
                                           FixtureCase{"mallet-2.0.8/debian-k20-t1", ""},
                                           FixtureCase{"mallet-2.0.8/debian-k20-t1", "train.mallet"},
                                           FixtureCase{"mallet-2.0.8/debian-k20-t2", "train.mallet"}));

TEST(Diagnostics, FromASavedModelAreMalletsFromModelFiles) {
  for (const std::string set :
       {"stackexchange", "stackexchange-oov", "mallet-2.0.8/debian-k20-t1", "mallet-2.0.8/debian-k20-t2"}) {
    SCOPED_TRACE(set);
    DiagnosticsRequest request;
    request.model = fixtureFile(set, "model.mallet");
    const DiagnosticsResult result = diagnostics(request);
    EXPECT_TRUE(result.warnings.empty());
    const std::string dir = set + "/diagnostics/";
    EXPECT_EQ(compareWith(fixtureFile(dir, "diagnostics-from-model.xml"), result, writeDiagnosticsXml), "");
    EXPECT_EQ(compareWith(fixtureFile(dir, "topic-keys-from-model.txt"), result, writeTopicKeys), "");
    // The end-of-training order of equal counts, which a state cannot give.
    EXPECT_EQ(compareWith(fixtureFile(dir, "word-topic-counts-from-model.txt"), result, writeWordTopicCounts), "");
  }
}

// MALLET 2.1.1 read 2.0.8's state with the training list `upgrade` wrote (checking every token against it)
// and wrote these files (upgraded/from-state/); topiceval reads the saved model `upgrade` wrote and writes them too.
TEST(Diagnostics, AnUpgradedMallet208ModelGivesWhatMallet211Wrote) {
  for (const std::string set : {"mallet-2.0.8/debian-k20-t1", "mallet-2.0.8/debian-k20-t2"}) {
    SCOPED_TRACE(set);
    const std::string upgradedModel = (std::filesystem::temp_directory_path() /
                                       ("topiceval-test-upgraded-model-" + std::to_string(::getpid()) + ".mallet"))
                                          .string();
    {
      std::ofstream out(upgradedModel, std::ios::binary);
      UpgradeRequest upgradeRequest;
      upgradeRequest.input = fixtureFile(set, "model.mallet");
      EXPECT_TRUE(upgrade(upgradeRequest, out).changed());
    }
    DiagnosticsRequest request;
    request.model = upgradedModel;
    const DiagnosticsResult result = diagnostics(request);
    std::filesystem::remove(upgradedModel);
    EXPECT_EQ(compareWith(fixtureFile(set + "/upgraded/from-state", "diagnostics.xml"), result, writeDiagnosticsXml), "");
    EXPECT_EQ(compareWith(fixtureFile(set + "/upgraded/from-state", "topic-keys.txt"), result, writeTopicKeys), "");
  }
}

TEST(Diagnostics, EdgeCasesAreMalletsToo) {
  // An empty topic (NaN, Infinity), topics with fewer than N words and type 0
  // among them, a one-word topic, escaping, UTF-16 lengths, an empty document
  // and NumberFormat's alphas.
  for (const std::string k : {"k5", "k8"}) {
    SCOPED_TRACE(k);
    DiagnosticsRequest request;
    request.model = kEdge + "/" + k + "/state.gz";
    request.trainingData = kEdge + "/corpus.mallet";
    const DiagnosticsResult result = diagnostics(request);
    const std::string dir = kEdge + "/" + k + "/";
    EXPECT_EQ(compareWith(dir + "diagnostics.xml", result, writeDiagnosticsXml), "");
    EXPECT_EQ(compareWith(dir + "topic-keys.txt", result, writeTopicKeys), "");
    EXPECT_EQ(compareWith(dir + "topic-word-weights.txt", result, writeTopicWordWeights), "");
    EXPECT_EQ(compareWith(dir + "word-topic-counts.txt", result, writeWordTopicCounts), "");
    request.numTopWords = 10;
    const DiagnosticsResult top10 = diagnostics(request);
    EXPECT_EQ(compareWith(dir + "diagnostics-top10.xml", top10, writeDiagnosticsXml), "");
    EXPECT_EQ(compareWith(dir + "topic-keys-top10.txt", top10, writeTopicKeys), "");
  }
}

TEST(Diagnostics, AStateAloneSaysWhatItCannotKnow) {
  DiagnosticsRequest request;
  request.model = fixtureFile("stackexchange", "state.gz");
  const DiagnosticsResult alone = diagnostics(request);
  ASSERT_EQ(alone.warnings.size(), 1u);
  EXPECT_EQ(alone.warnings[0].kind, "topic-state-vocabulary");
  EXPECT_NE(alone.warnings[0].text.find("V = 2607"), std::string::npos) << alone.warnings[0].text;
  EXPECT_EQ(alone.vocabularySize, 2607u);
  request.trainingData = fixtureFile("stackexchange", "train.mallet");
  const DiagnosticsResult trained = diagnostics(request);
  EXPECT_TRUE(trained.warnings.empty());
  EXPECT_EQ(trained.vocabularySize, 4285u);
  // What V changes, and what it does not.
  EXPECT_NE(alone.topics[0].uniformDist, trained.topics[0].uniformDist);
  EXPECT_EQ(alone.topics[0].coherence, trained.topics[0].coherence);
  EXPECT_EQ(alone.topics[0].documentEntropy, trained.topics[0].documentEntropy);
}

TEST(Diagnostics, AnInferencerGivesTheFiguresOfItsCounts) {
  DiagnosticsRequest request;
  request.model = fixtureFile("stackexchange", "inferencer.mallet");
  const DiagnosticsResult fromCounts = diagnostics(request);
  ASSERT_EQ(fromCounts.warnings.size(), 1u);
  EXPECT_EQ(fromCounts.warnings[0].kind, "no-training-documents");
  EXPECT_FALSE(fromCounts.fromDocuments);
  request.model = fixtureFile("stackexchange", "state.gz");
  request.trainingData = fixtureFile("stackexchange", "train.mallet");
  const DiagnosticsResult full = diagnostics(request);
  for (std::size_t k = 0; k < full.topics.size(); ++k) {
    EXPECT_EQ(fromCounts.topics[k].uniformDist, full.topics[k].uniformDist);
    EXPECT_EQ(fromCounts.topics[k].corpusDist, full.topics[k].corpusDist);
    EXPECT_EQ(fromCounts.topics[k].exclusivity, full.topics[k].exclusivity);
    EXPECT_TRUE(std::isnan(fromCounts.topics[k].coherence));
    EXPECT_TRUE(std::isnan(fromCounts.topics[k].documentEntropy));
  }
  std::ostringstream xml;
  writeDiagnosticsXml(xml, fromCounts);
  EXPECT_EQ(xml.str().find("coherence="), std::string::npos);
  EXPECT_NE(xml.str().find(" uniform_dist='"), std::string::npos);
}

TEST(Diagnostics, TrainingDataThatDoesNotMatchIsRefused) {
  DiagnosticsRequest request;
  request.model = fixtureFile("stackexchange", "state.gz");
  request.trainingData = fixtureFile("sgu-k100", "train.mallet");
  try {
    (void)diagnostics(request);
    FAIL() << "a training list of other documents was accepted";
  } catch (const FileError& error) {
    EXPECT_NE(std::string(error.what()).find("does not hold the documents of"), std::string::npos) << error.what();
  }
  request.trainingData = fixtureFile("debian-k100", "inferencer.mallet");
  EXPECT_THROW(diagnostics(request), FileError);
  request.trainingData = fixtureFile("stackexchange", "test.mallet");
  EXPECT_THROW(diagnostics(request), FileError);
  request.model = fixtureFile("stackexchange", "model.mallet");
  request.trainingData = fixtureFile("stackexchange", "train.mallet");
  EXPECT_THROW(diagnostics(request), SettingError);
}

}  // namespace
}  // namespace topiceval

namespace topiceval {
namespace {

using testing::fixtureFile;

// gensim's per-topic values and means, by measure (coherence-gensim.tsv).
std::map<std::string, std::vector<double>> gensimValues(const std::string& set, std::map<std::string, double>& means) {
  std::map<std::string, std::vector<double>> values;
  const auto lines = testing::readLines(fixtureFile(set + "/diagnostics", "coherence-gensim.tsv"));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::istringstream fields(lines[i]);
    std::string measure, topic, value;
    std::getline(fields, measure, '\t');
    std::getline(fields, topic, '\t');
    std::getline(fields, value, '\t');
    if (topic == "mean") {
      means[measure] = std::stod(value);
    } else {
      values[measure].push_back(std::stod(value));
    }
  }
  return values;
}

void expectGensims(const CoherenceResult& result, const std::string& set) {
  std::map<std::string, double> means;
  const auto expected = gensimValues(set, means);
  ASSERT_EQ(result.measures.size(), 4u);
  for (const CoherenceResult::Measure& measure : result.measures) {
    SCOPED_TRACE(measure.name);
    const std::vector<double>& reference = expected.at(measure.name);
    ASSERT_EQ(measure.perTopic.size(), reference.size());
    for (std::size_t k = 0; k < reference.size(); ++k) EXPECT_NEAR(measure.perTopic[k], reference[k], 1e-9) << k;
    EXPECT_NEAR(measure.mean, means.at(measure.name), 1e-9);
  }
}

class GensimCoherence : public ::testing::TestWithParam<std::string> {};

TEST_P(GensimCoherence, EqualsGensimsValuesOnTheTrainingDocuments) {
  CoherenceRequest request;
  request.model = fixtureFile(GetParam(), "state.gz");
  request.measures = {"u_mass", "c_uci", "c_npmi", "c_v"};
  request.bootstrap = 0;
  const CoherenceResult result = coherence(request);
  EXPECT_TRUE(result.warnings.empty());
  expectGensims(result, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Fixtures, GensimCoherence,
                         ::testing::Values("stackexchange", "stackexchange-oov", "sgu-k100", "debian-k100"));

TEST(Coherence, PlainTextReferencesGiveTheSameNumbers) {
  // The training documents written as text, one per line: gensim's texts.
  DiagnosticsRequest diagnosticsRequest;
  const Model model = Model::read(fixtureFile("stackexchange", "state.gz"));
  const TrainingAssignments& training = *detail::dataOf(model).training;
  const std::string path = ::testing::TempDir() + "stackexchange-training.txt";
  {
    std::ofstream text(path);
    for (std::size_t d = 0; d < training.numDocuments(); ++d) {
      for (const int32_t type : training.documentTypes(d))
        text << detail::dataOf(model).alphabet()->word(static_cast<std::size_t>(type)) << ' ';
      text << '\n';
    }
  }
  CoherenceRequest request;
  request.model = model;
  request.texts = DocumentsSource(path);
  request.measures = {"u_mass", "c_uci", "c_npmi", "c_v"};
  request.bootstrap = 0;
  const CoherenceResult result = coherence(request);
  EXPECT_EQ(result.referenceDocuments, training.numDocuments());
  expectGensims(result, "stackexchange");
}

TEST(Coherence, TheWorkedExampleGivesGensimsNumbers) {
  // gensim 4.2 on texts [a b a c d] [b c e] [a e f g b c a b], topics [a b c] [e f g],
  // window 3: its incremental window update counts a in 4 windows of 10, not 6.
  const std::vector<std::string> words = {"a", "b", "c", "d", "e", "f", "g"};
  std::vector<int64_t> counts(2 * words.size(), 1);
  const Model model = Model::fromCounts(counts, words.size(), {0.1, 0.1}, 0.01).withWords(words);
  CoherenceRequest request;
  request.model = model;
  request.texts = DocumentsSource(Documents::fromIds({{0, 1, 0, 2, 3}, {1, 2, 4}, {0, 4, 5, 6, 1, 2, 0, 1}}));
  request.topics = {{"a", "b", "c"}, {"e", "f", "g"}};
  request.measures = {"u_mass", "c_uci", "c_npmi", "c_v"};
  request.windowSize = 3;
  request.bootstrap = 0;
  const CoherenceResult result = coherence(request);
  const std::vector<std::vector<double>> expected = {{1.333303837705588e-12, -0.4620981203702968},
                                                     {0.020341567282702675, 0.5674586360377899},
                                                     {0.06518678607697845, 0.34601298164138133},
                                                     {0.6399783884974938, 0.8508354800245916}};
  for (std::size_t m = 0; m < 4; ++m) {
    for (std::size_t k = 0; k < 2; ++k) EXPECT_NEAR(result.measures[m].perTopic[k], expected[m][k], 1e-15) << m << k;
  }
  // gensim's default window (10): b and c share every window, so NPMI(b, c) is -1.
  request.measures = {"c_npmi"};
  request.windowSize = 0;
  EXPECT_NEAR(coherence(request).measures[0].perTopic[0], -0.3333333333308672, 1e-15);
}

TEST(Coherence, MalletsMeasureOnTheTrainingDocumentsIsTheDiagnosticsCoherence) {
  for (const std::string set : {"stackexchange", "sgu-k100"}) {
    SCOPED_TRACE(set);
    DiagnosticsRequest diagnosticsRequest;
    diagnosticsRequest.model = fixtureFile(set, "state.gz");
    const DiagnosticsResult diagnosed = diagnostics(diagnosticsRequest);
    CoherenceRequest request;
    request.model = fixtureFile(set, "state.gz");
    request.measures = {"mallet"};
    request.topWords = 20;
    request.bootstrap = 0;
    const CoherenceResult result = coherence(request);
    for (std::size_t k = 0; k < diagnosed.topics.size(); ++k) {
      if (diagnosed.topics[k].words.size() < 20) continue;  // MALLET's phantom slots: the diagnostics' quirk only
      EXPECT_EQ(result.measures[0].perTopic[k], diagnosed.topics[k].coherence) << k;
      EXPECT_EQ(result.exclusivity[k], diagnosed.topics[k].exclusivity) << k;
    }
  }
}

// Bitwise equality that holds NaN equal to NaN.
bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](double x, double y) {
           return std::isnan(x) ? std::isnan(y) : x == y;
         });
}

TEST(Coherence, ErrorsAreTheSameOnAnyThreadCountAndShrinkWithMoreText) {
  CoherenceRequest request;
  request.model = fixtureFile("debian-k100", "state.gz");
  request.measures = {"c_npmi", "u_mass"};
  request.bootstrap = 60;
  request.threads = 1;
  const CoherenceResult one = coherence(request);
  request.threads = 2;
  const CoherenceResult two = coherence(request);
  for (std::size_t m = 0; m < 2; ++m) {
    EXPECT_TRUE(sameBits(one.measures[m].perTopic, two.measures[m].perTopic));
    EXPECT_TRUE(sameBits(one.measures[m].perTopicStandardError, two.measures[m].perTopicStandardError));
    EXPECT_EQ(one.measures[m].meanStandardError, two.measures[m].meanStandardError);
    EXPECT_GT(one.measures[m].meanStandardError, 0.0);
  }
  // A quarter of the documents: the error of the mean about doubles.
  const Model model = Model::read(fixtureFile("debian-k100", "state.gz"));
  const TrainingAssignments& training = *detail::dataOf(model).training;
  std::vector<std::vector<int64_t>> quarter;
  for (std::size_t d = 0; d < training.numDocuments(); d += 4) {
    const auto types = training.documentTypes(d);
    quarter.emplace_back(types.begin(), types.end());
  }
  request.model = model;
  request.texts = DocumentsSource(Documents::fromIds(quarter));
  request.measures = {"c_npmi"};
  const CoherenceResult fewer = coherence(request);
  const double ratio = fewer.measures[0].meanStandardError / one.measures[0].meanStandardError;
  EXPECT_GT(ratio, 1.3);
  EXPECT_LT(ratio, 3.2);
}

TEST(Coherence, WithoutABootstrapTheValuesAreThoseOfTheBootstrapsTables) {
  // Without replicates the counts go straight to their totals (no table per
  // document); with them, the totals are the tables' sums: the same numbers.
  CoherenceRequest request;
  request.model = fixtureFile("debian-k100", "state.gz");
  request.measures = {"u_mass", "c_uci", "c_npmi", "c_v", "mallet"};
  request.bootstrap = 2;
  request.threads = 1;
  const CoherenceResult tables = coherence(request);
  request.bootstrap = 0;
  for (const int threads : {1, 2, 3}) {
    request.threads = threads;
    const CoherenceResult direct = coherence(request);
    ASSERT_EQ(direct.measures.size(), tables.measures.size());
    for (std::size_t m = 0; m < tables.measures.size(); ++m) {
      SCOPED_TRACE(tables.measures[m].name + " on " + std::to_string(threads) + " threads");
      EXPECT_TRUE(sameBits(direct.measures[m].perTopic, tables.measures[m].perTopic));
      EXPECT_EQ(direct.measures[m].mean, tables.measures[m].mean);
    }
  }
}

TEST(Coherence, ATopWordInFewReferenceDocumentsIsSaidToMakeTheErrorUnstable) {
  CoherenceRequest request;
  request.model = fixtureFile("sgu-k100", "state.gz");
  request.measures = {"c_npmi"};
  request.bootstrap = 20;
  const CoherenceResult result = coherence(request);
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_EQ(result.warnings[0].kind, "unstable-coherence");
  // The topics it names have errors from the replicates where their words
  // were drawn; the mean's error pairs topics over replicates where both are.
  EXPECT_NE(result.warnings[0].text.find("topic(s) have a top word in so few reference documents"), std::string::npos);
  EXPECT_TRUE(std::isfinite(result.measures[0].mean));
  EXPECT_GT(result.measures[0].meanStandardError, 0.0);
  EXPECT_LT(result.measures[0].meanStandardError, 0.05);
}

TEST(Frex, IsStmsHarmonicMeanOfExclusivityAndFrequencyRanks) {
  // Worked by hand (R's rank with average ties, order() ties by index).
  const std::vector<double> phi = {0.4, 0.3, 0.2, 0.1, 0.0, 0.1, 0.1, 0.2, 0.3, 0.3};
  const std::vector<double> frex = quality::frex(quality::matrixRows(phi, 5), 2, 5, {{0, 1, 2}, {3, 4, 2}});
  EXPECT_NEAR(frex[0], 2.4, 1e-15);
  EXPECT_NEAR(frex[1], 2.395328142380423, 1e-15);
  const std::vector<double> exclusive =
      quality::exclusivityOfProbabilities(quality::matrixRows(phi, 5), 2, 5, {{0, 1}, {3}}, 2);
  EXPECT_NEAR(exclusive[0], (0.8 + 0.75) / 2, 1e-15);
  EXPECT_NEAR(exclusive[1], 0.75 / 2, 1e-15);
}

TEST(Frex, OfACountModelEqualsItsRowsBitForBit) {
  const Model model = Model::read(fixtureFile("stackexchange", "inferencer.mallet"));
  const TopicModel& counts = *detail::dataOf(model).counts;
  const auto K = static_cast<std::size_t>(counts.numTopics);
  const std::size_t V = counts.numTypes();
  std::vector<std::vector<std::pair<int, int>>> nonzero(K);
  std::vector<double> phi(K * V);
  for (std::size_t k = 0; k < K; ++k) {
    for (std::size_t w = 0; w < V; ++w) phi[k * V + w] = counts.beta / (counts.tokensPerTopic[k] + counts.betaSum);
  }
  for (std::size_t w = 0; w < V; ++w) {
    for (const int32_t entry : counts.typeTopicCounts.activeRow(w)) {
      const auto k = static_cast<std::size_t>(counts.topicOf(entry));
      nonzero[k].emplace_back(static_cast<int>(w), counts.countOf(entry));
      phi[k * V + w] = (counts.countOf(entry) + counts.beta) / (counts.tokensPerTopic[k] + counts.betaSum);
    }
  }
  std::vector<std::vector<int>> top(K);
  for (std::size_t k = 0; k < K; ++k) {
    std::vector<int> order(V);
    for (std::size_t w = 0; w < V; ++w) order[w] = static_cast<int>(w);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return phi[k * V + a] > phi[k * V + b]; });
    top[k].assign(order.begin(), order.begin() + 10);
  }
  const std::vector<double> fromRows = quality::frex(quality::matrixRows(phi, V), K, V, top);
  const std::vector<double> fromCounts =
      quality::frexOfCounts(nonzero, counts.tokensPerTopic, counts.beta, counts.betaSum, V, 10);
  EXPECT_EQ(fromRows, fromCounts);
}

// coherence's exclusivity of a count model is the diagnostics' own, from its top words alone.
TEST(Exclusivity, OfTheTopWordsAloneIsTheDiagnosticsFigureBitForBit) {
  for (const char* set : {"stackexchange", "sgu-k100"}) {
    const Model model = Model::read(fixtureFile(set, "inferencer.mallet"));
    const TopicModel& counts = *detail::dataOf(model).counts;
    const std::vector<std::vector<quality::WordCount>> all = quality::sortedTopicWords(counts);
    for (const int n : {1, 10, 25}) {
      const std::vector<std::vector<quality::WordCount>> top =
          quality::sortedTopicWords(counts, static_cast<std::size_t>(n));
      ASSERT_EQ(top.size(), all.size());
      for (std::size_t k = 0; k < top.size(); ++k) {
        // The first n in the full order, without sorting the rest.
        ASSERT_EQ(top[k].size(), std::min(all[k].size(), static_cast<std::size_t>(n))) << set << " topic " << k;
        for (std::size_t i = 0; i < top[k].size(); ++i) {
          EXPECT_EQ(top[k][i].type, all[k][i].type) << set << " topic " << k << " word " << i;
          EXPECT_EQ(top[k][i].count, all[k][i].count);
        }
      }
      const std::vector<double> exclusivity = quality::topicExclusivity(counts, top, n);
      const std::vector<quality::TopicDiagnostics> diagnostics = quality::topicDiagnostics(counts, nullptr, n);
      ASSERT_EQ(exclusivity.size(), diagnostics.size());
      for (std::size_t k = 0; k < exclusivity.size(); ++k) {
        EXPECT_EQ(exclusivity[k], diagnostics[k].exclusivity) << set << " N " << n << " topic " << k;
        EXPECT_GT(exclusivity[k], 0.0);
      }
    }
  }
}

}  // namespace
}  // namespace topiceval

namespace topiceval {
namespace {

// A model of probabilities over `types` words, every word in every topic,
// and reference texts that use every word: its topics have as many top words
// as the vocabulary, so the pairs of top words grow with its square.
struct WideModel {
  Model model;
  Documents texts;
};

WideModel wideModel(std::size_t topics, std::size_t types) {
  std::vector<double> phi(topics * types);
  for (std::size_t k = 0; k < topics; ++k) {
    double sum = 0.0;
    for (std::size_t w = 0; w < types; ++w) sum += phi[k * types + w] = 1.0 + static_cast<double>((w * (k + 3)) % 17);
    for (std::size_t w = 0; w < types; ++w) phi[k * types + w] /= sum;
  }
  std::vector<std::string> words;
  for (std::size_t w = 0; w < types; ++w) words.push_back("w" + std::to_string(w));
  std::vector<std::vector<int64_t>> documents(20);
  for (std::size_t w = 0; w < types; ++w) documents[w % documents.size()].push_back(static_cast<int64_t>(w));
  return {Model::fromTopics(phi, types, std::vector<double>(topics, 0.1)).withWords(words),
          Documents::fromIds(documents).withWords(words)};
}

TEST(QualityWork, CoherenceTopWordsAreAtMostTheVocabulary) {
  const WideModel wide = wideModel(3, 40);
  CoherenceRequest request;
  request.model = wide.model;
  request.texts = DocumentsSource(wide.texts);
  request.topWords = 100'000;
  request.bootstrap = 0;
  const CoherenceResult result = coherence(request);
  ASSERT_EQ(result.topics.size(), 3u);
  for (const auto& topic : result.topics) EXPECT_EQ(topic.size(), 40u);
}

TEST(QualityWork, CoherenceRefusesPairsBeyondTheLimitBeforeCountingAny) {
  // 3,200 words in 10 topics: 51 million pairs, each held as counts per
  // bootstrap replicate in flight; refused before a document is counted.
  const WideModel wide = wideModel(10, 3200);
  CoherenceRequest request;
  request.model = wide.model;
  request.texts = DocumentsSource(wide.texts);
  request.topWords = 100'000;
  request.threads = 2;
  Progress progress;
  request.progress = &progress;
  try {
    (void)coherence(request);
    FAIL() << "the request was not refused";
  } catch (const SettingError& error) {
    EXPECT_EQ(error.setting(), "top-words");
    EXPECT_NE(error.problem().find("10 topics of up to 3200 words (51184000 pairs) with 200 bootstrap replicates needs "),
              std::string::npos)
        << error.problem();
    EXPECT_NE(error.problem().find("lower --top-words (at most 998 fit), or --bootstrap, or --threads"),
              std::string::npos)
        << error.problem();
  }
  EXPECT_EQ(progress.doneUnits(), 0u);
}

TEST(QualityWork, DiagnosticsRefuseMoreTopWordsThanTheVocabulary) {
  DiagnosticsRequest request;
  request.model = fixtureFile("stackexchange", "state.gz");
  request.numTopWords = 2608;  // one more than its 2607 words
  try {
    (void)diagnostics(request);
    FAIL() << "the request was not refused";
  } catch (const SettingError& error) {
    EXPECT_EQ(error.setting(), "num-top-words");
    EXPECT_NE(error.problem().find("is 2608, more than the 2607 words of "), std::string::npos) << error.problem();
    EXPECT_NE(error.problem().find("give at most 2607"), std::string::npos);
  }
  // As many as it has: every word of each topic, MALLET's figures for N = V.
  request.numTopWords = 2607;
  const DiagnosticsResult all = diagnostics(request);
  EXPECT_EQ(all.numTopWords, 2607);
  EXPECT_EQ(all.vocabularySize, 2607u);
  for (const auto& topic : all.topics) {
    EXPECT_GT(topic.words.size(), 100u);
    EXPECT_LE(topic.words.size(), 2607u);
  }
}

TEST(QualityWork, DiagnosticsRefuseTablesBeyondTheLimitBeforeCountingAny) {
  // 100 topics of 5,000 top words: a 5,000 x 5,000 table each, 9.3 GiB.
  DiagnosticsRequest request;
  request.model = fixtureFile("debian-k100", "state.gz");
  request.numTopWords = 5000;
  Progress progress;
  request.progress = &progress;
  try {
    (void)diagnostics(request);
    FAIL() << "the request was not refused";
  } catch (const SettingError& error) {
    EXPECT_EQ(error.setting(), "num-top-words");
    EXPECT_EQ(error.problem(),
              "5000 top words over 100 topics needs 9.3 GiB of working memory, more than the 2.0 GiB allowed: "
              "lower --num-top-words");
  }
  EXPECT_EQ(progress.doneUnits(), 0u);
}

// A Cancellation requested before the work starts (Python's Ctrl-C reaches
// the work this way): reading the model, or the first document or replicate, stops it.
template <class Work>
void expectInterruptedAtOnce(Work work) {
  Cancellation cancellation;
  cancellation.request();
  const CancellationScope scope(cancellation);
  Progress progress;
  EXPECT_THROW(work(progress), Interrupted);
  EXPECT_EQ(progress.doneUnits(), 0u);
}

TEST(QualityWork, CoherenceAndDiagnosticsAnswerACancellation) {
  expectInterruptedAtOnce([](Progress& progress) {
    CoherenceRequest request;
    request.model = fixtureFile("stackexchange", "state.gz");
    request.progress = &progress;
    (void)coherence(request);
  });
  expectInterruptedAtOnce([](Progress& progress) {
    DiagnosticsRequest request;
    request.model = fixtureFile("stackexchange", "state.gz");
    request.progress = &progress;
    (void)diagnostics(request);
  });
  // Without a counter of the caller's: the scope alone stops them.
  Cancellation cancellation;
  cancellation.request();
  const CancellationScope scope(cancellation);
  CoherenceRequest request;
  request.model = fixtureFile("stackexchange", "state.gz");
  EXPECT_THROW(coherence(request), Interrupted);
  DiagnosticsRequest diagnosticsRequest;
  diagnosticsRequest.model = fixtureFile("stackexchange", "state.gz");
  EXPECT_THROW(diagnostics(diagnosticsRequest), Interrupted);
}

TEST(QualityWork, CoherenceStopsWhenCancelledMidway) {
  // Cancelled from another thread once some work is done: what was left is not done.
  CoherenceRequest request;
  request.model = fixtureFile("stackexchange", "state.gz");
  request.bootstrap = 2000;
  request.threads = 1;
  Progress progress;
  request.progress = &progress;
  std::atomic<bool> finished{false};
  std::thread canceller([&] {
    while (!finished && progress.doneUnits() < 10) std::this_thread::yield();
    progress.cancel();
  });
  bool interrupted = false;
  try {
    (void)coherence(request);
  } catch (const Interrupted&) {
    interrupted = true;
  } catch (...) {
    finished = true;
    canceller.join();
    throw;
  }
  finished = true;
  canceller.join();
  EXPECT_TRUE(interrupted);
  EXPECT_GE(progress.doneUnits(), 10u);
  EXPECT_LT(progress.doneUnits(), progress.totalUnits());
}

}  // namespace
}  // namespace topiceval

namespace topiceval {
namespace {

TEST(QualityWork, CoherenceRefusesReplicatesBeyondTheLimitBeforeCountingAny) {
  // The mean's error pairs every two topics in every replicate: 300 topics and
  // 100,000 replicates are 9e9 pair scores, whatever the top words.
  std::vector<double> phi(300 * 20, 1.0 / 20);
  std::vector<std::string> words;
  for (int w = 0; w < 20; ++w) words.push_back("w" + std::to_string(w));
  CoherenceRequest request;
  request.model = Model::fromTopics(phi, 20, std::vector<double>(300, 0.1)).withWords(words);
  request.texts = DocumentsSource(Documents::fromIds({{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}).withWords(words));
  request.bootstrap = 100'000;
  Progress progress;
  request.progress = &progress;
  try {
    (void)coherence(request);
    FAIL() << "the request was not refused";
  } catch (const SettingError& error) {
    EXPECT_EQ(error.setting(), "bootstrap");
    EXPECT_EQ(error.problem(), "100000 replicates of 300 topics needs 9e+09 scores of word or topic pairs, more than "
                               "the 2e+09 allowed: lower --bootstrap");
  }
  EXPECT_EQ(progress.doneUnits(), 0u);
}

TEST(QualityWork, CoherenceRefusesTheModelsTopWordPairsBeforeReadingTheTexts) {
  // debian-k100's topics hold up to 2,311 words with a count: 100,000 top words are all of them, 67 million pairs,
  // whose pairing alone took minutes and gigabytes. Priced from the model, it is refused before the texts are
  // read (they do not exist here), with the most top words that fit.
  CoherenceRequest request;
  request.model = fixtureFile("debian-k100", "state.gz");
  request.texts = DocumentsSource(::testing::TempDir() + "no-such-reference-texts.txt");
  request.topWords = 100'000;
  request.bootstrap = 0;
  Progress progress;
  request.progress = &progress;
  try {
    (void)coherence(request);
    FAIL() << "the request was not refused";
  } catch (const SettingError& error) {
    EXPECT_EQ(error.setting(), "top-words");
    EXPECT_EQ(error.problem(),
              "100 topics of up to 2311 words (66977575 pairs) with 0 bootstrap replicates needs 5.2 GiB of working "
              "memory, more than the 2.0 GiB allowed: lower --top-words (at most 744 fit)");
  }
  EXPECT_EQ(progress.doneUnits(), 0u);
}

TEST(QualityWork, SelectRefusesMatchingSeedsBeyondTheLimitBeforeScoringAny) {
  // Two runs of 1,000 topics compared by their top 2,001 words: 1,000^2 pairs of topics walked to depth 2,001,
  // 2.001e9 steps. Refused from the models' sizes before either is scored; 2,000 words fit.
  const std::size_t topics = 1000, types = 2001;
  std::vector<double> phi(topics * types, 1.0 / static_cast<double>(types));
  const Model model = Model::fromTopics(phi, types, std::vector<double>(topics, 0.1));
  SelectRequest request;
  request.models = {model, model};
  request.documents = DocumentsSource(Documents::fromIds({{0, 1, 2}}));
  request.coherenceMeasure = "none";
  request.stabilityWords = 2001;
  Progress progress;
  request.progress = &progress;
  try {
    (void)select(request);
    FAIL() << "the request was not refused";
  } catch (const SettingError& error) {
    EXPECT_EQ(error.setting(), "stability-words");
    EXPECT_EQ(error.problem(),
              "matching the topics of runs with the same number of topics by their top words (the largest group: 2 "
              "runs of 1000 topics, 2001 words each) needs 2e+09 scores of word or topic pairs, more than the 2e+09 "
              "allowed: lower --stability-words");
  }
  EXPECT_EQ(progress.totalUnits(), 0u) << "no model was scored";
}

// Bags of words have no token order: the window measures count whole
// documents on them (what ordered texts give with a window as long as the
// longest document), whatever order the bag's tokens were stored in, and a
// window size is refused.
TEST(Coherence, BagsOfWordsCountWholeDocumentsNotAnInventedOrder) {
  const Model model = Model::read(fixtureFile("stackexchange", "inferencer.mallet"));
  const Documents ordered = Documents::read(fixtureFile("stackexchange", "test.mallet"), model);
  DocumentsBuilder bags, reversedBags;
  std::size_t longest = 0;
  for (std::size_t d = 0; d < ordered.size(); ++d) {
    const auto tokens = ordered.tokens(d);
    std::vector<int64_t> sorted(tokens.begin(), tokens.end());
    std::sort(sorted.begin(), sorted.end());  // ids in increasing order, as a bag's pairs expand
    bags.addBag(sorted);
    std::reverse(sorted.begin(), sorted.end());
    reversedBags.addBag(sorted);
    longest = std::max(longest, tokens.size());
  }
  const auto measure = [&](DocumentsSource texts, int window) {
    CoherenceRequest request;
    request.model = model;
    request.texts = std::move(texts);
    request.measures = {"c_npmi", "c_v", "u_mass"};
    request.bootstrap = 0;
    request.windowSize = window;
    return coherence(request);
  };
  const Documents bagDocuments = bags.build();
  EXPECT_TRUE(bagDocuments.anyUnordered() && bagDocuments.unordered(0));
  EXPECT_FALSE(ordered.anyUnordered());
  const CoherenceResult bag = measure(bagDocuments, 0);
  const CoherenceResult reversed = measure(reversedBags.build(), 0);
  const CoherenceResult wholeDocuments = measure(ordered, static_cast<int>(longest));
  const CoherenceResult windows = measure(ordered, 0);
  for (std::size_t m = 0; m < 3; ++m) {
    EXPECT_EQ(bag.measures[m].perTopic, reversed.measures[m].perTopic) << bag.measures[m].name;
    for (std::size_t k = 0; k < bag.measures[m].perTopic.size(); ++k)
      EXPECT_NEAR(bag.measures[m].perTopic[k], wholeDocuments.measures[m].perTopic[k], 1e-12) << bag.measures[m].name;
    EXPECT_EQ(bag.measures[m].windowSize, 0) << bag.measures[m].name;
  }
  EXPECT_GT(std::abs(windows.measures[0].mean - bag.measures[0].mean), 1e-3);  // windows of 10 differ
  ASSERT_FALSE(bag.warnings.empty());
  EXPECT_EQ(bag.warnings.back().kind, "bag-of-words-texts");
  try {
    measure(bagDocuments, 10);
    FAIL() << "a window over bags of words";
  } catch (const SettingError& error) {
    EXPECT_EQ(error.setting(), "window-size");
  }
}

// select's ldatuning and stm figures of a MALLET state are the R functions' numbers on the matrices the issue
// defines for it (phi over the training alphabet, theta of the training documents): the values r_oracle.R
// computed from the same state (tests/data/topic-number/stackexchange.expected).
TEST(TopicNumberFigures, OfAMalletStateAreWhatRComputesFromItsMatrices) {
  std::map<std::string, double> expected;
  std::map<std::string, std::vector<double>> expectedPerTopic;
  std::ifstream in(testing::testDataPath("topic-number/stackexchange.expected"));
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string key;
    fields >> key;
    for (double value = 0; fields >> value;) expectedPerTopic[key].push_back(value);
    if (!expectedPerTopic[key].empty()) expected[key] = expectedPerTopic[key].front();
  }
  const Model model = Model::read(fixtureFile("stackexchange", "state.gz"));
  const std::vector<TopicNumberFigure> figures = detail::topicNumberFigures(model, 200, 7);
  ASSERT_EQ(figures.size(), 6u);
  const std::map<std::string, std::string> rName{{"stm_semantic_coherence", "semanticCoherence"},
                                                 {"stm_exclusivity", "exclusivity"},
                                                 {"stm_residual_dispersion", "dispersion"}};
  for (const TopicNumberFigure& figure : figures) {
    const std::string key = rName.count(figure.name) ? rName.at(figure.name) : figure.name;
    SCOPED_TRACE(figure.name);
    if (figure.perTopic.empty()) {
      EXPECT_NEAR(figure.value, expected.at(key), 1e-12 * std::fabs(expected.at(key)));
      EXPECT_TRUE(std::isnan(figure.standardError));
      continue;
    }
    const std::vector<double>& perTopic = expectedPerTopic.at(key);
    ASSERT_EQ(figure.perTopic.size(), perTopic.size());
    double mean = 0.0;
    for (std::size_t k = 0; k < perTopic.size(); ++k) {
      EXPECT_NEAR(figure.perTopic[k], perTopic[k], 1e-12 * std::fabs(perTopic[k])) << k;
      mean += perTopic[k] / static_cast<double>(perTopic.size());
    }
    EXPECT_NEAR(figure.value, mean, 1e-12 * std::fabs(mean));
    // The bootstrap error over topics is near the topics' spread / sqrt(K), and the same for the same seed.
    double spread = 0.0;
    for (const double value : perTopic) spread += (value - mean) * (value - mean);
    const double analytic = std::sqrt(spread / static_cast<double>(perTopic.size())) / std::sqrt(10.0);
    EXPECT_GT(figure.standardError, 0.7 * analytic);
    EXPECT_LT(figure.standardError, 1.3 * analytic);
    EXPECT_EQ(figure.standardError, detail::topicNumberFigures(model, 200, 7)[&figure - figures.data()].standardError);
  }
  EXPECT_EQ(figures[0].better, "lower");
  EXPECT_EQ(figures[2].better, "higher");
  EXPECT_EQ(detail::bootstrapErrorOfMean({2.0, 2.0, 2.0}, 100, 1), 0.0);
  EXPECT_TRUE(std::isnan(detail::bootstrapErrorOfMean({1.0, 2.0}, 0, 1)));
}

}  // namespace
}  // namespace topiceval
