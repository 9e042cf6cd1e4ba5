// SPDX-License-Identifier: Apache-2.0
// Documents dealt over ranks (native/api/dealt_documents.hpp): rank 0 alone
// reads the held-out set and each rank receives the tokens of its own
// documents. Ranks are played here by threads of one process sharing a cluster
// whose collectives meet at a barrier, so every driver runs exactly as under
// MPI: the results must be one process's, bit for bit, on every rank, and a
// rank must never need a document it was not sent (that throws).
#include <gtest/gtest.h>

#include <condition_variable>
#include <cstring>
#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>

#include "formats/instance_list_reader.hpp"
#include "native/api/dealt_documents.hpp"
#include "native/model/scoring_model.hpp"
#include "native/model/type_profile.hpp"
#include "native/model/topic_model.hpp"
#include "native/runtime/cluster.hpp"
#include "support/fixtures.hpp"
#include "support/setting_errors.hpp"
#include "topiceval/topiceval.hpp"

namespace topiceval {
namespace {

thread_local int threadRank = 0;

// Ranks as threads: each collective waits for every rank (a reusable barrier),
// then combines what they brought.
class ThreadRanks : public Cluster {
 public:
  explicit ThreadRanks(int size)
      : size_(size), slots_(static_cast<std::size_t>(size)), statuses_(static_cast<std::size_t>(size)) {}
  int rank() const override { return threadRank; }
  int size() const override { return size_; }
  bool dealsDocuments() const override { return true; }

  // As under MPI, each collective starts with an agreement: a rank that failed
  // stops the others there instead of leaving them waiting.
  Agreement agree(int status, uint64_t) override {
    statuses_[static_cast<std::size_t>(rank())] = status;
    meet();
    Agreement agreement;
    for (int r = 0; r < size_; ++r) {
      const int given = statuses_[static_cast<std::size_t>(r)];
      agreement.status = std::max(agreement.status, given);
      if (given != 0) agreement.failedRank = r;
    }
    agreement.rankZeroStatus = statuses_[0];
    meet();
    return settle(agreement, status);
  }
  void sum(std::span<double> values) override { sumOf(values); }
  void sum(std::span<uint64_t> values) override { sumOf(values); }
  void gather(std::span<double> values, const GatherLayout& layout) override { gatherOf(values, layout); }
  void gather(std::span<uint64_t> values, const GatherLayout& layout) override { gatherOf(values, layout); }

  void broadcast(std::vector<uint8_t>& bytes) override {
    agree(0, 0);
    if (rank() == 0) shared_ = bytes;
    meet();
    if (rank() != 0) bytes = shared_;
    meet();
  }
  std::vector<uint8_t> scatter(const PieceOf& pieceOf) override {
    agree(0, 0);
    if (rank() == 0) {
      pieces_.clear();
      for (int r = 0; r < size_; ++r) pieces_.push_back(pieceOf(r));
      for (int r = 1; r < size_; ++r) sent_ += pieces_[static_cast<std::size_t>(r)].size();
    }
    meet();
    std::vector<uint8_t> mine = pieces_[static_cast<std::size_t>(rank())];
    meet();
    return mine;
  }
  std::vector<std::vector<uint8_t>> exchange(std::vector<uint8_t> own) override {
    agree(0, 0);
    const auto rank = static_cast<std::size_t>(threadRank);
    exchanged_[rank].push_back(own.size());
    slots_[rank] = &own;
    meet();
    std::vector<std::vector<uint8_t>> pieces;
    for (const void* slot : slots_) pieces.push_back(*static_cast<const std::vector<uint8_t>*>(slot));
    meet();
    return pieces;
  }
  // The bytes each rank gave to each exchange, by rank.
  std::vector<std::vector<std::size_t>> exchanged() const { return exchanged_; }

  uint64_t sent() const { return sent_; }
  // The values each rank has given to gathers, by rank.
  std::vector<uint64_t> gathered() const { return gathered_; }

