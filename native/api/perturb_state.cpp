// SPDX-License-Identifier: Apache-2.0
// topiceval::perturbState (topiceval/perturb_state.hpp): a topic state
// rewritten row by row, only the moved rows' topic fields changed.
#include "topiceval/perturb_state.hpp"

#include <charconv>
#include <limits>
#include <stdexcept>
#include <string_view>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/gzip_input.hpp"
#include "formats/gzip_output.hpp"
#include "formats/model_readers.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval {

PerturbStateRequest perturbStateRequest(const OptionValues& options) {
  PerturbStateRequest request;
  request.input = *options.text("input");
  request.fraction = options.real("fraction");
  request.seed = static_cast<uint64_t>(options.integer("seed"));
  return request;
}

PerturbStateResult perturbState(const PerturbStateRequest& request, std::ostream& out, const std::string& outName) try {
  checkRealRange("fraction", request.fraction, 0.0, 1.0);
  const std::string& input = request.input;
  const std::vector<uint8_t> bytes = formats::readFileBytes(input);
  if (!formats::looksLikeGzip(bytes)) throw formats::FormatError(input, "is not a gzipped MALLET topic state");
  // The topic state reader checks every row (columns, numbers, topics inside
  // the #alpha line's count) and the gzip stream; only a state it accepts is
  // rewritten, so the loop below meets nothing but well-formed rows.
  const uint64_t topics = static_cast<uint64_t>(formats::readTopicState(bytes, input).numTopics);
  if (topics < 2) throw formats::FormatError(input, "has one topic: there is no other topic to move tokens to");
  formats::GzipReader in(bytes, input);
  formats::GzipWriter compressed(out, outName);
  RandomStream random(request.seed, {0x5045525455524245});
  PerturbStateResult result;
  auto rewrite = [&](std::string_view line) {
    std::string_view content = line;
    if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
    if (content.empty() || content[0] == '#') {
      compressed.write(line);
      compressed.write("\n");
      return;
    }
    ++result.tokens;
    if (random.uniform() < request.fraction) {
      // The topic is the last space-separated field, as the reader splits rows
      // (trailing spaces allowed); what follows it is kept.
      const std::size_t end = content.find_last_not_of(' ') + 1;
      const std::size_t start = content.find_last_of(' ', end - 1) + 1;
      uint64_t old = 0;
      const auto parsed = std::from_chars(content.data() + start, content.data() + end, old);
      if (parsed.ec != std::errc() || parsed.ptr != content.data() + end)
        throw std::logic_error("perturb-state met a row the topic state reader accepted but it cannot read");
      uint64_t topic = random.below(topics - 1);
      if (topic >= old) ++topic;  // any topic but the old one
      compressed.write(line.substr(0, start));
      compressed.write(std::to_string(topic));
      compressed.write(line.substr(end));
      ++result.moved;
    } else {
      compressed.write(line);
    }
    compressed.write("\n");
  };
  // Rows were checked by the reader above, so no line is longer than it allows.
  formats::forEachLine(in, std::numeric_limits<std::size_t>::max(), rewrite, [] {});
  compressed.finish();
  return result;
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

}  // namespace topiceval
