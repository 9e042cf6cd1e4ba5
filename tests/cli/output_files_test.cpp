// SPDX-License-Identifier: Apache-2.0
// Output files: how topiceval replaces a file (native/runtime/replacing_file.hpp),
// which left-over temporary files it removes (only its own, of dead runs), and
// how a command's outputs are told apart (as files, not as spellings).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "native/commands/commands.hpp"
#include "native/runtime/replacing_file.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

using testing::fixtureFile;

class OutputFiles : public testing::ScratchDirectory {
 protected:
  OutputFiles() : ScratchDirectory("outputs") {}

  // A process id that no longer exists: a child that has ended and been reaped.
  static pid_t goneProcess() {
    const pid_t gone = ::fork();
    if (gone == 0) ::_exit(0);
    ::waitpid(gone, nullptr, 0);
    return gone;
  }

  const std::string evaluator_ = fixtureFile("stackexchange", "evaluator.mallet");
  const std::string heldOut_ = fixtureFile("stackexchange", "test.mallet");
  const std::string state_ = fixtureFile("stackexchange", "state.gz");
};

TEST_F(OutputFiles, OnlyExactTemporaryNamesOfDeadRunsOnThisHostAreRemoved) {
  const std::string prefix = "out.txt.tmp-" + temporaryHostName() + "-";
  const std::string gone = std::to_string(goneProcess());
  const std::vector<std::string> ours = {prefix + gone + "-0", prefix + gone + "-18446744073709551615"};
  // Not certainly a dead run's temporary file of this host: each must stay.
  std::vector<std::string> kept = {
      "out.txt",
      prefix + "99999999999999999999-0",  // a process id beyond any (once a crash in the parse)
      prefix + gone + "-0-0-0",           // more parts than ours (once removed)
      prefix + "0" + gone + "-0",         // a leading zero
      prefix + gone + "-00",
      prefix + gone + "-",
      prefix + gone + "-+1",
      prefix + gone + "-1x",
      prefix + gone + "-18446744073709551616",  // a counter beyond 64 bits
      prefix + "-" + gone + "-0",
      prefix + "0-0",
      prefix + std::to_string(::getpid()) + "-0",  // a run still going
      "out.txt.tmp-elsewhere-" + gone + "-0",      // another machine's
      "victim.txt",
      prefix + gone + "-1",  // a symbolic link, to victim.txt
      prefix + gone + "-2",  // a directory
      prefix + gone + "-3",  // another user's
  };
  for (const std::string& name : ours) write(name, "left by a killed run\n");
  for (std::size_t i = 0; i + 4 < kept.size(); ++i) write(kept[i], "someone's\n");
  write("victim.txt", "the user's\n");
  std::filesystem::create_symlink(path("victim.txt"), path(prefix + gone + "-1"));
  std::filesystem::create_directory(path(prefix + gone + "-2"));
  write(prefix + gone + "-3", "another user's\n");
  const bool asRoot = ::geteuid() == 0;
  if (asRoot) {
    ASSERT_EQ(::chown(path(prefix + gone + "-3").c_str(), 65534, 65534), 0);
  } else {
    kept.pop_back();
    std::filesystem::remove(path(prefix + gone + "-3"));
  }
  const auto run = testing::runCommand(
      commands::evaluateTopicsCommand,
      {"--evaluator", evaluator_, "--input", heldOut_, "--random-seed", "1", "--output-doc-probs", path("out.txt")});
  ASSERT_EQ(run.status, 0) << run.err;
  std::sort(kept.begin(), kept.end());
  EXPECT_EQ(filesHere(), kept);
  EXPECT_EQ(testing::readText(path("victim.txt")), "the user's\n");
  EXPECT_EQ(testing::lines(testing::readText(path("out.txt"))).size(), 200u);
}

