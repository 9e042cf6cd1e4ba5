// SPDX-License-Identifier: Apache-2.0
// The executable in its process environment, run as users run it: signals,
// a full disk, a reader that goes away, a FIFO with no writer, and more threads
// than the system gives. Each test pins one class of defect (a crash, a hang, a
// left-over file, exit status 0 on failure) and asserts what replaced it.
#include <gtest/gtest.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "support/sanitizer.hpp"
#include "support/fixtures.hpp"
#include "support/run_command.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

using testing::fixtureFile;

class ProcessEnvironment : public testing::ScratchDirectory {
 protected:
  ProcessEnvironment() : ScratchDirectory("process-environment") {}

  const std::string evaluator_ = fixtureFile("stackexchange", "evaluator.mallet");
  const std::string heldOut_ = fixtureFile("stackexchange", "test.mallet");
  const std::string state_ = fixtureFile("stackexchange", "state.gz");
};

// ---- Signals ------------------------------------------------------------------

// The child's signals are set here, not inherited: a suite started in the
// background (nohup ... &) ignores SIGINT and SIGHUP, and topiceval keeps a
// signal it starts with ignored. `ignored`: the signals it starts ignoring.
pid_t startTopiceval(const std::vector<std::string>& arguments, const std::vector<int>& ignored = {}) {
  const pid_t child = ::fork();
  if (child == 0) {
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) ::signal(signal, SIG_DFL);
    for (const int signal : ignored) ::signal(signal, SIG_IGN);
    std::vector<char*> argv;
    std::string binary = TOPICEVAL_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copies = arguments;
    for (std::string& argument : copies) argv.push_back(argument.data());
    argv.push_back(nullptr);
    const int quiet = ::open("/dev/null", O_WRONLY);
    ::dup2(quiet, STDOUT_FILENO);
    ::dup2(quiet, STDERR_FILENO);
    ::execv(binary.c_str(), argv.data());
    ::_exit(127);
  }
  return child;
}

TEST_F(ProcessEnvironment, SigtermAndSigintRemoveTheTemporaryOutputAndKeepTheTarget) {
  for (const int signal : {SIGTERM, SIGINT}) {
    const std::string target = write("docprobs.txt", "what was here before\n");
    // A run of several seconds (sgu-k100, 10 particles with resampling, one thread).
    const pid_t child =
        startTopiceval({"evaluate-topics", "--evaluator", fixtureFile("sgu-k100", "evaluator.mallet"), "--input",
                        fixtureFile("sgu-k100", "test.mallet"), "--num-particles", "10", "--use-resampling", "true",
                        "--random-seed", "1", "--threads", "1", "--output-doc-probs", target});
    ASSERT_GT(child, 0);
    // Wait for the temporary file to appear (the outputs are opened before any work); however long a loaded
    // machine takes to get there, the bound only ends a hang.
    const auto hang = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (filesHere().size() < 2 && std::chrono::steady_clock::now() < hang)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (filesHere().size() != 2u) {
      ::kill(child, SIGKILL);
      ::waitpid(child, nullptr, 0);
    }
    ASSERT_EQ(filesHere().size(), 2u) << "no temporary file appeared";
    ::kill(child, signal);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << WEXITSTATUS(status);
    EXPECT_EQ(WTERMSIG(status), signal);  // the shell then reports 128 + signal
    EXPECT_EQ(filesHere(), std::vector<std::string>{"docprobs.txt"});
    EXPECT_EQ(testing::readText(target), "what was here before\n");
  }
}

TEST_F(ProcessEnvironment, ASignalIgnoredAtStartStaysIgnored) {
  // As under nohup (SIGHUP ignored) or in a shell's background job (SIGINT ignored): those signals do not end the
  // run; SIGTERM, which it did not start ignoring, still does (and its temporary output goes).
  const std::string target = write("docprobs.txt", "what was here before\n");
  const pid_t child =
      startTopiceval({"evaluate-topics", "--evaluator", fixtureFile("sgu-k100", "evaluator.mallet"), "--input",
                      fixtureFile("sgu-k100", "test.mallet"), "--num-particles", "10", "--use-resampling", "true",
                      "--random-seed", "1", "--threads", "1", "--output-doc-probs", target},
                     {SIGHUP, SIGINT});
  ASSERT_GT(child, 0);
  const auto hang = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (filesHere().size() < 2 && std::chrono::steady_clock::now() < hang)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (filesHere().size() != 2u) {
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
  }
  ASSERT_EQ(filesHere().size(), 2u) << "no temporary file appeared";
  // Its handlers are in place (the temporary output exists): the kernel's masks say which signals it ignores
  // and which it catches.
  const auto mask = [&](const std::string& field) {
    std::ifstream status("/proc/" + std::to_string(child) + "/status");
    for (std::string line; std::getline(status, line);) {
      if (line.rfind(field + ":", 0) == 0) return std::stoull(line.substr(field.size() + 1), nullptr, 16);
    }
    return 0ull;
  };
  const auto bit = [](int signal) { return 1ull << (signal - 1); };
  const unsigned long long ignoring = mask("SigIgn"), catching = mask("SigCgt");
  EXPECT_NE(ignoring & bit(SIGHUP), 0u);
  EXPECT_NE(ignoring & bit(SIGINT), 0u);
  EXPECT_NE(catching & bit(SIGTERM), 0u);
  ::kill(child, SIGHUP);
  ::kill(child, SIGINT);
  ::kill(child, SIGTERM);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << WEXITSTATUS(status);
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_EQ(filesHere(), std::vector<std::string>{"docprobs.txt"});
  EXPECT_EQ(testing::readText(target), "what was here before\n");
}

