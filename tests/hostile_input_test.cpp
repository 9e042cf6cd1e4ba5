// Hostile input, second round: each test pins one class of defect that once
// crashed, hung, took gigabytes or printed a wrong number with exit status 0,
// and asserts the clear error (or the right behaviour) that replaced it.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include "formats/format_error.hpp"
#include "formats/gzip_input.hpp"
#include "formats/model_readers.hpp"
#include "formats/object_stream_reader.hpp"
#include "formats/read_budget.hpp"
#include "native/cli/command_support.hpp"
#include "native/output/number_text.hpp"
#include "native/cli/commands.hpp"
#include "native/model/model_validator.hpp"
#include "native/model/scoring_model.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/runtime/setting_error.hpp"
#include "support/command_output.hpp"
#include "support/evaluator_writer.hpp"
#include "support/fixtures.hpp"
#include "support/gzip.hpp"
#include "support/object_stream_builder.hpp"
#include "support/run_command.hpp"
#include "support/tiny_models.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

using B = testing::ObjectStreamBuilder;
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

class HostileInput : public testing::ScratchDirectory {
 protected:
  HostileInput() : ScratchDirectory("hostile") {}

  const std::string evaluator_ = fixtureFile("stackexchange", "evaluator.mallet");
  const std::string heldOut_ = fixtureFile("stackexchange", "test.mallet");
  const std::string state_ = fixtureFile("stackexchange", "state.gz");
};

// ---- 1. Rows that name a topic twice, and other inconsistent models --------

// `model` with row `type` replaced by `packed` (tokensPerTopic and the cached
// terms recomputed from the new rows, so that only the row itself is wrong).
TopicModel withRow(const TopicModel& model, std::size_t type, const std::vector<int32_t>& packed) {
  TopicModel changed = model;
  changed.typeTopicCounts = TypeTopicCounts();
  std::fill(changed.tokensPerTopic.begin(), changed.tokensPerTopic.end(), 0);
  for (std::size_t t = 0; t < model.numTypes(); ++t) {
    const auto stored = model.typeTopicCounts.storedRow(t);
    const std::vector<int32_t> row = t == type ? packed : std::vector<int32_t>(stored.begin(), stored.end());
    changed.typeTopicCounts.addRow(row);
    for (const int32_t entry : changed.typeTopicCounts.activeRow(t))
      changed.tokensPerTopic[static_cast<std::size_t>(model.topicOf(entry))] += model.countOf(entry);
  }
  changed.computeSmoothingTerms();
  return changed;
}

TEST_F(HostileInput, ValidatorAcceptsRealAndTinyModels) {
  for (const char* set : {"stackexchange", "stackexchange-oov", "sgu-k100"}) {
    for (const char* file : {"evaluator.mallet", "inferencer.mallet", "state.gz"}) {
      const auto loaded = formats::readModelFile(fixtureFile(set, file));
      EXPECT_EQ(findModelProblem(loaded.model), "") << set << "/" << file;
    }
  }
  EXPECT_EQ(findModelProblem(testing::tinyModel(4, 12, 3)), "");
}