TEST_F(OutputFiles, ALinkPlantedAtTheTemporaryNameIsNeverWrittenThrough) {
  const std::string target = write("out.txt", "before\n");
  const std::string victim = write("victim.txt", "the user's\n");
  std::string next;
  {
    ReplacingFile first(target);
    // The next temporary name of this process: the counter's next value.
    const std::string name = first.temporary();
    const std::size_t dash = name.rfind('-');
    next = name.substr(0, dash + 1) + std::to_string(std::stoull(name.substr(dash + 1)) + 1);
  }
  std::filesystem::create_symlink(victim, next);
  ReplacingFile second(target);
  EXPECT_NE(second.temporary(), next);
  second.stream() << "after\n";
  second.commit();
  EXPECT_EQ(testing::readText(victim), "the user's\n");
  EXPECT_EQ(testing::readText(target), "after\n");
  EXPECT_FALSE(std::filesystem::is_symlink(target));
  EXPECT_TRUE(std::filesystem::is_symlink(next));  // not ours: left alone
}

TEST_F(OutputFiles, ATargetIsReplacedOnlyByACommitAndALinkIsWrittenThrough) {
  const std::string real = write("real.txt", "before\n");
  ::chmod(real.c_str(), 0640);
  std::filesystem::create_symlink(real, path("link.txt"));
  {
    ReplacingFile abandoned(path("link.txt"));
    abandoned.stream() << "half";
    EXPECT_EQ(abandoned.target(), std::filesystem::canonical(real).string());
  }
  EXPECT_EQ(testing::readText(real), "before\n");
  EXPECT_EQ(filesHere(), (std::vector<std::string>{"link.txt", "real.txt"}));
  ReplacingFile file(path("link.txt"));
  file.stream() << "after\n";
  file.commit(/*durable=*/true);
  EXPECT_TRUE(std::filesystem::is_symlink(path("link.txt")));
  EXPECT_EQ(testing::readText(real), "after\n");
  struct stat written {};
  ASSERT_EQ(::stat(real.c_str(), &written), 0);
  EXPECT_EQ(written.st_mode & 07777, 0640u);
  EXPECT_EQ(filesHere(), (std::vector<std::string>{"link.txt", "real.txt"}));
}

TEST_F(OutputFiles, ALongNameStillGetsATemporaryFile) {
  const std::string name(250, 'n');
  ReplacingFile file(path(name));
  file.stream() << "x\n";
  file.commit();
  EXPECT_EQ(testing::readText(path(name)), "x\n");
  EXPECT_EQ(filesHere(), std::vector<std::string>{name});
}

TEST_F(OutputFiles, SpellingsOfOneFileHaveOneIdentity) {
  write("x.txt", "x\n");
  std::filesystem::create_directory(path("sub"));
  std::filesystem::create_symlink(path("x.txt"), path("link.txt"));
  std::filesystem::create_hard_link(path("x.txt"), path("hard.txt"));
  const FileIdentity x = fileIdentity(path("x.txt"));
  EXPECT_TRUE(x.exists);
  for (const std::string& spelling : {path("./x.txt"), path("sub/../x.txt"), path("link.txt"), path("hard.txt")})
    EXPECT_EQ(fileIdentity(spelling), x) << spelling;
  write("y.txt", "x\n");
  EXPECT_FALSE(fileIdentity(path("y.txt")) == x);
  // Files that do not exist yet: by directory and name.
  const FileIdentity fresh = fileIdentity(path("new.txt"));
  EXPECT_FALSE(fresh.exists);
  EXPECT_EQ(fileIdentity(path("./new.txt")), fresh);
  EXPECT_EQ(fileIdentity(path("sub/../new.txt")), fresh);
  EXPECT_FALSE(fileIdentity(path("sub/new.txt")) == fresh);
  EXPECT_FALSE(fileIdentity("/dev/null").replaced);
}

