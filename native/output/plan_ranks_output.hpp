// SPDX-License-Identifier: Apache-2.0
#pragma once
// plan-ranks' output: the input and files moved, then one TSV row per rank count.

#include <ostream>

#include "topiceval/plan_ranks.hpp"

namespace topiceval::output {

void writePlanRanks(std::ostream& out, const PlanRanksRequest& request, const PlanRanksResult& result);

}  // namespace topiceval::output