 private:
  // As MpiCluster's: each rank brings its own elements, and takes every rank's.
  template <class T>
  void gatherOf(std::span<T> values, const GatherLayout& layout) {
    agree(0, 0);
    const auto rank = static_cast<std::size_t>(threadRank);
    std::vector<T> own = ownElements<T>(values, layout, threadRank, 0, values.size());
    gathered_[rank] += own.size();
    slots_[rank] = &own;
    meet();
    std::vector<T> received;
    std::vector<std::size_t> firstOfRank;
    for (const void* slot : slots_) {
      const auto& piece = *static_cast<const std::vector<T>*>(slot);
      firstOfRank.push_back(received.size());
      received.insert(received.end(), piece.begin(), piece.end());
    }
    meet();
    placeGathered<T>(values, layout, received, firstOfRank, 0, values.size());
  }

  template <class T>
  void sumOf(std::span<T> values) {
    agree(0, 0);
    slots_[static_cast<std::size_t>(rank())] = values.data();
    meet();
    if (rank() == 0) {
      totals_.assign(values.size() * sizeof(T), 0);
      auto* total = reinterpret_cast<T*>(totals_.data());
      for (const void* slot : slots_)
        for (std::size_t i = 0; i < values.size(); ++i) total[i] += static_cast<const T*>(slot)[i];
    }
    meet();
    std::copy_n(reinterpret_cast<const T*>(totals_.data()), values.size(), values.data());
    meet();
  }
  void meet() {
    std::unique_lock<std::mutex> lock(mutex_);
    const uint64_t generation = generation_;
    if (++waiting_ == size_) {
      waiting_ = 0;
      ++generation_;
      woken_.notify_all();
    } else {
      woken_.wait(lock, [&] { return generation_ != generation; });
    }
  }

