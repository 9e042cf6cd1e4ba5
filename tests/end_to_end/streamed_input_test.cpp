// SPDX-License-Identifier: Apache-2.0
// Inputs the executable reads more than once (evaluate's outline then its
// scoring, evaluate --report's second estimator, select's models, plan-ranks)
// given as standard input, a pipe or a FIFO: read from once, they give what a
// regular file gives (a regular file that changes between two readings:
// tests/api/rereading_input_test.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "support/fifo_writer.hpp"
#include "support/fixtures.hpp"
#include "support/run_command.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

using testing::FifoWriter;
using testing::fixtureFile;

// The safety kill: a command that hangs fails its test instead of blocking the
// suite (no bound on how long a command that finishes takes).
const std::string kSafetyKill = "timeout -s KILL 600 ";

std::string quoted(const std::string& text) { return "'" + text + "'"; }

class StreamedInput : public testing::ScratchDirectory {
 protected:
  StreamedInput() : ScratchDirectory("streamed") {}

  // What `command` prints, with {documents} and {model} replaced by `documents`
  // and `model`, and {output} by a file of its own whose content is appended;
  // the inputs named "-" and the times taken left out.
  std::string run(const std::string& command, const std::string& documents, const std::string& model,
                  const std::string& tag, const std::string& before = "") {
    const std::string output = path(tag + ".out");
    std::string line = std::regex_replace(command, std::regex("\\{documents\\}"), quoted(documents));
    line = std::regex_replace(line, std::regex("\\{model\\}"), quoted(model));
    line = std::regex_replace(line, std::regex("\\{output\\}"), quoted(output));
    const testing::CommandResult result = testing::runTopiceval(line, before + kSafetyKill);
    std::string text = "status " + std::to_string(result.status) + "\n" + result.out;
    if (result.status != 0) text += result.err;
    if (std::filesystem::exists(output)) text += testing::readText(output);
    for (const std::string& name : {documents, model}) {  // each named as standard input is
      if (name.empty() || name == "-") continue;
      for (std::size_t at; (at = text.find(name)) != std::string::npos;) text.replace(at, name.size(), "-");
    }
    return std::regex_replace(text, std::regex("[0-9]+(\\.[0-9]+)? ?(s|seconds)\\b"), "TIME");
  }

  // `command` gives the same with its documents and its model as FIFOs, each
  // opened by the command once, and with its documents on standard input
  // from a pipe, as with regular files.
  void expectSameFromStreams(const std::string& command) {
    const std::string documents = fixtureFile("stackexchange", "test.mallet");
    const std::string model = fixtureFile("stackexchange", "inferencer.mallet");
    const std::string regular = run(command, documents, model, "regular");
    ASSERT_EQ(regular.substr(0, 9), "status 0\n") << regular;
    {
      FifoWriter documentsFifo(path("documents.fifo"), testing::readText(documents));
      FifoWriter modelFifo(path("model.fifo"), testing::readText(model));
      EXPECT_EQ(run(command, path("documents.fifo"), path("model.fifo"), "fifo"), regular) << command;
      EXPECT_EQ(documentsFifo.openings(), 1) << command;
      EXPECT_EQ(modelFifo.openings(), 1) << command;
    }
    EXPECT_EQ(run(command, "-", model, "pipe", "cat " + quoted(documents) + " | "), regular) << command;
  }
};

TEST_F(StreamedInput, EvaluateWithAReport) {
  expectSameFromStreams("evaluate --model {model} --input {documents} --estimator filtering --report {output}");
}

TEST_F(StreamedInput, Select) {
  expectSameFromStreams("select --input {documents} --estimator filtering {model} " +
                        quoted(fixtureFile("stackexchange", "state.gz")));
}

TEST_F(StreamedInput, PlanRanks) {
  expectSameFromStreams("plan-ranks --input {documents} --model {model} --ranks 2,8");
}

// Where no temporary file can be made, a stream read twice is refused by name;
// a command that reads it once does not need one.
TEST_F(StreamedInput, WithoutATemporaryFileAStreamReadTwiceIsRefused) {
  const std::string documents = fixtureFile("stackexchange", "test.mallet");
  const std::string before = "cat " + quoted(documents) + " | TMPDIR=" + quoted(path("missing")) + " ";
  const testing::CommandResult twice = testing::runTopiceval("plan-ranks --input - --ranks 2", before + kSafetyKill);
  EXPECT_EQ(twice.status, 1);
  EXPECT_EQ(twice.err, "topiceval plan-ranks: standard input: is read more than once by this command, and it is a "
                       "stream (standard input, a pipe or a device) whose first reading could not be kept: no "
                       "temporary file could be made in " +
                           path("missing") + " (No such file or directory); give it as a regular file\n");
  const testing::CommandResult once = testing::runTopiceval(
      "evaluate --input - --estimator filtering --model " + quoted(fixtureFile("stackexchange", "inferencer.mallet")),
      before + kSafetyKill);
  EXPECT_EQ(once.status, 0) << once.err;
  EXPECT_NE(once.out.find("input           -: 200 documents, 8383 tokens"), std::string::npos) << once.out;
}

// Standard input that is a regular file (`< file`) is read once too: its offset is shared.
TEST_F(StreamedInput, PlanRanksFromARedirectedFile) {
  const std::string documents = fixtureFile("stackexchange", "test.mallet");
  const std::string command = "plan-ranks --input {documents} --ranks 2,8";
  EXPECT_EQ(run(command + " < " + quoted(documents), "-", "", "redirected"),
            run(command, documents, "", "regular"));
}

}  // namespace
}  // namespace topiceval
