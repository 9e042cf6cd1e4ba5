// SPDX-License-Identifier: Apache-2.0
// `topiceval compare`, `curve` and `perturb-state` from the command line.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/model_readers.hpp"
#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/json_check.hpp"
#include "support/fixtures.hpp"
#include "topiceval/compare.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/progress.hpp"

namespace topiceval::commands {
namespace {

using testing::fixtureFile;
using testing::lines;

using Output = testing::CommandOutput;

Output run(testing::Command command, const std::vector<std::string>& arguments) {
  return testing::runCommand(command, arguments);
}

class CompareCommands : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    // One file per process: CTest runs each test of this suite in its own process, in parallel.
    perturbed_ = (std::filesystem::temp_directory_path() /
                  ("topiceval-compare-test-perturbed-" + std::to_string(::getpid()) + ".gz"))
                     .string();
    const Output output = run(perturbStateCommand, {"--input", fixtureFile("stackexchange", "state.gz"), "--output",
                                                    perturbed_, "--fraction", "0.05", "--seed", "7"});
    ASSERT_EQ(output.status, 0) << output.err;
  }
  static void TearDownTestSuite() { std::filesystem::remove(perturbed_); }
  static std::string perturbed_;
};
std::string CompareCommands::perturbed_;

TEST_F(CompareCommands, PerturbStateMovesTheAskedShareOfAssignments) {
  const TopicModel original = formats::readModelFile(fixtureFile("stackexchange", "state.gz")).model;
  const TopicModel moved = formats::readModelFile(perturbed_).model;
  EXPECT_EQ(moved.totalTokens(), original.totalTokens());
  EXPECT_EQ(moved.alpha, original.alpha);
  int64_t differences = 0;
  for (std::size_t w = 0; w < original.numTypes(); ++w)
    for (int k = 0; k < original.numTopics; ++k) differences += std::abs(moved.count(w, k) - original.count(w, k));
  // Each moved token changes two counts; 5% of 6915 tokens is about 346.
  EXPECT_GT(differences, 2 * 250);
  EXPECT_LT(differences, 2 * 450);
  const Output again = run(perturbStateCommand, {"--input", fixtureFile("stackexchange", "state.gz"), "--output",
                                                 perturbed_ + ".2", "--seed", "7"});
  EXPECT_EQ(again.err, run(perturbStateCommand, {"--input", fixtureFile("stackexchange", "state.gz"), "--output",
                                                 perturbed_ + ".3", "--seed", "7"})
                           .err);
  std::filesystem::remove(perturbed_ + ".2");
  std::filesystem::remove(perturbed_ + ".3");
}

TEST_F(CompareCommands, ComparesTwoModelsInBothDirections) {
  const Output output = run(compareCommand, {"--model-a", fixtureFile("stackexchange", "state.gz"), "--model-b",
                                             perturbed_, "--input", fixtureFile("stackexchange", "test.mallet"),
                                             "--temperatures", "50", "--burn-in", "10", "--format", "tsv"});
  ASSERT_EQ(output.status, 0) << output.err;
  const auto rows = lines(output.out);
  ASSERT_EQ(rows.size(), 201u);
  EXPECT_EQ(rows[0],
            "doc\tname\ttokens\tskipped\tlogratio\tlogratio_se\tperplexity_ratio\tlogratio_forward\tlogratio_"
            "reverse\tdisagree");
  EXPECT_NE(
      output.err.find("ratio-AIS       geometric path, both, 50 temperatures, 10 burn-in sweeps, 1 sample; seed 1"),
      std::string::npos)
      << output.err;
  EXPECT_NE(output.err.find("A more likely"), std::string::npos);
  // The unperturbed model is better on the whole.
  const auto at = output.err.find("log ratio A/B   ");
  ASSERT_NE(at, std::string::npos);
  EXPECT_GT(std::stod(output.err.substr(at + 16)), 0.0);
}

TEST_F(CompareCommands, AModelComparedWithItselfGivesZero) {
  const Output output = run(
      compareCommand, {"--model-a", fixtureFile("stackexchange", "state.gz"), "--model-b",
                       fixtureFile("stackexchange", "state.gz"), "--input", fixtureFile("stackexchange", "test.mallet"),
                       "--temperatures", "5", "--burn-in", "0", "--path", "convex", "--direction", "forward"});
  ASSERT_EQ(output.status, 0) << output.err;
  EXPECT_NE(output.out.find("log ratio A/B   0.0000 (sum over documents; no error with one sample: use --samples 2 or "
                            "more)"),
            std::string::npos)
      << output.out;
}

