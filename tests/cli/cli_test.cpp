// SPDX-License-Identifier: Apache-2.0
// `topiceval evaluate-topics` as users run it: MALLET's options and output, and
// a clear message with a non-zero exit for every mistake.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/commands/mallet_style_options.hpp"
#include "native/output/output_file.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/run_command.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/evaluate_topics.hpp"

namespace topiceval::commands {
namespace {

using testing::fixtureFile;

using Output = testing::CommandOutput;

Output evaluateTopics(const std::vector<std::string>& arguments) {
  return testing::runCommand(evaluateTopicsCommand, arguments);
}

std::vector<std::string> fixtureArguments(const std::string& set) {
  return {"--evaluator", fixtureFile(set, "evaluator.mallet"), "--input", fixtureFile(set, "test.mallet")};
}

std::string temporaryPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("topiceval-cli-test-" + name)).string();
}

TEST(EvaluateTopicsCommand, PrintsShowWordsExactlyAsMallet) {
  for (const std::string set :
       {"stackexchange", "stackexchange-oov", "debian-k100", "mallet-2.0.8/debian-k20-t1", "mallet-2.0.8/debian-k20-t2"}) {
    auto arguments = fixtureArguments(set);
    arguments.insert(arguments.end(), {"--num-particles", "2", "--random-seed", "1", "--show-words", "true"});
    const Output output = evaluateTopics(arguments);
    ASSERT_EQ(output.status, 0) << output.err;
    EXPECT_EQ(output.out, testing::readText(fixtureFile(set, "expected/show-words-p2-rfalse-s1.txt"))) << set;
  }
}

// Another estimator in MALLET's layout gives evaluate's numbers for the same
// model, documents and estimator.
TEST(EvaluateTopicsCommand, AnotherEstimatorGivesEvaluatesEstimates) {
  EvaluateTopicsRequest request;
  request.model = fixtureFile("stackexchange", "evaluator.mallet");
  request.documents = fixtureFile("stackexchange", "test.mallet");
  request.estimator = "filtering";
  request.seed = 1;
  request.threads = 1;
  const EvaluateTopicsResult other = topiceval::evaluateTopics(request);
  EvaluateRequest evaluation;
  evaluation.model = request.model;
  evaluation.documents = request.documents;
  evaluation.estimator = "filtering";
  evaluation.threads = 1;
  const EvaluateResult evaluated = evaluate(evaluation);
  ASSERT_EQ(other.documentLogLikelihoods.size(), evaluated.documents.size());
  for (std::size_t d = 0; d < evaluated.documents.size(); ++d)
    EXPECT_EQ(other.documentLogLikelihoods[d], evaluated.documents[d].logLikelihood) << d;
  EXPECT_EQ(other.total, evaluated.total);
  EXPECT_LT(other.total, 0.0);
}

TEST(EvaluateTopicsCommand, WritesDocumentProbabilitiesAndTotalFiles) {
  const std::string documents = temporaryPath("docprobs.txt");
  const std::string total = temporaryPath("total.txt");
  auto arguments = fixtureArguments("stackexchange-oov");
  arguments.insert(arguments.end(), {"--use-resampling", "TRUE", "--random-seed", "42", "--output-doc-probs", documents,
                                     "--output-prob", total});
  const Output output = evaluateTopics(arguments);
  ASSERT_EQ(output.status, 0) << output.err;
  EXPECT_EQ(output.out, "");
  EXPECT_EQ(testing::readText(documents),
            testing::readText(fixtureFile("stackexchange-oov", "expected/docprobs-p10-rtrue-s42.txt")));
  EXPECT_EQ(testing::readText(total),
            testing::readText(fixtureFile("stackexchange-oov", "expected/total-p10-rtrue-s42.txt")));
  std::filesystem::remove(documents);
  std::filesystem::remove(total);
}

