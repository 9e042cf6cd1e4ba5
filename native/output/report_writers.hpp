// SPDX-License-Identifier: Apache-2.0
#pragma once
// Output for people and programs beyond plain text: a small JSON writer, and a
// self-contained HTML report (inline SVG figures, no scripts, nothing fetched).

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "topiceval/interval.hpp"

namespace topiceval::output {

// Streams one JSON value with nested objects and arrays; keys and strings are
// escaped; NaN and infinities become null.
class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}
  JsonWriter& beginObject();
  JsonWriter& endObject();
  JsonWriter& beginArray();
  JsonWriter& endArray();
  JsonWriter& key(const std::string& name);
  JsonWriter& value(const std::string& text);
  JsonWriter& value(const char* text) { return value(std::string(text)); }
  JsonWriter& value(double number);
  JsonWriter& value(uint64_t number);
  JsonWriter& value(int64_t number);
  JsonWriter& value(int number) { return value(static_cast<int64_t>(number)); }
  JsonWriter& value(bool flag);
  // A value already written as JSON elsewhere (a part that waited in a file), copied as it is.
  JsonWriter& copiedValue(std::istream& json);
  template <typename T>
  JsonWriter& field(const std::string& name, const T& content) {
    key(name);
    return value(content);
  }

 private:
  void separate();
  std::ostream& out_;
  std::vector<bool> first_{true};
  bool afterKey_ = false;
};

// A scatter plot of (x, y) points with the diagonal y = x, as inline SVG.
std::string scatterSvg(const std::vector<double>& x, const std::vector<double>& y, const std::string& xLabel,
                       const std::string& yLabel, const std::string& id);
// [y - 2 error, y + 2 error] for each point (the point itself where the error is not finite or missing).
std::vector<Interval> twoErrors(const std::vector<double>& y, const std::vector<double>& errors);
// Points (x, y) with bars spanning `spans` (the point itself where a span is
// not finite or missing), as inline SVG (with a line at y = 0 inside the range
// when `zeroLine`): a headline interval need not be symmetric.
std::string errorBarsSvg(const std::vector<double>& x, const std::vector<double>& y, const std::vector<Interval>& spans,
                         const std::string& xLabel, const std::string& yLabel, const std::string& id,
                         bool zeroLine = false);
// The same with bars of +- 2 errors.
std::string errorBarsSvg(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& errors,
                         const std::string& xLabel, const std::string& yLabel, const std::string& id,
                         bool zeroLine = false);
// A line through (x, y) in order of x, in a shaded band spanning `spans`
// (drawn at least 3 px wide so that a narrow one still shows), as inline SVG.
std::string lineBandSvg(const std::vector<double>& x, const std::vector<double>& y, const std::vector<Interval>& spans,
                        const std::string& xLabel, const std::string& yLabel, const std::string& id);
// The same in a band of +- 2 errors.
std::string lineBandSvg(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& errors,
                        const std::string& xLabel, const std::string& yLabel, const std::string& id);
// A histogram of `values` (log10 of the values when logScale), as inline SVG.
std::string histogramSvg(const std::vector<double>& values, const std::string& label, bool logScale,
                         const std::string& id);

struct HtmlReport {
  std::string title;
  std::vector<std::pair<std::string, std::string>> summary;  // the summary table, in order
  std::vector<std::string> notes;                            // sentences shown above the figures
  std::vector<std::pair<std::string, std::string>> figures;  // caption, inline SVG
  struct Table {
    std::string heading;
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;
  };
  std::vector<Table> tables;  // after the figures
};
// Writes the page.
void writeHtmlReport(std::ostream& out, const HtmlReport& report);

std::string escapeHtml(const std::string& text);

}  // namespace topiceval::output
