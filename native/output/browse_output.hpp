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

// The table's figures are the public browseFigures (topiceval/browse.hpp), defined with the page here.

}  // namespace topiceval::output
