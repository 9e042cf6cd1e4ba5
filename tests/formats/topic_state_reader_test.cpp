// SPDX-License-Identifier: Apache-2.0
// The gzipped topic state (train-topics --output-state).
#include <gtest/gtest.h>

#include <sstream>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/gzip_input.hpp"
#include "formats/model_readers.hpp"
#include "support/fixtures.hpp"
#include "support/format_errors.hpp"
#include "support/gzip.hpp"

namespace topiceval::formats {
namespace {

using testing::fixtureFile;
using testing::gzip;

const std::string kHeader = "#doc source pos typeindex type topic\n#alpha : 0.5 0.25 \n#beta : 0.01\n";

std::string errorOf(const std::vector<uint8_t>& bytes) {
  return testing::errorOf([&] { readTopicState(bytes, "state.gz"); });
}

TEST(TopicStateReader, RebuildsTheEvaluatorsCounts) {
  const TopicModel state = readModelFile(fixtureFile("debian-k100", "state.gz")).model;
  const TopicModel evaluator = readEvaluatorFile(fixtureFile("debian-k100", "evaluator.mallet"));
  EXPECT_EQ(state.numTopics, 100);
  EXPECT_EQ(state.numTypes(), 68006u);
  EXPECT_EQ(state.totalTokens(), 1046737);
  EXPECT_EQ(state.alpha, evaluator.alpha);
  EXPECT_EQ(state.beta, evaluator.beta);
  EXPECT_EQ(state.tokensPerTopic, evaluator.tokensPerTopic);
  EXPECT_EQ(state.alphabet->word(0), "local");
  EXPECT_EQ(state.alphabet->words().back(), "thumbnailator");
  for (std::size_t type = 0; type < state.numTypes(); type += 101) {
    for (int topic = 0; topic < 100; ++topic) ASSERT_EQ(state.count(type, topic), evaluator.count(type, topic));
  }
}

TEST(TopicStateReader, SeesOnlyTypesThatHaveTokens) {
  // stackexchange's alphabet has 4285 words, but only 2607 occur in training.
  const TopicModel state = readModelFile(fixtureFile("stackexchange", "state.gz")).model;
  EXPECT_EQ(state.numTypes(), 2607u);
  EXPECT_EQ(state.betaSum, 0.05907051291030279 * 2607);
  EXPECT_EQ(state.alpha.front(), 0.1960594744004845);
  EXPECT_EQ(state.alphabet->words().back(), "dunnet");
}

TEST(TopicStateReader, ReadsASmallStateAndSortsRowsByCount) {
  const TopicModel model = readTopicState(
      gzip(kHeader + "0 NA 0 0 apple 1\n0 NA 1 1 pear 0\n1 some file.txt 0 0 apple 0\n1 NA 1 0 apple 0\n"), "s.gz");
  EXPECT_EQ(model.numTopics, 2);
  EXPECT_EQ(model.numTypes(), 2u);
  EXPECT_EQ(model.alphaSum, 0.75);
  EXPECT_EQ(model.betaSum, 0.02);
  EXPECT_EQ(model.count(0, 0), 2);
  EXPECT_EQ(model.count(0, 1), 1);
  EXPECT_EQ(model.count(1, 0), 1);
  EXPECT_EQ(model.tokensPerTopic, (std::vector<int32_t>{3, 1}));
  const auto row = model.typeTopicCounts.activeRow(0);
  ASSERT_EQ(row.size(), 2u);
  EXPECT_EQ(row[0], (2 << model.topicBits) | 0);  // the larger count first, as MALLET keeps them
  EXPECT_EQ(model.alphabet->word(1), "pear");
}

TEST(TopicStateReader, ReportsDamage) {
  EXPECT_EQ(errorOf({'#', 'd', 'o', 'c'}),
            "state.gz: is not gzip-compressed: a MALLET topic state (--output-state) is a .gz file");
  EXPECT_EQ(errorOf(gzip("hello world\n")),
            "state.gz: line 1: a token row before the #alpha and #beta lines: is this a MALLET topic state?");
  EXPECT_EQ(errorOf(gzip("")), "state.gz: no '#alpha :' line: not a MALLET topic state");
  EXPECT_EQ(errorOf(gzip(kHeader)), "state.gz: the topic state holds no tokens");
  EXPECT_EQ(errorOf(gzip(kHeader + "0 NA 0 0 apple\n")),
            "state.gz: line 4: expected 6 columns (doc source pos typeindex type topic), found 5");
  EXPECT_EQ(errorOf(gzip(kHeader + "0 NA 0 0 apple 2\n")),
            "state.gz: line 4: topic '2' is outside 0..1 (the #alpha line lists 2 topics)");
  EXPECT_EQ(errorOf(gzip(kHeader + "0 NA 0 x apple 1\n")),
            "state.gz: line 4: type index 'x' is not a non-negative number");
  EXPECT_EQ(errorOf(gzip(kHeader + "0 NA 0 0 apple 1\n0 NA 1 0 pear 1\n")),
            "state.gz: line 5: type index 0 is 'pear' here but 'apple' earlier");
  EXPECT_EQ(errorOf(gzip(kHeader + "0 NA 0 99999999 apple 1\n")),
            "state.gz: line 4: type index 99999999 is implausibly large after 0 tokens");
  EXPECT_EQ(errorOf(gzip("#alpha : 0.5 -1\n")), "state.gz: line 1: alpha value '-1' is not a positive number");
  EXPECT_EQ(errorOf(gzip("#alpha : 0.5\n#beta : nan\n")),
            "state.gz: line 2: the #beta line must hold one positive number");
  // Found by fuzzing: a second, shorter #alpha line after rows that used topic 1.
  EXPECT_EQ(errorOf(gzip(kHeader + "0 NA 0 0 apple 1\n#alpha : 0.5\n")),
            "state.gz: line 5: a second #alpha line: a MALLET topic state holds one model");
  EXPECT_EQ(errorOf(gzip(kHeader + "#beta : 0.1\n")),
            "state.gz: line 4: a second #beta line: a MALLET topic state holds one model");
}

TEST(TopicStateReader, ReportsATruncatedGzipStream) {
  const auto whole = readFileBytes(fixtureFile("stackexchange", "state.gz"));
  const std::vector<uint8_t> cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(whole.size() / 2));
  const std::string error = errorOf(cut);
  EXPECT_EQ(error.rfind("state.gz: ", 0), 0u) << error;
  EXPECT_NE(error, "no error");
}

}  // namespace
}  // namespace topiceval::formats
