// Requests from checked option values (topiceval/options.hpp): the one place
// where each command's options become the fields of its request, whichever
// front end spelled them.
#include "topiceval/compare.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/evaluate_topics.hpp"
#include "topiceval/infer_topics.hpp"
#include "topiceval/select.hpp"
#include "topiceval/train_ctm.hpp"

namespace topiceval {

namespace {

template <class Request>
void scoringOptions(const OptionValues& options, Request& request) {
  request.unseenWords = *options.text("unseen-words");
  if (options.given("vocab-size")) request.vocabularySize = static_cast<std::size_t>(options.integer("vocab-size"));
  request.seed = static_cast<uint64_t>(options.integer("seed"));
  request.threads = static_cast<int>(options.integer("threads"));
}

template <class Request>
void estimatorOptions(const OptionValues& options, Request& request) {
  request.estimator = options.text("estimator").value_or("");
  request.settings = options.estimatorSettings();
  request.runs = static_cast<int>(options.integer("runs"));
}

template <class Request>
void targetErrorOptions(const OptionValues& options, Request& request) {
  if (options.given("target-error")) request.targetError = options.real("target-error");
  if (options.given("target-document-error")) request.targetDocumentError = options.real("target-document-error");
  if (options.given("budget-cap")) request.budgetCap = options.integer("budget-cap");
  if (options.given("max-runs")) request.maxRuns = static_cast<int>(options.integer("max-runs"));
}

}  // namespace

EvaluateRequest evaluateRequest(const OptionValues& options) {
  EvaluateRequest request;
  request.model = options.text("model").value_or("");
  request.documents = options.text("input").value_or("");
  estimatorOptions(options, request);
  scoringOptions(options, request);
  request.completeDocuments = options.text("complete-documents").value_or("");
  request.documentSelection = options.text("documents").value_or("");
  request.checkConvergence = options.boolean("check-convergence");
  request.tolerance = options.real("tolerance");
  request.maxDoublings = static_cast<int>(options.integer("max-doublings"));
  targetErrorOptions(options, request);
  return request;
}

SelectRequest selectRequest(const OptionValues& options) {
  SelectRequest request;
  for (const std::string& path : options.list("model")) request.models.emplace_back(path);
  request.documents = options.text("input").value_or("");
  estimatorOptions(options, request);
  scoringOptions(options, request);
  request.documentSelection = options.text("documents").value_or("");
  targetErrorOptions(options, request);
  request.coherenceMeasure = *options.text("coherence");
  if (options.given("coherence-texts")) request.coherenceTexts = DocumentsSource(*options.text("coherence-texts"));
  request.topWords = static_cast<int>(options.integer("top-words"));
  request.bootstrap = static_cast<int>(options.integer("bootstrap"));
  return request;
}

CompareRequest compareRequest(const OptionValues& options) {
  CompareRequest request;
  request.modelA = options.text("model-a").value_or("");
  request.modelB = options.text("model-b").value_or("");
  request.documents = options.text("input").value_or("");
  request.path = *options.text("path");
  request.direction = *options.text("direction");
  request.temperatures = static_cast<int>(options.integer("temperatures"));
  request.burnIn = static_cast<int>(options.integer("burn-in"));
  request.samples = static_cast<int>(options.integer("samples"));
  request.alignTopics = options.boolean("align-topics");
  scoringOptions(options, request);
  return request;
}

CurveRequest curveRequest(const OptionValues& options) {
  CurveRequest request;
  for (const std::string& path : options.list("states")) request.models.emplace_back(path);
  request.documents = options.text("input").value_or("");
  request.temperatures = static_cast<int>(options.integer("temperatures"));
  scoringOptions(options, request);
  return request;
}

TrainCtmRequest trainCtmRequest(const OptionValues& options) {
  TrainCtmRequest request;
  request.documents = options.text("input").value_or("");
  request.topics = static_cast<int>(options.integer("num-topics"));
  request.eStep = *options.text("e-step");
  request.maxIterations = static_cast<int>(options.integer("max-iterations"));
  request.tolerance = options.real("tolerance");
  request.topicWordSmoothing = options.real("topic-word-smoothing");
  request.initialSweeps = static_cast<int>(options.integer("initial-sweeps"));
  request.seed = static_cast<uint64_t>(options.integer("seed"));
  request.threads = static_cast<int>(options.integer("threads"));
  return request;
}

EvaluateTopicsRequest evaluateTopicsRequest(const OptionValues& options) {
  EvaluateTopicsRequest request;
  request.model = options.text("evaluator").value_or("");
  request.documents = options.text("input").value_or("");
  request.particles = static_cast<int>(options.integer("num-particles"));
  request.resampling = options.boolean("use-resampling");
  request.seed = static_cast<int32_t>(options.integer("random-seed"));
  request.threads = static_cast<int>(options.integer("threads"));
  request.exact = options.boolean("exact");
  request.showWords = options.boolean("show-words");
  request.estimator = *options.text("estimator");
  request.settings = options.estimatorSettings();
  // MALLET's own options given for another estimator go to it (which refuses what it does not take).
  if (request.estimator != "left-to-right") {
    if (options.given("num-particles")) request.settings["particles"] = std::to_string(request.particles);
    if (options.given("use-resampling")) request.settings["resampling"] = request.resampling ? "true" : "false";
  }
  request.runs = static_cast<int>(options.integer("runs"));
  request.unseenWords = *options.text("unseen-words");
  return request;
}

InferTopicsRequest inferTopicsRequest(const OptionValues& options) {
  InferTopicsRequest request;
  if (options.given("model") && options.given("inferencer"))
    throw SettingError("model", "and --inferencer both name a model: give one");
  request.inferencerOnly = !options.given("model");
  request.model = options.text(options.given("model") ? "model" : "inferencer").value_or("");
  request.documents = options.text("input").value_or("");
  request.iterations = static_cast<int>(options.integer("num-iterations"));
  request.sampleInterval = static_cast<int>(options.integer("sample-interval"));
  request.burnIn = static_cast<int>(options.integer("burn-in"));
  request.seed = static_cast<int32_t>(options.integer("random-seed"));
  request.threads = static_cast<int>(options.integer("threads"));
  request.exact = options.boolean("exact");
  return request;
}

}  // namespace topiceval