TEST_F(HostileInput, ValidatorNamesEachBrokenInvariant) {
  const TopicModel model = testing::tinyModel(4, 12, 3);
  const int bits = model.topicBits;
  // Topic 1 listed twice in type 0's row (the kernels keep one slot per topic).
  EXPECT_EQ(findModelProblem(withRow(model, 0, {(5 << bits) | 1, (3 << bits) | 1})),
            "type 0 lists topic 1 more than once in its counts");
  // The problem found in a copy of `model` changed by `change`, if it starts with `expected`.
  auto startsWith = [&](const std::function<void(TopicModel&)>& change, const std::string& expected) {
    TopicModel changed = model;
    change(changed);
    const std::string problem = findModelProblem(changed);
    return problem.rfind(expected, 0) == 0 ? ::testing::AssertionSuccess() : ::testing::AssertionFailure() << problem;
  };
  EXPECT_TRUE(startsWith([](TopicModel& m) { std::fill(m.tokensPerTopic.begin(), m.tokensPerTopic.end(), 0); },
                         "tokensPerTopic[0] is 0 but the type-topic counts give topic 0 "));
  EXPECT_TRUE(startsWith([](TopicModel& m) { m.alphaSum = 50.0; }, "alphaSum is 50 but the alpha values sum to "));
  EXPECT_TRUE(startsWith([](TopicModel& m) { m.betaSum *= 3; },
                         "betaSum is 3.6000000000000005 but beta times the 12 types is 1.2000000000000002"));
  EXPECT_TRUE(startsWith([](TopicModel& m) { m.smoothingOnlyMass = 1e308; },
                         "smoothingOnlyMass is 1e+308 but alpha and beta give "));
  EXPECT_TRUE(startsWith([](TopicModel& m) { m.cachedCoefficients[2] *= 2; }, "cachedCoefficients[2] is "));
  TopicModel empty = TopicModel::fromDenseCounts(3, {0.1, 0.1, 0.1}, 0.01, std::vector<int32_t>(6, 0), 2);
  EXPECT_EQ(findModelProblem(empty), "the model holds 0 training tokens for 3 topics: too few to be a trained model");
}

TEST_F(HostileInput, EvaluatorWithARepeatedTopicIsRefusedByEveryPath) {
  const TopicModel model = testing::tinyModel(4, 12, 5);
  const int bits = model.topicBits;
  // Topic 2 five times: more than K, which overflowed a K-sized buffer in both kernels.
  const std::vector<int32_t> row(5, (1 << bits) | 2);
  const std::string file = write("repeated.mallet", testing::EvaluatorWriter::write(withRow(model, 3, row)));
  const std::string sane = write("sane.mallet", testing::EvaluatorWriter::write(model));
  const std::string expected =
      "topiceval evaluate-topics: " + file + ": type 3 lists topic 2 more than once in its counts\n";
  for (const char* exact : {"true", "false"}) {
    const auto output =
        testing::runCommand(cli::evaluateTopicsCommand, {"--evaluator", file, "--input", heldOut_, "--exact", exact});
    EXPECT_EQ(output.status, 1) << exact;
    EXPECT_EQ(output.err, expected) << exact;
  }
  const auto other = testing::runCommand(cli::evaluateCommand, {"--model", file, "--input", heldOut_});
  EXPECT_EQ(other.err, "topiceval evaluate: " + file + ": type 3 lists topic 2 more than once in its counts\n");
  // The writer itself is faithful: the untouched model reads back and evaluates.
  const auto good = testing::runCommand(cli::evaluateTopicsCommand, {"--evaluator", sane, "--input", heldOut_});
  EXPECT_EQ(good.status, 0) << good.err;
}

TEST_F(HostileInput, EvaluatorWithUnrelatedCachedTermsIsRefused) {
  TopicModel model = testing::tinyModel(3, 8, 7);
  model.smoothingOnlyMass = 1e300;  // printed Infinity before
  const std::string file = write("mass.mallet", testing::EvaluatorWriter::write(model));
  const auto output = testing::runCommand(cli::evaluateTopicsCommand, {"--evaluator", file, "--input", heldOut_});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(
      output.err.rfind("topiceval evaluate-topics: " + file + ": smoothingOnlyMass is 1.0000000000000001e+300", 0), 0u)
      << output.err;
}

// ---- 2. Class descriptors that loop, or go too deep ------------------------

std::string streamError(const std::vector<uint8_t>& bytes, const formats::ObjectStreamLimits& limits = {}) {
  try {
    formats::readObjectStream(bytes, "test.ser", limits);
  } catch (const formats::FormatError& error) {
    return error.what();
  }
  return "no error";
}