TEST_F(OutputFiles, TwoOutputsNamingOneFileAreRefusedHoweverSpelled) {
  const std::string keys = write("keys.txt", "before\n");
  std::filesystem::create_symlink(keys, path("link.txt"));
  for (const std::string& other : {path("./keys.txt"), path("link.txt"), keys}) {
    const auto run = testing::runCommand(commands::diagnosticsCommand,
                                         {"--model", state_, "--output-topic-keys", keys, "--output", other});
    EXPECT_EQ(run.status, 2) << other;
    // --output is opened first.
    EXPECT_EQ(run.err, "topiceval diagnostics: --output and --output-topic-keys name the same file, " + keys + "\n");
    EXPECT_EQ(run.out, "");
  }
  const auto weights = testing::runCommand(
      commands::diagnosticsCommand,
      {"--model", state_, "--topic-word-weights-file", path("w.txt"), "--word-topic-counts-file", path("./w.txt")});
  EXPECT_EQ(weights.status, 2);
  EXPECT_EQ(weights.err,
            "topiceval diagnostics: --topic-word-weights-file and --word-topic-counts-file name the "
            "same file, " +
                path("./w.txt") + "\n");
  const auto probabilities = testing::runCommand(
      commands::evaluateTopicsCommand,
      {"--evaluator", evaluator_, "--input", heldOut_, "--output-doc-probs", keys, "--output-prob", path("link.txt")});
  EXPECT_EQ(probabilities.status, 2);
  EXPECT_EQ(testing::readText(keys), "before\n");
  EXPECT_EQ(filesHere(), (std::vector<std::string>{"keys.txt", "link.txt"}));
  // Devices are written in place: both outputs there lose nothing.
  const auto discarded = testing::runCommand(
      commands::diagnosticsCommand, {"--model", state_, "--output-topic-keys", "/dev/null", "--output", "/dev/null"});
  EXPECT_EQ(discarded.status, 0) << discarded.err;
}

TEST_F(OutputFiles, AnOutputThatIsAnInputThroughALinkIsRefused) {
  const std::string copy = path("state.gz");
  std::filesystem::copy_file(state_, copy);
  std::filesystem::create_symlink(copy, path("link.gz"));
  const auto run =
      testing::runCommand(commands::diagnosticsCommand, {"--model", copy, "--output-topic-keys", path("./link.gz")});
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.err.find("is also an input of this run"), std::string::npos) << run.err;
  EXPECT_EQ(testing::readText(copy), testing::readText(state_));
}

TEST_F(OutputFiles, SelectsCoherenceTextsAreAnInputItsReportMayNotReplace) {
  const std::string texts = write("texts.txt", "apple banana\n");
  const auto run =
      testing::runCommand(commands::selectCommand, {"--model", evaluator_, "--model", evaluator_, "--input", heldOut_,
                                               "--coherence-texts", texts, "--report", path("./texts.txt")});
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.err, "topiceval select: " + path("./texts.txt") +
                         ": is also an input of this run; writing --report there would destroy it: choose another "
                         "file\n");
  EXPECT_EQ(testing::readText(texts), "apple banana\n");
}

TEST_F(OutputFiles, AnOutputInTheFileStandardOutputWritesGoesToStandardOutput) {
  // Replaced, the file would lose what standard output wrote there (the words, here).
  const std::string run = std::string(TOPICEVAL_BINARY) + " evaluate-topics --evaluator " + evaluator_ + " --input " +
                          heldOut_ + " --random-seed 1 --show-words true --output-prob ";
  for (const std::string& output : {std::string("/dev/stdout"), path("out.txt")}) {
    ASSERT_EQ(std::system((run + output + " > " + path("out.txt")).c_str()), 0) << output;
    const auto lines = testing::lines(testing::readText(path("out.txt")));
    ASSERT_GT(lines.size(), 1000u) << output;
    EXPECT_EQ(lines.back(), "-67433.44358611976") << output;
    EXPECT_EQ(filesHere(), std::vector<std::string>{"out.txt"});
  }
}

// ---- Outputs never destroy inputs, and a failed run changes nothing -------------

TEST_F(OutputFiles, AnOutputThatIsAnInputIsRefusedAndTheInputKept) {
  const std::string input = path("test.mallet");
  std::filesystem::copy_file(heldOut_, input);
  const auto output = testing::runCommand(commands::evaluateTopicsCommand,
                                          {"--evaluator", evaluator_, "--input", input, "--output-doc-probs", input});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval evaluate-topics: " + input +
                            ": is also an input of this run; writing --output-doc-probs there would destroy it: choose "
                            "another file\n");
  EXPECT_EQ(testing::readText(input), testing::readText(heldOut_));
  const auto report =
      testing::runCommand(commands::evaluateCommand, {"--model", evaluator_, "--input", input, "--report", evaluator_});
  EXPECT_EQ(report.status, 1);
  EXPECT_NE(report.err.find("is also an input of this run; writing --report there would destroy it"),
            std::string::npos);
}

