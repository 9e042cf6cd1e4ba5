// SPDX-License-Identifier: Apache-2.0
#pragma once
// The topic browser's page (topiceval/browse.hpp): its data as JSON, and the
// one HTML file that holds the data, its script and its style inline
// (browse_page.js, browse_page.css, embedded when the library is built), and
// requests nothing: the page's Content-Security-Policy allows no source but
// itself.

#include <string>
#include <vector>

#include "topiceval/browse.hpp"

namespace topiceval::output {

// One column of the page's table of topics: a figure per topic (NaN where the
// model lacks what it needs), with its errors when it has them.
struct BrowseFigure {
  std::string name;   // "document_entropy", "c_npmi"...
  std::string label;  // what the table's header says
  std::string help;   // what the header's tooltip says
  std::vector<double> values;
  std::vector<double> errors;  // empty: none
};

// The figures the table shows of a model, in its order: the token share,
// MALLET's diagnostics, each coherence measure with its error, exclusivity,
// FREX, and stability across seeds.
std::vector<BrowseFigure> browseFigures(const BrowseModel& model);

}  // namespace topiceval::output
