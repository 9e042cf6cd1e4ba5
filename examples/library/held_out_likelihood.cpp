// SPDX-License-Identifier: Apache-2.0
// Reads a MALLET evaluator (or inferencer) and held-out documents, and prints
// each document's log likelihood and the total, as `mallet evaluate-topics`
// computes them (the same numbers for the same seed), then topiceval's own
// estimate with its error.
//   held-out-likelihood EVALUATOR DOCUMENTS [SEED]
#include <charconv>
#include <iostream>
#include <string>

#include <topiceval/topiceval.hpp>

namespace {

// The shortest decimal that reads back as the same double.
std::string shortest(double value) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: held-out-likelihood EVALUATOR DOCUMENTS [SEED]\n";
    return 2;
  }
  try {
    topiceval::EvaluateTopicsRequest mallet;
    mallet.model = argv[1];
    mallet.documents = argv[2];
    mallet.seed = argc > 3 ? std::stoi(argv[3]) : 1;
    const topiceval::EvaluateTopicsResult result = topiceval::evaluateTopics(mallet);
    for (std::size_t d = 0; d < result.documentLogLikelihoods.size(); ++d)
      std::cout << "document " << d << '\t' << shortest(result.documentLogLikelihoods[d]) << '\n';
    std::cout << "total\t" << shortest(result.total) << '\n';

    topiceval::EvaluateRequest request;  // topiceval's own estimator, with an error
    request.model = argv[1];
    request.documents = argv[2];
    request.settings.particles = 8;
    const topiceval::EvaluateResult estimate = topiceval::evaluate(request);
    std::cout << estimate.estimator.description << ": " << estimate.total << " +- " << estimate.totalStandardError
              << " (library " << topiceval::libraryVersion() << ")\n";
  } catch (const topiceval::Error& error) {
    std::cerr << "held-out-likelihood: " << error.what() << '\n';
    return 1;
  }
}
