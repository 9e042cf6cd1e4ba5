// SPDX-License-Identifier: Apache-2.0
// topiceval's LDA model file (formats/lda_model_file.hpp, topiceval::writeModel):
// a model written and read back scores to the same bits, whatever it was
// read or built from; the reader refuses every damaged file in one line.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "formats/file_kinds.hpp"
#include "formats/lda_model_file.hpp"
#include "formats/model_readers.hpp"
#include "native/api/model_data.hpp"
#include "support/fixtures.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/model.hpp"

namespace topiceval {
namespace {

std::string written(const Model& model) {
  std::ostringstream out;
  writeModel(model, out);
  return out.str();
}

// `model` saved to a file and read back as the command line reads it.
Model savedAndRead(const Model& model, const std::string& name) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("topiceval-lda-file-" + std::to_string(::getpid()) + "-" + name + ".txt");
  {
    std::ofstream file(path, std::ios::binary);
    file << written(model);
  }
  Model read = Model::read(path.string());
  std::filesystem::remove(path);
  EXPECT_EQ(read.kind(), FileKind::LdaModel);
  return read;
}

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void expectSameScores(const Model& original, const Model& read, const Documents& documents,
                      const std::string& estimator) {
  EvaluateRequest request;
  request.estimator = estimator;
  request.runs = 2;
  request.seed = 7;
  request.threads = 1;
  request.documents = documents;
  request.model = original;
  const EvaluateResult before = evaluate(request);
  request.model = read;
  const EvaluateResult after = evaluate(request);
  EXPECT_TRUE(std::isfinite(before.total));
  EXPECT_TRUE(sameBits(before.total, after.total)) << estimator << ": " << before.total << " vs " << after.total;
  ASSERT_EQ(before.documents.size(), after.documents.size());
  for (std::size_t d = 0; d < before.documents.size(); ++d)
    EXPECT_TRUE(sameBits(before.documents[d].logLikelihood, after.documents[d].logLikelihood)) << estimator << " " << d;
}

std::vector<std::size_t> first(std::size_t n) {
  std::vector<std::size_t> indices(n);
  for (std::size_t i = 0; i < n; ++i) indices[i] = i;
  return indices;
}

TEST(LdaModelFile, MalletModelsReadBackScoreToTheSameBits) {
  for (const char* name : {"evaluator.mallet", "inferencer.mallet", "model.mallet", "state.gz"}) {
    SCOPED_TRACE(name);
    const Model model = Model::read(testing::fixtureFile("stackexchange", name));
    const Model read = savedAndRead(model, "mallet");
    EXPECT_EQ(read.numTopics(), model.numTopics());
    EXPECT_EQ(read.numTypes(), model.numTypes());
    EXPECT_EQ(read.words() != nullptr, model.words() != nullptr);
    const Model withWords = Model::read(testing::fixtureFile("stackexchange", "inferencer.mallet"));
    const Documents documents =
        Documents::read(testing::fixtureFile("stackexchange", "test.mallet"), withWords).subset(first(15));
    for (const char* estimator : {"left-to-right", "importance-sampling"})
      expectSameScores(model, read, documents, estimator);
  }
}

// An evaluator file may store smoothing terms MALLET's formulas, in C++'s
// order, do not give to the bit: the file keeps them, and the MALLET-identical
// estimator that starts from them gives the same bits.
TEST(LdaModelFile, StoredSmoothingTermsThatDifferFromTheFormulasAreKept) {
  const Model evaluator = Model::read(testing::fixtureFile("stackexchange", "evaluator.mallet"));
  EXPECT_EQ(written(evaluator).find("smoothing-only-mass"), std::string::npos);  // the fixture's are the formulas'
  detail::ModelData data = detail::dataOf(evaluator);
  data.counts->smoothingOnlyMass = std::nextafter(data.counts->smoothingOnlyMass, 1.0);
  data.counts->cachedCoefficients[1] = std::nextafter(data.counts->cachedCoefficients[1], 0.0);
  const Model nudged = detail::makeModel(std::move(data));
  const Model read = savedAndRead(nudged, "smoothing");
  EXPECT_TRUE(
      sameBits(detail::dataOf(read).counts->smoothingOnlyMass, detail::dataOf(nudged).counts->smoothingOnlyMass));
  EXPECT_EQ(detail::dataOf(read).counts->cachedCoefficients, detail::dataOf(nudged).counts->cachedCoefficients);
  const Documents documents =
      Documents::read(testing::fixtureFile("stackexchange", "test.mallet"), evaluator).subset(first(15));
  expectSameScores(nudged, read, documents, "left-to-right");
}

TEST(LdaModelFile, CoherenceOfAModelReadBackIsTheSame) {
  const Model model = Model::read(testing::fixtureFile("stackexchange", "model.mallet"));
  const Model read = savedAndRead(model, "coherence");
  CoherenceRequest request;
  request.texts = DocumentsSource(testing::fixtureFile("stackexchange", "test.mallet"));
  request.measures = {"u_mass", "c_npmi"};
  request.bootstrap = 0;
  request.threads = 1;
  request.model = model;
  const CoherenceResult before = coherence(request);
  request.model = read;
  const CoherenceResult after = coherence(request);
  EXPECT_EQ(before.topics, after.topics);
  ASSERT_EQ(before.measures.size(), after.measures.size());
  for (std::size_t m = 0; m < before.measures.size(); ++m) {
    EXPECT_TRUE(std::isfinite(before.measures[m].mean));
    EXPECT_TRUE(sameBits(before.measures[m].mean, after.measures[m].mean)) << before.measures[m].name;
  }
}

// A small model of counts and the same as probabilities, over 6 words.
const std::vector<int64_t> kCounts = {5, 0, 3, 1, 0, 2,  //
                                      0, 4, 1, 0, 6, 0,  //
                                      1, 1, 0, 7, 0, 0};
const std::vector<std::string> kWords = {"apple", "banana", "cherry", "date", "elder", "fig"};

Model countsModel() { return Model::fromCounts(kCounts, 6, {0.1, 0.25, 0.3}, 0.01); }
Model probabilitiesModel() {
  std::vector<double> phi = {0.3, 0.0, 0.2, 0.1, 0.1, 0.3,  //
                             0.0, 0.4, 0.1, 0.0, 0.5, 0.0,  //
                             0.1, 0.2, 0.0, 0.7, 0.0, 0.0};
  phi[0] = 1.0 / 3.0;  // a number with no short decimal form, rows summing to 1 within 1e-4
  phi[5] = 1.0 - 1.0 / 3.0 - 0.4;
  return Model::fromTopics(phi, 6, {0.5, 1.0 / 7.0, 2.0});
}

TEST(LdaModelFile, ArrayModelsWithAndWithoutWordsReadBackScoreToTheSameBits) {
  const Documents documents = Documents::fromIds({{0, 2, 2, 5, 3}, {1, 4, 4, 1}, {3, 3, 0, 1, 2, 4, 5}, {5, 7}});
  for (const bool words : {false, true}) {
    SCOPED_TRACE(words ? "with words" : "without words");
    for (const Model& built : {countsModel(), probabilitiesModel()}) {
      const Model model = words ? built.withWords(kWords) : built;
      const Model read = savedAndRead(model, "arrays");
      ASSERT_EQ(read.words() != nullptr, words);
      if (words) {
        EXPECT_EQ(*read.words(), kWords);
      }
      EXPECT_EQ(read.alpha(), model.alpha());
      EXPECT_EQ(read.beta(), model.beta());
      EXPECT_EQ(read.topicWordProbabilities(), model.topicWordProbabilities());
      EXPECT_EQ(written(read), written(model));  // the same file again
      for (const char* estimator : {"left-to-right", "importance-sampling"})
        expectSameScores(model, read, documents, estimator);
    }
  }
}

// Every damage to a good file is refused by a one-line FileError naming it.
void expectRefused(const std::string& text, const std::string& what, const std::string& expected = "") {
  const std::vector<uint8_t> bytes(text.begin(), text.end());
  try {
    formats::readLdaModel(bytes, "damaged.txt");
    ADD_FAILURE() << what << ": read\n" << text;
  } catch (const FileError& error) {
    const std::string message = error.what();
    EXPECT_TRUE(message.starts_with("damaged.txt: ")) << what << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << what << ": " << message;
    if (!expected.empty()) {
      EXPECT_NE(message.find(expected), std::string::npos) << what << ": " << message;
    }
  }
}

// `text` with the line that starts with `start` replaced by `line`.
std::string lineReplaced(std::string text, const std::string& start, const std::string& line) {
  const std::size_t at = text.find("\n" + start);
  EXPECT_NE(at, std::string::npos) << start;
  if (at == std::string::npos) return text;
  return text.replace(at + 1, text.find('\n', at + 1) - at - 1, line);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(LdaModelFile, EveryTruncationIsRefused) {
  for (const Model& model : {countsModel().withWords(kWords), probabilitiesModel().withWords(kWords)}) {
    const std::string text = written(model);
    // Every cut before the last word (a cut inside it leaves another word) holds too little.
    const std::size_t lastWord = text.rfind('\n', text.size() - 2) + 1;
    for (std::size_t cut = 0; cut < lastWord; ++cut)
      expectRefused(text.substr(0, cut), "cut at " + std::to_string(cut));
  }
}

TEST(LdaModelFile, DamagedNumbersAndSizesAreRefused) {
  const std::string counts = written(countsModel().withWords(kWords));
  const std::string probabilities = written(probabilitiesModel().withWords(kWords));
  EXPECT_NE(counts.find("\ntype-topic-counts\n0:5 2:1\n1:4 2:1\n"), std::string::npos) << counts;
  expectRefused(replaced(counts, "model 1", "model 2"), "version", "format version 2");
  expectRefused(replaced(counts, "topics 3", "topics 0"), "no topics", "no topics");
  expectRefused(replaced(counts, "topics 3", "topics 4"), "more topics", "");
  expectRefused(replaced(counts, "types 6", "types 7"), "more types", "");
  expectRefused(replaced(counts, "types 6", "types 5"), "fewer types", "");
  expectRefused(replaced(counts, "types 6", "types 99999999999999999999"), "huge types", "is not a count");
  expectRefused(replaced(counts, "topics 3", "topics 999999"), "huge topics", "more than the rest of the file");
  expectRefused(replaced(counts, "0.1 ", "nan "), "NaN alpha", "not a finite number");
  expectRefused(replaced(counts, "0.1 ", "-0.1 "), "negative alpha", "alpha");
  expectRefused(replaced(counts, "0.1 ", "1e999 "), "infinite alpha", "not a finite number");
  expectRefused(replaced(counts, "0.1 ", "0.1x "), "damaged alpha", "not a finite number");
  expectRefused(lineReplaced(counts, "alpha-sum ", "alpha-sum 0.7"), "alpha-sum", "alphaSum");
  expectRefused(replaced(counts, "\nbeta 0.01", "\nbeta -0.01"), "negative beta", "beta");
  expectRefused(lineReplaced(counts, "beta-sum ", "beta-sum 0.07"), "beta-sum", "betaSum");
  expectRefused(replaced(counts, "0:5 2:1", "0:5 2:-1"), "negative count", "count -1");
  expectRefused(replaced(counts, "0:5 2:1", "0:5 3:1"), "topic outside", "topic 3");
  expectRefused(replaced(counts, "0:5 2:1", "0:5 0:1"), "topic twice", "");
  expectRefused(replaced(counts, "0:5 2:1", "0:5 2:99999999999"), "count overflow", "not a topic:count pair");
  expectRefused(replaced(counts, "0:5 2:1", "0:5 2:536870912"), "count beyond MALLET's packing", "count 536870912");
  expectRefused(replaced(counts, "0:5 2:1", "0:5 0:0 2:1"), "count after an empty entry", "empty entries");
  expectRefused(replaced(counts, "0:5 2:1", "0:5 2:0"), "empty entry of a topic", "0:0");
  expectRefused(replaced(counts, "0:5 2:1", "0:5 2"), "no colon", "not a topic:count pair");
  expectRefused(replaced(counts, "0:5 2:1", "0:5 2:1.5"), "fraction", "not a topic:count pair");
  // Totals that overflow: MALLET's largest count for 4 topic slots, in one topic on every row.
  {
    std::string big = counts;
    big = replaced(big, "0:5 2:1\n", "0:536870911\n");
    big = replaced(big, "1:4 2:1\n", "0:536870911\n");
    big = replaced(big, "0:3 1:1\n", "0:536870911\n");
    big = replaced(big, "2:7 0:1\n", "0:536870911\n");
    big = replaced(big, "1:6\n", "0:536870911\n");
    big = replaced(big, "0:2\n", "0:536870911\n");
    expectRefused(big, "totals overflow", "passes 2^31");
  }
  expectRefused(replaced(counts, "vocabulary 6", "vocabulary 5"), "vocabulary shorter than V", "0 or the type count");
  expectRefused(replaced(counts, "vocabulary 6\napple\n", "vocabulary 6\n"), "one word missing", "truncated");
  expectRefused(counts + "grape\n", "a word more", "unexpected text after the vocabulary");
  expectRefused(replaced(counts, "banana", "apple"), "duplicate word", "apple");
  expectRefused(replaced(probabilities, "banana", "apple"), "duplicate word of probabilities", "apple");
  expectRefused(replaced(probabilities, "vocabulary 6\napple\n", "vocabulary 6\n"), "a word fewer", "truncated");
  expectRefused(replaced(counts, "type-topic-counts", "topic-word"), "counts as probabilities", "");
  expectRefused(replaced(probabilities, "0.4 0.1", "0.5 0.1"), "row not summing to 1", "sum to");
  expectRefused(replaced(probabilities, "0.4 0.1", "-0.4 0.1"), "negative probability", "");
  expectRefused(replaced(probabilities, "0.4 0.1", "nan 0.1"), "NaN probability", "not a finite number");
  expectRefused(replaced(probabilities, "topic-word", "alpha-sum"), "probabilities as counts", "");
  expectRefused(replaced(probabilities, "topic-word", "phi"), "unknown section", "expected 'alpha-sum'");
  // The readers of MALLET's files (select's directories, plan-ranks) refuse probabilities by name.
  const std::vector<uint8_t> bytes(probabilities.begin(), probabilities.end());
  try {
    formats::readModel(bytes, "p.txt");
    ADD_FAILURE() << "read";
  } catch (const FileError& error) {
    EXPECT_NE(std::string(error.what()).find("holds topic-word probabilities, not counts"), std::string::npos);
  }
  EXPECT_EQ(formats::readModel(std::vector<uint8_t>(counts.begin(), counts.end()), "c.txt").kind, FileKind::LdaModel);
}

TEST(LdaModelFile, RecognisedByTheTableOfFileKinds) {
  const std::string text = written(countsModel());
  EXPECT_EQ(formats::recognise(std::vector<uint8_t>(text.begin(), text.end()), "m.txt"), FileKind::LdaModel);
  EXPECT_TRUE(isModel(FileKind::LdaModel));
  EXPECT_EQ(std::string(describe(FileKind::LdaModel)), "LDA topic model (topiceval's format, Model.save)");
}

}  // namespace
}  // namespace topiceval