TEST(EvaluateTopicsCommand, AcceptsMalletsBooleanSyntax) {
  const std::string expected = testing::readText(fixtureFile("stackexchange", "expected/total-p1-rtrue-s1.txt"));
  for (const std::vector<std::string>& flag : std::vector<std::vector<std::string>>{{"--use-resampling", "true"},
                                                                                    {"--use-resampling", "True"},
                                                                                    {"--use-resampling", "1"},
                                                                                    {"--use-resampling"}}) {
    auto arguments = fixtureArguments("stackexchange");
    arguments.insert(arguments.begin(), flag.begin(), flag.end());  // a bare flag followed by another option
    arguments.insert(arguments.end(), {"--num-particles", "1", "--random-seed", "1"});
    const Output output = evaluateTopics(arguments);
    EXPECT_EQ(output.out, expected) << flag.back();
  }
  auto arguments = fixtureArguments("stackexchange");
  arguments.insert(arguments.end(), {"--num-particles", "1", "--random-seed", "1", "--use-resampling", "false",
                                     "--num-iterations", "5", "--burn-in", "2", "--sample-interval", "3"});
  EXPECT_EQ(evaluateTopics(arguments).out,
            testing::readText(fixtureFile("stackexchange", "expected/total-p1-rfalse-s1.txt")));
}

TEST(EvaluateTopicsCommand, ExplainsCommandLineMistakes) {
  EXPECT_EQ(evaluateTopics({"--input", "x"}).err,
            "You must specify a serialized topic evaluator. Use --help to list options.\n");
  EXPECT_EQ(evaluateTopics({"--evaluator", "x"}).err,
            "You must specify a serialized instance list. Use --help to list options.\n");
  const Output unknown = evaluateTopics({"--evaluator", "x", "--frobnicate", "3"});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(unknown.err, "topiceval evaluate-topics: Unrecognized option --frobnicate\n");
  auto noParticles = fixtureArguments("stackexchange");
  noParticles.insert(noParticles.end(), {"--num-particles", "0"});
  const Output zero = evaluateTopics(noParticles);
  EXPECT_EQ(zero.status, 2);
  EXPECT_EQ(zero.err, "topiceval evaluate-topics: --num-particles must be at least 1\n");
  EXPECT_EQ(evaluateTopics({"--num-particles", "ten"}).err,
            "topiceval evaluate-topics: --num-particles needs an integer, not 'ten'\n");
  EXPECT_EQ(evaluateTopics({"--num-particles"}).err,
            "topiceval evaluate-topics: Missing argument for option num-particles\n");
  EXPECT_EQ(
      evaluateTopics({"--show-words", "maybe"}).err,
      "topiceval evaluate-topics: Boolean option should be true|false|0|1.  Instead found maybe (for --show-words)\n");
  EXPECT_EQ(evaluateTopics({"stray"}).err,
            "topiceval evaluate-topics: unexpected argument 'stray' (options start with --)\n");
}

TEST(EvaluateTopicsCommand, ExplainsFileProblems) {
  auto wrongClass = fixtureArguments("stackexchange");
  wrongClass[1] = fixtureFile("stackexchange", "inferencer.mallet");
  const Output inferencer = evaluateTopics(wrongClass);
  EXPECT_EQ(inferencer.status, 1);
  EXPECT_EQ(inferencer.err, "topiceval evaluate-topics: " + fixtureFile("stackexchange", "inferencer.mallet") +
                                ": holds a serialized cc.mallet.topics.TopicInferencer, not a MALLET evaluator "
                                "(cc.mallet.topics.MarginalProbEstimator)\n");
  auto unwritable = fixtureArguments("stackexchange");
  unwritable.insert(unwritable.end(), {"--output-doc-probs", "/nonexistent-directory/probs.txt"});
  const Output output = evaluateTopics(unwritable);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err,
            "topiceval evaluate-topics: /nonexistent-directory/probs.txt: cannot be written (check the "
            "directory exists and is writable)\n");
  auto missing = fixtureArguments("stackexchange");
  missing[3] = "/nonexistent/test.mallet";
  EXPECT_EQ(evaluateTopics(missing).err,
            "topiceval evaluate-topics: /nonexistent/test.mallet: cannot open: No such file or directory\n");
}

TEST(EvaluateTopicsCommand, ClockSeedRunsAndDiffersFromRunToRun) {
  auto arguments = fixtureArguments("stackexchange");
  arguments.insert(arguments.end(), {"--num-particles", "1"});
  const Output first = evaluateTopics(arguments);
  const Output second = evaluateTopics(arguments);
  ASSERT_EQ(first.status, 0);
  EXPECT_NE(first.out, second.out);
  EXPECT_LT(std::stod(first.out), -60000.0);
}

