// SPDX-License-Identifier: Apache-2.0
// The diagnostics and coherence commands run as users run them: MALLET's
// diagnostics XML and reports byte for byte from the executable, gensim's
// columns, and what each refuses (the library's side: tests/api/topic_quality_test.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "support/fixtures.hpp"
#include "support/run_command.hpp"

namespace topiceval {
namespace {

using testing::fixtureFile;
using testing::readText;

TEST(DiagnosticsCommand, WritesTheXmlAndTheReportsMalletWrites) {
  const std::string dir = ::testing::TempDir() + "diagnostics-command";
  std::filesystem::create_directories(dir);
  const auto run = testing::runTopiceval(
      "diagnostics --model " + fixtureFile("stackexchange", "state.gz") + " --input " +
      fixtureFile("stackexchange", "train.mallet") + " --output-topic-keys " + dir + "/keys.txt" +
      " --word-topic-counts-file " + dir + "/counts.txt --topic-word-weights-file " + dir + "/weights.txt");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_TRUE(run.out == readText(fixtureFile("stackexchange/diagnostics", "diagnostics.xml")));
  EXPECT_TRUE(readText(dir + "/keys.txt") == readText(fixtureFile("stackexchange/diagnostics", "topic-keys.txt")));
  EXPECT_TRUE(readText(dir + "/counts.txt") ==
              readText(fixtureFile("stackexchange/diagnostics", "word-topic-counts.txt")));
  EXPECT_TRUE(readText(dir + "/weights.txt") ==
              readText(fixtureFile("stackexchange/diagnostics", "topic-word-weights.txt")));

  const auto tsv = testing::runTopiceval("diagnostics --model " + fixtureFile("stackexchange", "model.mallet") +
                                         " --format tsv --num-top-words 3");
  ASSERT_EQ(tsv.status, 0) << tsv.err;
  std::istringstream lines(tsv.out);
  std::string header, first;
  std::getline(lines, header);
  std::getline(lines, first);
  EXPECT_EQ(header.substr(0, 20), "topic\talpha\ttokens\td");
  EXPECT_EQ(first.substr(0, 2), "0\t");
  EXPECT_NE(first.find("\ttime "), std::string::npos) << first;  // stackexchange topic 0's first word

  const auto unreadable = testing::runTopiceval("diagnostics --model " + fixtureFile("stackexchange", "test.mallet"));
  EXPECT_EQ(unreadable.status, 1);
  EXPECT_NE(unreadable.err.find("test.mallet"), std::string::npos) << unreadable.err;
}

TEST(CoherenceCommand, PrintsGensimsColumnsAndRefusesWhatItCannotScore) {
  const auto tsv = testing::runTopiceval("coherence --model " + fixtureFile("stackexchange", "state.gz") +
                                         " --measure u_mass,c_v --format tsv --bootstrap 20");
  ASSERT_EQ(tsv.status, 0) << tsv.err;
  std::istringstream lines(tsv.out);
  std::string header, first;
  std::getline(lines, header);
  std::getline(lines, first);
  EXPECT_EQ(header, "measure\ttopic\tvalue\tstandard_error\twindow\twords");
  EXPECT_EQ(first.substr(0, 27), "u_mass\t0\t-8.300206966955484");
  const auto noTexts = testing::runTopiceval("coherence --model " + fixtureFile("stackexchange", "inferencer.mallet"));
  EXPECT_EQ(noTexts.status, 2);
  EXPECT_NE(noTexts.err.find("--texts"), std::string::npos) << noTexts.err;
  const auto badMeasure = testing::runTopiceval("coherence --model " + fixtureFile("stackexchange", "state.gz") +
                                                " --measure c_w2v");
  EXPECT_EQ(badMeasure.status, 2);
  EXPECT_NE(badMeasure.err.find("c_w2v"), std::string::npos) << badMeasure.err;
}

}  // namespace
}  // namespace topiceval