// A one-sided run is set against the difference of two separate filtering
// estimates, one per document: those of evaluate's filtering estimator.
TEST_F(CompareCommands, AOneSidedRunKeepsEachDocumentsSeparateFilteringDifference) {
  CompareRequest request;
  request.modelA = fixtureFile("stackexchange", "state.gz");
  request.modelB = perturbed_;
  request.documents = fixtureFile("stackexchange", "test.mallet");
  request.temperatures = 5;
  request.burnIn = 0;
  request.direction = AnnealingDirection::Forward;
  request.threads = 1;
  const CompareResult compared = compare(request);
  const auto filtering = [&](const std::string& model) {
    EvaluateRequest evaluation;
    evaluation.model = model;
    evaluation.documents = request.documents;
    evaluation.estimator = "filtering";
    evaluation.threads = 1;
    return evaluate(evaluation);
  };
  const EvaluateResult a = filtering(request.modelA.path), b = filtering(request.modelB.path);
  ASSERT_EQ(compared.separateDifferences.size(), compared.documents);
  ASSERT_EQ(a.documents.size(), compared.documents);
  for (std::size_t d = 0; d < compared.documents; ++d)
    EXPECT_EQ(compared.separateDifferences[d], a.documents[d].logLikelihood - b.documents[d].logLikelihood) << d;
  request.direction = AnnealingDirection::Both;  // both directions give their own scatter
  EXPECT_TRUE(compare(request).separateDifferences.empty());
}

// The headline interval of the log ratio (topiceval/interval.hpp,
// ratioInterval) in the text summary, JSON and the result alike, and the
// verdict it gives.
TEST_F(CompareCommands, PrintsTheIntervalOfTheLogRatioAndItsVerdict) {
  const auto fixed4 = [](double x) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.4f", x);
    return std::string(buffer);
  };
  const std::vector<std::string> common = {"--model-a",      fixtureFile("stackexchange", "state.gz"),
                                           "--model-b",      perturbed_,
                                           "--input",        fixtureFile("stackexchange", "test.mallet"),
                                           "--temperatures", "20",
                                           "--burn-in",      "5",
                                           "--samples",      "3",
                                           "--threads",      "2"};
  CompareRequest request;
  request.modelA = fixtureFile("stackexchange", "state.gz");
  request.modelB = perturbed_;
  request.documents = fixtureFile("stackexchange", "test.mallet");
  request.temperatures = 20;
  request.burnIn = 5;
  request.samples = 3;
  request.threads = 2;
  const CompareResult result = compare(request);
  const Interval interval = result.logRatioInterval;
  // Both directions: from the forward's low end to the reverse's high end, around the midpoint.
  ASSERT_TRUE(std::isfinite(interval.low));
  EXPECT_LT(interval.low, std::min(result.forwardTotal, result.logRatio));
  EXPECT_GT(interval.high, std::max(result.reverseTotal, result.logRatio));
  EXPECT_DOUBLE_EQ(result.perTokenRatioInterval.low, interval.low / static_cast<double>(result.scoredTokens));
  EXPECT_EQ(result.tooCloseToCall, contains(interval, 0.0));

  std::vector<std::string> json = common;
  json.insert(json.end(), {"--format", "json"});
  const Output object = run(compareCommand, json);
  ASSERT_EQ(object.status, 0) << object.err;
  const auto at = object.out.find("\"log_ratio_interval\":[");
  ASSERT_NE(at, std::string::npos) << object.out;
  const std::string ends = object.out.substr(at + 22);
  EXPECT_NEAR(std::stod(ends), interval.low, 1e-9 * std::fabs(interval.low));
  EXPECT_NEAR(std::stod(ends.substr(ends.find(',') + 1)), interval.high, 1e-9 * std::fabs(interval.high));
  EXPECT_NE(object.out.find("\"per_token_ratio_interval\":["), std::string::npos);
  EXPECT_NE(object.out.find(std::string("\"too_close_to_call\":") + (result.tooCloseToCall ? "true" : "false")),
            std::string::npos);

  const Output text = run(compareCommand, common);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("log ratio A/B   " + fixed4(result.logRatio) + " (-" +
                          fixed4(result.logRatio - interval.low) + " / +" +
                          fixed4(interval.high - result.logRatio) + ")"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("the truth lies between them"), std::string::npos);
  EXPECT_NE(text.out.find("per token A/B   "), std::string::npos);
  EXPECT_NE(text.out.find(std::string("verdict         ") + (result.tooCloseToCall      ? "too close to call at this budget"
                                                             : interval.low > 0.0 ? "A is more likely"
                                                                                  : "B is more likely")),
            std::string::npos)
      << text.out;

  // A model against itself: every weight is 1, the interval [0, 0] holds 0.
  const Output itself =
      run(compareCommand, {"--model-a", fixtureFile("stackexchange", "state.gz"), "--model-b",
                           fixtureFile("stackexchange", "state.gz"), "--input", fixtureFile("stackexchange", "test.mallet"),
                           "--temperatures", "5", "--samples", "2", "--direction", "forward"});
  ASSERT_EQ(itself.status, 0) << itself.err;
  EXPECT_NE(itself.out.find("verdict         too close to call at this budget"), std::string::npos) << itself.out;
}