TEST_F(HostileInput, ADescriptorThatIsItsOwnSuperclassIsRefusedForEveryKindOfObject) {
  const std::string expected =
      "test.ser: class X refers to itself before its descriptor is complete: a class cannot be its own ancestor";
  B array;  // an array, a class object and an enum each carry a descriptor
  array.u8(B::kArray).classDesc("X", B::kSerializable, 0).endClassDesc().reference(0).i32(0);
  EXPECT_EQ(streamError(array.bytes), expected);
  B classObject;
  classObject.u8(B::kClass).classDesc("X", B::kSerializable, 0).endClassDesc().reference(0);
  EXPECT_EQ(streamError(classObject.bytes), expected);
  B enumeration;
  enumeration.u8(B::kEnum).classDesc("X", B::kSerializable | B::kEnumFlag, 0).endClassDesc().reference(0);
  EXPECT_EQ(streamError(enumeration.bytes), expected);
  // Two classes, each the other's superclass.
  B pair;
  pair.u8(B::kObject).classDesc("X", B::kSerializable, 0).endClassDesc();
  pair.classDesc("Y", B::kSerializable, 0).endClassDesc().reference(0);
  EXPECT_EQ(streamError(pair.bytes), expected);
  // And the commands that walked the cycle end with that message.
  const std::string file = write("loop.mallet", classObject.bytes);
  const auto info = testing::runCommand(cli::infoCommand, {file});
  EXPECT_EQ(info.status, 1);
  EXPECT_EQ(info.err, "topiceval info: " + file +
                          ": class X refers to itself before its descriptor is complete: a class cannot be its own "
                          "ancestor\n");
}

// A chain of `depth` classes, each the superclass of the one before, read as one object's class.
B classChain(int depth) {
  B b;
  b.u8(B::kObject);
  for (int i = 0; i < depth; ++i) b.classDesc("C" + std::to_string(i), B::kSerializable, 0).endClassDesc();
  b.null();
  return b;
}

TEST_F(HostileInput, ClassHierarchiesAreBounded) {
  EXPECT_EQ(streamError(classChain(64).bytes), "no error");
  EXPECT_EQ(streamError(classChain(65).bytes), "test.ser: class C0 has a hierarchy deeper than 64 classes");
}

TEST_F(HostileInput, ManyObjectsOfADeepClassExhaustTheBudgetNotTheMachine) {
  // 60 classes deep, then an Object[] of 200,000 objects of the deepest class:
  // six bytes each in the stream, 60 class-data records each in memory.
  B b;
  b.u8(B::kArray).classDesc("[Ljava.lang.Object;", B::kSerializable, 0).endClassDesc().null().i32(200000);
  b.u8(B::kObject);
  for (int i = 0; i < 60; ++i) b.classDesc("C" + std::to_string(i), B::kSerializable, 0).endClassDesc();
  b.null();
  // Handles: 0 the array's class, 1 the array, 2..61 the classes, 62 the first object.
  for (int i = 1; i < 200000; ++i) b.u8(B::kObject).reference(2);
  // The work done is what was charged: the refusal at the limit a file of this size allows (not a time,
  // which a loaded machine stretches) bounds it.
  const std::size_t limit = formats::ReadBudget::kFixedAllowance + formats::ReadBudget::kBytesPerInputByte * b.bytes.size();
  EXPECT_EQ(streamError(b.bytes), "test.ser: reading it would take more than " + std::to_string(limit >> 20) +
                                      " MiB (at per-class object data), more than a file of " +
                                      std::to_string(b.bytes.size()) + " bytes can need: a damaged or hostile file");
}

