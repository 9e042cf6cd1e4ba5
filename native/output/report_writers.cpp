// SPDX-License-Identifier: Apache-2.0
#include "native/output/report_writers.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "native/java/java_strings.hpp"
#include "native/output/number_text.hpp"

namespace topiceval::output {

void JsonWriter::separate() {
  if (afterKey_) {
    afterKey_ = false;
    return;
  }
  if (!first_.back()) out_ << ',';
  first_.back() = false;
}

JsonWriter& JsonWriter::beginObject() {
  separate();
  out_ << '{';
  first_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::endObject() {
  first_.pop_back();
  out_ << '}';
  return *this;
}

JsonWriter& JsonWriter::beginArray() {
  separate();
  out_ << '[';
  first_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::endArray() {
  first_.pop_back();
  out_ << ']';
  return *this;
}

JsonWriter& JsonWriter::key(const std::string& name) {
  value(name);
  out_ << ':';
  afterKey_ = true;
  return *this;
}

// Control characters are escaped; bytes that are not UTF-8 (which a JSON
// reader refuses), a lone surrogate among them, become U+FFFD.
JsonWriter& JsonWriter::value(const std::string& text) {
  separate();
  out_ << '"';
  for (std::size_t i = 0; i < text.size();) {
    const Utf8Step step = decodeUtf8(text, i);
    switch (step.codePoint) {
      case '"': out_ << "\\\""; break;
      case '\\': out_ << "\\\\"; break;
      case '\n': out_ << "\\n"; break;
      case '\r': out_ << "\\r"; break;
      case '\t': out_ << "\\t"; break;
      case kNotUtf8: out_ << "\\ufffd"; break;
      default:
        if (isSurrogate(step.codePoint)) {
          out_ << "\\ufffd";
        } else if (step.codePoint < 0x20) {
          const char* hex = "0123456789abcdef";
          out_ << "\\u00" << hex[(step.codePoint >> 4) & 0xF] << hex[step.codePoint & 0xF];
        } else {
          out_.write(text.data() + i, static_cast<std::streamsize>(step.length));
        }
    }
    i += step.length;
  }
  out_ << '"';
  return *this;
}

JsonWriter& JsonWriter::value(double number) {
  separate();
  if (std::isfinite(number)) {
    out_ << formatNumber(number);
  } else {
    out_ << "null";
  }
  return *this;
}

JsonWriter& JsonWriter::value(uint64_t number) {
  separate();
  out_ << number;
  return *this;
}

JsonWriter& JsonWriter::value(int64_t number) {
  separate();
  out_ << number;
  return *this;
}

JsonWriter& JsonWriter::copiedValue(std::istream& json) {
  separate();
  out_ << json.rdbuf();
  return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
  separate();
  out_ << (flag ? "true" : "false");
  return *this;
}

// Bytes that are not UTF-8 and characters HTML's text cannot hold become U+FFFD.
std::string escapeHtml(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const Utf8Step step = decodeUtf8(text, i);
    switch (step.codePoint) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        if (isXmlCharacter(step.codePoint)) {
          out.append(text, i, step.length);
        } else {
          appendUtf8(out, 0xFFFD);
        }
    }
    i += step.length;
  }
  return out;
}

namespace {

constexpr double kWidth = 560, kHeight = 420, kRight = 20, kTop = 20, kBottom = 55;
constexpr double kCharacter = 6.6;  // the tick font's widest digits, in pixels

std::string number(double value) { return fixed(value, 1); }

// Rounded tick positions covering [low, high], and the decimals that write
// them as plain numbers (3000, 0.05; never 3e+03).
struct Ticks {
  std::vector<double> at;
  int decimals = 0;
  std::string label(double tick) const { return fixed(tick, decimals); }
};

Ticks ticks(double low, double high) {
  const double span = high - low;
  if (!(span > 0)) return {{low}, 0};
  const double rough = span / 5.0;
  const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
  double step = magnitude;
  for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
    step = factor * magnitude;
    if (span / step <= 6.0) break;
  }
  Ticks result;
  result.decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  for (double tick = std::ceil(low / step) * step; tick <= high + step * 1e-9; tick += step)
    result.at.push_back(std::fabs(tick) < step * 1e-9 ? 0.0 : tick);
  return result;
}

// The plot area: the left margin grows with the widest y tick label, so that
// the rotated axis label never overlaps them.
struct Frame {
  double xLow, xHigh, yLow, yHigh;
  Ticks xTicks = ticks(xLow, xHigh), yTicks = ticks(yLow, yHigh);
  double left = [this] {
    std::size_t widest = 0;
    for (const double tick : yTicks.at) widest = std::max(widest, yTicks.label(tick).size());
    return 34 + kCharacter * static_cast<double>(widest);
  }();
  double x(double value) const { return left + (value - xLow) / (xHigh - xLow) * (kWidth - left - kRight); }
  double y(double value) const {
    return kHeight - kBottom - (value - yLow) / (yHigh - yLow) * (kHeight - kTop - kBottom);
  }
};

void axes(std::ostringstream& svg, const Frame& frame, const std::string& xLabel, const std::string& yLabel) {
  svg << "<line class=\"axis\" x1=\"" << number(frame.left) << "\" y1=\"" << kHeight - kBottom << "\" x2=\""
      << kWidth - kRight << "\" y2=\"" << kHeight - kBottom << "\"/>";
  svg << "<line class=\"axis\" x1=\"" << number(frame.left) << "\" y1=\"" << kTop << "\" x2=\"" << number(frame.left)
      << "\" y2=\"" << kHeight - kBottom << "\"/>";
  for (const double tick : frame.xTicks.at) {
    svg << "<text class=\"tick\" x=\"" << number(frame.x(tick)) << "\" y=\"" << kHeight - kBottom + 16
        << "\" text-anchor=\"middle\">" << frame.xTicks.label(tick) << "</text>";
  }
  for (const double tick : frame.yTicks.at) {
    svg << "<text class=\"tick\" x=\"" << number(frame.left - 6) << "\" y=\"" << number(frame.y(tick) + 4)
        << "\" text-anchor=\"end\">" << frame.yTicks.label(tick) << "</text>";
  }
  svg << "<text class=\"label\" x=\"" << number((frame.left + kWidth - kRight) / 2) << "\" y=\"" << kHeight - 12
      << "\" text-anchor=\"middle\">" << escapeHtml(xLabel) << "</text>";
  svg << "<text class=\"label\" x=\"14\" y=\"" << (kTop + kHeight - kBottom) / 2
      << "\" text-anchor=\"middle\" transform=\"rotate(-90 14 " << (kTop + kHeight - kBottom) / 2 << ")\">"
      << escapeHtml(yLabel) << "</text>";
}

std::string openSvg(const std::string& id) {
  std::ostringstream svg;
  svg << "<svg id=\"" << escapeHtml(id) << "\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth
      << "\" height=\"" << kHeight << "\" viewBox=\"0 0 " << kWidth << ' ' << kHeight << "\">";
  return svg.str();
}

// The span of point i: spans[i] when finite, else the point itself.
Interval spanOf(const std::vector<double>& y, const std::vector<Interval>& spans, std::size_t i) {
  if (i < spans.size() && std::isfinite(spans[i].low) && std::isfinite(spans[i].high))
    return {std::min(spans[i].low, y[i]), std::max(spans[i].high, y[i])};
  return {y[i], y[i]};
}

// The x and y range of points with their spans, padded.
Frame frameOf(const std::vector<double>& x, const std::vector<double>& y, const std::vector<Interval>& spans,
              bool withZero = false) {
  double xLow = INFINITY, xHigh = -INFINITY, yLow = INFINITY, yHigh = -INFINITY;
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) continue;
    const Interval span = spanOf(y, spans, i);
    xLow = std::min(xLow, x[i]);
    xHigh = std::max(xHigh, x[i]);
    yLow = std::min(yLow, span.low);
    yHigh = std::max(yHigh, span.high);
  }
  if (!std::isfinite(xLow)) xLow = 0, xHigh = 1, yLow = 0, yHigh = 1;
  if (withZero) yLow = std::min(yLow, 0.0), yHigh = std::max(yHigh, 0.0);
  if (!(xHigh > xLow)) xLow -= 1, xHigh += 1;
  if (!(yHigh > yLow)) yLow -= 1, yHigh += 1;
  const double xPad = (xHigh - xLow) * 0.06, yPad = (yHigh - yLow) * 0.08;
  return Frame{xLow - xPad, xHigh + xPad, yLow - yPad, yHigh + yPad};
}

