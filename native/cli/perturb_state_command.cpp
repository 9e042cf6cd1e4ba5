// `topiceval perturb-state`: a copy of a gzipped MALLET topic state with a
// fraction of its token assignments moved to other topics at random. It makes
// the "model and slightly worse model" pairs on which estimators of model
// comparisons are judged (Foulds and Smyth 2014, tables 1 and 2).
#include <charconv>
#include <limits>
#include <string_view>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/gzip_input.hpp"
#include "formats/gzip_output.hpp"
#include "formats/model_readers.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/cli/output_file.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval::cli {

int perturbStateCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  std::string input, output;
  double fraction = 0.0;
  int64_t seed = 0;
  try {
    const auto options = commandOptions("perturb-state", arguments, out);
    if (!options) return 0;
    input = *options->text("input");
    output = *options->text("output");
    fraction = options->real("fraction");
    seed = options->integer("seed");
  } catch (...) {
    return reportFailure("perturb-state", err);
  }
  try {
    OutputFile file(output, "--output", {input}, out);
    const std::vector<uint8_t> bytes = formats::readFileBytes(input);
    if (!formats::looksLikeGzip(bytes)) throw formats::FormatError(input, "is not a gzipped MALLET topic state");
    // The topic state reader checks every row (columns, numbers, topics inside
    // the #alpha line's count) and the gzip stream; only a state it accepts is
    // rewritten, so the loop below meets nothing but well-formed rows.
    const uint64_t topics = static_cast<uint64_t>(formats::readTopicState(bytes, input).numTopics);
    if (topics < 2) throw formats::FormatError(input, "has one topic: there is no other topic to move tokens to");
    formats::GzipReader in(bytes, input);
    formats::GzipWriter compressed(file.stream(), output);
    RandomStream random(static_cast<uint64_t>(seed), {0x5045525455524245});
    uint64_t tokens = 0, moved = 0;
    auto rewrite = [&](std::string_view line) {
      std::string_view content = line;
      if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
      if (content.empty() || content[0] == '#') {
        compressed.write(line);
        compressed.write("\n");
        return;
      }
      ++tokens;
      if (random.uniform() < fraction) {
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
        ++moved;
      } else {
        compressed.write(line);
      }
      compressed.write("\n");
    };
    // Rows were checked by the reader above, so no line is longer than it allows.
    formats::forEachLine(in, std::numeric_limits<std::size_t>::max(), rewrite, [] {});
    compressed.finish();
    file.commit();
    err << "moved " << moved << " of " << tokens << " token assignments to other topics\n";
    return 0;
  } catch (...) {
    return reportFailure("perturb-state", err);
  }
}

}  // namespace topiceval::cli
