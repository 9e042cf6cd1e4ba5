// `topiceval plan-ranks`: how an MPI job would spread a held-out set over N
// ranks, on paper. For each N: the documents dealt to the ranks by cost (the
// deal every MPI run makes, readDealtOverRanks), each rank's share of the cost
// (the imbalance is the largest share over the mean), the predicted speed-up
// (total cost over the largest rank's, communication left out), and the bytes
// moved: the model broadcast to the N - 1 others; the held-out documents'
// lengths, type profile and words broadcast, and their tokens sent once to the
// ranks that compute them; and the per-document results summed over the ranks
// (one double and one count per document and run, in and out of every rank).
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <sstream>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/api/dealt_documents.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/output/number_text.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/setting_error.hpp"

namespace topiceval::cli {

using output::bytesText;
using output::fixed;

namespace {

struct PlanSettings {
  std::string input;
  std::string model;
  std::vector<std::string> ranks;
  std::string cost;
  int64_t replicate = 0;
  int runs = 0;
};

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
      if (used != item.size() || item.empty() || value < 1 || value > 1'000'000) throw refuse(item);
      ranks.push_back(value);
    }
  }
  if (ranks.empty()) ranks = {2, 8, 64, 512};
  return ranks;
}

}  // namespace

int planRanksCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  const formats::ReadSession reads;  // the model and the input are each read twice
  PlanSettings settings;
  std::vector<int> rankCounts;
  try {
    const auto options = commandOptions("plan-ranks", arguments, out);
    if (!options) return 0;
    settings.input = *options->text("input");
    settings.model = options->text("model").value_or("");
    settings.ranks = options->list("ranks");
    settings.cost = *options->text("cost");
    settings.replicate = options->integer("replicate");
    settings.runs = static_cast<int>(options->integer("runs"));
    rankCounts = parseRanks(settings.ranks);
  } catch (...) {
    return reportFailure("plan-ranks", err);
  }
  try {
    uint64_t modelBytes = 0;
    std::shared_ptr<const Alphabet> alphabet;
    if (!settings.model.empty()) {
      modelBytes = formats::readFileBytes(settings.model).size();
      alphabet = formats::readModelFile(settings.model).model.alphabet;
    }
    const DocumentCollection documents =
        formats::readHeldOutDocuments(settings.input, alphabet.get(), settings.model.empty() ? "" : settings.model);
    if (documents.empty()) throw formats::FormatError(settings.input, "holds no documents");
    const uint64_t count = settings.replicate > 0 ? static_cast<uint64_t>(settings.replicate) : documents.size();
    // A synthetic set's input would grow with it; the model would not.
    const uint64_t inputBytes = static_cast<uint64_t>(static_cast<double>(formats::readFileBytes(settings.input).size()) *
                                                      (static_cast<double>(count) / static_cast<double>(documents.size())));
    const detail::DealCost dealCost = settings.cost == "linear" ? detail::DealCost::Linear : detail::DealCost::Quadratic;
    std::vector<uint64_t> costs(count);
    for (uint64_t d = 0; d < count; ++d) costs[d] = detail::dealCost(dealCost, documents.length(d % documents.size()));
    const double total = std::accumulate(costs.begin(), costs.end(), 0.0);
    out << "input           " << settings.input << ": " << documents.size() << " documents"
        << (settings.replicate > 0 ? ", repeated to " + std::to_string(count) : std::string()) << "; cost "
        << settings.cost << " in the tokens; " << settings.runs << (settings.runs == 1 ? " run" : " runs") << "\n";
    out << "files           " << bytesText(static_cast<double>(inputBytes)) << " of documents read and parsed by rank 0 alone"
        << (settings.model.empty() ? std::string()
                                   : ", " + bytesText(static_cast<double>(modelBytes)) + " of model broadcast")
        << "\n                (--shared-filesystem: every rank reads both files itself and nothing is moved)\n\n";
    out << "ranks\tlargest share\tsmallest share\timbalance\tpredicted speed-up\tmodel broadcast\t"
           "documents moved\tof which tokens\twas (input broadcast)\tsummed per rank\n";
    for (const int ranks : rankCounts) {
      // Every rank's load under the deal an MPI run makes.
      std::vector<uint64_t> load(static_cast<std::size_t>(ranks), 0);
      const std::vector<int> owners = dealDocuments(costs, ranks);
      for (uint64_t d = 0; d < count; ++d) load[static_cast<std::size_t>(owners[d])] += costs[d];
      const auto [low, high] = std::minmax_element(load.begin(), load.end());
      const double mean = std::accumulate(load.begin(), load.end(), 0.0) / ranks;
      const double largest = static_cast<double>(*high);
      const detail::DealBytes dealt = detail::dealBytes(documents, count, ranks, dealCost);
      const double moved = static_cast<double>(dealt.broadcastPerRank) * (ranks - 1) + static_cast<double>(dealt.tokensSent);
      // Every rank's results go in and out of a sum: a double and a count per (document, run).
      const double summed = static_cast<double>(count) * settings.runs * 16.0;
      out << ranks << "\t" << fixed(100.0 * largest / std::max(1.0, total), 2) << "%\t"
          << fixed(100.0 * static_cast<double>(*low) / std::max(1.0, total), 2) << "%\t" << fixed(largest / mean, 3)
          << "\t" << fixed(total / std::max(1.0, largest), 1) << "\t"
          << bytesText(static_cast<double>(modelBytes) * (ranks - 1)) << "\t" << bytesText(moved) << "\t"
          << bytesText(static_cast<double>(dealt.tokensSent)) << "\t"
          << bytesText(static_cast<double>(inputBytes) * (ranks - 1)) << "\t" << bytesText(summed) << "\n";
    }
    return 0;
  } catch (...) {
    return reportFailure("plan-ranks", err);
  }
}

}  // namespace topiceval::cli
