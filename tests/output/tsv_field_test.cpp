// SPDX-License-Identifier: Apache-2.0
// A field of a TSV row (native/output/number_text.hpp): a document's name with
// a tab or a line break in it cannot split the row.
#include <gtest/gtest.h>

#include "native/output/number_text.hpp"

namespace topiceval {
namespace {

TEST(TsvField, DocumentNamesCannotSplitATsvRow) {
  EXPECT_EQ(output::tsvField("a\tb\nc\rd"), "a b c d");
  EXPECT_EQ(output::tsvField(""), "-");
  EXPECT_EQ(output::tsvField("plain"), "plain");
}

}  // namespace
}  // namespace topiceval
