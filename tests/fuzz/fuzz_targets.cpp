#include "fuzz_targets.hpp"

#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <sstream>
#include <stdexcept>

#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/model_readers.hpp"
#include "formats/object_stream_reader.hpp"
#include "native/cli/commands.hpp"

namespace topiceval::fuzz {

namespace {

template <typename Function>
void expectingClearErrors(Function&& function) {
  try {
    function();
  } catch (const formats::FormatError&) {
  }
}

std::vector<uint8_t> gzip(std::span<const uint8_t> data) {
  std::ostringstream compressed;
  {
    boost::iostreams::filtering_ostream out;
    out.push(boost::iostreams::gzip_compressor());
    out.push(compressed);
    out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  }
  const std::string bytes = compressed.str();
  return {bytes.begin(), bytes.end()};
}

void objectStream(std::span<const uint8_t> data) { expectingClearErrors([&] { formats::readObjectStream(data, "fuzz"); }); }
void evaluator(std::span<const uint8_t> data) { expectingClearErrors([&] { formats::readEvaluator(data, "fuzz"); }); }
void inferencer(std::span<const uint8_t> data) { expectingClearErrors([&] { formats::readInferencer(data, "fuzz"); }); }
void modelFile(std::span<const uint8_t> data) { expectingClearErrors([&] { formats::readModel(data, "fuzz"); }); }
void instanceList(std::span<const uint8_t> data) { expectingClearErrors([&] { formats::readInstanceList(data, "fuzz"); }); }
void topicStateText(std::span<const uint8_t> data) {
  const auto compressed = gzip(data);
  expectingClearErrors([&] { formats::readTopicState(compressed, "fuzz"); });
}
void topicStateGzip(std::span<const uint8_t> data) { expectingClearErrors([&] { formats::readTopicState(data, "fuzz"); }); }

void textDocuments(std::span<const uint8_t> data) {
  static const Alphabet alphabet(std::vector<std::string>{"apple", "pear", "", "plum"});
  expectingClearErrors([&] {
    formats::readHeldOutDocuments(std::vector<uint8_t>(data.begin(), data.end()), "fuzz", &alphabet, "model");
  });
}

// Arguments separated by NUL bytes; the first byte picks the command. Inputs
// that would write files (--output-*) or ask for long runs are passed over.
void commandLine(std::span<const uint8_t> data) {
  if (data.empty()) return;
  std::vector<std::string> arguments(1);
  for (std::size_t i = 1; i < data.size(); ++i) {
    if (data[i] == 0) {
      arguments.emplace_back();
    } else {
      arguments.back().push_back(static_cast<char>(data[i]));
    }
  }
  for (const std::string& argument : arguments) {
    if (argument.rfind("--output", 0) == 0 || argument.rfind("--report", 0) == 0) return;
    if (argument.size() > 2 && argument.find_first_not_of("0123456789") == std::string::npos) return;  // > 99
  }
  std::ostringstream out, err;
  if (data[0] % 2 == 0) {
    cli::evaluateTopicsCommand(arguments, out, err);
  } else {
    cli::evaluateCommand(arguments, out, err);
  }
}

}  // namespace

const std::vector<Target>& targets() {
  static const std::vector<Target> all = {
      {"object-stream", objectStream}, {"evaluator", evaluator},          {"inferencer", inferencer},
      {"model-file", modelFile},       {"instance-list", instanceList},   {"topic-state-text", topicStateText},
      {"topic-state-gzip", topicStateGzip}, {"text-documents", textDocuments}, {"command-line", commandLine},
  };
  return all;
}

const Target* findTarget(const std::string& name) {
  for (const Target& target : targets()) {
    if (name == target.name) return &target;
  }
  return nullptr;
}

}  // namespace topiceval::fuzz
