// SPDX-License-Identifier: Apache-2.0
// `topiceval perturb-state`: the command line over topiceval::perturbState
// (topiceval/perturb_state.hpp).
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "topiceval/perturb_state.hpp"

namespace topiceval::commands {

int perturbStateCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  PerturbStateRequest request;
  std::string output;
  try {
    const auto options = commandOptions("perturb-state", arguments, out);
    if (!options) return 0;
    request = perturbStateRequest(*options);
    output = *options->text("output");
  } catch (...) {
    return reportFailure("perturb-state", err);
  }
  try {
    OutputFile file(output, "--output", {request.input}, out);
    const PerturbStateResult result = perturbState(request, file.stream(), output);
    file.commit();
    err << "moved " << result.moved << " of " << result.tokens << " token assignments to other topics\n";
    return 0;
  } catch (...) {
    return reportFailure("perturb-state", err);
  }
}

}  // namespace topiceval::commands
