// topiceval::planRanks (topiceval/plan_ranks.hpp): the deal an MPI run makes
// (readDealtOverRanks), priced for each number of ranks without running it.
#include "topiceval/plan_ranks.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/dealt_documents.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/runtime/cluster.hpp"

namespace topiceval {

namespace {

constexpr int kMostRanks = 1'000'000;

// "8,64,512" or "8 64 512" (several list items), as the command line gives them.
std::vector<int> parseRanks(const std::vector<std::string>& texts) {
  std::vector<int> ranks;
  auto refuse = [](const std::string& item) {
    return SettingError("ranks", "takes rank counts from 1 to 1000000, like 8,64,512, not '" + item + "'");
  };
  for (const std::string& text : texts) {
    // getline yields no item after a trailing comma: an empty last item is refused here.
    if (text.empty() || text.back() == ',') throw refuse("");
    std::stringstream items(text);
    for (std::string item; std::getline(items, item, ',');) {
      std::size_t used = 0;
      int value = 0;
      try {
        value = std::stoi(item, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != item.size() || item.empty() || value < 1 || value > kMostRanks) throw refuse(item);
      ranks.push_back(value);
    }
  }
  return ranks;
}

void checkRequest(const PlanRanksRequest& request) {
  if (request.ranks.empty()) throw SettingError("ranks", "needs at least one rank count");
  for (const int ranks : request.ranks) checkSettingRange("ranks", ranks, 1, kMostRanks);
  checkSettingRange("replicate", request.replicate, 0, 100'000'000);
  checkSettingRange("runs", request.runs, 1, 100'000);
}

}  // namespace

PlanRanksRequest planRanksRequest(const OptionValues& options) {
  PlanRanksRequest request;
  request.input = *options.text("input");
  request.model = options.text("model").value_or("");
  if (std::vector<int> ranks = parseRanks(options.list("ranks")); !ranks.empty()) request.ranks = std::move(ranks);
  request.quadraticCost = *options.text("cost") == "quadratic";
  request.replicate = options.integer("replicate");
  request.runs = static_cast<int>(options.integer("runs"));
  return request;
}

PlanRanksResult planRanks(const PlanRanksRequest& request) try {
  checkRequest(request);
  const formats::ReadSession reads;  // the model and the input are each read twice
  PlanRanksResult result;
  std::shared_ptr<const Alphabet> alphabet;
  if (!request.model.empty()) {
    result.modelBytes = formats::readFileBytes(request.model).size();
    alphabet = formats::readModelFile(request.model).model.alphabet;
  }
  const DocumentCollection documents = formats::readHeldOutDocuments(request.input, alphabet.get(), request.model);
  if (documents.empty()) throw formats::FormatError(request.input, "holds no documents");
  result.inputDocuments = documents.size();
  const uint64_t count = request.replicate > 0 ? static_cast<uint64_t>(request.replicate) : documents.size();
  result.documents = count;
  // A synthetic set's input would grow with it; the model would not.
  result.inputBytes = static_cast<uint64_t>(static_cast<double>(formats::readFileBytes(request.input).size()) *
                                            (static_cast<double>(count) / static_cast<double>(documents.size())));
  const detail::DealCost dealCost = request.quadraticCost ? detail::DealCost::Quadratic : detail::DealCost::Linear;
  std::vector<uint64_t> costs(count);
  for (uint64_t d = 0; d < count; ++d) costs[d] = detail::dealCost(dealCost, documents.length(d % documents.size()));
  const double total = std::accumulate(costs.begin(), costs.end(), 0.0);
  for (const int ranks : request.ranks) {
    // Every rank's load under the deal an MPI run makes.
    std::vector<uint64_t> load(static_cast<std::size_t>(ranks), 0);
    const std::vector<int> owners = dealDocuments(costs, ranks);
    for (uint64_t d = 0; d < count; ++d) load[static_cast<std::size_t>(owners[d])] += costs[d];
    const auto [low, high] = std::minmax_element(load.begin(), load.end());
    const double mean = std::accumulate(load.begin(), load.end(), 0.0) / ranks;
    const double largest = static_cast<double>(*high);
    const detail::DealBytes dealt = detail::dealBytes(documents, count, ranks, dealCost);
    PlanRanksResult::Plan plan;
    plan.ranks = ranks;
    plan.largestShare = 100.0 * largest / std::max(1.0, total);
    plan.smallestShare = 100.0 * static_cast<double>(*low) / std::max(1.0, total);
    plan.imbalance = largest / mean;
    plan.speedUp = total / std::max(1.0, largest);
    plan.modelBroadcast = static_cast<double>(result.modelBytes) * (ranks - 1);
    plan.documentsMoved =
        static_cast<double>(dealt.broadcastPerRank) * (ranks - 1) + static_cast<double>(dealt.tokensSent);
    plan.tokensMoved = static_cast<double>(dealt.tokensSent);
    plan.inputBroadcast = static_cast<double>(result.inputBytes) * (ranks - 1);
    // Every rank's results go in and out of a sum: a double and a count per (document, run).
    plan.summed = static_cast<double>(count) * request.runs * 16.0;
    result.plans.push_back(plan);
  }
  return result;
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

}  // namespace topiceval