// Parses `bytes` on a thread whose stack is `stackBytes`, as the Java bridge
// parses on a Java thread (1 MiB by default on 64-bit Linux).
std::string errorOnSmallStack(const std::vector<uint8_t>& bytes, std::size_t stackBytes) {
  struct Job {
    const std::vector<uint8_t>* bytes;
    std::string error;
  } job{&bytes, {}};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, stackBytes);
  pthread_t thread;
  const int started = pthread_create(
      &thread, &attributes,
      [](void* argument) -> void* {
        auto* j = static_cast<Job*>(argument);
        j->error = streamError(*j->bytes);
        return nullptr;
      },
      &job);
  pthread_attr_destroy(&attributes);
  if (started != 0) return "cannot start a thread";
  pthread_join(thread, nullptr);
  return job.error;
}

TEST_F(HostileInput, NestingUpToTheLimitFitsAnyCallersStack) {
  const int limit = formats::ObjectStreamLimits{}.maxDepth;
  auto nestedArrays = [](int levels) {
    B b;
    b.u8(B::kArray).classDesc("[Ljava.lang.Object;", B::kSerializable, 0).endClassDesc().null().i32(1);
    for (int i = 1; i < levels; ++i) b.u8(B::kArray).reference(0).i32(1);
    b.null();
    return b.bytes;
  };
  // The parser runs on a stack of its own: a caller's thread smaller than a Java
  // thread's smallest (-Xss256k; 300 nested arrays once killed such a JVM) is enough.
  const std::size_t stack = std::size_t{128} << 10;
  // Arrays nest one level per array and one for its element: limit / 2 arrays reach the limit.
  EXPECT_EQ(errorOnSmallStack(nestedArrays(limit / 2 - 1), stack), "no error");
  EXPECT_EQ(errorOnSmallStack(nestedArrays(300), stack), "no error");  // the file that killed a JVM
  EXPECT_EQ(errorOnSmallStack(nestedArrays(limit), stack),
            "test.ser: objects nested deeper than " + std::to_string(limit) + " levels");
}

// ---- 3. Gzip damage is never a shorter file --------------------------------

TEST_F(HostileInput, ATruncatedStateIsRefusedAsTruncated) {
  auto bytes = bytesOf(state_);
  bytes.resize(bytes.size() / 2);
  const std::string cut = write("cut.gz", bytes);
  const auto output = testing::runCommand(cli::evaluateCommand, {"--model", cut, "--input", heldOut_});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(
      output.err.rfind("topiceval evaluate: " + cut + ": truncated: the gzip stream ends before its end marker", 0), 0u)
      << output.err;
  // perturb-state writes nothing at all from it.
  const auto perturbed = testing::runCommand(cli::perturbStateCommand, {"--input", cut, "--output", path("out.gz")});
  EXPECT_EQ(perturbed.status, 1);
  EXPECT_EQ(filesHere(), std::vector<std::string>{"cut.gz"});
}

TEST_F(HostileInput, TrailingGarbageAndCrcMismatchAreNamed) {
  auto garbage = bytesOf(state_);
  for (const char c : std::string("GARBAGE")) garbage.push_back(static_cast<uint8_t>(c));
  EXPECT_EQ(errorOf([&] { formats::readTopicState(garbage, "state.gz"); }),
            "state.gz: damaged gzip data: 7 bytes of trailing garbage after the end of the compressed stream");
  auto crc = bytesOf(state_);
  crc[crc.size() - 8] ^= 0xFF;  // the CRC-32 trailer
  EXPECT_EQ(errorOf([&] { formats::readTopicState(crc, "state.gz"); }),
            "state.gz: damaged gzip data: CRC mismatch (the decompressed bytes are not the ones written)");
  // Two members, as `cat a.gz b.gz` makes, are one stream.
  const auto first = testing::gzip("#alpha : 0.5 0.5\n#beta : 0.01\n0 NA 0 0 a 0\n");
  auto both = first;
  const auto second = testing::gzip("0 NA 1 1 b 1\n0 NA 2 0 a 1\n");
  both.insert(both.end(), second.begin(), second.end());
  EXPECT_EQ(formats::readTopicState(both, "two.gz").totalTokens(), 3);
}

