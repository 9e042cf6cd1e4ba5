// SPDX-License-Identifier: Apache-2.0
#pragma once
// select's outputs: the ranking as text, TSV, JSON and an HTML report.

#include <ostream>

#include "topiceval/select.hpp"

namespace topiceval::output {

void writeSelectText(std::ostream& out, const SelectResult& result);
void writeSelectTsv(std::ostream& out, const SelectResult& result);
void writeSelectJson(std::ostream& out, const SelectResult& result);
void writeSelectReport(std::ostream& out, const SelectResult& result);

}  // namespace topiceval::output
