// SPDX-License-Identifier: Apache-2.0
#include "native/output/plan_ranks_output.hpp"

#include "native/output/number_text.hpp"

namespace topiceval::output {

void writePlanRanks(std::ostream& out, const PlanRanksRequest& request, const PlanRanksResult& result) {
  out << "input           " << request.input << ": " << result.inputDocuments << " documents"
      << (request.replicate > 0 ? ", repeated to " + std::to_string(result.documents) : std::string()) << "; cost "
      << spellingOf(request.cost) << " in the tokens; " << request.runs
      << (request.runs == 1 ? " run" : " runs") << "\n";
  out << "files           " << bytesText(static_cast<double>(result.inputBytes))
      << " of documents read and parsed by rank 0 alone"
      << (request.model.empty() ? std::string()
                                : ", " + bytesText(static_cast<double>(result.modelBytes)) + " of model broadcast")
      << "\n                (--shared-filesystem: every rank reads both files itself and nothing is moved)\n\n";
  out << "ranks\tlargest share\tsmallest share\timbalance\tpredicted speed-up\tmodel broadcast\t"
         "documents moved\tof which tokens\twas (input broadcast)\tsummed per rank\n";
  for (const PlanRanksResult::Plan& plan : result.plans) {
    out << plan.ranks << "\t" << fixed(plan.largestShare, 2) << "%\t" << fixed(plan.smallestShare, 2) << "%\t"
        << fixed(plan.imbalance, 3) << "\t" << fixed(plan.speedUp, 1) << "\t" << bytesText(plan.modelBroadcast) << "\t"
        << bytesText(plan.documentsMoved) << "\t" << bytesText(plan.tokensMoved) << "\t"
        << bytesText(plan.inputBroadcast) << "\t" << bytesText(plan.summed) << "\n";
  }
}

}  // namespace topiceval::output