TEST_F(HostileInput, AGzipBombIsRefusedEarly) {
  const auto bomb = testing::gzip(std::string(std::size_t{40} << 20, '\n'));
  const std::string file = write("bomb.txt.gz", bomb);
  const auto output = testing::runCommand(
      cli::evaluateCommand, {"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input", file});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err.rfind("topiceval evaluate: " + file + ": decompresses to more than ", 0), 0u) << output.err;
  EXPECT_EQ(errorOf([&] { formats::readTopicState(bomb, "bomb.gz"); }).rfind("bomb.gz: decompresses to more than ", 0),
            0u);
}

TEST_F(HostileInput, PerturbStateOnlyRewritesStatesTheReaderAccepts) {
  const std::string header = "#doc source pos typeindex type topic\n#alpha : 0.1 0.2 0.3 \n#beta : 0.01\n";
  const std::string negative =
      write("negative.gz", testing::gzip(header + "0 NA 0 0 a 1\n0 NA 1 1 b -2\n0 NA 2 0 a 0\n"));
  auto output = testing::runCommand(cli::perturbStateCommand, {"--input", negative, "--output", path("out.gz")});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval perturb-state: " + negative +
                            ": line 5: topic '-2' is outside 0..2 (the #alpha line lists 3 topics)\n");
  const std::string word = write("word.gz", testing::gzip(header + "0 NA 0 0 a 1\n0 NA 1 1 b x\n0 NA 2 0 a 0\n"));
  output =
      testing::runCommand(cli::perturbStateCommand, {"--input", word, "--output", path("out.gz"), "--fraction", "1"});
  EXPECT_EQ(output.err, "topiceval perturb-state: " + word +
                            ": line 5: topic 'x' is outside 0..2 (the #alpha line lists 3 topics)\n");
  EXPECT_FALSE(std::filesystem::exists(path("out.gz")));
  // A good state: every assignment moved, the rest of each row kept.
  const std::string good = write("good.gz", testing::gzip(header + "0 NA 0 0 a 1\n0 NA 1 1 b 2\n0 NA 2 0 a 0\n"));
  output =
      testing::runCommand(cli::perturbStateCommand, {"--input", good, "--output", path("out.gz"), "--fraction", "1"});
  EXPECT_EQ(output.status, 0) << output.err;
  EXPECT_EQ(output.err, "moved 3 of 3 token assignments to other topics\n");
  const TopicModel moved = formats::readTopicState(bytesOf(path("out.gz")), "out.gz");
  EXPECT_EQ(moved.totalTokens(), 3);
  EXPECT_EQ(moved.count(0, 1) + moved.count(0, 0), 1);  // token 0 left topic 1, token 2 left topic 0
}

TEST_F(HostileInput, PerturbStateKeepsRowsWithTrailingSpacesReadable) {
  const std::string header = "#alpha : 0.1 0.2 0.3 \n#beta : 0.01\n";
  const std::string spaced =
      write("spaced.gz", testing::gzip(header + "0 NA 0 0 a 1  \n0 NA 1 1 b 2 \n0 NA 2 0 a 0\n"));
  const auto output =
      testing::runCommand(cli::perturbStateCommand, {"--input", spaced, "--output", path("out.gz"), "--fraction", "1"});
  EXPECT_EQ(output.status, 0) << output.err;
  const TopicModel moved = formats::readTopicState(bytesOf(path("out.gz")), "out.gz");
  EXPECT_EQ(moved.totalTokens(), 3);
  EXPECT_EQ(moved.numTypes(), 2u);  // the topic column was rewritten, not the word column
}

// ---- 4. Outputs never destroy inputs ---------------------------------------