  int size_;
  std::vector<const void*> slots_;
  std::vector<int> statuses_;
  std::vector<uint8_t> shared_, totals_;
  std::vector<std::vector<uint8_t>> pieces_;
  uint64_t sent_ = 0;
  std::vector<uint64_t> gathered_ = std::vector<uint64_t>(static_cast<std::size_t>(size_), 0);
  std::vector<std::vector<std::size_t>> exchanged_ = std::vector<std::vector<std::size_t>>(static_cast<std::size_t>(size_));
  std::mutex mutex_;
  std::condition_variable woken_;
  int waiting_ = 0;
  uint64_t generation_ = 0;
};

// `run` on `size` ranks at once; each rank's result, by rank. The cluster is
// this process's own again afterwards.
template <class Result>
std::vector<Result> onRanks(int size, const std::function<Result()>& run, uint64_t* tokenBytesSent = nullptr,
                            std::vector<uint64_t>* gathered = nullptr,
                            std::vector<std::vector<std::size_t>>* exchanged = nullptr) {
  auto ranks = std::make_unique<ThreadRanks>(size);
  ThreadRanks* installed = ranks.get();
  setCluster(std::move(ranks));
  std::vector<Result> results(static_cast<std::size_t>(size));
  std::vector<std::string> failures(static_cast<std::size_t>(size));
  std::vector<std::thread> threads;
  for (int r = 0; r < size; ++r) {
    threads.emplace_back([&, r] {
      threadRank = r;
      try {
        results[static_cast<std::size_t>(r)] = run();
      } catch (const std::exception& error) {
        failures[static_cast<std::size_t>(r)] = error.what();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  if (tokenBytesSent != nullptr) *tokenBytesSent = installed->sent();
  if (gathered != nullptr) *gathered = installed->gathered();
  if (exchanged != nullptr) *exchanged = installed->exchanged();
  setCluster(std::make_unique<Cluster>());
  for (int r = 0; r < size; ++r) EXPECT_EQ(failures[static_cast<std::size_t>(r)], "") << "rank " << r;
  return results;
}

const std::string kSet = "stackexchange";

TEST(DealtDocuments, EvaluateGivesOneProcessesBitsOnEveryRank) {
  for (const auto& [estimator, settings, completion] :
       std::vector<std::tuple<std::string, EstimatorSettings, std::string>>{
           {"", {}, ""},
           {"left-to-right", EstimatorSettings{.particles = 3, .resampling = true}, "alternate"},
           {"chib-style", EstimatorSettings{.samples = 5}, ""}}) {
    EvaluateRequest request;
    request.model = testing::fixtureFile(kSet, "inferencer.mallet");
    request.documents = testing::fixtureFile(kSet, "test.mallet");
    request.estimator = estimator;
    request.settings = settings;
    request.completeDocuments =
        completion.empty() ? DocumentSplit::None : *choiceFromSpelling<DocumentSplit>(completion);
    request.runs = 2;
    request.threads = 1;
    const EvaluateResult one = evaluate(request);
    uint64_t sent = 0;
    const auto ranks = onRanks<EvaluateResult>(3, [&] { return evaluate(request); }, &sent);
    // Two thirds of the tokens went out, four bytes each; nothing else was sent.
    EXPECT_GT(sent, 4 * one.inputTokens / 2);
    EXPECT_LT(sent, 4 * one.inputTokens * 5 / 6);
    for (const EvaluateResult& rank : ranks) {
      ASSERT_EQ(rank.documents.size(), one.documents.size()) << estimator;
      EXPECT_EQ(rank.total, one.total) << estimator;
      EXPECT_EQ(rank.totalStandardError, one.totalStandardError) << estimator;
      EXPECT_EQ(rank.inputTokens, one.inputTokens);
      for (std::size_t d = 0; d < one.documents.size(); ++d) {
        EXPECT_EQ(rank.documents[d].logLikelihood, one.documents[d].logLikelihood) << estimator << " " << d;
        EXPECT_EQ(rank.documents[d].scoredTokens, one.documents[d].scoredTokens) << estimator << " " << d;
        EXPECT_EQ(rank.documents[d].conditionedTokens, one.documents[d].conditionedTokens) << estimator << " " << d;
      }
    }
    EXPECT_EQ(ranks[0].documents[7].name, one.documents[7].name);  // rank 0 keeps the names it writes
  }
}

TEST(DealtDocuments, EvaluateTopicsAndInferTopicsGiveMalletsBitsOnEveryRank) {
  for (const bool exact : {true, false}) {
    EvaluateTopicsRequest request;
    request.model = testing::fixtureFile(kSet, "evaluator.mallet");
    request.documents = testing::fixtureFile(kSet, "test.mallet");
    request.particles = 3;
    request.resampling = true;
    request.seed = 5;
    request.exact = exact;
    request.threads = 1;
    const EvaluateTopicsResult one = evaluateTopics(request);
    const auto ranks = onRanks<EvaluateTopicsResult>(2, [&] { return evaluateTopics(request); });
    for (const EvaluateTopicsResult& rank : ranks) {
      EXPECT_EQ(rank.total, one.total) << exact;
      EXPECT_EQ(rank.documentLogLikelihoods, one.documentLogLikelihoods) << exact;
      EXPECT_EQ(rank.siteUpdates, one.siteUpdates) << exact;
    }
  }
  InferTopicsRequest infer;
  infer.model = testing::fixtureFile(kSet, "inferencer.mallet");
  infer.documents = testing::fixtureFile(kSet, "test.mallet");
  infer.seed = 7;
  infer.iterations = 20;
  infer.threads = 1;
  const InferTopicsResult one = inferTopics(infer);
  const auto ranks = onRanks<InferTopicsResult>(3, [&] { return inferTopics(infer); });
  for (const InferTopicsResult& rank : ranks) {
    EXPECT_EQ(rank.proportions, one.proportions);
    EXPECT_EQ(rank.sampledTokens, one.sampledTokens);
  }
  EXPECT_EQ(ranks[0].names, one.names);
}

// The per-document results are gathered, not summed: each rank gives the
// values of the documents it computed and no others (a sum would take every
// document's from every rank), and every rank ends with one process's bits.
TEST(DealtDocuments, EachRankGivesOnlyItsOwnDocumentsResults) {
  const std::string list = testing::fixtureFile(kSet, "test.mallet");
  const DocumentCollection whole = formats::readInstanceListFile(list);
  std::vector<uint64_t> lengths(whole.size());
  for (std::size_t d = 0; d < whole.size(); ++d) lengths[d] = whole.length(d);
  const auto ownDocuments = [&](int rank, int size) {
    const std::vector<uint8_t> mine = documentsOfRank(lengths, rank, size);  // the deal weighs the tokens
    return static_cast<uint64_t>(std::count(mine.begin(), mine.end(), 1));
  };
  InferTopicsRequest infer;
  infer.model = testing::fixtureFile(kSet, "inferencer.mallet");
  infer.documents = list;
  infer.seed = 7;
  infer.iterations = 20;
  infer.threads = 2;
  const InferTopicsResult one = inferTopics(infer);
  for (const int size : {2, 3}) {
    std::vector<uint64_t> gathered;
    const auto ranks = onRanks<InferTopicsResult>(size, [&] { return inferTopics(infer); }, nullptr, &gathered);
    for (int r = 0; r < size; ++r) {
      EXPECT_EQ(ranks[static_cast<std::size_t>(r)].proportions, one.proportions) << size << " ranks, rank " << r;
      // K proportions and the count of sampled tokens, for each of its own documents.
      EXPECT_EQ(gathered[static_cast<std::size_t>(r)],
                (static_cast<uint64_t>(one.topics) + 1) * ownDocuments(r, size)) << size << " ranks, rank " << r;
      EXPECT_LT(gathered[static_cast<std::size_t>(r)], (static_cast<uint64_t>(one.topics) + 1) * whole.size());
    }
  }
  EvaluateRequest evaluate;
  evaluate.model = testing::fixtureFile(kSet, "inferencer.mallet");
  evaluate.documents = list;
  evaluate.runs = 2;
  evaluate.threads = 1;
  const EvaluateResult alone = topiceval::evaluate(evaluate);
  // Its passes choose documents by their errors so far: each value is still given once, by its rank, so
  // the values given add up alike on 2 and 3 ranks, and no rank gives them all.
  std::vector<uint64_t> given;
  for (const int size : {2, 3}) {
    std::vector<uint64_t> gathered;
    const auto ranks = onRanks<EvaluateResult>(size, [&] { return topiceval::evaluate(evaluate); }, nullptr, &gathered);
    for (const EvaluateResult& rank : ranks) EXPECT_EQ(rank.total, alone.total);
    given.push_back(std::accumulate(gathered.begin(), gathered.end(), uint64_t{0}));
    for (const uint64_t values : gathered) {
      EXPECT_GT(values, 0u);
      EXPECT_LT(values, given.back() * 2 / 3);
    }
  }
  EXPECT_EQ(given[0], given[1]);
  EXPECT_GE(given[0], (3 + 2 * 2) * whole.size());  // at least the token counts and both runs' values of each
}

// select's topic quality is measured once per model, by one rank (model m by
// rank m mod ranks), and exchanged: every rank ends with one process's
// quality and warnings, and a rank with no model to measure gives nothing.
TEST(DealtDocuments, SelectMeasuresEachModelsQualityOnOneRank) {
  SelectRequest request;
  const std::string model = testing::fixtureFile(kSet, "inferencer.mallet");
  request.models = {model, model, model};
  request.documents = testing::fixtureFile(kSet, "test.mallet");
  request.documentSelection = "0-29";
  request.estimator = "left-to-right";
  request.settings.particles = 2;
  request.threads = 1;
  const SelectResult one = select(request);
  ASSERT_EQ(one.models.size(), 3u);
  ASSERT_TRUE(one.models[0].quality.has_value());
  for (const int size : {2, 4}) {
    std::vector<std::vector<std::size_t>> exchanged;
    const auto ranks = onRanks<SelectResult>(size, [&] { return select(request); }, nullptr, nullptr, &exchanged);
    for (int r = 0; r < size; ++r) {
      const SelectResult& rank = ranks[static_cast<std::size_t>(r)];
      ASSERT_EQ(rank.models.size(), 3u);
      for (std::size_t m = 0; m < 3; ++m) {
        ASSERT_TRUE(rank.models[m].quality.has_value()) << size << " ranks, rank " << r << ", model " << m;
        // Bit for bit (a topic whose words never meet is NaN on every rank alike).
        const auto bits = [](const std::vector<double>& values) {
          std::vector<uint64_t> patterns(values.size());
          std::memcpy(patterns.data(), values.data(), values.size() * sizeof(double));
          return patterns;
        };
        const TopicQuality& mine = *rank.models[m].quality;
        const TopicQuality& alone = *one.models[m].quality;
        EXPECT_EQ(bits({mine.coherence, mine.coherenceStandardError, mine.exclusivity, mine.frex, mine.diversity}),
                  bits({alone.coherence, alone.coherenceStandardError, alone.exclusivity, alone.frex, alone.diversity}));
        EXPECT_EQ(bits(mine.topicCoherence), bits(alone.topicCoherence));
        EXPECT_EQ(mine.topWords, alone.topWords);
        EXPECT_EQ(mine.measure, alone.measure);
      }
      ASSERT_EQ(rank.warnings.size(), one.warnings.size());
      for (std::size_t w = 0; w < one.warnings.size(); ++w) EXPECT_EQ(rank.warnings[w].text, one.warnings[w].text);
      // One exchange; what each rank gives grows with the models it measured (3 of the same model: equal parts).
      ASSERT_EQ(exchanged[static_cast<std::size_t>(r)].size(), 1u) << "rank " << r;
      const auto measuredBy = [&](int of) { return static_cast<std::size_t>((3 - of + size - 1) / size); };
      EXPECT_EQ(exchanged[static_cast<std::size_t>(r)][0] * measuredBy(0), measuredBy(r) * exchanged[0][0])
          << size << " ranks, rank " << r;
    }
  }
}

// A gather's halves over both layouts: by (document, value) and by (value,
// document); a document nobody computed keeps its value.
TEST(DealtDocuments, AGatherPutsEachRanksValuesInTheirPlaces) {
  const std::vector<int> owners = {1, 0, -1, 1};
  for (const std::size_t stride : {std::size_t{2}, std::size_t{1}}) {
    const GatherLayout layout{owners, stride};
    // Element e of rank r holds 100 r + e where r computed it, else -1.
    std::vector<std::vector<double>> ranks(2, std::vector<double>(8, -1.0));
    for (std::size_t e = 0; e < 8; ++e)
      if (layout.owner(e) >= 0) ranks[static_cast<std::size_t>(layout.owner(e))][e] = 100.0 * layout.owner(e) + static_cast<double>(e);
    const std::vector<double> zero = ownElements<double>(ranks[0], layout, 0, 0, 8);
    const std::vector<double> one = ownElements<double>(ranks[1], layout, 1, 0, 8);
    EXPECT_EQ(zero.size(), 2u);
    EXPECT_EQ(one.size(), 4u);
    std::vector<double> received = zero;
    received.insert(received.end(), one.begin(), one.end());
    const std::vector<std::size_t> firstOfRank = {0, zero.size()};
    for (std::vector<double>& values : ranks) placeGathered<double>(values, layout, received, firstOfRank, 0, 8);
    const std::vector<double> expected = stride == 2 ? std::vector<double>{100, 101, 2, 3, -1, -1, 106, 107}
                                                     : std::vector<double>{100, 1, -1, 103, 104, 5, -1, 107};
    EXPECT_EQ(ranks[0], expected) << "stride " << stride;
    EXPECT_EQ(ranks[1], expected) << "stride " << stride;
  }
}

// A rank holds only its own documents: their lengths are everywhere, their
// tokens are not, and asking for another rank's is a broken promise.
TEST(DealtDocuments, ARankHoldsOnlyItsOwnTokens) {
  DocumentCollection whole;
  whole.add(std::vector<int32_t>{1, 2, 3}, "a");
  whole.add(std::vector<int32_t>{4}, "b");
  whole.add(std::vector<int32_t>{5, 6}, "c");
  const auto ranks = onRanks<std::shared_ptr<DocumentCollection>>(2, [&] {
    return std::make_shared<DocumentCollection>(
        detail::readDealtOverRanks([&] { return whole; }, detail::DealCost::Linear));
  });
  const DocumentCollection& zero = *ranks[0];
  const DocumentCollection& one = *ranks[1];
  for (const DocumentCollection* rank : {&zero, &one}) {
    EXPECT_TRUE(rank->dealt());
    EXPECT_EQ(rank->size(), 3u);
    EXPECT_EQ(rank->totalTokens(), 6u);
    EXPECT_EQ(rank->length(0), 3u);
    EXPECT_EQ(rank->length(2), 2u);
  }
  // The longest document goes to rank 0, the next to rank 1, the last to the least loaded (rank 1).
  EXPECT_TRUE(zero.mine(0));
  EXPECT_FALSE(zero.mine(1));
  EXPECT_FALSE(zero.mine(2));
  EXPECT_TRUE(one.mine(2) && one.mine(1) && !one.mine(0));
  EXPECT_TRUE(zero.holds(1));  // rank 0 read them all
  EXPECT_EQ(std::vector<int32_t>(one.document(2).begin(), one.document(2).end()), (std::vector<int32_t>{5, 6}));
  EXPECT_EQ(zero.name(1), "b");
  EXPECT_THROW(one.document(0), std::logic_error);
  EXPECT_THROW(one.subset(std::vector<std::size_t>{0}), std::logic_error);
}

// A rank without the tokens counts what a model skips from the set's type
// profile: the same counts, V and beta sum as from the tokens, under every policy.
TEST(DealtDocuments, AModelCountsWhatItSkipsFromTheProfile) {
  // Five types, of which type 2 was never trained; the documents use types 0-3, 7 and 9 (beyond the model).
  const std::vector<int32_t> counts = {3, 0, 0, 1, 0, 0, 2, 2, 1, 0};  // counts[type * topics + topic]
  const TopicModel model = TopicModel::fromDenseCounts(2, {0.5, 0.5}, 0.01, counts, 5);
  DocumentCollection whole;
  whole.add(std::vector<int32_t>{0, 1, 7, 7, 9});
  whole.add(std::vector<int32_t>{2, 2, 3});
  whole.add(std::vector<int32_t>{9, 0});
  const auto ranks = onRanks<std::shared_ptr<DocumentCollection>>(2, [&] {
    return std::make_shared<DocumentCollection>(
        detail::readDealtOverRanks([&] { return whole; }, detail::DealCost::Linear));
  });
  // Skip: the words beyond the model (7, 7, 9, 9); skip-untrained: type 2's two tokens too; smooth: none,
  // and V grows by the two unseen types.
  const struct {
    UnseenWords policy;
    uint64_t skippedTokens, skippedTypes;
    std::size_t vocabularySize;
  } expected[] = {{UnseenWords::Skip, 4, 2, 5}, {UnseenWords::SkipUntrained, 6, 3, 5}, {UnseenWords::Smooth, 0, 0, 7}};
  for (const auto& policy : expected) {
    ASSERT_EQ(ScoringModel(model, policy.policy, whole).skippedTokens(), policy.skippedTokens);
    for (const auto& rank : ranks) {
      const ScoringModel fromProfile(model, policy.policy, *rank);
      EXPECT_EQ(fromProfile.skippedTokens(), policy.skippedTokens);
      EXPECT_EQ(fromProfile.skippedTypes(), policy.skippedTypes);
      EXPECT_EQ(fromProfile.vocabularySize(), policy.vocabularySize);
    }
  }
}

}  // namespace
}  // namespace topiceval

namespace topiceval {
namespace {

// The profile counts each type once, whether its index fits the table or is a
// hostile list's far or negative index, and whichever way its tokens came.
TEST(TypeProfile, CountsEveryTypeOnceInTypeOrder) {
  constexpr int32_t far = (1 << 20) + 10;  // beyond the table at first, within it once more tokens came
  TypeProfile profile;
  DocumentCollection first;
  first.add(std::vector<int32_t>{far, -5});
  profile.add(first);
  DocumentCollection second;
  second.add(std::vector<int32_t>(10, 0));
  second.add(std::vector<int32_t>{far, 3, INT32_MAX});
  profile.add(second);
  const std::vector<std::pair<int32_t, uint64_t>> expected = {{-5, 1}, {0, 10}, {3, 1}, {far, 2}, {INT32_MAX, 1}};
  EXPECT_EQ(profile.take(), expected);
  EXPECT_TRUE(profile.take().empty());  // taken: the profile starts again
}

// plan-ranks as a library function: the deal above priced per rank count.
TEST(PlanRanks, PricesTheDealOfAnMpiRunForEachRankCount) {
  PlanRanksRequest request;
  request.input = testing::fixtureFile("stackexchange", "test.mallet");
  request.model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  request.ranks = {2, 512};
  const PlanRanksResult result = planRanks(request);
  EXPECT_EQ(result.inputDocuments, 200u);
  EXPECT_EQ(result.documents, 200u);
  EXPECT_GT(result.modelBytes, 0u);
  ASSERT_EQ(result.plans.size(), 2u);
  // stackexchange's 200 documents split evenly over 2 ranks under quadratic
  // cost; at 512 the longest document (8.92% of the cost) bounds the speed-up.
  EXPECT_EQ(result.plans[0].ranks, 2);
  EXPECT_NEAR(result.plans[0].largestShare, 50.0, 0.005);
  EXPECT_NEAR(result.plans[0].imbalance, 1.0, 0.0005);
  EXPECT_NEAR(result.plans[1].largestShare, 8.92, 0.005);
  EXPECT_NEAR(result.plans[1].speedUp, 11.2, 0.05);
  EXPECT_DOUBLE_EQ(result.plans[1].modelBroadcast, static_cast<double>(result.modelBytes) * 511);
  EXPECT_DOUBLE_EQ(result.plans[1].summed, 200.0 * request.runs * 16.0);
  // Replicated to 1000 documents over 8 ranks, a linear cost deals evenly too.
  request.model.clear();
  request.ranks = {8};
  request.replicate = 1000;
  request.cost = DocumentCost::Linear;
  const PlanRanksResult synthetic = planRanks(request);
  EXPECT_EQ(synthetic.documents, 1000u);
  EXPECT_EQ(synthetic.modelBytes, 0u);
  EXPECT_NEAR(synthetic.plans.at(0).largestShare, 12.5, 0.005);
}

using testing::settingErrorOf;

// plan-ranks' options are declarations that own its request's fields: a
// request built in C++ gets the command line's checks and messages, naming
// the field, before any file is read.
TEST(PlanRanks, RefusesABadRequestByItsDeclarations) {
  PlanRanksRequest request;
  request.input = "no such file";
  request.ranks = {8, 0};
  SettingError error = settingErrorOf([&] { validate(request); });
  EXPECT_EQ(error.setting(), "ranks");
  EXPECT_EQ(error.problem(), "must be at least 1");
  EXPECT_STREQ(error.what(), "ranks must be at least 1");
  request.ranks = {1'000'001};
  EXPECT_EQ(settingErrorOf([&] { (void)planRanks(request); }).problem(), "must be at most 1000000 (got 1000001)");
  request.ranks.clear();
  EXPECT_EQ(settingErrorOf([&] { (void)planRanks(request); }).problem(), "needs at least one rank count");
  request.ranks = {8};
  request.replicate = -1;
  error = settingErrorOf([&] { (void)planRanks(request); });
  EXPECT_EQ(error.setting(), "replicate");
  EXPECT_EQ(error.problem(), "must be at least 0");
  request.replicate = 0;
  request.runs = 0;
  EXPECT_STREQ(settingErrorOf([&] { (void)planRanks(request); }).what(), "runs must be at least 1");

  // The same declarations fill the request from options: a list of rank
  // counts, comma-separated or several, and the cost as its enum.
  const auto fromOptions = [](std::map<std::string, std::vector<std::string>> given) {
    given["input"] = {"documents"};
    return planRanksRequest(OptionValues(commandSpec("plan-ranks"), given));
  };
  const PlanRanksRequest filled = fromOptions({{"ranks", {"8,64", "512"}}, {"cost", {"linear"}}, {"runs", {"2"}}});
  EXPECT_EQ(filled.ranks, (std::vector<int>{8, 64, 512}));
  EXPECT_EQ(filled.cost, DocumentCost::Linear);
  EXPECT_EQ(filled.runs, 2);
  EXPECT_EQ(fromOptions({}).ranks, PlanRanksRequest{}.ranks);
  for (const std::string ranks : {"8,zero", "8,", ",8", "0", "1000001"}) {
    error = settingErrorOf([&] { (void)fromOptions({{"ranks", {ranks}}}); });
    EXPECT_EQ(error.setting(), "ranks") << ranks;
    const std::string item = ranks == "8,zero" ? "zero" : ranks == "0" || ranks == "1000001" ? ranks : "";
    EXPECT_EQ(error.problem(), "takes rank counts from 1 to 1000000, like 8,64,512, not '" + item + "'") << ranks;
  }
  EXPECT_EQ(shownDefault(*findOption(commandSpec("plan-ranks"), "ranks")), "2,8,64,512");
}

}  // namespace
}  // namespace topiceval