TEST_F(CompareCommands, RefusesModelsThatCannotBeCompared) {
  const Output topics = run(
      compareCommand, {"--model-a", fixtureFile("stackexchange", "state.gz"), "--model-b",
                       fixtureFile("sgu-k100", "state.gz"), "--input", fixtureFile("stackexchange", "test.mallet")});
  EXPECT_EQ(topics.status, 2);
  EXPECT_EQ(topics.err,
            "topiceval compare: --model-b has 100 topics but model A has 10; ratio-AIS anneals between models with the "
            "same number of topics\n");
  const Output words = run(compareCommand, {"--model-a", fixtureFile("sgu-k100", "inferencer.mallet"), "--model-b",
                                            fixtureFile("debian-k100", "inferencer.mallet"), "--input",
                                            fixtureFile("sgu-k100", "test.mallet")});
  EXPECT_EQ(words.status, 1);
  EXPECT_EQ(words.err, "topiceval compare: " + fixtureFile("debian-k100", "inferencer.mallet") +
                           ": its alphabet disagrees with " + fixtureFile("sgu-k100", "inferencer.mallet") +
                           "'s: type 0 is 'local' here but 'skeptics' there; the models must share their words\n");
  // curve refuses the same pair: a curve follows one training run, so one vocabulary.
  const Output curve = run(curveCommand, {"--states", fixtureFile("sgu-k100", "inferencer.mallet"),
                                          fixtureFile("debian-k100", "inferencer.mallet"), "--input",
                                          fixtureFile("sgu-k100", "test.mallet"), "--temperatures", "2"});
  EXPECT_EQ(curve.status, 1);
  EXPECT_EQ(curve.err, "topiceval curve: " + fixtureFile("debian-k100", "inferencer.mallet") +
                           ": its alphabet disagrees with " + fixtureFile("sgu-k100", "inferencer.mallet") +
                           "'s: type 0 is 'local' here but 'skeptics' there; the models must share their words\n");
  EXPECT_EQ(run(compareCommand, {"--model-a", "a", "--model-b", "b", "--input", "c", "--path", "straight"}).err,
            "topiceval compare: --path takes geometric or convex, not 'straight'\n");
}

TEST_F(CompareCommands, CurveFollowsASeriesOfStates) {
  const Output output =
      run(curveCommand, {"--states", fixtureFile("stackexchange", "state.gz"), perturbed_, "--input",
                         fixtureFile("stackexchange", "test.mallet"), "--temperatures", "30", "--format", "tsv"});
  ASSERT_EQ(output.status, 0) << output.err;
  const auto rows = lines(output.out);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0], "state\tfile\tloglik\tper_token\tperplexity");
  EXPECT_EQ(rows[1].rfind("0\t" + fixtureFile("stackexchange", "state.gz") + "\t-", 0), 0u) << rows[1];
  EXPECT_EQ(rows[2].rfind("1\t" + perturbed_ + "\t-", 0), 0u) << rows[2];
  EXPECT_EQ(run(curveCommand, {"--input", "x"}).err, "topiceval curve: --states is required\n");
}

