// SPDX-License-Identifier: Apache-2.0
// Ctrl-C from Python or R reaches the library as a Cancellation in force on
// the thread that runs the work (topiceval/interruptible.hpp). Every command
// and every reader must answer it: one requested before the call ends the
// call as interrupted, without the command's output, however small the work
// (a command that never looks at it runs to its end, as `index` did).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/scratch_directory.hpp"
#include "topiceval/model.hpp"
#include "topiceval/progress.hpp"

namespace topiceval {
namespace {

class Cancelled : public testing::ScratchDirectory {
 protected:
  Cancelled() : ScratchDirectory("cancelled") { cancellation_.request(); }

  const std::string state_ = testing::fixtureFile("stackexchange", "state.gz");
  const std::string evaluator_ = testing::fixtureFile("stackexchange", "evaluator.mallet");
  const std::string inferencer_ = testing::fixtureFile("stackexchange", "inferencer.mallet");
  const std::string test_ = testing::fixtureFile("stackexchange", "test.mallet");
  Cancellation cancellation_;
};

TEST_F(Cancelled, EveryCommandStopsAsInterruptedWithoutItsOutput) {
  const std::string text = write("texts.txt", "apple pear plum\npear plum\n");
  const std::map<std::string, std::vector<std::string>> arguments = {
      {"evaluate-topics", {"--evaluator", evaluator_, "--input", test_, "--random-seed", "1"}},
      {"infer-topics", {"--inferencer", inferencer_, "--input", test_, "--output-doc-topics", path("doc-topics.txt")}},
      {"evaluate", {"--model", evaluator_, "--input", test_, "--estimator", "filtering"}},
      {"select", {"--model", state_, "--model", evaluator_, "--input", test_, "--estimator", "filtering"}},
      {"compare", {"--model-a", state_, "--model-b", state_, "--input", test_, "--temperatures", "5"}},
      {"curve", {"--states", state_, state_, "--input", test_, "--temperatures", "5"}},
      {"train-ctm", {"--input", test_, "--num-topics", "2", "--output", path("ctm.txt"), "--max-iterations", "2"}},
      {"info", {state_}},
      {"diagnostics", {"--model", state_}},
      {"coherence", {"--model", state_}},
      {"browse", {state_, "--output", path("page.html"), "--json", path("page.json")}},
      {"index", {"--texts", text, "--output", path("texts.index")}},
      {"plan-ranks", {"--input", test_}},
      {"perturb-state", {"--input", state_, "--output", path("perturbed.gz")}},
      {"upgrade", {"--input", testing::fixtureFile("mallet-2.0.8/debian-k20-t1", "inferencer.mallet"), "--output",
                   path("upgraded.mallet")}},
  };
  for (const commands::CommandEntry& command : commands::allCommands()) {
    SCOPED_TRACE(command.name);
    const auto given = arguments.find(command.name);
    ASSERT_NE(given, arguments.end()) << "no case for the command " << command.name;
    testing::CommandOutput run{};
    {
      const CancellationScope scope(cancellation_);
      run = testing::runCommand(command.run, given->second);
    }
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "topiceval " + std::string(command.name) + ": interrupted\n");
    EXPECT_EQ(run.out, "");
  }
  EXPECT_EQ(filesHere(), std::vector<std::string>{"texts.txt"}) << "an interrupted command wrote an output";
}

TEST_F(Cancelled, EveryReaderStops) {
  const std::string text = write("texts.txt", "apple pear plum\npear plum\n");
  const CancellationScope scope(cancellation_);
  for (const std::string& file : {state_, evaluator_, inferencer_, testing::fixtureFile("stackexchange", "model.mallet")}) {
    SCOPED_TRACE(file);
    EXPECT_THROW((void)Model::read(file), Interrupted);
  }
  EXPECT_THROW((void)Documents::read(test_), Interrupted);
  EXPECT_THROW((void)Documents::read(text), Interrupted);
}

}  // namespace
}  // namespace topiceval
