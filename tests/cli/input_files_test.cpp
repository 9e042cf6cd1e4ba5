// SPDX-License-Identifier: Apache-2.0
// Input files through the commands: models whose counts contradict themselves,
// class descriptors that loop, damaged or inflating gzip, a byte-order mark, and
// model files given where documents belong. Each test pins one class of defect
// that once crashed, hung, took gigabytes or printed a wrong number with exit
// status 0, and asserts the one-line message (or the right behaviour) that
// replaced it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/model_readers.hpp"
#include "formats/object_stream_reader.hpp"
#include "native/commands/commands.hpp"
#include "topiceval/model.hpp"
#include "support/command_output.hpp"
#include "support/evaluator_writer.hpp"
#include "support/fixtures.hpp"
#include "support/format_errors.hpp"
#include "support/gzip.hpp"
#include "support/object_stream_builder.hpp"
#include "support/tiny_models.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

using B = testing::ObjectStreamBuilder;
using testing::errorOf;
using testing::fixtureFile;
using testing::streamError;

class InputFiles : public testing::ScratchDirectory {
 protected:
  InputFiles() : ScratchDirectory("input-files") {}

  const std::string evaluator_ = fixtureFile("stackexchange", "evaluator.mallet");
  const std::string heldOut_ = fixtureFile("stackexchange", "test.mallet");
  const std::string state_ = fixtureFile("stackexchange", "state.gz");
  const std::string inferencer_ = fixtureFile("stackexchange", "inferencer.mallet");
};

// ---- Models whose counts contradict themselves -----------------------------

TEST_F(InputFiles, EvaluatorWithARepeatedTopicIsRefusedByEveryPath) {
  const TopicModel model = testing::tinyModel(4, 12, 5);
  const int bits = model.topicBits;
  // Topic 2 five times: more than K, which overflowed a K-sized buffer in both kernels.
  const std::vector<int32_t> row(5, (1 << bits) | 2);
  const std::string file = write("repeated.mallet", testing::EvaluatorWriter::write(testing::withRow(model, 3, row)));
  const std::string sane = write("sane.mallet", testing::EvaluatorWriter::write(model));
  const std::string expected =
      "topiceval evaluate-topics: " + file + ": type 3 lists topic 2 more than once in its counts\n";
  for (const char* exact : {"true", "false"}) {
    const auto output =
        testing::runCommand(commands::evaluateTopicsCommand, {"--evaluator", file, "--input", heldOut_, "--exact", exact});
    EXPECT_EQ(output.status, 1) << exact;
    EXPECT_EQ(output.err, expected) << exact;
  }
  const auto other = testing::runCommand(commands::evaluateCommand, {"--model", file, "--input", heldOut_});
  EXPECT_EQ(other.err, "topiceval evaluate: " + file + ": type 3 lists topic 2 more than once in its counts\n");
  // The writer itself is faithful: the untouched model reads back and evaluates.
  const auto good = testing::runCommand(commands::evaluateTopicsCommand, {"--evaluator", sane, "--input", heldOut_});
  EXPECT_EQ(good.status, 0) << good.err;
}

TEST_F(InputFiles, EvaluatorWithUnrelatedCachedTermsIsRefused) {
  TopicModel model = testing::tinyModel(3, 8, 7);
  model.smoothingOnlyMass = 1e300;  // printed Infinity before
  const std::string file = write("mass.mallet", testing::EvaluatorWriter::write(model));
  const auto output = testing::runCommand(commands::evaluateTopicsCommand, {"--evaluator", file, "--input", heldOut_});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(
      output.err.rfind("topiceval evaluate-topics: " + file + ": smoothingOnlyMass is 1.0000000000000001e+300", 0), 0u)
      << output.err;
}

// ---- Class descriptors that loop ---------------------------------------------

TEST_F(InputFiles, ADescriptorThatIsItsOwnSuperclassIsRefusedForEveryKindOfObject) {
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
  const auto info = testing::runCommand(commands::infoCommand, {file});
  EXPECT_EQ(info.status, 1);
  EXPECT_EQ(info.err, "topiceval info: " + file +
                          ": class X refers to itself before its descriptor is complete: a class cannot be its own "
                          "ancestor\n");
}