TEST_F(HostileInput, AnOutputThatIsAnInputIsRefusedAndTheInputKept) {
  const std::string input = path("test.mallet");
  std::filesystem::copy_file(heldOut_, input);
  const auto output = testing::runCommand(cli::evaluateTopicsCommand,
                                          {"--evaluator", evaluator_, "--input", input, "--output-doc-probs", input});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval evaluate-topics: " + input +
                            ": is also an input of this run; writing --output-doc-probs there would destroy it: choose "
                            "another file\n");
  EXPECT_EQ(testing::readText(input), testing::readText(heldOut_));
  const auto report =
      testing::runCommand(cli::evaluateCommand, {"--model", evaluator_, "--input", input, "--report", evaluator_});
  EXPECT_EQ(report.status, 1);
  EXPECT_NE(report.err.find("is also an input of this run; writing --report there would destroy it"),
            std::string::npos);
}

TEST_F(HostileInput, AFailedRunLeavesAnExistingOutputAsItWas) {
  const std::string existing = write("probs.txt", "kept\n");
  const std::string broken = write("broken.mallet", std::string("\xAC\xED\x00\x05\x73", 5));
  const auto output = testing::runCommand(cli::evaluateTopicsCommand,
                                          {"--evaluator", broken, "--input", heldOut_, "--output-doc-probs", existing});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(testing::readText(existing), "kept\n");
  EXPECT_EQ(filesHere(), (std::vector<std::string>{"broken.mallet", "probs.txt"}));  // no temporary file left
  // A successful run replaces it whole.
  const auto good = testing::runCommand(
      cli::evaluateTopicsCommand,
      {"--evaluator", evaluator_, "--input", heldOut_, "--output-doc-probs", existing, "--random-seed", "1"});
  EXPECT_EQ(good.status, 0) << good.err;
  EXPECT_EQ(testing::lines(testing::readText(existing)).size(), 200u);
  EXPECT_EQ(filesHere(), (std::vector<std::string>{"broken.mallet", "probs.txt"}));
}

TEST_F(HostileInput, OutputsThroughLinksAndTwiceTheSameFile) {
  const std::string real = write("real.txt", "old\n");
  std::filesystem::create_symlink(real, path("link.txt"));
  auto output = testing::runCommand(
      cli::evaluateTopicsCommand,
      {"--evaluator", evaluator_, "--input", heldOut_, "--output-prob", path("link.txt"), "--random-seed", "1"});
  EXPECT_EQ(output.status, 0) << output.err;
  EXPECT_TRUE(std::filesystem::is_symlink(path("link.txt")));  // the link is kept, its target written
  EXPECT_NE(testing::readText(real), "old\n");
  output =
      testing::runCommand(cli::evaluateTopicsCommand, {"--evaluator", evaluator_, "--input", heldOut_, "--output-prob",
                                                       path("same.txt"), "--output-doc-probs", path("same.txt")});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval evaluate-topics: --output-doc-probs and --output-prob name the same file, " +
                            path("same.txt") + "\n");
  output = testing::runCommand(cli::evaluateCommand, {"--model", evaluator_, "--input", heldOut_, "--report",
                                                      path("r.html"), "--report-versus", "oracle"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.out, "");  // refused before any work
  EXPECT_EQ(output.err.rfind("topiceval evaluate: --report-versus takes left-to-right, ", 0), 0u) << output.err;
}