// A point's tooltip: "x: y (low to high)".
std::string pointTitle(double x, double y, const Interval& span) {
  if (span.low == y && span.high == y) return formatNumber(x) + ": " + formatNumber(y);
  return formatNumber(x) + ": " + formatNumber(y) + " (" + formatNumber(span.low) + " to " + formatNumber(span.high) +
         ")";
}

}  // namespace

std::string scatterSvg(const std::vector<double>& x, const std::vector<double>& y, const std::string& xLabel,
                       const std::string& yLabel, const std::string& id) {
  double low = INFINITY, high = -INFINITY;
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) continue;
    low = std::min({low, x[i], y[i]});
    high = std::max({high, x[i], y[i]});
  }
  if (!(high > low)) {
    low = std::isfinite(low) ? low - 1 : -1;
    high = low + 2;
  }
  const double pad = (high - low) * 0.04;
  const Frame frame{low - pad, high + pad, low - pad, high + pad};
  std::ostringstream svg;
  svg << openSvg(id);
  axes(svg, frame, xLabel, yLabel);
  svg << "<line class=\"diagonal\" x1=\"" << number(frame.x(frame.xLow)) << "\" y1=\"" << number(frame.y(frame.yLow))
      << "\" x2=\"" << number(frame.x(frame.xHigh)) << "\" y2=\"" << number(frame.y(frame.yHigh)) << "\"/>";
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) continue;
    svg << "<circle class=\"point\" cx=\"" << number(frame.x(x[i])) << "\" cy=\"" << number(frame.y(y[i]))
        << "\" r=\"2.5\"/>";
  }
  svg << "</svg>";
  return svg.str();
}

