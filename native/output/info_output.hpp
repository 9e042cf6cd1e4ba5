// SPDX-License-Identifier: Apache-2.0
#pragma once
// info's outputs: a file's description as text and as JSON.

#include <ostream>

#include "topiceval/info.hpp"

namespace topiceval::output {

void writeFileDescription(std::ostream& out, const FileDescription& description);
void writeFileDescriptionJson(std::ostream& out, const FileDescription& description);

}  // namespace topiceval::output
