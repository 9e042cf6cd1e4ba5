// SPDX-License-Identifier: Apache-2.0
// `topiceval evaluate`: every estimator from the command line, both input
// kinds, the unseen-word report, and a clear message for each mistake.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/instance_list_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/commands/commands.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/filtering_estimator.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/gzip.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/model.hpp"

namespace topiceval::commands {
namespace {

using testing::fixtureFile;
using testing::lines;

using Output = testing::CommandOutput;
using testing::writeTemporary;

Output evaluate(const std::vector<std::string>& arguments) { return testing::runCommand(evaluateCommand, arguments); }

TEST(EvaluateCommand, RunsEveryEstimator) {
  for (const std::vector<std::string>& estimator : std::vector<std::vector<std::string>>{
           {"--estimator", "left-to-right", "--particles", "3", "--resampling", "true"},
           {"--estimator", "filtering"},
           {"--estimator", "particle-learning", "--particles", "20"},
           {"--estimator", "ais", "--temperatures", "20", "--samples", "2", "--schedule", "linear"}}) {
    std::vector<std::string> arguments = {"--model", fixtureFile("stackexchange", "inferencer.mallet"),
                                          "--input", fixtureFile("stackexchange", "test.mallet"),
                                          "--runs",  "2"};
    arguments.insert(arguments.end(), estimator.begin(), estimator.end());
    const Output output = evaluate(arguments);
    ASSERT_EQ(output.status, 0) << output.err;
    EXPECT_NE(output.out.find("log likelihood  -6"), std::string::npos) << output.out;
    EXPECT_NE(output.out.find("unseen words    skip: 0 tokens of 0 distinct types skipped; V = 4285"),
              std::string::npos);
  }
}

TEST(EvaluateCommand, TsvHasOneRowPerDocumentAndMatchesTheLibrary) {
  const Output output =
      evaluate({"--model", fixtureFile("debian-k100", "inferencer.mallet"), "--input",
                fixtureFile("debian-k100", "test.mallet"), "--estimator", "filtering", "--format", "tsv"});
  ASSERT_EQ(output.status, 0) << output.err;
  const auto rows = lines(output.out);
  ASSERT_EQ(rows.size(), 3001u);
  EXPECT_EQ(rows[0], "doc\tname\ttokens\tskipped\tloglik\tloglik_se\tperplexity\teffective_runs\tflag");
  EXPECT_EQ(rows[1].rfind("0\tlibrust-term-grid-dev\t", 0), 0u) << rows[1];
  // The summary goes to stderr in this mode, with the unseen-word report.
  EXPECT_NE(output.err.find("unseen words    skip: 5589 tokens of 4539 distinct types skipped; V = 68006"),
            std::string::npos)
      << output.err;

  // Filtering is deterministic: the first row's value is the library's.
  const TopicModel model = formats::readModelFile(fixtureFile("debian-k100", "inferencer.mallet")).model;
  const DocumentCollection documents = formats::readInstanceListFile(fixtureFile("debian-k100", "test.mallet"));
  const ScoringModel scoring(model, UnseenWords::Skip, documents);
  FilteringEstimator filtering(scoring);
  const auto result = evaluateDocuments(filtering, scoring, documents, {});
  std::istringstream row(rows[1]);
  std::string doc, name, tokens, skipped, loglik;
  std::getline(row, doc, '\t');
  std::getline(row, name, '\t');
  std::getline(row, tokens, '\t');
  std::getline(row, skipped, '\t');
  std::getline(row, loglik, '\t');
  EXPECT_EQ(std::stod(loglik), result.documents[0].logLikelihood);
  EXPECT_EQ(std::stoul(tokens), result.documents[0].scoredTokens);
  EXPECT_EQ(std::stoul(skipped), result.documents[0].skippedTokens);
}

TEST(EvaluateCommand, ReadsPlainTextThroughTheModelsAlphabet) {
  const std::string text = writeTemporary("docs.txt", "hear subatomic particles zzzunknown\n\nparticles particles\n");
  const Output smooth = evaluate({"--model", fixtureFile("stackexchange", "state.gz"), "--input", text,
                                  "--unseen-words", "smooth", "--format", "tsv", "--estimator", "filtering"});
  ASSERT_EQ(smooth.status, 0) << smooth.err;
  const auto rows = lines(smooth.out);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[1].rfind("0\tline 1\t4\t0\t", 0), 0u) << rows[1];
  EXPECT_EQ(rows[2], "1\tline 2\t0\t0\t0\t0\tnan\t1\t-");
  EXPECT_NE(smooth.err.find("1 unseen types scored; V = 2608"), std::string::npos) << smooth.err;
  EXPECT_NE(smooth.err.find("warning: 1 document has no scored word"), std::string::npos);
  const Output skip =
      evaluate({"--model", fixtureFile("stackexchange", "state.gz"), "--input", text, "--format", "tsv"});
  EXPECT_EQ(lines(skip.out)[1].rfind("0\tline 1\t3\t1\t", 0), 0u);
  std::filesystem::remove(text);
}

// The summary but its lines naming the input file and the time taken.
std::string withoutInputAndTime(const std::string& out) {
  std::string kept;
  for (const std::string& line : lines(out))
    if (line.rfind("input ", 0) != 0 && line.rfind("time ", 0) != 0) kept += line + "\n";
  return kept;
}

// A gzipped held-out text longer than a batch, read in batches as it is
// decompressed: the rows and summary of the plain file, and of the gzipped
// file read whole (a selection of every document), on 1 and 2 threads; a
// truncated copy is refused with the whole read's one-line message.
TEST(EvaluateCommand, ReadsGzippedTextAsThePlainFile) {
  const std::string model = fixtureFile("stackexchange", "inferencer.mallet");
  const std::vector<std::string> words = *Model::read(model).words();
  std::string text;
  for (std::size_t line = 0; line < 9000; ++line) {
    for (std::size_t i = 0; i < line % 7; ++i) text += words[(line * 31 + i * 17) % words.size()] + " ";
    text += line % 5 == 0 ? "zzzunknown\n" : "\n";
  }
  const std::string plain = writeTemporary("gz-plain.txt", text);
  const std::vector<uint8_t> compressed = testing::gzip(text);
  const std::string gzipped = writeTemporary("gz-held-out.txt.gz", std::string(compressed.begin(), compressed.end()));
  const std::string truncated =
      writeTemporary("gz-cut.txt.gz", std::string(compressed.begin(), compressed.begin() + compressed.size() / 2));
  for (const std::string threads : {"1", "2"}) {
    for (const std::string format : {"tsv", "text"}) {
      const auto run = [&](const std::string& input, bool whole) {
        std::vector<std::string> arguments = {"--model",         model,         "--input",  input,       "--estimator",
                                              "left-to-right",   "--particles", "2",        "--threads", threads,
                                              "--budget-policy", "fixed",       "--format", format};
        if (whole) arguments.insert(arguments.end(), {"--documents", "0-8999"});
        return evaluate(arguments);
      };
      const Output fromPlain = run(plain, false);
      ASSERT_EQ(fromPlain.status, 0) << fromPlain.err;
      const Output batched = run(gzipped, false);
      const Output whole = run(gzipped, true);
      ASSERT_EQ(batched.status, 0) << batched.err;
      EXPECT_EQ(withoutInputAndTime(batched.out), withoutInputAndTime(fromPlain.out));
      EXPECT_EQ(withoutInputAndTime(whole.out), withoutInputAndTime(fromPlain.out));
      if (format == "tsv") {
        EXPECT_EQ(lines(batched.out).size(), 9001u);
      }
      if (format == "text") {
        EXPECT_NE(batched.out.find("log likelihood"), std::string::npos) << batched.out;
      }

      const Output cutWhole = run(truncated, true);
      const Output cutBatched = run(truncated, false);
      EXPECT_EQ(cutBatched.status, 1);
      EXPECT_EQ(cutBatched.err, cutWhole.err);
      EXPECT_EQ(cutBatched.err.rfind("topiceval evaluate: " + truncated + ": truncated", 0), 0u) << cutBatched.err;
      EXPECT_EQ(std::count(cutBatched.err.begin(), cutBatched.err.end(), '\n'), 1);
      EXPECT_TRUE(cutBatched.out.empty()) << cutBatched.out;
    }
  }
  for (const std::string& path : {plain, gzipped, truncated}) std::filesystem::remove(path);
}

TEST(EvaluateCommand, RefusesDocumentsItCannotScore) {
  const std::string unknown = writeTemporary("unknown.txt", "qqqq rrrr\nssss\n");
  const Output none = evaluate({"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input", unknown});
  EXPECT_EQ(none.status, 1);
  EXPECT_EQ(none.err, "topiceval evaluate: " + unknown +
                          ": none of its 3 words is scored under --unseen-words skip: "
                          "were these documents imported for " +
                          fixtureFile("stackexchange", "inferencer.mallet") + "?\n");
  const Output noWords = evaluate(
      {"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input", writeTemporary("blank.txt", "\n\n")});
  EXPECT_EQ(noWords.status, 1);
  EXPECT_NE(noWords.err.find("holds no words"), std::string::npos);
  const Output noAlphabet = evaluate({"--model", fixtureFile("stackexchange", "evaluator.mallet"), "--input", unknown});
  EXPECT_EQ(noAlphabet.status, 1);
  EXPECT_NE(noAlphabet.err.find("plain-text documents need a model with words"), std::string::npos);
  std::filesystem::remove(unknown);
}

TEST(EvaluateCommand, RefusesAHeldOutAlphabetThatDisagreesWithTheModel) {
  const Output output = evaluate({"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input",
                                  fixtureFile("debian-k100", "test.mallet")});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err,
            "topiceval evaluate: " + fixtureFile("debian-k100", "test.mallet") +
                ": its alphabet disagrees with the model's: type 0 is 'local' here but 'hear' in " +
                fixtureFile("stackexchange", "inferencer.mallet") +
                " (import the held-out documents with MALLET's --use-pipe-from the training instance list)\n");
}