std::vector<Interval> twoErrors(const std::vector<double>& y, const std::vector<double>& errors) {
  std::vector<Interval> spans(y.size(), Interval{NAN, NAN});
  for (std::size_t i = 0; i < y.size() && i < errors.size(); ++i)
    if (std::isfinite(errors[i])) spans[i] = {y[i] - 2 * errors[i], y[i] + 2 * errors[i]};
  return spans;
}

std::string errorBarsSvg(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& errors,
                         const std::string& xLabel, const std::string& yLabel, const std::string& id, bool zeroLine) {
  return errorBarsSvg(x, y, twoErrors(y, errors), xLabel, yLabel, id, zeroLine);
}

std::string errorBarsSvg(const std::vector<double>& x, const std::vector<double>& y, const std::vector<Interval>& spans,
                         const std::string& xLabel, const std::string& yLabel, const std::string& id, bool zeroLine) {
  const Frame frame = frameOf(x, y, spans, zeroLine);
  std::ostringstream svg;
  svg << openSvg(id);
  axes(svg, frame, xLabel, yLabel);
  if (zeroLine)
    svg << "<line class=\"diagonal\" x1=\"" << number(frame.left) << "\" y1=\"" << number(frame.y(0)) << "\" x2=\""
        << kWidth - kRight << "\" y2=\"" << number(frame.y(0)) << "\"/>";
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) continue;
    const Interval span = spanOf(y, spans, i);
    svg << "<line class=\"errorbar\" x1=\"" << number(frame.x(x[i])) << "\" y1=\"" << number(frame.y(span.low))
        << "\" x2=\"" << number(frame.x(x[i])) << "\" y2=\"" << number(frame.y(span.high)) << "\"/>";
    svg << "<circle class=\"point\" cx=\"" << number(frame.x(x[i])) << "\" cy=\"" << number(frame.y(y[i]))
        << "\" r=\"3.5\"><title>" << escapeHtml(pointTitle(x[i], y[i], span)) << "</title></circle>";
  }
  svg << "</svg>";
  return svg.str();
}

std::string lineBandSvg(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& errors,
                        const std::string& xLabel, const std::string& yLabel, const std::string& id) {
  return lineBandSvg(x, y, twoErrors(y, errors), xLabel, yLabel, id);
}

std::string lineBandSvg(const std::vector<double>& x, const std::vector<double>& y, const std::vector<Interval>& spans,
                        const std::string& xLabel, const std::string& yLabel, const std::string& id) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (std::isfinite(x[i]) && std::isfinite(y[i])) order.push_back(i);
  }
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return x[a] < x[b]; });
  const Frame frame = frameOf(x, y, spans);
  std::ostringstream svg;
  svg << openSvg(id);
  axes(svg, frame, xLabel, yLabel);
  // The band: the spans, each edge at least 1.5 px from the line so that a narrow one still shows.
  const auto above = [&](std::size_t i) { return std::min(frame.y(spanOf(y, spans, i).high), frame.y(y[i]) - 1.5); };
  const auto below = [&](std::size_t i) { return std::max(frame.y(spanOf(y, spans, i).low), frame.y(y[i]) + 1.5); };
  if (!order.empty()) {
    svg << "<polygon class=\"band\" points=\"";
    for (const std::size_t i : order) svg << number(frame.x(x[i])) << ',' << number(above(i)) << ' ';
    for (auto it = order.rbegin(); it != order.rend(); ++it)
      svg << number(frame.x(x[*it])) << ',' << number(below(*it)) << ' ';
    svg << "\"/><polyline class=\"line\" points=\"";
    for (const std::size_t i : order) svg << number(frame.x(x[i])) << ',' << number(frame.y(y[i])) << ' ';
    svg << "\"/>";
  }
  for (const std::size_t i : order) {
    svg << "<circle class=\"point\" cx=\"" << number(frame.x(x[i])) << "\" cy=\"" << number(frame.y(y[i]))
        << "\" r=\"3.5\"><title>" << escapeHtml(pointTitle(x[i], y[i], spanOf(y, spans, i))) << "</title></circle>";
  }
  svg << "</svg>";
  return svg.str();
}

