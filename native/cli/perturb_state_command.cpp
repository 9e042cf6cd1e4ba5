// `topiceval perturb-state`: a copy of a gzipped MALLET topic state with a
// fraction of its token assignments moved to other topics at random. It makes
// the "model and slightly worse model" pairs on which estimators of model
// comparisons are judged (Foulds and Smyth 2014, tables 1 and 2).
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <boost/program_options.hpp>
#include <fstream>
#include <sstream>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/cli/shared_options.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/random_stream.hpp"

namespace topiceval::cli {

int perturbStateCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  namespace po = boost::program_options;
  namespace io = boost::iostreams;
  std::string input, output;
  double fraction = 0.05;
  long long seed = 1;
  po::options_description options("topiceval perturb-state options");
  options.add_options()
      ("input", po::value(&input), "gzipped topic state (train-topics --output-state)")
      ("output", po::value(&output), "where to write the perturbed state (gzipped)")
      ("fraction", po::value(&fraction)->default_value(fraction), "share of token assignments moved to another topic")
      ("seed", po::value(&seed)->default_value(seed), "random seed")
      ("help", "print this list of options");
  try {
    po::variables_map values;
    parseCommandLine(arguments, options, values);
    if (values.count("help")) {
      out << "Move a fraction of a topic state's token assignments to other topics, at random.\n\n" << options << "\n";
      return 0;
    }
    if (input.empty() || output.empty()) throw UsageError("--input and --output are required");
    if (!(fraction >= 0.0 && fraction <= 1.0)) throw UsageError("--fraction must be between 0 and 1");
    if (seed < 0) throw UsageError("--seed must not be negative");
  } catch (...) {
    return reportFailure("perturb-state", err);
  }
  try {
    const std::vector<uint8_t> bytes = formats::readFileBytes(input);
    if (!formats::looksLikeGzip(bytes)) throw formats::FormatError(input, "is not a gzipped MALLET topic state");
    io::filtering_istream in;
    in.push(io::gzip_decompressor());
    in.push(io::array_source(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    std::ofstream file(output, std::ios::binary | std::ios::trunc);
    if (!file) throw formats::FormatError(output, "cannot be written (check the directory exists and is writable)");
    io::filtering_ostream compressed;
    compressed.push(io::gzip_compressor());
    compressed.push(file);
    RandomStream random(static_cast<uint64_t>(seed), {0x5045525455524245});
    uint64_t topics = 0, tokens = 0, moved = 0;
    std::string line;
    std::size_t lineNumber = 0;
    while (std::getline(in, line)) {
      ++lineNumber;
      if (line.rfind("#alpha :", 0) == 0) {
        std::istringstream values(line.substr(8));
        double value;
        while (values >> value) ++topics;
      }
      if (line.empty() || line[0] == '#') {
        compressed << line << '\n';
        continue;
      }
      const std::size_t lastSpace = line.find_last_of(' ');
      if (topics < 2 || lastSpace == std::string::npos)
        throw formats::FormatError(input, "line " + std::to_string(lineNumber) + ": not a topic-state row (or no #alpha line)");
      ++tokens;
      if (random.uniform() < fraction) {
        const uint64_t old = std::stoull(line.substr(lastSpace + 1));
        uint64_t topic = random.below(topics - 1);
        if (topic >= old) ++topic;  // any topic but the old one
        line = line.substr(0, lastSpace + 1) + std::to_string(topic);
        ++moved;
      }
      compressed << line << '\n';
    }
    compressed.reset();
    if (!file) throw formats::FormatError(output, "writing failed (disk full?)");
    err << "moved " << moved << " of " << tokens << " token assignments to other topics\n";
    return 0;
  } catch (...) {
    return reportFailure("perturb-state", err);
  }
}

}  // namespace topiceval::cli