TEST(TopicevalExecutable, RunsEvaluateTopicsWithExitStatus) {
  const auto result = testing::runTopiceval(
      "evaluate-topics --evaluator " + fixtureFile("stackexchange", "evaluator.mallet") + " --input " +
      fixtureFile("stackexchange", "test.mallet") + " --random-seed 42 --threads 2");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out, testing::readText(fixtureFile("stackexchange", "expected/total-p10-rfalse-s42.txt")));
  const auto bad = testing::runTopiceval("evaluate-topics --evaluator /nonexistent --input x");
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.err, "topiceval evaluate-topics: /nonexistent: cannot open: No such file or directory\n");
  EXPECT_EQ(testing::runTopiceval("").status, 2);
  const auto unknown = testing::runTopiceval("frobnicate");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(unknown.err.rfind("topiceval: unknown command 'frobnicate'\n", 0), 0u);
}

// Found by fuzzing: Boost.Program_options never finished formatting an error
// about an option named after one of its placeholders. Every command that
// parses with it must answer, with the usual exit status for a usage mistake.
TEST(TopicevalCommands, DescribeOptionsThatLookLikeBoostPlaceholders) {
  using Command = int (*)(const std::vector<std::string>&, std::ostream&, std::ostream&);
  const std::vector<std::pair<std::string, Command>> commands = {{"evaluate", evaluateCommand},
                                                                 {"compare", compareCommand},
                                                                 {"curve", curveCommand},
                                                                 {"info", infoCommand},
                                                                 {"perturb-state", perturbStateCommand},
                                                                 {"upgrade", upgradeCommand}};
  for (const auto& [name, command] : commands) {
    const Output unknown = testing::runCommand(command, {"--%canonical_option%model", "x"});
    EXPECT_EQ(unknown.status, 2) << name;
    EXPECT_EQ(unknown.err, "topiceval " + name + ": unrecognised option '--%canonical_option%model'\n") << name;
  }
  const Output badValue = testing::runCommand(evaluateCommand, {"--seed", "%value%"});
  EXPECT_EQ(badValue.status, 2);
  EXPECT_EQ(badValue.err, "topiceval evaluate: --seed takes a whole number, not '%value%'\n");
  // Without a '%', Boost's own messages stay.
  const Output plain = testing::runCommand(evaluateCommand, {"--seed", "many"});
  EXPECT_EQ(plain.err, "topiceval evaluate: --seed takes a whole number, not 'many'\n");
}

TEST(MalletStyleOptions, ParsesJavaIntegers) {
  EXPECT_EQ(parseJavaInteger("42"), 42);
  EXPECT_EQ(parseJavaInteger("-1"), -1);
  EXPECT_EQ(parseJavaInteger("+7"), 7);
  EXPECT_EQ(parseJavaInteger("2147483647"), 2147483647);
  EXPECT_EQ(parseJavaInteger("2147483648"), std::nullopt);
  EXPECT_EQ(parseJavaInteger("1.5"), std::nullopt);
  EXPECT_EQ(parseJavaInteger(""), std::nullopt);
  EXPECT_EQ(parseMalletBoolean("FALSE"), false);
  EXPECT_EQ(parseMalletBoolean("yes"), std::nullopt);
}

