// SPDX-License-Identifier: Apache-2.0
// `topiceval plan-ranks`: the command line over topiceval::planRanks
// (topiceval/plan_ranks.hpp), written by native/output/plan_ranks_output.hpp.
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/output/plan_ranks_output.hpp"
#include "topiceval/plan_ranks.hpp"

namespace topiceval::commands {

int planRanksCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  PlanRanksRequest request;
  try {
    const auto options = commandOptions("plan-ranks", arguments, out);
    if (!options) return 0;
    request = planRanksRequest(*options);
  } catch (...) {
    return reportFailure("plan-ranks", err);
  }
  try {
    output::writePlanRanks(out, request, planRanks(request));
    return 0;
  } catch (...) {
    return reportFailure("plan-ranks", err);
  }
}

}  // namespace topiceval::commands