TEST_F(HostileInput, AFullDiskIsAFailureNotASuccess) {
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

// ---- 5. Small inputs, huge memory ------------------------------------------

long maximumResidentKilobytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

TEST_F(HostileInput, AHugeTypeIndexCostsNoMemory) {
  const TopicModel model = testing::tinyModel(3, 10, 2);
  DocumentCollection documents;
  const std::vector<int32_t> tokens = {1, 2147483647, 2147483647, 3};
  documents.add(tokens);
  const long before = maximumResidentKilobytes();
  const ScoringModel skip(model, UnseenWords::Skip, documents);
  EXPECT_EQ(skip.skippedTokens(), 2u);
  EXPECT_EQ(skip.skippedTypes(), 1u);
  const ScoringModel smooth(model, UnseenWords::Smooth, documents);
  EXPECT_EQ(smooth.unseenTypesScored(), 1u);
  EXPECT_EQ(smooth.vocabularySize(), 11u);
  EXPECT_TRUE(smooth.scored(2147483647));
  EXPECT_LT(maximumResidentKilobytes() - before, 100 * 1024);  // a table by type index would take 2 GiB
}

TEST_F(HostileInput, ManyTopicsFromAFewBytesAreRefused) {
  std::string alpha = "#alpha :";
  for (int k = 0; k < 200000; ++k) alpha += " 0.1";
  const std::string file = write("topics.gz", testing::gzip(alpha + "\n#beta : 0.01\n0 NA 0 0 a 1\n"));
  EXPECT_EQ(errorOf([&] { formats::readModelFile(file); }),
            file + ": the model holds 1 training tokens for 200000 topics: too few to be a trained model");
}

TEST_F(HostileInput, CostlySettingsAreRefusedBeforeWork) {
  auto output = testing::runCommand(cli::evaluateCommand, {"--model", evaluator_, "--input", heldOut_, "--estimator",
                                                           "ais", "--temperatures", "2147483647"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval evaluate: --temperatures must be at most 10000000 (got 2147483647)\n");
  output = testing::runCommand(cli::evaluateTopicsCommand, {"--evaluator", evaluator_, "--input", heldOut_,
                                                            "--estimator", "ais", "--temperatures", "2147483647"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval evaluate-topics: --temperatures must be at most 10000000 (got 2147483647)\n");
  output = testing::runCommand(cli::evaluateTopicsCommand,
                               {"--evaluator", evaluator_, "--input", heldOut_, "--threads", "100000"});
  EXPECT_EQ(output.err, "topiceval evaluate-topics: --threads must be at most 1024 (got 100000)\n");
  try {
    checkParticleWorkspace(100000, 4000);
    ADD_FAILURE() << "no error";
  } catch (const SettingError& error) {
    EXPECT_EQ(error.setting(), "particles");
    EXPECT_STREQ(error.what(),
                 "particles 100000 with 4000 topics needs more than 4 GiB of working memory per thread; "
                 "use at most 67108 particles");
  }
  output =
      testing::runCommand(cli::evaluateCommand, {"--model", evaluator_, "--input", heldOut_, "--particles", "100001"});
  EXPECT_EQ(output.err, "topiceval evaluate: --particles must be at most 100000 (got 100001)\n");
}

TEST_F(HostileInput, AligningThousandsOfTopicsIsRefused) {
  std::string text = "#alpha :";
  for (int k = 0; k < 2001; ++k) text += " 0.1";
  text += "\n#beta : 0.01\n";
  for (int k = 0; k < 2001; ++k)
    text += "0 NA " + std::to_string(k) + " " + std::to_string(k % 7) + " w" + std::to_string(k % 7) + " " +
            std::to_string(k) + "\n";
  const std::string a = write("a.gz", testing::gzip(text));
  const std::string b = write("b.gz", testing::gzip(text));
  const std::string documents = write("docs.txt", "w1 w2 w3\n");
  const auto output = testing::runCommand(cli::compareCommand,
                                          {"--model-a", a, "--model-b", b, "--input", documents, "--align-topics"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err,
            "topiceval compare: --align-topics takes models of at most 2000 topics (its cost grows with the "
            "cube of the topic count); these have 2001\n");
}

// ---- 6. Waiting, and names that would split a row --------------------------

TEST_F(HostileInput, AFifoWithNoWriterSaysItIsWaiting) {
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

TEST_F(HostileInput, DocumentNamesCannotSplitATsvRow) {
  EXPECT_EQ(output::tsvField("a\tb\nc\rd"), "a b c d");
  EXPECT_EQ(output::tsvField(""), "-");
  EXPECT_EQ(output::tsvField("plain"), "plain");
}

}  // namespace
}  // namespace topiceval

namespace topiceval {
namespace {

// A MALLET file of a known kind given where documents belong is read as what
// it is (a topic state's or saved model's training documents, grouped by
// document) or refused by name: never read as gzipped plain text, one
// "document" per state row.
TEST(ModelFilesAsDocuments, AStateOrSavedModelGivesItsTrainingDocumentsAndOtherModelsAreRefused) {
  const std::string inferencer = fixtureFile("stackexchange", "inferencer.mallet");
  const auto coherence = [&](const std::string& texts) {
    return testing::runCommand(cli::coherenceCommand, {"--model", inferencer, "--texts", texts, "--bootstrap", "0",
                                                       "--format", "tsv", "--measure", "c_npmi"});
  };
  // The training instance list holds one empty document more (a state has no rows for it): one window more in
  // every count's N, so its c_npmi differs in the fifth digit; read as text, rows as documents, it differed in the
  // first.
  const auto meanOf = [](const std::string& tsv) {
    for (const std::string& line : testing::lines(tsv)) {
      if (line.starts_with("c_npmi\tmean\t")) return std::stod(line.substr(12));
    }
    return std::nan("");
  };
  const auto training = coherence(fixtureFile("stackexchange", "train.mallet"));
  ASSERT_EQ(training.status, 0) << training.err;
  const auto state = coherence(fixtureFile("stackexchange", "state.gz"));
  ASSERT_EQ(state.status, 0) << state.err;
  EXPECT_NEAR(meanOf(state.out), meanOf(training.out), 1e-4);
  for (const std::string file : {"state.gz", "model.mallet"}) {
    const auto output = coherence(fixtureFile("stackexchange", file));
    ASSERT_EQ(output.status, 0) << file << ": " << output.err;
    EXPECT_EQ(output.out, state.out) << file;
    const auto evaluated = testing::runCommand(
        cli::evaluateCommand, {"--model", inferencer, "--input", fixtureFile("stackexchange", file), "--estimator",
                               "filtering", "--quiet"});
    ASSERT_EQ(evaluated.status, 0) << evaluated.err;
    EXPECT_NE(evaluated.out.find(fixtureFile("stackexchange", file) + ": 199 documents, 6915 tokens"),
              std::string::npos)
        << evaluated.out.substr(0, 600);
  }
  for (const std::string file : {"inferencer.mallet", "evaluator.mallet"}) {
    const std::string path = fixtureFile("stackexchange", file);
    const auto output = coherence(path);
    EXPECT_EQ(output.status, 1);
    EXPECT_EQ(output.err, "topiceval coherence: " + path + ": is a " +
                              describe(file == "inferencer.mallet" ? FileKind::Inferencer : FileKind::Evaluator) +
                              ", a model, not documents: give an instance list or plain text with one document per "
                              "line\n");
    const auto evaluated =
        testing::runCommand(cli::evaluateCommand, {"--model", inferencer, "--input", path, "--estimator", "filtering"});
    EXPECT_EQ(evaluated.status, 1);
    EXPECT_NE(evaluated.err.find("a model, not documents"), std::string::npos) << evaluated.err;
  }
  // MALLET's own evaluate-topics takes an instance list only: a state is named as one.
  const std::string statePath = fixtureFile("stackexchange", "state.gz");
  const auto mallet = testing::runCommand(
      cli::evaluateTopicsCommand, {"--evaluator", fixtureFile("stackexchange", "evaluator.mallet"), "--input", statePath});
  EXPECT_EQ(mallet.status, 1);
  EXPECT_EQ(mallet.err, "topiceval evaluate-topics: " + statePath +
                            ": is a MALLET topic state (gzipped), not a MALLET instance list (mallet import-file "
                            "--keep-sequence writes one)\n");
}

}  // namespace
}  // namespace topiceval