TEST_F(OutputFiles, AFailedRunLeavesAnExistingOutputAsItWas) {
  const std::string existing = write("probs.txt", "kept\n");
  const std::string broken = write("broken.mallet", std::string("\xAC\xED\x00\x05\x73", 5));
  const auto output = testing::runCommand(commands::evaluateTopicsCommand,
                                          {"--evaluator", broken, "--input", heldOut_, "--output-doc-probs", existing});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(testing::readText(existing), "kept\n");
  EXPECT_EQ(filesHere(), (std::vector<std::string>{"broken.mallet", "probs.txt"}));  // no temporary file left
  // A successful run replaces it whole.
  const auto good = testing::runCommand(
      commands::evaluateTopicsCommand,
      {"--evaluator", evaluator_, "--input", heldOut_, "--output-doc-probs", existing, "--random-seed", "1"});
  EXPECT_EQ(good.status, 0) << good.err;
  EXPECT_EQ(testing::lines(testing::readText(existing)).size(), 200u);
  EXPECT_EQ(filesHere(), (std::vector<std::string>{"broken.mallet", "probs.txt"}));
}

TEST_F(OutputFiles, OutputsThroughLinksAndTwiceTheSameFile) {
  const std::string real = write("real.txt", "old\n");
  std::filesystem::create_symlink(real, path("link.txt"));
  auto output = testing::runCommand(
      commands::evaluateTopicsCommand,
      {"--evaluator", evaluator_, "--input", heldOut_, "--output-prob", path("link.txt"), "--random-seed", "1"});
  EXPECT_EQ(output.status, 0) << output.err;
  EXPECT_TRUE(std::filesystem::is_symlink(path("link.txt")));  // the link is kept, its target written
  EXPECT_NE(testing::readText(real), "old\n");
  output =
      testing::runCommand(commands::evaluateTopicsCommand, {"--evaluator", evaluator_, "--input", heldOut_, "--output-prob",
                                                       path("same.txt"), "--output-doc-probs", path("same.txt")});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval evaluate-topics: --output-doc-probs and --output-prob name the same file, " +
                            path("same.txt") + "\n");
  output = testing::runCommand(commands::evaluateCommand, {"--model", evaluator_, "--input", heldOut_, "--report",
                                                      path("r.html"), "--report-versus", "oracle"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.out, "");  // refused before any work
  EXPECT_EQ(output.err.rfind("topiceval evaluate: --report-versus takes left-to-right, ", 0), 0u) << output.err;
}

TEST_F(OutputFiles, TemporaryFilesOfKilledRunsOnThisHostAreRemovedByTheNextRun) {
  // A process id that no longer exists: a child that has ended and been reaped.
  const pid_t gone = ::fork();
  if (gone == 0) ::_exit(0);
  ::waitpid(gone, nullptr, 0);
  char host[256] = {};
  ::gethostname(host, sizeof host - 1);
  std::string name = host;
  for (char& c : name) {
    if (c == '/' || c == '-') c = '_';
  }
  const std::string stale = "docprobs.txt.tmp-" + name + "-" + std::to_string(gone) + "-0";
  const std::string living = "docprobs.txt.tmp-" + name + "-" + std::to_string(::getpid()) + "-0";
  const std::string otherHost = "docprobs.txt.tmp-elsewhere-" + std::to_string(gone) + "-0";
  write(stale, "left by a killed run\n");
  write(living, "being written by a run still going\n");
  write(otherHost, "another machine's\n");
  const auto run = testing::runCommand(
      commands::evaluateTopicsCommand,
      {"--evaluator", fixtureFile("stackexchange", "evaluator.mallet"), "--input",
       fixtureFile("stackexchange", "test.mallet"), "--random-seed", "1", "--output-doc-probs", path("docprobs.txt")});
  ASSERT_EQ(run.status, 0) << run.err;
  std::vector<std::string> expected = {"docprobs.txt", living, otherHost};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(filesHere(), expected);
}

}  // namespace
}  // namespace topiceval