// ---- A full disk, and a FIFO with no writer ----------------------------------------

TEST_F(ProcessEnvironment, AFullDiskIsAFailureNotASuccess) {
  const std::string models = "--evaluator " + evaluator_ + " --input " + heldOut_ + " --random-seed 1";
  auto result = testing::runTopiceval("evaluate-topics " + models + " > /dev/full");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.err, "topiceval evaluate-topics: standard output: writing failed: No space left on device\n");
  result = testing::runTopiceval("evaluate --model " + evaluator_ + " --input " + heldOut_ +
                                 " --estimator filtering > /dev/full");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.err, "topiceval evaluate: standard output: writing failed: No space left on device\n");
  result = testing::runTopiceval("perturb-state --input " + state_ + " --output /dev/full");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.err, "topiceval perturb-state: /dev/full: writing failed: No space left on device\n");
}

TEST_F(ProcessEnvironment, AFifoWithNoWriterSaysItIsWaiting) {
  const std::string fifo = path("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string err = path("err.txt");
  const std::string command = std::string(TOPICEVAL_BINARY) + " info " + fifo + " 2>" + err + " >/dev/null &";
  ASSERT_EQ(std::system(command.c_str()), 0);
  // Waits for what the process writes however slowly a loaded machine starts it; the bound only ends a hang.
  // (The shell creates err.txt when it starts the process, which may be after the first look.)
  const auto waitFor = [&](const std::string& text) {
    const auto hang = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    const auto written = [&] { return std::filesystem::exists(err) ? testing::readText(err) : std::string(); };
    while (written().find(text) == std::string::npos && std::chrono::steady_clock::now() < hang)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
  };
  waitFor("\n");
  EXPECT_EQ(testing::readText(err), "topiceval: waiting for input on " + fifo + " (nothing has arrived yet)\n");
  // Not blocking: with its reader gone (a crash), opening the FIFO would wait for ever.
  const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
  ASSERT_GE(writer, 0) << "nothing reads " << fifo << ": " << testing::readText(err);
  const std::string text = "not a model\n";
  EXPECT_EQ(::write(writer, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  ::close(writer);
  waitFor("topiceval info:");
  EXPECT_NE(testing::readText(err).find("topiceval info: " + fifo + ": "), std::string::npos) << testing::readText(err);
}

// ---- A reader that goes away ----------------------------------------------------

TEST_F(ProcessEnvironment, AReaderThatGoesAwayMidStreamIsABrokenPipe) {
  // SIGPIPE ignored (as a parent may leave it): the write fails with EPIPE mid-stream.
  const std::string command = "sh -c 'trap \"\" PIPE; " + std::string(TOPICEVAL_BINARY) +
                              " evaluate-topics --evaluator " + fixtureFile("debian-k100", "evaluator.mallet") +
                              " --input " + fixtureFile("debian-k100", "test.mallet") +
                              " --num-particles 1 --random-seed 1 --show-words true 2>" + path("err.txt") +
                              " | head -c 100 >/dev/null; " + "exit 0'";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(testing::readText(path("err.txt")),
            "topiceval evaluate-topics: standard output: writing failed: Broken pipe\n");
}

// ---- More threads than the system gives ------------------------------------------

TEST_F(ProcessEnvironment, MoreThreadsThanTheSystemStartsIsACleanError) {
#if defined(TOPICEVAL_ADDRESS_SANITIZER)
  GTEST_SKIP() << "AddressSanitizer's shadow memory needs more address space than the limit leaves";
#endif
  // 200 threads (one per document) of 8 MiB stacks do not fit a 1 GiB address space: an abort once.
  const std::string command = "sh -c 'ulimit -v 1048576; exec " + std::string(TOPICEVAL_BINARY) +
                              " evaluate-topics --evaluator " + fixtureFile("stackexchange", "evaluator.mallet") +
                              " --input " + fixtureFile("stackexchange", "test.mallet") +
                              " --random-seed 1 --threads 1024' 2>" + path("err.txt");
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  const std::string err = testing::readText(path("err.txt"));
  EXPECT_EQ(err.rfind("topiceval evaluate-topics: --threads asks for 1024 threads, but the system started only ", 0),
            0u)
      << err;
}

}  // namespace
}  // namespace topiceval