TEST_F(CompareCommands, CurveOrdersStatesByTheirIterationAndWritesJsonAndAReport) {
  // Named as MALLET's --output-state-interval names them, given in the shell's order.
  const auto directory = std::filesystem::temp_directory_path() / "topiceval-curve-test";
  std::filesystem::create_directories(directory);
  const std::string late = (directory / "state.gz.1000").string();
  const std::string early = (directory / "state.gz.200").string();
  std::filesystem::copy_file(fixtureFile("stackexchange", "state.gz"), late,
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::copy_file(perturbed_, early, std::filesystem::copy_options::overwrite_existing);
  const std::string report = (directory / "curve.html").string();
  const Output tsv = run(curveCommand, {"--states", late, early, "--input", fixtureFile("stackexchange", "test.mallet"),
                                        "--temperatures", "30", "--format", "tsv", "--report", report});
  ASSERT_EQ(tsv.status, 0) << tsv.err;
  const auto rows = lines(tsv.out);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0], "iteration\tfile\tloglik\tper_token\tperplexity");
  EXPECT_EQ(rows[1].rfind("200\t" + early + "\t", 0), 0u) << rows[1];
  EXPECT_EQ(rows[2].rfind("1000\t" + late + "\t", 0), 0u) << rows[2];
  std::ifstream page(report);
  const std::string html((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  EXPECT_NE(html.find("<svg id=\"curve\""), std::string::npos);
  const Output json =
      run(curveCommand, {"--states", late, early, "--input", fixtureFile("stackexchange", "test.mallet"),
                         "--temperatures", "30", "--format", "json"});
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_TRUE(testing::JsonCheck::valid(json.out)) << json.out;
  EXPECT_LT(json.out.find("\"iteration\":200"), json.out.find("\"iteration\":1000"));
  std::filesystem::remove_all(directory);
}

}  // namespace
}  // namespace topiceval::commands

namespace topiceval {
namespace {

// One document annealed at many temperatures is one long unit of curve's
// work: a cancellation stops it within a temperature, not when the unit ends.
// The CPU time it takes is compared with the same run's, uncancelled, in this
// process (CPU time, not wall-clock: a loaded machine slows both alike).
TEST(CurveCancellation, StopsWithinAUnit) {
  const std::string set = testing::fixtureDir("stackexchange") + "/";
  const Model state = Model::read(set + "state.gz");
  const Documents documents = Documents::read(set + "test.mallet", state);
  std::size_t longest = 0;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    if (documents.tokens(d).size() > documents.tokens(longest).size()) longest = d;
  }
  CurveRequest request;
  request.models = {state, state};
  request.documents = DocumentsSource(documents.subset(std::vector<std::size_t>{longest}));
  request.temperatures = 100'000;
  request.threads = 1;
  std::clock_t started = std::clock();
  const CurveResult whole = curve(request);
  const double wholeSeconds = static_cast<double>(std::clock() - started) / CLOCKS_PER_SEC;
  ASSERT_EQ(whole.totals.size(), 2u);

  Progress progress;
  progress.cancel();
  request.progress = &progress;
  started = std::clock();
  EXPECT_THROW(curve(request), Interrupted);
  const double cancelledSeconds = static_cast<double>(std::clock() - started) / CLOCKS_PER_SEC;
  EXPECT_EQ(progress.doneUnits(), 0u);
  EXPECT_LT(cancelledSeconds, wholeSeconds / 10) << "whole run " << wholeSeconds << " s";
}

// Models in memory are reported under the names given them, as select's and
// compare's are; an unnamed one under its place in the list ("model 2").
TEST(CurveNames, ModelsInMemoryKeepTheNamesGiven) {
  const std::string set = testing::fixtureDir("stackexchange") + "/";
  const Model state = Model::read(set + "state.gz");
  const Documents documents = Documents::read(set + "test.mallet", state);
  CurveRequest request;
  ModelSource named(state);
  named.name = "early";
  request.models = {named, ModelSource(state)};
  request.documents = DocumentsSource(documents.subset(std::vector<std::size_t>{0, 1}));
  request.temperatures = 10;
  request.threads = 1;
  const CurveResult result = curve(request);
  ASSERT_EQ(result.models.size(), 2u);
  EXPECT_EQ(result.models[0].path, "early");
  EXPECT_EQ(result.models[1].path, "model 2");
}

}  // namespace
}  // namespace topiceval