TEST(EvaluateCommand, ExplainsCommandLineMistakes) {
  const std::string model = fixtureFile("stackexchange", "inferencer.mallet");
  const std::string input = fixtureFile("stackexchange", "test.mallet");
  struct Case {
    std::vector<std::string> arguments;
    std::string message;
  };
  const Case cases[] = {
      {{"--input", input}, "--model is required"},
      {{"--model", model}, "--input is required"},
      {{"--model", model, "--input", input, "--estimator", "magic"},
       "--estimator takes " + listOfChoices(estimatorNames()) + ", not 'magic'"},
      {{"--model", model, "--input", input, "--format", "xml"}, "--format takes text, tsv or json, not 'xml'"},
      {{"--model", model, "--input", input, "--runs", "0"}, "--runs must be at least 1"},
      {{"--model", model, "--input", input, "--unseen-words", "ignore"},
       "--unseen-words takes skip, skip-untrained or smooth, not 'ignore'"},
      {{"--model", model, "--input", input, "--particles", "0"}, "--particles must be at least 1"},
      {{"--model", model, "--input", input, "--estimator", "left-to-right", "--resampling", "maybe"},
       "--resampling takes true or false, not 'maybe'"},
      {{"--model", model, "--input", input, "--resampling", "true"},
       "--resampling does not apply to resample-move; it is a setting of left-to-right"},
      {{"--model", model, "--input", input, "--estimator", "filtering", "--temperatures", "10"},
       "--temperatures does not apply to filtering; it is a setting of ais"},
      {{"--model", model, "--input", input, "--estimator", "ais", "--schedule", "cubic"},
       "--schedule takes linear or sigmoid, not 'cubic'"},
      {{"--model", model, "--input", input, "--unseen-words", "smooth", "--vocab-size", "10"},
       "--vocab-size 10 is smaller than the 4285 types the model and the held-out documents use"},
      {{"--model", model, "--input", input, "--frobnicate"}, "unrecognised option '--frobnicate'"},
  };
  for (const Case& c : cases) {
    const Output output = evaluate(c.arguments);
    EXPECT_EQ(output.status, 2) << c.message;
    EXPECT_EQ(output.err, "topiceval evaluate: " + c.message + "\n");
  }
}

}  // namespace
}  // namespace topiceval::commands
