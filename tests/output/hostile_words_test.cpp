// SPDX-License-Identifier: Apache-2.0
// Hostile words: a vocabulary whose words hold what XML, JSON or UTF-8 cannot
// (MALLET's serialized strings are Java's modified UTF-8, so a lone surrogate
// arrives as three CESU bytes and NUL as C0 80), or that is shorter than the
// model. Every XML and JSON writer still produces a document that parses, with
// MALLET's bytes kept where they parse (Java writes a lone surrogate as '?');
// a short vocabulary is refused by name; a model's words reach its diagnostics.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "native/model/topic_model.hpp"
#include "native/output/quality_output.hpp"
#include "native/output/report_writers.hpp"
#include "support/evaluator_writer.hpp"
#include "support/json_check.hpp"
#include "support/run_command.hpp"
#include "support/xml_check.hpp"
#include "support/scratch_directory.hpp"
#include "topiceval/topiceval.hpp"

namespace topiceval {
namespace {

using testing::JsonCheck;
using testing::XmlCheck;

// Each word as the stream holds it (modified UTF-8, unchecked).
const std::vector<std::string> kStreamWords = {
    "end]]>cdata",           // ends a CDATA section; may not appear in text
    "x]]]>y",                // the same after one more bracket
    "ctrl\x01\x08\x0b\x1f",  // controls XML 1.0 cannot hold even as references
    std::string("nul\xC0\x80z"),
    "high\xED\xA0\x80",  // a lone high surrogate (U+D800)
    "low\xED\xB0\x80",   // a lone low surrogate (U+DC00)
    "amp&lt<gt>",        // what MALLET escapes itself
    "nonchar\xEF\xBF\xBE",           // U+FFFE
    "pair\xED\xA0\xBD\xED\xB8\x80",  // U+1F600 as two surrogates: one character
    "tab\there",
    "hangul\xED\x9E\xA3",  // U+D7A3, the last character before the surrogates: kept
    "plain"};

// A model over `types` words in which every word has tokens in every topic, so
// that each is among every topic's top words.
TopicModel everyWordInEveryTopic(int topics, int types) {
  std::vector<int32_t> counts(static_cast<std::size_t>(topics * types));
  for (std::size_t i = 0; i < counts.size(); ++i) counts[i] = 1 + static_cast<int32_t>(i % 7);
  return TopicModel::fromDenseCounts(topics, std::vector<double>(static_cast<std::size_t>(topics), 0.5), 0.01, counts,
                                     static_cast<std::size_t>(types));
}

class HostileWords : public testing::ScratchDirectory {
 protected:
  HostileWords() : ScratchDirectory("words") {}
};

TEST_F(HostileWords, DiagnosticsOfAMalletFileParseAsXmlAndJson) {
  const auto types = static_cast<int>(kStreamWords.size());
  const std::string inferencer =
      write("inferencer.mallet", testing::EvaluatorWriter::writeInferencer(everyWordInEveryTopic(2, types), kStreamWords));
  const std::string top = " --num-top-words " + std::to_string(types);

  const testing::CommandResult xml = testing::runTopiceval("diagnostics --model " + inferencer + top);
  ASSERT_EQ(xml.status, 0) << xml.err;
  EXPECT_EQ(XmlCheck::problem(xml.out), "") << xml.out;
  // MALLET's bytes where they parse, the documented replacements elsewhere.
  for (const char* expected :
       {">end]]&gt;cdata</word>", ">x]]]&gt;y</word>", ">ctrl\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD</word>",
        ">nul\xEF\xBF\xBDz</word>", ">high?</word>", ">low?</word>", ">amp&amp;lt&gt;gt></word>",
        ">nonchar\xEF\xBF\xBD</word>", ">pair\xF0\x9F\x98\x80</word>", ">tab\there</word>",
        ">hangul\xED\x9E\xA3</word>", ">plain</word>"})
    EXPECT_NE(xml.out.find(expected), std::string::npos) << expected;

  const testing::CommandResult json = testing::runTopiceval("diagnostics --format json --model " + inferencer + top);
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_TRUE(JsonCheck::valid(json.out)) << json.out;
  for (const char* expected : {"\"end]]>cdata\"", "\"ctrl\\u0001\\u0008\\u000b\\u001f\"", "\"nul\\u0000z\"",
                               "\"high\\ufffd\"", "\"low\\ufffd\"", "\"amp&lt<gt>\"", "\"pair\xF0\x9F\x98\x80\"",
                               "\"tab\\there\""})
    EXPECT_NE(json.out.find(expected), std::string::npos) << expected;

  const testing::CommandResult tsv = testing::runTopiceval("diagnostics --format tsv --model " + inferencer + top);
  ASSERT_EQ(tsv.status, 0) << tsv.err;
  EXPECT_TRUE(testing::validUtf8(tsv.out)) << tsv.out;
  EXPECT_NE(tsv.out.find("high\xEF\xBF\xBD"), std::string::npos) << tsv.out;

  // MALLET's text reports hold the words as Java writes them: a lone surrogate as '?', the rest as it is.
  const std::string keys = (directory_ / "keys.txt").string();
  const testing::CommandResult keysRun =
      testing::runTopiceval("diagnostics --output /dev/null --output-topic-keys " + keys + " --model " + inferencer + top);
  ASSERT_EQ(keysRun.status, 0) << keysRun.err;
  std::ifstream keysFile(keys, std::ios::binary);
  const std::string keysText((std::istreambuf_iterator<char>(keysFile)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(testing::validUtf8(keysText)) << keysText;
  for (const std::string& expected : {std::string(" high? "), std::string(" low? "), std::string(" nul\0z ", 7),
                                      std::string(" end]]>cdata "), std::string(" pair\xF0\x9F\x98\x80 "),
                                      std::string(" hangul\xED\x9E\xA3 ")})
    EXPECT_NE((" " + keysText).find(expected), std::string::npos) << expected;
}

TEST_F(HostileWords, WordsThatAreNotUtf8BecomeReplacementCharacters) {
  const std::vector<std::string> words = {"stray\xFF", "cut\xE2\x82", "overlong\xC0\xAF", "surrogate\xED\xBF\xBF",
                                          "beyond\xF4\x90\x80\x80", "fine\xC3\xA9"};
  std::vector<int64_t> counts(2 * words.size());
  for (std::size_t i = 0; i < counts.size(); ++i) counts[i] = 1 + static_cast<int64_t>(i % 5);
  DiagnosticsRequest request;
  request.model = Model::fromCounts(counts, words.size(), {0.5, 0.5}, 0.01).withWords(words);
  request.numTopWords = static_cast<int>(words.size());
  const DiagnosticsResult result = diagnostics(request);

  std::ostringstream xml, json;
  writeDiagnosticsXml(xml, result);
  output::writeDiagnosticsJson(json, result);
  EXPECT_EQ(XmlCheck::problem(xml.str()), "") << xml.str();
  EXPECT_TRUE(JsonCheck::valid(json.str())) << json.str();
  for (const char* expected : {">stray\xEF\xBF\xBD</word>", ">cut\xEF\xBF\xBD\xEF\xBF\xBD</word>",
                               ">overlong\xEF\xBF\xBD</word>", ">surrogate?</word>",
                               ">beyond\xEF\xBF\xBD</word>", ">fine\xC3\xA9</word>"})
    EXPECT_NE(xml.str().find(expected), std::string::npos) << expected;
  for (const char* expected : {"\"stray\\ufffd\"", "\"cut\\ufffd\\ufffd\"", "\"overlong\\ufffd\"",
                               "\"surrogate\\ufffd\"", "\"beyond\\ufffd\"", "\"fine\xC3\xA9\""})
    EXPECT_NE(json.str().find(expected), std::string::npos) << expected;

  // The HTML reports hold words too.
  EXPECT_EQ(output::escapeHtml("a\xFF<b\x01"), "a\xEF\xBF\xBD&lt;b\xEF\xBF\xBD");
  EXPECT_TRUE(testing::validUtf8(output::escapeHtml(words[0] + words[1] + words[3])));
}

TEST_F(HostileWords, AModelsWordsNameItsDiagnostics) {
  const std::vector<std::string> words = {"apple", "banana", "cherry", "damson"};
  std::vector<int64_t> counts = {9, 1, 2, 5, 3, 8, 4, 2};  // topic-major
  DiagnosticsRequest request;
  request.model = Model::fromCounts(counts, words.size(), {0.5, 0.5}, 0.01).withWords(words);
  request.numTopWords = 4;
  const DiagnosticsResult result = diagnostics(request);
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_EQ(result.warnings[0].kind, "no-training-documents");  // and no "no-words"
  ASSERT_EQ(result.topics.size(), 2u);
  EXPECT_EQ(result.topics[0].words[0].word, "apple");
  EXPECT_EQ(result.topics[0].words[1].word, "damson");
  EXPECT_EQ(result.topics[1].words[0].word, "banana");
  for (const auto& topic : result.topics) {
    for (const auto& word : topic.words) EXPECT_EQ(word.word, words[static_cast<std::size_t>(word.type)]);
  }
  std::ostringstream xml, keys;
  writeDiagnosticsXml(xml, result);
  writeTopicKeys(keys, result);
  EXPECT_NE(xml.str().find(">apple</word>"), std::string::npos) << xml.str();
  EXPECT_NE(xml.str().find(" word-length='5.0000'"), std::string::npos) << xml.str();  // "apple"
  EXPECT_EQ(xml.str().find(">0</word>"), std::string::npos) << xml.str();
  EXPECT_EQ(keys.str(), "0\t0.5\tapple damson cherry banana \n1\t0.5\tbanana cherry apple damson \n");
}

TEST_F(HostileWords, AVocabularyShorterThanTheModelIsRefused) {
  const TopicModel model = everyWordInEveryTopic(2, 5);
  const std::string message = "the vocabulary has 3 words but the model has 5 word types";
  const std::string inferencer =
      write("short.mallet", testing::EvaluatorWriter::writeInferencer(model, {"a", "b", "c"}));
  const std::string text = "a b c d e\nd e a\n";
  const std::string texts = write("texts.txt", std::vector<uint8_t>(text.begin(), text.end()));
  for (const std::string& command : {"diagnostics --model " + inferencer, "info " + inferencer,
                                    "coherence --texts " + texts + " --model " + inferencer}) {
    const testing::CommandResult run = testing::runTopiceval(command);
    EXPECT_EQ(run.status, 1) << command << run.err;
    EXPECT_NE(run.err.find(inferencer + ": " + message), std::string::npos) << command << run.err;
  }

  Model::MalletArrays arrays = Model::read(write("full.mallet", testing::EvaluatorWriter::writeInferencer(
                                                                    model, {"a", "b", "c", "d", "e"})))
                                   .malletArrays();
  ASSERT_EQ(arrays.words.size(), 5u);
  arrays.words.resize(3);
  try {
    (void)Model::fromMalletArrays(arrays);
    ADD_FAILURE() << "a short vocabulary was taken";
  } catch (const ModelError& error) {
    EXPECT_EQ(std::string(error.what()), "model: " + message);
  }
}

// The check the tests above rely on refuses what XML parsers refuse.
TEST(XmlCheck, RefusesWhatParsersRefuse) {
  const std::string good = "<?xml version=\"1.0\"?>\n<m a='1'>\n<w r=\"2\">x]]&gt;&amp;&#x41;\t\xC3\xA9</w><e/></m>\n\n";
  EXPECT_EQ(XmlCheck::problem(good), "");
  for (const std::string& bad :
       {std::string("<m>x]]>y</m>"), std::string("<m>a\x01</m>"), std::string("<m>a\0</m>", 9),
        std::string("<m>\xED\xA0\x80</m>"), std::string("<m>\xEF\xBF\xBE</m>"), std::string("<m>a<b</m>"),
        std::string("<m>&nbsp;</m>"), std::string("<m>&#1;</m>"), std::string("<m><w></m></w>"), std::string("<m>"),
        std::string("<m a=1></m>"), std::string("<m></m><n/>")})
    EXPECT_NE(XmlCheck::problem(bad), "") << bad;
}

}  // namespace
}  // namespace topiceval
