// SPDX-License-Identifier: Apache-2.0
// `topiceval browse`: the topic browser, one offline HTML page for one or several models.
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "topiceval/browse.hpp"

namespace topiceval::commands {

int browseCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  try {
    const auto options = commandOptions("browse", arguments, out);
    if (!options) return 0;
    BrowseRequest request = browseRequest(*options);
    std::vector<std::string> inputs = options->list("model");
    for (const auto& documents : {request.texts, request.heldOut}) {
      if (documents) inputs.push_back(documents->path);
    }
    inputs.push_back(request.reference);
    // Both outputs are opened before any work: a path that cannot be written fails now.
    OutputFile page(*options->text("output"), "--output", inputs, out);
    std::optional<OutputFile> json;
    openOutput(json, options->text("json"), "--json", inputs, out);
    Progress progress;
    request.progress = &progress;
    BrowseResult result;
    {
      const ProgressLine line(progress, err, showProgress(*options));
      result = browse(request);
    }
    printWarnings(err, result.warnings);
    writeBrowsePage(page.stream(), result);
    if (json) {
      writeBrowseJson(json->stream(), result);
      json->commit();
    }
    page.commit();
    checkStandardOutput(out);
    return 0;
  } catch (...) {
    return reportFailure("browse", err);
  }
}

}  // namespace topiceval::commands
