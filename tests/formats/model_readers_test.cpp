// SPDX-License-Identifier: Apache-2.0
// The model readers on files written by MALLET 2.1.1, and on files that are not what they claim.
#include "formats/model_readers.hpp"

#include <gtest/gtest.h>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "native/model/model_validator.hpp"
#include "support/fixtures.hpp"
#include "support/format_errors.hpp"
#include "support/tiny_models.hpp"

namespace topiceval::formats {
namespace {

using testing::errorOf;
using testing::fixtureFile;

TopicModel inferencer(const std::string& set) {
  const auto bytes = readFileBytes(fixtureFile(set, "inferencer.mallet"));
  return readInferencer(bytes, set + "/inferencer.mallet");
}

TEST(EvaluatorReader, ReadsStackexchange) {
  const TopicModel model = readEvaluatorFile(fixtureFile("stackexchange", "evaluator.mallet"));
  EXPECT_EQ(model.numTopics, 10);
  EXPECT_EQ(model.numTypes(), 4285u);
  EXPECT_EQ(model.topicBits, 4);
  EXPECT_EQ(model.topicMask, 15);
  EXPECT_EQ(model.alpha.front(), 0.1960594744004845);  // as the topic state's #alpha line prints it
  EXPECT_EQ(model.alpha.back(), 0.1806665338385189);
  EXPECT_EQ(model.alphaSum, 2.0495387284320881);
  EXPECT_EQ(model.beta, 0.05907051291030279);
  EXPECT_EQ(model.betaSum, 253.11714782064746);
  EXPECT_EQ(model.totalTokens(), 6915);
  EXPECT_EQ(model.tokensPerTopic[0], 578);
  EXPECT_EQ(model.smoothingOnlyMass, 0.00012856224831286472);
  EXPECT_EQ(model.alphabet, nullptr);  // an evaluator carries no words
  // MALLET's evaluator stores the coefficients its constructor computes.
  TopicModel recomputed = model;
  recomputed.computeSmoothingTerms();
  EXPECT_EQ(recomputed.cachedCoefficients, model.cachedCoefficients);
  EXPECT_EQ(recomputed.smoothingOnlyMass, model.smoothingOnlyMass);
}

TEST(EvaluatorReader, ReadsTheLargeFixtures) {
  const TopicModel debian = readEvaluatorFile(fixtureFile("debian-k100", "evaluator.mallet"));
  EXPECT_EQ(debian.numTopics, 100);
  EXPECT_EQ(debian.numTypes(), 68006u);
  EXPECT_EQ(debian.topicBits, 7);
  EXPECT_EQ(debian.totalTokens(), 1046737);
  EXPECT_EQ(debian.beta, 0.0046750226167228204);
  const TopicModel sgu = readEvaluatorFile(fixtureFile("sgu-k100", "evaluator.mallet"));
  EXPECT_EQ(sgu.numTypes(), 26851u);
  EXPECT_EQ(sgu.totalTokens(), 294013);  // the paper's 294013 training tokens
  EXPECT_EQ(sgu.alphaSum, 5.2140796463975736);
}

TEST(InferencerReader, ReadsModelAndAlphabet) {
  const TopicModel model = inferencer("stackexchange");
  EXPECT_EQ(model.numTopics, 10);
  EXPECT_EQ(model.numTypes(), 4285u);
  ASSERT_NE(model.alphabet, nullptr);
  EXPECT_EQ(model.alphabet->size(), 4285u);
  EXPECT_EQ(model.alphabet->word(0), "hear");
  EXPECT_EQ(model.alphabet->words().back(), "involving");
  EXPECT_EQ(model.alphabet->indexOf("hear"), 0);
  EXPECT_EQ(model.alphaSum, 2.0495387284320881);  // summed as TopicInferencer's constructor does
  const TopicModel sgu = inferencer("sgu-k100");
  EXPECT_EQ(sgu.alphabet->word(0), "skeptics");
  EXPECT_EQ(sgu.alphabet->words().back(), "bamf");
}

TEST(InferencerReader, HoldsTheSameCountsAsTheEvaluator) {
  const TopicModel fromInferencer = inferencer("debian-k100");
  const TopicModel fromEvaluator = readEvaluatorFile(fixtureFile("debian-k100", "evaluator.mallet"));
  ASSERT_EQ(fromInferencer.numTypes(), fromEvaluator.numTypes());
  for (std::size_t type = 0; type < fromEvaluator.numTypes(); type += 97) {
    const auto a = fromInferencer.typeTopicCounts.activeRow(type);
    const auto b = fromEvaluator.typeTopicCounts.activeRow(type);
    ASSERT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << "type " << type;
  }
  EXPECT_EQ(fromInferencer.tokensPerTopic, fromEvaluator.tokensPerTopic);
}

TEST(ParallelTopicModelReader, ReadsTheSavedModel) {
  const auto bytes = readFileBytes(fixtureFile("stackexchange-oov", "model.mallet"));
  const TopicModel model = readParallelTopicModel(bytes, "model.mallet");
  EXPECT_EQ(model.numTopics, 10);
  EXPECT_EQ(model.numTypes(), 2607u);
  EXPECT_EQ(model.alphabet->word(0), "hear");
  EXPECT_EQ(model.alphabet->words().back(), "dunnet");
  EXPECT_EQ(model.beta, 0.12096361297896516);
  EXPECT_EQ(model.totalTokens(), 6915);
}

TEST(ModelFile, RecognisesEachKind) {
  EXPECT_EQ(readModelFile(fixtureFile("stackexchange", "evaluator.mallet")).kind, ModelFileKind::Evaluator);
  EXPECT_EQ(readModelFile(fixtureFile("stackexchange", "inferencer.mallet")).kind, ModelFileKind::Inferencer);
  EXPECT_EQ(readModelFile(fixtureFile("stackexchange", "model.mallet")).kind, ModelFileKind::ParallelTopicModel);
  EXPECT_EQ(readModelFile(fixtureFile("stackexchange", "state.gz")).kind, ModelFileKind::TopicState);
}

TEST(ModelFile, NamesTheWrongClass) {
  const std::string path = fixtureFile("stackexchange", "test.mallet");
  EXPECT_EQ(errorOf([&] { readEvaluatorFile(path); }),
            path +
                ": holds a serialized cc.mallet.types.InstanceList, not a MALLET evaluator "
                "(cc.mallet.topics.MarginalProbEstimator)");
  EXPECT_EQ(
      errorOf([&] { readModelFile(path); }),
      path + ": holds a serialized cc.mallet.types.InstanceList, not a MALLET evaluator, inferencer or topic model");
  const std::string inferencerPath = fixtureFile("stackexchange", "inferencer.mallet");
  EXPECT_EQ(errorOf([&] { readEvaluatorFile(inferencerPath); }),
            inferencerPath +
                ": holds a serialized cc.mallet.topics.TopicInferencer, not a MALLET evaluator "
                "(cc.mallet.topics.MarginalProbEstimator)");
}

TEST(ModelFile, RejectsMissingAndForeignFiles) {
  EXPECT_EQ(errorOf([] { readModelFile("/nonexistent/model.mallet"); }),
            "/nonexistent/model.mallet: cannot open: No such file or directory");
  const std::string folder = testing::testDataPath("corpora");
  EXPECT_EQ(errorOf([&] { readModelFile(folder); }), folder + ": is a directory, not a file");
  const std::string text = testing::testDataPath("corpora/README.md");
  EXPECT_EQ(errorOf([&] { readModelFile(text); }),
            text + ": is neither a MALLET model file (a Java serialization stream) nor a gzipped topic state");
}

TEST(EvaluatorReader, EveryTruncationIsAClearError) {
  const auto whole = readFileBytes(fixtureFile("stackexchange", "evaluator.mallet"));
  // Every cut in the header and class descriptors, then a sample through the arrays.
  for (std::size_t length = 0; length < whole.size(); length += length < 2000 ? 1 : 997) {
    const std::span<const uint8_t> cut(whole.data(), length);
    const std::string error = errorOf([&] { readEvaluator(cut, "cut.mallet"); });
    ASSERT_EQ(error.rfind("cut.mallet: ", 0), 0u) << "cut at " << length << ": " << error;
  }
}

TEST(EvaluatorReader, RejectsInconsistentModels) {
  // Flip bytes of the numTopics int (offset found from the stream layout: the
  // first block data after the class descriptor holds version, numTopics, mask, bits).
  auto bytes = readFileBytes(fixtureFile("stackexchange", "evaluator.mallet"));
  const uint8_t pattern[] = {0x77, 0x10, 0, 0, 0, 0, 0, 0, 0, 0x0A};
  const auto at = std::search(bytes.begin(), bytes.end(), std::begin(pattern), std::end(pattern));
  ASSERT_NE(at, bytes.end());
  auto wrongTopics = bytes;
  wrongTopics[static_cast<std::size_t>(at - bytes.begin()) + 9] = 0x0B;  // 11 topics
  EXPECT_EQ(errorOf([&] { readEvaluator(wrongTopics, "e.mallet"); }),
            "e.mallet: the model claims 11 topics but alpha has 10 values");
  auto hugeTopics = bytes;
  hugeTopics[static_cast<std::size_t>(at - bytes.begin()) + 6] = 0x7F;
  EXPECT_EQ(errorOf([&] { readEvaluator(hugeTopics, "e.mallet"); }),
            "e.mallet: the model claims 2130706442 topics but alpha has 10 values");
}

TEST(ModelValidator, AcceptsEveryFixtureModelAndATinyOne) {
  for (const char* set : {"stackexchange", "stackexchange-oov", "sgu-k100"}) {
    for (const char* file : {"evaluator.mallet", "inferencer.mallet", "state.gz"}) {
      const auto loaded = readModelFile(fixtureFile(set, file));
      EXPECT_EQ(findModelProblem(loaded.model), "") << set << "/" << file;
    }
  }
  EXPECT_EQ(findModelProblem(testing::tinyModel(4, 12, 3)), "");
}

}  // namespace
}  // namespace topiceval::formats