std::string histogramSvg(const std::vector<double>& values, const std::string& label, bool logScale,
                         const std::string& id) {
  std::vector<double> data;
  for (const double value : values) {
    if (!std::isfinite(value) || (logScale && value <= 0)) continue;
    data.push_back(logScale ? std::log10(value) : value);
  }
  double low = data.empty() ? 0 : *std::min_element(data.begin(), data.end());
  double high = data.empty() ? 1 : *std::max_element(data.begin(), data.end());
  if (!(high > low)) high = low + 1;
  const std::size_t bins =
      std::clamp<std::size_t>(static_cast<std::size_t>(std::sqrt(static_cast<double>(data.size()))), 5, 40);
  std::vector<std::size_t> counts(bins, 0);
  for (const double value : data) {
    auto bin = static_cast<std::size_t>((value - low) / (high - low) * static_cast<double>(bins));
    counts[std::min(bin, bins - 1)]++;
  }
  const double tallest = static_cast<double>(std::max<std::size_t>(1, *std::max_element(counts.begin(), counts.end())));
  const Frame frame{low, high, 0, tallest * 1.05};
  std::ostringstream svg;
  svg << openSvg(id);
  axes(svg, frame, logScale ? "log10 " + label : label, "documents");
  for (std::size_t b = 0; b < bins; ++b) {
    const double left = low + (high - low) * static_cast<double>(b) / static_cast<double>(bins);
    const double right = low + (high - low) * static_cast<double>(b + 1) / static_cast<double>(bins);
    const double top = frame.y(static_cast<double>(counts[b]));
    svg << "<rect class=\"bar\" x=\"" << number(frame.x(left)) << "\" y=\"" << number(top) << "\" width=\""
        << number(std::max(0.0, frame.x(right) - frame.x(left) - 1)) << "\" height=\"" << number(frame.y(0) - top)
        << "\"><title>" << counts[b] << "</title></rect>";
  }
  svg << "</svg>";
  return svg.str();
}

void writeHtmlReport(std::ostream& out, const HtmlReport& report) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << escapeHtml(report.title)
      << "</title>\n<style>\n"
         "body{font-family:sans-serif;margin:2em;color:#222;max-width:1200px}\n"
         "table{border-collapse:collapse;margin-bottom:2em}td,th{border:1px solid #ccc;padding:4px "
         "10px;text-align:left}\n"
         "figure{display:inline-block;vertical-align:top;max-width:560px;margin:0 2em 2em "
         "0}figcaption{font-size:90%;margin-top:4px}\n"
         ".axis{stroke:#444}.diagonal{stroke:#c33;stroke-dasharray:4 3}.point{fill:#2563eb;fill-opacity:.55}"
         ".errorbar{stroke:#2563eb;stroke-width:1.5}\n"
         ".bar{fill:#2563eb}.tick{font-size:11px;fill:#444}.label{font-size:13px;fill:#222}\n"
         ".band{fill:#2563eb;fill-opacity:.25;stroke:none}.line{fill:none;stroke:#2563eb;stroke-width:1.5}\n"
         "p.note{font-weight:bold;color:#a33}\n"
         "</style></head><body>\n<h1>"
      << escapeHtml(report.title) << "</h1>\n<table id=\"summary\">\n";
  for (const auto& [name, value] : report.summary)
    out << "<tr><th>" << escapeHtml(name) << "</th><td>" << escapeHtml(value) << "</td></tr>\n";
  out << "</table>\n";
  for (const std::string& note : report.notes) out << "<p class=\"note\">" << escapeHtml(note) << "</p>\n";
  for (const auto& [caption, svg] : report.figures)
    out << "<figure>" << svg << "<figcaption>" << escapeHtml(caption) << "</figcaption></figure>\n";
  for (const HtmlReport::Table& table : report.tables) {
    out << "<h2>" << escapeHtml(table.heading) << "</h2>\n<table class=\"topics\">\n<tr>";
    for (const std::string& column : table.columns) out << "<th>" << escapeHtml(column) << "</th>";
    out << "</tr>\n";
    for (const auto& row : table.rows) {
      out << "<tr>";
      for (const std::string& cell : row) out << "<td>" << escapeHtml(cell) << "</td>";
      out << "</tr>\n";
    }
    out << "</table>\n";
  }
  out << "<p>Written by topiceval.</p>\n</body></html>\n";
}

}  // namespace topiceval::output
