// SPDX-License-Identifier: Apache-2.0
// The report's panels draw the intervals the tables print: a headline interval
// is not symmetric (it reaches up by the bias bound), so a bar or band must
// span [low, high] as given, not +- 2 errors around the point.
#include "native/output/report_writers.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <string>
#include <vector>

using namespace topiceval;
using namespace topiceval::output;

namespace {

// The first match's numbered groups as numbers.
std::vector<double> numbersOf(const std::string& svg, const std::string& pattern) {
  std::smatch match;
  const std::regex expression(pattern);
  EXPECT_TRUE(std::regex_search(svg, match, expression)) << pattern << " not in " << svg;
  std::vector<double> values;
  for (std::size_t i = 1; i < match.size(); ++i) values.push_back(std::stod(match[i].str()));
  return values;
}

}  // namespace

TEST(ReportPanels, AnErrorBarSpansTheIntervalAsGiven) {
  // Point 1 at y = 0 with the interval [-1, 3]; point 2 with no interval (a point alone).
  const std::string svg = errorBarsSvg({1, 2}, {0, 1}, std::vector<Interval>{{-1, 3}, {NAN, NAN}}, "x", "y", "bars");
  const auto bar = numbersOf(svg, R"re(<line class="errorbar" x1="([-0-9.]+)" y1="([-0-9.]+)" x2="[-0-9.]+" y2="([-0-9.]+)"/>)re");
  const auto point = numbersOf(svg, R"re(<circle class="point" cx="[-0-9.]+" cy="([-0-9.]+)")re");
  const double below = bar[1] - point[0], above = point[0] - bar[2];  // pixels grow downward
  EXPECT_GT(below, 0.0);
  EXPECT_NEAR(above / below, 3.0, 1e-2);
  EXPECT_NE(svg.find("<title>1: 0 (-1 to 3)</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>2: 1</title>"), std::string::npos) << svg;
}

TEST(ReportPanels, ABandSpansTheIntervalsAsGiven) {
  const std::string svg =
      lineBandSvg({1, 2}, {0, 0}, std::vector<Interval>{{-1, 3}, {-2, 2}}, "x", "y", "band");
  // The polygon runs along the upper edges left to right, then the lower edges right to left.
  const auto band = numbersOf(svg, R"re(<polygon class="band" points="[-0-9.]+,([-0-9.]+) [-0-9.]+,([-0-9.]+) [-0-9.]+,([-0-9.]+) [-0-9.]+,([-0-9.]+) ")re");
  const auto line = numbersOf(svg, R"re(<polyline class="line" points="[-0-9.]+,([-0-9.]+) )re");
  const double zero = line[0];
  const double upper1 = zero - band[0], upper2 = zero - band[1], lower2 = band[2] - zero, lower1 = band[3] - zero;
  EXPECT_NEAR(upper1 / lower1, 3.0, 1e-2);
  EXPECT_NEAR(upper2 / lower2, 1.0, 1e-2);
  EXPECT_NEAR(upper2 / upper1, 2.0 / 3.0, 1e-2);
}

TEST(ReportPanels, TwoErrorsAreSymmetric) {
  const auto spans = twoErrors({1.0, 5.0}, {0.5, NAN});
  EXPECT_DOUBLE_EQ(spans[0].low, 0.0);
  EXPECT_DOUBLE_EQ(spans[0].high, 2.0);
  EXPECT_TRUE(std::isnan(spans[1].low));
}
