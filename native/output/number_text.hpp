// SPDX-License-Identifier: Apache-2.0
#pragma once
// Numbers as the outputs write them: the same text whatever the process's
// locale (std::to_chars, never printf), one definition for every format.

#include <string>

namespace topiceval::output {

// The shortest decimal that reads back the same ("nan", "inf", "-inf" for those).
std::string formatNumber(double value);
// A fixed count of decimals, as "%.Nf".
std::string fixed(double value, int decimals);
// A byte count in binary units: "512 B", "1.5 KiB", "2.0 GiB".
std::string bytesText(double bytes);
// `significant` significant digits, as "%.Ng" (3 gives "3e+03", "0.0125").
std::string general(double value, int significant);
// A document name (or a word) as one TSV field: tabs and line breaks become
// spaces (they would split the row), bytes that are not UTF-8 U+FFFD (as in
// JSON), and an empty name is "-".
std::string tsvField(const std::string& text);
// `text` padded with spaces to `width` (left-aligned).
std::string padded(const std::string& text, std::size_t width);

}  // namespace topiceval::output
