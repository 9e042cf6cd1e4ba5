// SPDX-License-Identifier: Apache-2.0
// `topiceval index`: the command line over topiceval::writeReferenceIndex
// (topiceval/reference_index.hpp).
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "topiceval/reference_index.hpp"

namespace topiceval::commands {

int indexCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  IndexRequest request;
  std::string output;
  try {
    const auto options = commandOptions("index", arguments, out);
    if (!options) return 0;
    request = indexRequest(*options);
    output = *options->text("output");
  } catch (...) {
    return reportFailure("index", err);
  }
  try {
    // The index goes to a temporary file renamed over `output` once whole:
    // a failure leaves no index and the file that was there as it was.
    OutputFile file(output, "--output", {request.texts ? request.texts->path : std::string()}, out);
    const IndexResult result = writeReferenceIndex(request, file.stream(), output);
    file.commit();
    err << "indexed " << result.documents << " documents, " << result.tokens << " tokens, " << result.words
        << " words\n";
    return 0;
  } catch (...) {
    return reportFailure("index", err);
  }
}

}  // namespace topiceval::commands
