// SPDX-License-Identifier: Apache-2.0
// infer-topics: MALLET 2.1.1's doc-topics files byte for byte (the fixtures'
// runs, and the edge cases of tests/data/mallet-infer) at 1, 2 and 7 threads;
// the inferencer's own random stream without a seed; bad requests refused
// with nothing written; and topiceval's faster sampler against the exact one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include "formats/file_bytes.hpp"
#include "formats/gzip_input.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/commands/commands.hpp"
#include "native/java/java_random.hpp"
#include "native/mallet/mallet_inference.hpp"
#include "native/api/model_data.hpp"
#include "native/output/inference_output.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/tiny_models.hpp"
#include "topiceval/infer_topics.hpp"

namespace topiceval {
namespace {

const std::string kData = testing::testDataPath("mallet-infer");

std::string textOf(const std::string& path) {
  const std::vector<uint8_t> bytes = formats::readFileBytes(path);
  if (formats::looksLikeGzip(bytes)) return formats::decompressGzip(bytes, path);
  return {bytes.begin(), bytes.end()};
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> result;
  for (std::string word; in >> word;) result.push_back(word);
  return result;
}

// Runs `topiceval infer-topics` with MALLET's arguments and returns the file it wrote.
std::string inferToFile(std::vector<std::string> arguments, int threads) {
  // One file per process: ctest runs each test in its own process, two at a time.
  const std::string output =
      (std::filesystem::temp_directory_path() / ("topiceval-test-doc-topics-" + std::to_string(::getpid()) + ".txt"))
          .string();
  arguments.insert(arguments.end(), {"--output-doc-topics", output, "--threads", std::to_string(threads), "--quiet", "true"});
  const testing::CommandOutput run = testing::runCommand(commands::inferTopicsCommand, arguments);
  EXPECT_EQ(run.status, 0) << run.err;
  const std::string written = testing::readText(output);
  std::filesystem::remove(output);
  return written;
}

// Each fixture command line (`commands`, in the set's folder: infer/commands.txt), its MALLET output against
// ours; MALLET's inferencer.mallet and test.mallet are the set's, or those in `inputs`.
void expectFixtureRuns(const std::string& set, const std::string& commands = "infer/commands.txt",
                       const std::string& inputs = "") {
  const std::string directory = testing::fixtureDir(set);
  int runs = 0;
  for (const std::string& line : testing::readLines(directory + "/" + commands)) {
    if (!line.starts_with("mallet infer-topics")) continue;
    std::vector<std::string> arguments = words(line.substr(std::string("mallet infer-topics").size()));
    std::string expected;
    for (std::size_t i = 0; i + 1 < arguments.size(); ++i) {
      if (arguments[i] == "--output-doc-topics") {
        expected = directory + "/" + arguments[i + 1];
        arguments.erase(arguments.begin() + static_cast<std::ptrdiff_t>(i), arguments.begin() + static_cast<std::ptrdiff_t>(i) + 2);
        break;
      }
    }
    for (std::string& argument : arguments) {
      if (argument == "inferencer.mallet" || argument == "test.mallet")
        argument = (inputs.empty() ? directory : inputs) + "/" + argument;
    }
    if (!std::filesystem::exists(expected)) expected += ".gz";
    const std::string mallet = textOf(expected);
    for (const int threads : {1, 2, 7}) {
      EXPECT_TRUE(inferToFile(arguments, threads) == mallet) << set << ": " << line << " at " << threads << " threads";
    }
    ++runs;
  }
  EXPECT_EQ(runs, 3) << set;
}

TEST(InferTopics, ReproducesMalletFixturesOnAnyThreadCount) {
  expectFixtureRuns("stackexchange");
  expectFixtureRuns("debian-k100");
}

TEST(InferTopics, ReproducesMallet208sFilesAndMallet211sOnThemUpgraded) {
  for (const std::string set : {"mallet-2.0.8/debian-k20-t1", "mallet-2.0.8/debian-k20-t2"}) {
    expectFixtureRuns(set);
    // What MALLET 2.1.1 wrote from the inferencer and held-out list `upgrade` wrote for it.
    const std::filesystem::path upgraded =
        std::filesystem::temp_directory_path() / ("topiceval-test-upgraded-" + std::to_string(::getpid()));
    std::filesystem::create_directories(upgraded);
    for (const std::string file : {"inferencer.mallet", "test.mallet"}) {
      const testing::CommandOutput run = testing::runCommand(
          commands::upgradeCommand,
          {"--input", testing::fixtureFile(set, file), "--output", (upgraded / file).string()});
      ASSERT_EQ(run.status, 0) << run.err;
    }
    expectFixtureRuns(set, "upgraded/infer/commands.txt", upgraded.string());
    std::filesystem::remove_all(upgraded);
  }
}

// Without --random-seed (and with 0) MALLET continues the Randoms stored in the inferencer.
TEST(InferTopics, ContinuesTheInferencersOwnStreamWithoutASeed) {
  const std::vector<std::string> arguments = {"--inferencer", testing::fixtureFile("stackexchange", "inferencer.mallet"),
                                              "--input", testing::fixtureFile("stackexchange", "test.mallet")};
  const std::string mallet = textOf(kData + "/stackexchange-no-seed.txt.gz");
  EXPECT_TRUE(inferToFile(arguments, 2) == mallet);
  std::vector<std::string> seedZero = arguments;
  seedZero.insert(seedZero.end(), {"--random-seed", "0"});
  EXPECT_TRUE(inferToFile(seedZero, 1) == mallet);
}

// Empty documents, a null name, a URI name, words without training tokens,
// words beyond the model, a name with a tab; thresholds, maxima and schedules.
TEST(InferTopics, ReproducesMalletOnEdgeCases) {
  int cases = 0;
  for (const std::string& line : testing::readLines(kData + "/cases.txt")) {
    const auto bar = line.find('|');
    if (bar == std::string::npos) continue;
    std::vector<std::string> arguments = {"--inferencer", testing::fixtureFile("stackexchange", "inferencer.mallet"),
                                          "--input", kData + "/edge.mallet"};
    for (const std::string& word : words(line.substr(bar + 1))) arguments.push_back(word);
    const std::string mallet = textOf(kData + "/edge-" + line.substr(0, bar) + ".txt");
    for (const int threads : {1, 7}) EXPECT_TRUE(inferToFile(arguments, threads) == mallet) << line << " at " << threads;
    ++cases;
  }
  EXPECT_EQ(cases, 10);
}

TEST(InferTopics, RefusesBadRequestsWithoutWritingAnything) {
  const std::string inferencer = testing::fixtureFile("stackexchange", "inferencer.mallet");
  const std::string documents = testing::fixtureFile("stackexchange", "test.mallet");
  const std::string output = (std::filesystem::temp_directory_path() / "topiceval-test-refused.txt").string();
  struct Case {
    std::vector<std::string> extra;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"--doc-topics-max", "0"}, "--doc-topics-max must be at least 1"},
      {{"--doc-topics-threshold", "-0.5"}, "--doc-topics-threshold"},
      {{"--sample-interval", "0"}, "--sample-interval must be at least 1 when --num-iterations exceeds --burn-in"},
      {{"--num-iterations", "-1"}, "--num-iterations"},
  };
  for (const Case& c : cases) {
    std::filesystem::remove(output);
    std::vector<std::string> arguments = {"--inferencer", inferencer, "--input", documents, "--output-doc-topics", output};
    arguments.insert(arguments.end(), c.extra.begin(), c.extra.end());
    const testing::CommandOutput run = testing::runCommand(commands::inferTopicsCommand, arguments);
    EXPECT_NE(run.status, 0) << c.message;
    EXPECT_NE(run.err.find(c.message), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_FALSE(std::filesystem::exists(output)) << c.message;
  }
  // MALLET's evaluator is not an inferencer; documents as feature vectors are not sequences.
  const testing::CommandOutput evaluator = testing::runCommand(
      commands::inferTopicsCommand, {"--inferencer", testing::fixtureFile("stackexchange", "evaluator.mallet"), "--input",
                                documents, "--output-doc-topics", output});
  EXPECT_NE(evaluator.status, 0);
  EXPECT_NE(evaluator.err.find("evaluator.mallet"), std::string::npos) << evaluator.err;
  EXPECT_NE(evaluator.err.find("inferencer"), std::string::npos) << evaluator.err;
  EXPECT_FALSE(std::filesystem::exists(output));
  // Documents imported without --keep-sequence (MALLET's FeatureVectors) carry no order to sample.
  const testing::CommandOutput vectors = testing::runCommand(
      commands::inferTopicsCommand,
      {"--inferencer", inferencer, "--input", kData + "/feature-vectors.mallet", "--output-doc-topics", output});
  EXPECT_EQ(vectors.status, 1);
  EXPECT_NE(vectors.err.find("feature-vectors.mallet: instance 0 holds a cc.mallet.types.AugmentableFeatureVector, "
                             "not a FeatureSequence: import the documents with --keep-sequence"),
            std::string::npos)
      << vectors.err;
  EXPECT_FALSE(std::filesystem::exists(output));
  // Sampling 0 iterations past a burn-in of 10 runs as MALLET does (the last state's proportions).
  const testing::CommandOutput allowed = testing::runCommand(
      commands::inferTopicsCommand, {"--inferencer", inferencer, "--input", documents, "--output-doc-topics", output,
                                "--sample-interval", "0", "--num-iterations", "10", "--quiet", "true"});
  EXPECT_EQ(allowed.status, 0) << allowed.err;
  std::filesystem::remove(output);
}

// MALLET's IDSorter: under a threshold, larger proportions first and equal ones the larger topic first;
// a proportion equal to the threshold is printed; the maximum cuts the list.
TEST(InferTopics, ThresholdListsTiesAsMalletsIdSorterOrdersThem) {
  InferTopicsResult result;
  result.documents = 2;
  result.topics = 4;
  result.names = {"a", "no-name"};
  result.proportions = {0.25, 0.25, 0.25, 0.25, 0.1, 0.4, 0.1, 0.4};
  std::ostringstream all;
  writeMalletDocTopics(all, result, 0.1);
  EXPECT_EQ(all.str(),
            "#doc name topic proportion ...\n0\ta\t3\t0.25\t2\t0.25\t1\t0.25\t0\t0.25\n"
            "1\tno-name\t3\t0.4\t1\t0.4\t2\t0.1\t0\t0.1\n");
  std::ostringstream two;
  writeMalletDocTopics(two, result, 0.2, 2);
  EXPECT_EQ(two.str(), "#doc name topic proportion ...\n0\ta\t3\t0.25\t2\t0.25\n1\tno-name\t3\t0.4\t1\t0.4\n");
}

// The fast sampler draws from the same posterior: each document's mean
// proportion over independent seeds matches the exact sampler's within their
// errors (a z-score per document and topic; the spread of z checked).
TEST(InferTopics, FastSamplerHasTheExactSamplersDistribution) {
  const TopicModel model = formats::readInferencerFile(testing::fixtureFile("stackexchange", "inferencer.mallet"));
  DocumentCollection all = formats::readInstanceListFile(testing::fixtureFile("stackexchange", "test.mallet"));
  std::vector<std::size_t> first(40);
  for (std::size_t d = 0; d < first.size(); ++d) first[d] = d;
  const DocumentCollection documents = all.subset(first);
  const auto topics = static_cast<std::size_t>(model.numTopics);
  const std::size_t cells = documents.size() * topics;
  const int seeds = 60;
  auto moments = [&](bool exact, uint64_t firstSeed) {
    std::vector<double> sum(cells, 0.0), squares(cells, 0.0);
    MalletInferenceOptions options;
    options.iterations = 30;
    options.burnIn = 5;
    options.sampleInterval = 5;
    options.exact = exact;
    for (int s = 0; s < seeds; ++s) {
      options.randomState = firstSeed + static_cast<uint64_t>(s) * 7919;
      const MalletInferenceResult result = inferLikeMallet(model, documents, options);
      for (std::size_t i = 0; i < cells; ++i) {
        sum[i] += result.proportions[i];
        squares[i] += result.proportions[i] * result.proportions[i];
      }
    }
    std::vector<std::pair<double, double>> meanAndError;
    for (std::size_t i = 0; i < cells; ++i) {
      const double mean = sum[i] / seeds;
      const double variance = std::max(0.0, (squares[i] - seeds * mean * mean) / (seeds - 1));
      meanAndError.emplace_back(mean, std::sqrt(variance / seeds));
    }
    return meanAndError;
  };
  const auto exact = moments(true, 11);
  const auto fast = moments(false, 100003);
  double zSquares = 0.0;
  int compared = 0, far = 0;
  for (std::size_t i = 0; i < cells; ++i) {
    const double spread = std::hypot(exact[i].second, fast[i].second);
    if (spread < 1e-9) continue;
    const double z = (exact[i].first - fast[i].first) / spread;
    zSquares += z * z;
    far += std::abs(z) > 4.0;
    ++compared;
  }
  ASSERT_GT(compared, 200);
  EXPECT_LT(far, 2) << "cells more than 4 standard errors apart";
  EXPECT_NEAR(zSquares / compared, 1.0, 0.25) << "mean z^2 over " << compared << " cells";
}

// The fast samplers' chains have the posterior as their limit: on a tiny model
// the posterior of a document's topic counts is enumerable, and the last
// sweep's counts of many independent chains (one per copy of the document, each
// with its own stream) fall in each cell as often as it says. Without
// Metropolis-Hastings steps, both ways of summing the document-word bucket: over
// the document's topics (dense slots) and over the word's row (no slot budget).
TEST(InferTopics, FastSamplerReachesTheEnumeratedPosterior) {
  // A large beta too: the document's topics outside a word's row then carry much of the draw.
  for (const double beta : {0.1, 3.0}) {
    SCOPED_TRACE("beta " + std::to_string(beta));
    const TopicModel model = testing::tinyModel(3, 6, 17, beta);
    const std::vector<int32_t> document{0, 2, 2, 5};
    const int topics = model.numTopics;
    auto phi = [&](int32_t type, int k) {
      int32_t count = 0;
      for (const int32_t entry : model.typeTopicCounts.activeRow(static_cast<std::size_t>(type)))
        if (model.topicOf(entry) == k) count = model.countOf(entry);
      return (count + model.beta) / (model.tokensPerTopic[static_cast<std::size_t>(k)] + model.betaSum);
    };
    // p(z | w) ∝ prod_i phi(w_i, z_i) prod_k Gamma(alpha_k + n_k) / Gamma(alpha_k), summed by count vector.
    std::map<std::vector<int>, double> posterior;
    double total = 0.0;
    const std::size_t n = document.size();
    for (int code = 0; code < static_cast<int>(std::pow(topics, n)); ++code) {
      std::vector<int> counts(static_cast<std::size_t>(topics), 0);
      double weight = 1.0;
      for (std::size_t i = 0, rest = static_cast<std::size_t>(code); i < n; ++i, rest /= static_cast<std::size_t>(topics)) {
        const int k = static_cast<int>(rest % static_cast<std::size_t>(topics));
        weight *= phi(document[i], k) * (model.alpha[static_cast<std::size_t>(k)] + counts[static_cast<std::size_t>(k)]);
        ++counts[static_cast<std::size_t>(k)];
      }
      posterior[counts] += weight;
      total += weight;
    }
    DocumentCollection copies;
    const int chains = 20000;
    for (int c = 0; c < chains; ++c) copies.add(document);
    struct Sampler {
      int steps;
      std::size_t denseSlotBudget;
    };
    for (const auto [steps, denseSlotBudget] :
         {Sampler{0, 1u << 22}, Sampler{0, 0}, Sampler{1, 1u << 22}, Sampler{2, 1u << 22}}) {
      MalletInferenceOptions options;
      options.exact = false;
      options.mhSteps = steps;
      options.denseSlotBudget = denseSlotBudget;
      options.iterations = 25;
      options.burnIn = 24;
      options.sampleInterval = 1;
      options.randomState = 5;
      options.threads = 2;
      const MalletInferenceResult result = inferLikeMallet(model, copies, options);
      std::map<std::vector<int>, int> seen;
      for (int c = 0; c < chains; ++c) {
        std::vector<int> counts;
        for (int k = 0; k < topics; ++k) {  // the one saved sample: (alpha_k + n_k) / (alphaSum + N)
          const double p = result.proportions[static_cast<std::size_t>(c * topics + k)];
          counts.push_back(static_cast<int>(std::lround(p * (model.alphaSum + static_cast<double>(n)) -
                                                        model.alpha[static_cast<std::size_t>(k)])));
        }
        ++seen[counts];
      }
      ASSERT_EQ(posterior.size(), 15u);
      for (const auto& [counts, weight] : posterior) {
        const double p = weight / total;
        const double expected = chains * p;
        const double z = (seen[counts] - expected) / std::sqrt(expected * (1.0 - p));
        EXPECT_LT(std::fabs(z), 4.0) << steps << " steps, slot budget " << denseSlotBudget << ", counts " << counts[0]
                                     << " " << counts[1] << " " << counts[2] << ": seen " << seen[counts]
                                     << ", expected " << expected;
      }
      EXPECT_EQ(seen.size(), posterior.size());
    }
  }
}

TEST(InferTopics, FastSamplerDoesNotDependOnThreads) {
  const TopicModel model = formats::readInferencerFile(testing::fixtureFile("stackexchange", "inferencer.mallet"));
  const DocumentCollection documents = formats::readInstanceListFile(testing::fixtureFile("stackexchange", "test.mallet"));
  MalletInferenceOptions options;
  options.exact = false;
  options.randomState = 42;
  options.threads = 1;
  const auto one = inferLikeMallet(model, documents, options);
  options.threads = 3;
  const auto three = inferLikeMallet(model, documents, options);
  EXPECT_EQ(one.proportions, three.proportions);
  for (std::size_t d = 0; d < documents.size(); ++d) {
    double sum = 0.0;
    for (int t = 0; t < model.numTopics; ++t) sum += one.proportions[d * static_cast<std::size_t>(model.numTopics) + static_cast<std::size_t>(t)];
    EXPECT_NEAR(sum, 1.0, 1e-12);
  }
}

// A list inferred in batches, one after another, gives MALLET's file of the
// whole list: each document's draws start where MALLET's one stream is at it,
// whatever the batch sizes and threads.
TEST(InferTopics, ListsInferredInBatchesGiveMalletsFile) {
  struct Run {
    std::string set, expected;
    int32_t seed;
    int iterations, burnIn, interval;
  };
  const std::vector<Run> runs = {{"stackexchange", "infer/doc-topics-s1-i100-b10-t10.txt", 1, 100, 10, 10},
                                 {"stackexchange", "infer/doc-topics-s7-i50-b5-t5.txt", 7, 50, 5, 5},
                                 {"debian-k100", "infer/doc-topics-s7-i50-b5-t5.txt.gz", 7, 50, 5, 5}};
  for (const Run& run : runs) {
    const TopicModel model = formats::readInferencerFile(testing::fixtureFile(run.set, "inferencer.mallet"));
    const std::string mallet = textOf(testing::fixtureFile(run.set, run.expected));
    MalletInferenceOptions options;
    options.randomState = JavaRandom(run.seed).state();
    options.iterations = run.iterations;
    options.burnIn = run.burnIn;
    options.sampleInterval = run.interval;
    for (const formats::InstanceBatch batch : {formats::InstanceBatch{1, 1}, formats::InstanceBatch{7, 1000000},
                                               formats::InstanceBatch{1000, 2000}}) {
      if (run.set == "debian-k100" && batch.documents == 1) continue;  // 3,000 batches: the others suffice
      for (const int threads : {1, 2}) {
        options.threads = threads;
        std::ostringstream written;
        std::size_t batches = 0;
        MalletInferenceInBatches inference(
            model, options, [&](MalletInferenceResult& inferred, const DocumentCollection& documents, std::size_t first) {
              InferTopicsResult part;
              part.documents = documents.size();
              part.topics = model.numTopics;
              part.proportions = inferred.proportions;
              for (std::size_t d = 0; d < documents.size(); ++d)
                part.names.push_back(documents.named(d) ? documents.name(d) : "no-name");
              writeMalletDocTopics(written, part, 0.0, -1, first);
              ++batches;
            });
        ASSERT_TRUE(formats::readInstanceListInBatches(testing::fixtureFile(run.set, "test.mallet"), batch,
                                                       [&](DocumentCollection part, std::size_t) { inference.add(part); }));
        const std::string where = run.set + " " + run.expected + " in batches of " + std::to_string(batch.documents) +
                                  " at " + std::to_string(threads) + " threads";
        EXPECT_GT(batches, batch.documents == 1000 ? 1u : 10u) << where;
        EXPECT_TRUE(written.str() == mallet) << where;
      }
    }
  }
  // The fast sampler's streams are keyed by the document's place in the list: batches change no digit,
  // with the conditional draw or Metropolis-Hastings steps (whose tables the batches share).
  const TopicModel model = formats::readInferencerFile(testing::fixtureFile("stackexchange", "inferencer.mallet"));
  const std::string list = testing::fixtureFile("stackexchange", "test.mallet");
  for (const int steps : {0, 2}) {
    MalletInferenceOptions options;
    options.exact = false;
    options.mhSteps = steps;
    options.randomState = 42;
    const auto whole = inferLikeMallet(model, formats::readInstanceListFile(list), options);
    std::vector<double> batched;
    MalletInferenceInBatches inference(model, options, [&](MalletInferenceResult& inferred, const DocumentCollection&, std::size_t) {
      batched.insert(batched.end(), inferred.proportions.begin(), inferred.proportions.end());
    });
    ASSERT_TRUE(formats::readInstanceListInBatches(list, {7, 1000000},
                                                   [&](DocumentCollection part, std::size_t) { inference.add(part); }));
    EXPECT_EQ(batched, whole.proportions) << steps << " steps";
    EXPECT_EQ(inference.siteUpdates(), whole.siteUpdates) << steps << " steps";
  }
}

// --format tsv and json are written a batch at a time as the list is read in
// batches: the same bytes as the whole result written at once (documents in
// memory, read whole), on 1 and 2 threads and in batches of 1, 7 and 1000
// documents, and never more than a batch's proportions held to write them.
TEST(InferTopics, TablesAndJsonAreWrittenABatchAtATime) {
  const std::string inferencer = testing::fixtureFile("stackexchange", "inferencer.mallet");
  const std::string list = testing::fixtureFile("stackexchange", "test.mallet");
  std::size_t& batchProportions = detail::inferenceBatchProportions();
  const std::size_t usual = batchProportions;
  for (const std::string threads : {"1", "2"}) {
    InferTopicsRequest whole;
    whole.model = inferencer;
    whole.inferencerOnly = true;
    whole.documents = DocumentsSource(Documents::read(list));  // in memory: read whole, never in batches
    whole.seed = 3;
    whole.threads = std::stoi(threads);
    const InferTopicsResult result = inferTopics(whole);
    ASSERT_EQ(result.documents, 200u);
    std::ostringstream table, json;
    output::writeDocTopicsTable(table, result);
    output::writeDocTopicsJson(json, result, whole);
    for (const std::size_t documents : {std::size_t{1}, std::size_t{7}, std::size_t{1000}}) {
      batchProportions = documents * static_cast<std::size_t>(result.topics);
      for (const auto& [format, expected] : {std::pair{"tsv", table.str()}, std::pair{"json", json.str()}}) {
        commands::largestDocTopicsBatch = 0;
        const testing::CommandOutput written = testing::runCommand(
            commands::inferTopicsCommand, {"--inferencer", inferencer, "--input", list, "--random-seed", "3",
                                           "--threads", threads, "--format", format, "--output-doc-topics", "-",
                                           "--quiet", "true"});
        EXPECT_EQ(written.status, 0) << written.err;
        EXPECT_TRUE(written.out == expected) << format << ", batches of " << documents << ", " << threads << " threads";
        EXPECT_EQ(commands::largestDocTopicsBatch, std::min<std::size_t>(documents, 200))
            << format << ", batches of " << documents;
      }
    }
  }
  batchProportions = usual;
}

// JSON's documents wait in a temporary file: a TMPDIR that cannot hold one is
// a one-line error saying so, and nothing is written.
TEST(InferTopics, JsonWithAnUnusableTemporaryDirectoryIsRefusedInOneLine) {
  const char* before = std::getenv("TMPDIR");
  const std::string saved = before != nullptr ? before : "";
  ::setenv("TMPDIR", "/nonexistent/topiceval-no-such-directory", 1);
  const testing::CommandOutput written = testing::runCommand(
      commands::inferTopicsCommand,
      {"--inferencer", testing::fixtureFile("stackexchange", "inferencer.mallet"), "--input",
       testing::fixtureFile("stackexchange", "test.mallet"), "--format", "json", "--output-doc-topics", "-",
       "--quiet", "true"});
  if (before != nullptr) ::setenv("TMPDIR", saved.c_str(), 1); else ::unsetenv("TMPDIR");
  EXPECT_EQ(written.status, 1);
  EXPECT_EQ(written.out, "");
  EXPECT_NE(written.err.find("the temporary directory (TMPDIR) is not usable"), std::string::npos) << written.err;
  EXPECT_EQ(std::count(written.err.begin(), written.err.end(), '\n'), 1) << written.err;
}

// A library caller's consumer gets the batches of a list file, which the result then leaves out.
TEST(InferTopics, ConsumerGetsTheBatchesOfAListFile) {
  InferTopicsRequest request;
  request.model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  request.inferencerOnly = true;
  request.documents = testing::fixtureFile("stackexchange", "test.mallet");
  request.seed = 1;
  std::ostringstream written;
  std::size_t documents = 0;
  request.consumeBatch = [&](const InferTopicsResult& batch, std::size_t first) {
    EXPECT_EQ(first, documents);
    EXPECT_EQ(batch.proportions.size(), batch.documents * static_cast<std::size_t>(batch.topics));
    writeMalletDocTopics(written, batch, 0.0, -1, first);
    documents += batch.documents;
  };
  const InferTopicsResult result = inferTopics(request);
  EXPECT_EQ(result.documents, 200u);
  EXPECT_EQ(documents, 200u);
  EXPECT_TRUE(result.proportions.empty());
  EXPECT_TRUE(written.str() == textOf(testing::fixtureFile("stackexchange", "infer/doc-topics-s1-i100-b10-t10.txt")));
}

// The library call gives the command's numbers, and `--model` takes other model files.
TEST(InferTopics, LibraryAndModelFilesAgreeWithTheCommand) {
  InferTopicsRequest request;
  request.model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  request.inferencerOnly = true;
  request.documents = testing::fixtureFile("stackexchange", "test.mallet");
  request.seed = 1;
  const InferTopicsResult result = inferTopics(request);
  std::ostringstream written;
  writeMalletDocTopics(written, result);
  EXPECT_EQ(written.str(), textOf(testing::fixtureFile("stackexchange", "infer/doc-topics-s1-i100-b10-t10.txt")));
  // A saved model holds the inferencer's very counts (getInferencer hands them over): with the same
  // seed, --model gives MALLET's infer-topics file.
  const std::string fromModel = (std::filesystem::temp_directory_path() / "topiceval-test-from-model.txt").string();
  const testing::CommandOutput saved = testing::runCommand(
      commands::inferTopicsCommand, {"--model", testing::fixtureFile("stackexchange", "model.mallet"), "--input",
                                testing::fixtureFile("stackexchange", "test.mallet"), "--random-seed", "1",
                                "--output-doc-topics", fromModel, "--quiet", "true"});
  ASSERT_EQ(saved.status, 0) << saved.err;
  EXPECT_TRUE(textOf(fromModel) == written.str());
  std::filesystem::remove(fromModel);
  // A topic state's counts with a seed: a valid run in the table layout.
  const testing::CommandOutput state = testing::runCommand(
      commands::inferTopicsCommand, {"--model", testing::fixtureFile("stackexchange", "state.gz"), "--input",
                                testing::fixtureFile("stackexchange", "test.mallet"), "--random-seed", "3",
                                "--format", "tsv", "--quiet", "true"});
  ASSERT_EQ(state.status, 0) << state.err;
  const auto rows = testing::lines(state.out);
  ASSERT_EQ(rows.size(), result.documents + 1);
  EXPECT_TRUE(rows[0].starts_with("doc\tname\ttopic0\t"));
}

}  // namespace
}  // namespace topiceval
