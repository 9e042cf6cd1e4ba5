// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which documents a request scores: one parser of the --documents list for
// every function that takes it (evaluate, select, compare, the model's subset).

#include <cstddef>
#include <string>
#include <vector>

namespace topiceval {

// "0-29,40" as 0-based document indices, ranges inclusive, ascending and each
// once; SettingError("documents", ...) for a malformed list or an index of no document.
std::vector<std::size_t> parseDocumentSelection(const std::string& text, std::size_t documents);

}  // namespace topiceval