TEST(PlanRanksCommand, SharesTheCostByTheDealOfAnMpiRun) {
  // stackexchange's 200 documents split evenly over 2 ranks under quadratic cost;
  // repeated to 1000 documents over 8 ranks, evenly too; a bad rank count is refused.
  const Output plan = testing::runCommand(planRanksCommand, {"--input", fixtureFile("stackexchange", "test.mallet"),
                                                             "--ranks", "2,512", "--cost", "quadratic"});
  ASSERT_EQ(plan.status, 0) << plan.err;
  EXPECT_NE(plan.out.find("\n2\t50.00%\t50.00%\t1.000\t2.0\t"), std::string::npos) << plan.out;
  // At 512 ranks the longest document (8.92% of the cost) bounds the speed-up at 11.2.
  EXPECT_NE(plan.out.find("\n512\t8.92%\t0.00%\t"), std::string::npos) << plan.out;
  EXPECT_NE(plan.out.find("\t11.2\t"), std::string::npos) << plan.out;
  const Output synthetic =
      testing::runCommand(planRanksCommand, {"--input", fixtureFile("stackexchange", "test.mallet"), "--ranks", "8",
                                             "--replicate", "1000", "--cost", "linear"});
  ASSERT_EQ(synthetic.status, 0) << synthetic.err;
  EXPECT_NE(synthetic.out.find("repeated to 1000"), std::string::npos);
  EXPECT_NE(synthetic.out.find("\n8\t12.5"), std::string::npos) << synthetic.out;
  const Output bad = testing::runCommand(planRanksCommand,
                                         {"--input", fixtureFile("stackexchange", "test.mallet"), "--ranks", "8,zero"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "topiceval plan-ranks: --ranks takes rank counts from 1 to 1000000, like 8,64,512, not 'zero'\n");
  // A trailing comma is an empty rank count, as a leading one is; a negative
  // replication is named as such, not as too many documents.
  for (const std::string ranks : {"8,", ",8"}) {
    const Output empty = testing::runCommand(
        planRanksCommand, {"--input", fixtureFile("stackexchange", "test.mallet"), "--ranks", ranks});
    EXPECT_EQ(empty.status, 2) << ranks;
    EXPECT_EQ(empty.err, "topiceval plan-ranks: --ranks takes rank counts from 1 to 1000000, like 8,64,512, not ''\n");
  }
  const Output negative = testing::runCommand(
      planRanksCommand, {"--input", fixtureFile("stackexchange", "test.mallet"), "--replicate", "-1"});
  EXPECT_EQ(negative.status, 2);
  EXPECT_EQ(negative.err, "topiceval plan-ranks: --replicate must be at least 0\n");
}

}  // namespace
}  // namespace topiceval::commands

// The ranks of an MPI job share one standard error: a line written in pieces
// interleaved with another rank's (seen in CI as "topiceval evaluate-topics:
// topiceval evaluate-topics: ..."). Standard error's buffer writes whole lines.
TEST(DescriptorBuffer, WritesStandardErrorAWholeLineAtATime) {
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  ASSERT_EQ(::fcntl(ends[0], F_SETFL, O_NONBLOCK), 0);
  char received[256];
  {
    topiceval::commands::DescriptorBuffer buffer(ends[1], true);
    std::ostream err(&buffer);
    err << "topiceval evaluate-topics: " << "test.mallet" << ": cannot open";
    EXPECT_EQ(::read(ends[0], received, sizeof received), -1) << "a piece of a line was written";
    err << " (rank " << 2 << " of " << 3 << ")\nnext";
    const ssize_t count = ::read(ends[0], received, sizeof received);
    ASSERT_GT(count, 0);
    EXPECT_EQ(std::string(received, static_cast<std::size_t>(count)),
              "topiceval evaluate-topics: test.mallet: cannot open (rank 2 of 3)\n");
    err << '\n';
    const ssize_t rest = ::read(ends[0], received, sizeof received);
    ASSERT_GT(rest, 0);
    EXPECT_EQ(std::string(received, static_cast<std::size_t>(rest)), "next\n");
    err << "unended";
    err.flush();  // and at exit: what is left goes out
    const ssize_t last = ::read(ends[0], received, sizeof received);
    ASSERT_GT(last, 0);
    EXPECT_EQ(std::string(received, static_cast<std::size_t>(last)), "unended");
  }
  ::close(ends[0]);
  ::close(ends[1]);
}

namespace topiceval::commands {
namespace {

// Out of memory, a command's advice names only options of that command that
// drive its memory (diagnostics has no --particles).
TEST(OutOfMemory, AdvisesOnlyTheOptionsOfTheCommandThatRan) {
  const auto message = [](const std::string& command) {
    std::ostringstream err;
    try {
      throw std::bad_alloc();
    } catch (...) {
      reportFailure(command, err);
    }
    return err.str();
  };
  EXPECT_EQ(message("diagnostics"), "topiceval diagnostics: out of memory (lower --num-top-words)\n");
  EXPECT_EQ(message("coherence"), "topiceval coherence: out of memory (lower --top-words, --bootstrap or --threads)\n");
  EXPECT_EQ(message("perturb-state"),
            "topiceval perturb-state: out of memory (the input is too large for this machine)\n");
  for (const CommandSpec& spec : commandSpecs()) {
    const std::string text = message(spec.name);
    SCOPED_TRACE(text);
    for (std::size_t at = text.find("--"); at != std::string::npos; at = text.find("--", at + 2)) {
      const std::size_t end = text.find_first_of(",) ", at);
      EXPECT_NE(findOption(spec, text.substr(at + 2, end - at - 2)), nullptr);
    }
  }
}

}  // namespace
}  // namespace topiceval::commands
