// Hostile input, third round: byte-order marks and UTF-16, locales, duplicate
// vocabularies, settings that made garbage, signals and left-over files, a
// reader that goes away, and more threads than the system gives. Each test
// pins one class of defect and asserts what replaced it.
#include <gtest/gtest.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <clocale>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "support/sanitizer.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/logistic_normal_files.hpp"
#include "formats/model_readers.hpp"
#include "native/cli/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/gzip.hpp"
#include "support/run_command.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

using testing::fixtureFile;

template <class Work>
std::string errorOf(Work&& work) {
  try {
    work();
  } catch (const formats::FormatError& error) {
    return error.what();
  }
  return "no error";
}

class ThirdRound : public testing::ScratchDirectory {
 protected:
  ThirdRound() : ScratchDirectory("third") {}

  const std::string inferencer_ = fixtureFile("stackexchange", "inferencer.mallet");
};

// ---- Byte-order marks and UTF-16 --------------------------------------------

TEST_F(ThirdRound, AUtf8ByteOrderMarkIsDroppedNotGluedToTheFirstWord) {
  const TopicModel model = formats::readModelFile(inferencer_).model;
  const std::string first = model.alphabet->word(3), second = model.alphabet->word(4);
  const std::string text = first + " " + second + "\n" + second + "\n";
  const std::string marked = write("marked.txt", "\xEF\xBB\xBF" + text);
  const DocumentCollection documents = formats::readHeldOutDocuments(marked, model.alphabet.get(), "the model");
  ASSERT_EQ(documents.size(), 2u);
  EXPECT_EQ(std::vector<int32_t>(documents.document(0).begin(), documents.document(0).end()),
            (std::vector<int32_t>{3, 4}));
  // The whole run: every token scored, as without the mark.
  const auto withMark = testing::runCommand(cli::evaluateCommand, {"--model", inferencer_, "--input", marked,
                                                                   "--estimator", "left-to-right", "--format", "tsv"});
  const auto without = testing::runCommand(
      cli::evaluateCommand,
      {"--model", inferencer_, "--input", write("plain.txt", text), "--estimator", "left-to-right", "--format", "tsv"});
  ASSERT_EQ(withMark.status, 0) << withMark.err;
  EXPECT_EQ(withMark.out, without.out);
}

TEST_F(ThirdRound, Utf16TextIsRefusedByItsName) {
  const TopicModel model = formats::readModelFile(inferencer_).model;
  std::string little = "\xFF\xFE", big = "\xFE\xFF", bare;
  for (const char c : std::string("some words here\n")) {
    little += {c, '\0'};
    big += {'\0', c};
    bare += {c, '\0'};
  }
  const auto read = [&](const std::string& name, const std::string& bytes) {
    const std::string file = write(name, bytes);
    return errorOf([&] { formats::readHeldOutDocuments(file, model.alphabet.get(), "the model"); });
  };
  const std::string advice = "; topiceval reads UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)";
  EXPECT_EQ(read("le.txt", little), path("le.txt") + ": is UTF-16 text (little-endian byte-order mark)" + advice);
  EXPECT_EQ(read("be.txt", big), path("be.txt") + ": is UTF-16 text (big-endian byte-order mark)" + advice);
  EXPECT_EQ(read("bare.txt", bare),
            path("bare.txt") + ": is UTF-16 text (little-endian, without a byte-order mark)" + advice);
  // Gzipped, the same.
  EXPECT_EQ(read("le.txt.gz", std::string(reinterpret_cast<const char*>(testing::gzip(little).data()),
                                          testing::gzip(little).size())),
            path("le.txt.gz") + ": is UTF-16 text (little-endian byte-order mark)" + advice);
}

// ---- Devices and wrong files: refused from their first bytes -----------------

// /dev/zero and /dev/urandom never end: before the readers tested a file's
// first bytes, each was read up to the 4 GiB limit ("holds more than 4 GiB")
// before being refused. Now every reader gives its own message at once.
TEST_F(ThirdRound, EndlessDevicesAreRefusedByTheirFirstBytes) {
  const TopicModel model = formats::readModelFile(inferencer_).model;
  for (const std::string device : {"/dev/zero", "/dev/urandom"}) {
    if (!std::filesystem::exists(device)) continue;
    EXPECT_EQ(errorOf([&] { formats::readModelFile(device); }),
              device + ": is neither a MALLET model file (a Java serialization stream) nor a gzipped topic state");
    EXPECT_EQ(errorOf([&] { formats::readAnyModelFile(device); }),
              device + ": is neither a MALLET model file (a Java serialization stream) nor a gzipped topic state");
    EXPECT_EQ(errorOf([&] { formats::readEvaluatorFile(device); }),
              device + ": not a Java serialization stream (a MALLET .mallet file starts with bytes AC ED)");
    EXPECT_EQ(errorOf([&] { formats::readInstanceListFile(device); }),
              device + ": not a Java serialization stream (a MALLET .mallet file starts with bytes AC ED)");
  }
  EXPECT_EQ(errorOf([&] { formats::readHeldOutDocuments("/dev/zero", model.alphabet.get(), "the model"); }),
            "/dev/zero: holds binary data: not a MALLET instance list and not plain text");
}

// ---- Vocabularies that name a word twice ------------------------------------

