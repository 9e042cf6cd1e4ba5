// SPDX-License-Identifier: Apache-2.0
#include "native/api/document_selection.hpp"

#include <algorithm>

#include "native/runtime/setting_error.hpp"

namespace topiceval {

std::vector<std::size_t> parseDocumentSelection(const std::string& text, std::size_t documents) {
  const auto malformed = [&]() {
    return SettingError("documents", "takes 0-based indices and ranges such as 0-29,40, not '" + text + "'");
  };
  const auto number = [&](const std::string& digits) {
    if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos)
      throw malformed();
    const auto value = std::stoull(digits);
    if (value >= documents)
      throw SettingError("documents", "names document " + digits + ", but the input has " + std::to_string(documents) +
                                          " documents (0 to " + std::to_string(documents == 0 ? 0 : documents - 1) +
                                          ")");
    return static_cast<std::size_t>(value);
  };
  std::vector<bool> chosen(documents, false);
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    const std::size_t dash = item.find('-');
    const std::size_t first = number(item.substr(0, dash));
    const std::size_t last = dash == std::string::npos ? first : number(item.substr(dash + 1));
    if (last < first) throw malformed();
    for (std::size_t d = first; d <= last; ++d) chosen[d] = true;
    start = comma + 1;
  }
  std::vector<std::size_t> indices;
  for (std::size_t d = 0; d < documents; ++d) {
    if (chosen[d]) indices.push_back(d);
  }
  return indices;
}

}  // namespace topiceval