// ---- Gzip damage is never a shorter file ------------------------------------

TEST_F(InputFiles, ATruncatedStateIsRefusedAsTruncated) {
  auto bytes = bytesOf(state_);
  bytes.resize(bytes.size() / 2);
  const std::string cut = write("cut.gz", bytes);
  const auto output = testing::runCommand(commands::evaluateCommand, {"--model", cut, "--input", heldOut_});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(
      output.err.rfind("topiceval evaluate: " + cut + ": truncated: the gzip stream ends before its end marker", 0), 0u)
      << output.err;
  // perturb-state writes nothing at all from it.
  const auto perturbed = testing::runCommand(commands::perturbStateCommand, {"--input", cut, "--output", path("out.gz")});
  EXPECT_EQ(perturbed.status, 1);
  EXPECT_EQ(filesHere(), std::vector<std::string>{"cut.gz"});
}

TEST_F(InputFiles, AGzipBombIsRefusedEarly) {
  const auto bomb = testing::gzip(std::string(std::size_t{40} << 20, '\n'));
  const std::string file = write("bomb.txt.gz", bomb);
  const auto output = testing::runCommand(
      commands::evaluateCommand, {"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input", file});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err.rfind("topiceval evaluate: " + file + ": decompresses to more than ", 0), 0u) << output.err;
  EXPECT_EQ(errorOf([&] { formats::readTopicState(bomb, "bomb.gz"); }).rfind("bomb.gz: decompresses to more than ", 0),
            0u);
}

// ---- Byte-order marks ---------------------------------------------------------

TEST_F(InputFiles, AUtf8ByteOrderMarkIsDroppedNotGluedToTheFirstWord) {
  const TopicModel model = formats::readModelFile(inferencer_).model;
  const std::string first = model.alphabet->word(3), second = model.alphabet->word(4);
  const std::string text = first + " " + second + "\n" + second + "\n";
  const std::string marked = write("marked.txt", "\xEF\xBB\xBF" + text);
  const DocumentCollection documents = formats::readHeldOutDocuments(marked, model.alphabet.get(), "the model");
  ASSERT_EQ(documents.size(), 2u);
  EXPECT_EQ(std::vector<int32_t>(documents.document(0).begin(), documents.document(0).end()),
            (std::vector<int32_t>{3, 4}));
  // The whole run: every token scored, as without the mark.
  const auto withMark = testing::runCommand(commands::evaluateCommand, {"--model", inferencer_, "--input", marked,
                                                                   "--estimator", "left-to-right", "--format", "tsv"});
  const auto without = testing::runCommand(
      commands::evaluateCommand,
      {"--model", inferencer_, "--input", write("plain.txt", text), "--estimator", "left-to-right", "--format", "tsv"});
  ASSERT_EQ(withMark.status, 0) << withMark.err;
  EXPECT_EQ(withMark.out, without.out);
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
    return testing::runCommand(commands::coherenceCommand, {"--model", inferencer, "--texts", texts, "--bootstrap", "0",
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
        commands::evaluateCommand, {"--model", inferencer, "--input", fixtureFile("stackexchange", file), "--estimator",
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
        testing::runCommand(commands::evaluateCommand, {"--model", inferencer, "--input", path, "--estimator", "filtering"});
    EXPECT_EQ(evaluated.status, 1);
    EXPECT_NE(evaluated.err.find("a model, not documents"), std::string::npos) << evaluated.err;
  }
  // MALLET's own evaluate-topics takes an instance list only: a state is named as one.
  const std::string statePath = fixtureFile("stackexchange", "state.gz");
  const auto mallet = testing::runCommand(
      commands::evaluateTopicsCommand, {"--evaluator", fixtureFile("stackexchange", "evaluator.mallet"), "--input", statePath});
  EXPECT_EQ(mallet.status, 1);
  EXPECT_EQ(mallet.err, "topiceval evaluate-topics: " + statePath +
                            ": is a MALLET topic state (gzipped), not a MALLET instance list (mallet import-file "
                            "--keep-sequence writes one)\n");
}

}  // namespace
}  // namespace topiceval
