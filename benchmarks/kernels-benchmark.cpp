// SPDX-License-Identifier: Apache-2.0
// Micro-benchmarks of the hot paths, on the shared MALLET fixtures. Rates are
// per site update (one topic draw of one particle), the unit of MALLET's cost.
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <memory>

#include "formats/instance_list_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/java/java_math.hpp"
#include "native/java/java_random.hpp"
#include "native/estimators/left_to_right_estimator.hpp"
#include "native/mallet/mallet_evaluation.hpp"

namespace {

using namespace topiceval;

struct Fixture {
  TopicModel model;
  DocumentCollection documents;
};

// The first `count` documents of a fixture set, loaded once.
const Fixture& fixture(const std::string& set, std::size_t count) {
  static std::map<std::pair<std::string, std::size_t>, std::unique_ptr<Fixture>> cache;
  auto& slot = cache[{set, count}];
  if (!slot) {
    const std::string dir = std::string(TOPICEVAL_SHARED_DIR) + "/fixtures/mallet-2.1.1/" + set;
    auto all = formats::readInstanceListFile(dir + "/test.mallet");
    DocumentCollection subset;
    for (std::size_t d = 0; d < std::min(count, all.size()); ++d) subset.add(all.document(d));
    slot = std::make_unique<Fixture>(Fixture{formats::readEvaluatorFile(dir + "/evaluator.mallet"), std::move(subset)});
  }
  return *slot;
}

void leftToRight(benchmark::State& state, const std::string& set, std::size_t documents, bool exact,
                 InstructionSet instructionSet) {
  const Fixture& data = fixture(set, documents);
  MalletEvaluationOptions options;
  options.particles = static_cast<int>(state.range(0));
  options.resampling = state.range(1) != 0;
  options.threads = 1;
  options.exact = exact;
  options.seed = 1;
  options.instructionSet = instructionSet;
  uint64_t sites = 0;
  double seconds = 0.0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const auto result = evaluateLikeMallet(data.model, data.documents, options);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    benchmark::DoNotOptimize(result.totalLogLikelihood);
    sites += result.siteUpdates;
  }
  state.counters["site_updates_per_s"] = benchmark::Counter(static_cast<double>(sites), benchmark::Counter::kIsRate);
  state.counters["ns_per_site_update"] = sites == 0 ? 0.0 : seconds * 1e9 / static_cast<double>(sites);
}

void BM_MalletExact_Sgu(benchmark::State& state) {
  leftToRight(state, "sgu-k100", 20, true, InstructionSet::Automatic);
}
void BM_MalletExactBaseline_Sgu(benchmark::State& state) {
  leftToRight(state, "sgu-k100", 20, true, InstructionSet::Baseline);
}
void BM_Fast_Sgu(benchmark::State& state) { leftToRight(state, "sgu-k100", 20, false, InstructionSet::Automatic); }
void BM_MalletExact_Debian(benchmark::State& state) {
  leftToRight(state, "debian-k100", 600, true, InstructionSet::Automatic);
}
void BM_Fast_Debian(benchmark::State& state) {
  leftToRight(state, "debian-k100", 600, false, InstructionSet::Automatic);
}

BENCHMARK(BM_MalletExact_Sgu)->Args({10, 1})->Args({1, 1})->Args({50, 0})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MalletExactBaseline_Sgu)->Args({10, 1})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fast_Sgu)->Args({10, 1})->Args({1, 1})->Args({50, 0})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MalletExact_Debian)->Args({10, 1})->Args({10, 0})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fast_Debian)->Args({10, 1})->Args({10, 0})->Unit(benchmark::kMillisecond);

void BM_JavaLog(benchmark::State& state) {
  double x = 1e-4;
  for (auto _ : state) {
    benchmark::DoNotOptimize(javaLog(x));
    x = x * 1.0000001 + 1e-9;
  }
}
BENCHMARK(BM_JavaLog);

void BM_JavaRandomSkip(benchmark::State& state) {
  JavaRandom random(1);
  for (auto _ : state) {
    random.skip(123456789);
    benchmark::DoNotOptimize(random.state());
  }
}
BENCHMARK(BM_JavaRandomSkip);

void BM_ReadEvaluator_Debian(benchmark::State& state) {
  const std::string path = std::string(TOPICEVAL_SHARED_DIR) + "/fixtures/mallet-2.1.1/debian-k100/evaluator.mallet";
  for (auto _ : state) benchmark::DoNotOptimize(formats::readEvaluatorFile(path).numTypes());
}
BENCHMARK(BM_ReadEvaluator_Debian)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