TEST_F(ThirdRound, AVocabularyListingAWordTwiceIsRefused) {
  const std::string third = "-1.0986122886681098 -1.0986122886681098 -1.0986122886681098\n";
  const std::string model = write("twice.model", std::string(formats::kLogisticNormalMagic) +
                                                     " 1\ntopics 2\ntypes 3\nmean\n0\ncovariance\n1\n"
                                                     "log-topic-word\n" +
                                                     third + third + "vocabulary 3\nbeta\nalpha\nbeta\n");
  EXPECT_EQ(errorOf([&] { formats::readAnyModelFile(model); }),
            model + ": its vocabulary lists 'beta' twice (types 0 and 2), so text could not tell them apart");
  // A topic state naming two type indices with one word.
  const auto state = testing::gzip(
      "#alpha : 0.5 0.5\n#beta : 0.01\n0 NA 0 0 beta 0\n0 NA 1 1 alpha 1\n"
      "0 NA 2 2 beta 1\n");
  const std::string statePath = write("twice.gz", std::string(state.begin(), state.end()));
  EXPECT_EQ(errorOf([&] { formats::readModelFile(statePath); }),
            statePath + ": its vocabulary lists 'beta' twice (types 0 and 2), so text could not tell them apart");
}

// ---- Settings that produced garbage ------------------------------------------

TEST_F(ThirdRound, SettingsOutsideTheirRangeAreRefused) {
  const auto words = testing::runCommand(cli::infoCommand, {inferencer_, "--words", "-1"});
  EXPECT_EQ(words.status, 2);
  EXPECT_EQ(words.err, "topiceval info: --words must be at least 0\n");
  const auto smoothing = testing::runCommand(
      cli::trainCtmCommand, {"--input", fixtureFile("stackexchange", "test.mallet"), "--num-topics", "2", "--output",
                             path("model.txt"), "--topic-word-smoothing", "1e308"});
  EXPECT_EQ(smoothing.status, 2);
  EXPECT_EQ(smoothing.err,
            "topiceval train-ctm: --topic-word-smoothing must be at most 1e+06, not 1e+308\n");
  EXPECT_EQ(filesHere(), std::vector<std::string>{});
}

// ---- Locales -----------------------------------------------------------------

// A German locale, built into the test's own directory (LOCPATH), so that no
// system locale needs installing: its decimal separator is a comma.
bool useGermanLocale(const std::filesystem::path& directory) {
  const std::string command = "localedef -i de_DE -f UTF-8 " + (directory / "de_DE.UTF-8").string() + " 2>/dev/null";
  if (std::system(command.c_str()) != 0) return false;
  ::setenv("LOCPATH", directory.c_str(), 1);
  return std::setlocale(LC_ALL, "de_DE.UTF-8") != nullptr;
}

TEST_F(ThirdRound, NumbersAreWrittenWithAPointWhateverTheProcessLocale) {
  ASSERT_TRUE(useGermanLocale(directory_)) << "localedef (Debian's locales) could not build de_DE.UTF-8";
  char probe[16];
  std::snprintf(probe, sizeof probe, "%.1f", 2.5);
  EXPECT_STREQ(probe, "2,5");  // the process's C library now writes commas
  const std::string report = path("report.html");
  // Through the door every front end uses (the executable, Python's run(), Java's TopicEvaluator.run).
  const auto command = [](const std::string& name, const std::vector<std::string>& arguments) {
    std::ostringstream out, err;
    const int status = cli::runCommand(name, arguments, out, err);
    return testing::CommandOutput{status, out.str(), err.str()};
  };
  const auto evaluated =
      command("evaluate", {"--model", inferencer_, "--input", fixtureFile("stackexchange", "test.mallet"),
                           "--estimator", "left-to-right", "--report", report});
  const auto info = command("info", {inferencer_});
  std::setlocale(LC_ALL, "C");
  ::unsetenv("LOCPATH");
  ASSERT_EQ(evaluated.status, 0) << evaluated.err;
  EXPECT_NE(evaluated.out.find("per token       -"), std::string::npos) << evaluated.out;
  for (const std::string& line : testing::lines(evaluated.out)) {
    if (line.starts_with("log likelihood") || line.starts_with("per token") || line.starts_with("perplexity")) {
      EXPECT_EQ(line.find(','), std::string::npos) << line;
    }
  }
  const std::string html = testing::readText(report);
  // SVG coordinates are written with a point: the axes' x1="N.N", never "N,N".
  const std::size_t axis = html.find("class=\"axis\" x1=\"");
  ASSERT_NE(axis, std::string::npos);
  const std::string coordinate = html.substr(axis + 17, html.find('"', axis + 17) - axis - 17);
  EXPECT_EQ(coordinate.find(','), std::string::npos) << coordinate;
  EXPECT_NE(coordinate.find('.'), std::string::npos) << coordinate;
  ASSERT_EQ(info.status, 0) << info.err;
  for (const std::string& line : testing::lines(info.out)) {
    if (line.starts_with("topic ")) {
      EXPECT_EQ(line.find(','), std::string::npos) << line;
    }
  }
}

// ---- Signals and left-over files ----------------------------------------------

pid_t startTopiceval(const std::vector<std::string>& arguments) {
  const pid_t child = ::fork();
  if (child == 0) {
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

TEST_F(ThirdRound, SigtermAndSigintRemoveTheTemporaryOutputAndKeepTheTarget) {
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

TEST_F(ThirdRound, TemporaryFilesOfKilledRunsOnThisHostAreRemovedByTheNextRun) {
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
      cli::evaluateTopicsCommand,
      {"--evaluator", fixtureFile("stackexchange", "evaluator.mallet"), "--input",
       fixtureFile("stackexchange", "test.mallet"), "--random-seed", "1", "--output-doc-probs", path("docprobs.txt")});
  ASSERT_EQ(run.status, 0) << run.err;
  std::vector<std::string> expected = {"docprobs.txt", living, otherHost};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(filesHere(), expected);
}

// ---- A reader that goes away ----------------------------------------------------

TEST_F(ThirdRound, AReaderThatGoesAwayMidStreamIsABrokenPipe) {
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

TEST_F(ThirdRound, MoreThreadsThanTheSystemStartsIsACleanError) {
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
