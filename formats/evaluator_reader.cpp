// SPDX-License-Identifier: Apache-2.0
// cc.mallet.topics.MarginalProbEstimator and the two classes that share its
// layout of counts: TopicInferencer and ParallelTopicModel.
#include <cstring>
#include <cmath>

#include "formats/file_bytes.hpp"
#include "formats/file_kinds.hpp"
#include "formats/format_error.hpp"
#include "formats/lda_model_file.hpp"
#include "formats/logistic_normal_files.hpp"
#include "formats/mallet_objects.hpp"
#include "formats/model_readers.hpp"
#include "formats/text_encoding.hpp"
#include "topiceval/errors.hpp"

namespace topiceval::formats {

namespace {

using detail::AlphabetCache;
using detail::annotationOf;
using detail::requireArray;
using detail::requireRoot;

std::vector<double> doubles(const java::Node* node, const std::string& source, const std::string& what) {
  return requireArray(node, 'D', source, what).doubles();
}

std::vector<int32_t> ints(const java::Node* node, const std::string& source, const std::string& what) {
  return requireArray(node, 'I', source, what).ints();
}

void checkVersion(int32_t version, const std::string& className, const std::string& source) {
  if (version < 0 || version > 1000)
    throw FormatError(source, className + " has serial version " + std::to_string(version) +
                                  "; this reader knows the layout MALLET 2.x writes");
}

void checkTopicCount(int32_t numTopics, std::size_t alphaValues, const std::string& source) {
  if (numTopics <= 0 || static_cast<std::size_t>(numTopics) != alphaValues)
    throw FormatError(source, "the model claims " + std::to_string(numTopics) + " topics but alpha has " +
                                  std::to_string(alphaValues) + " values");
}

// The three classes write the same fields in slightly different orders; these
// read the runs they share.

// numTopics, topicMask, topicBits.
void readTopicLayout(AnnotationReader& in, TopicModel& model) {
  model.numTopics = in.readInt();
  model.topicMask = in.readInt();
  model.topicBits = in.readInt();
}

// alpha, which must hold one value per topic.
void readAlpha(AnnotationReader& in, TopicModel& model, const std::string& source) {
  model.alpha = doubles(in.readObject(), source, "alpha");
  checkTopicCount(model.numTopics, model.alpha.size(), source);
}

// typeTopicCounts, tokensPerTopic.
void readCounts(AnnotationReader& in, TopicModel& model, const std::string& source) {
  detail::readPackedTypeTopicCounts(in.readObject(), model, source);
  model.tokensPerTopic = ints(in.readObject(), source, "tokensPerTopic");
}

// random, smoothingOnlyMass, cachedCoefficients. evaluate-topics replaces the
// serialized Randoms by the seed the user asks for; infer-topics without a seed
// continues an inferencer's (`keepStream`) from its `seed` field, which java.util.Random.readObject installs
// as the generator's raw state (refusing a negative one).
void readSamplerState(AnnotationReader& in, TopicModel& model, const std::string& source, bool keepStream) {
  const java::Node* random = in.readObject();
  if (random != nullptr && !random->isInstanceOf("java.util.Random"))
    throw FormatError(source, "the random generator is a " + java::describeType(random) + ", not a java.util.Random");
  if (random != nullptr && keepStream) {
    const java::Value* state = random->field("java.util.Random", "seed");
    if (state != nullptr && state->typeCode == 'J') {
      if (state->integer < 0)
        throw FormatError(source, "the random generator's state is negative, which Java refuses as corrupt");
      model.serializedRandomState = static_cast<uint64_t>(state->integer) & ((uint64_t{1} << 48) - 1);
    }
  }
  model.smoothingOnlyMass = in.readDouble();
  model.cachedCoefficients = doubles(in.readObject(), source, "cachedCoefficients");
}

void checkTypeCount(int32_t numTypes, const TopicModel& model, const std::string& what, const std::string& source) {
  if (numTypes < 0 || static_cast<std::size_t>(numTypes) != model.numTypes())
    throw FormatError(source, what + " claims " + std::to_string(numTypes) + " types but holds counts for " +
                                  std::to_string(model.numTypes()));
}

TopicModel evaluatorFromGraph(const java::ObjectGraph& graph, const std::string& source) {
  const std::string className = "cc.mallet.topics.MarginalProbEstimator";
  const java::Node& root = requireRoot(graph, className, "a MALLET evaluator", source);
  AnnotationReader in = annotationOf(root, className, source);
  TopicModel model;
  checkVersion(in.readInt(), className, source);
  readTopicLayout(in, model);
  readAlpha(in, model, source);
  model.alphaSum = in.readDouble();
  model.beta = in.readDouble();
  model.betaSum = in.readDouble();
  readCounts(in, model, source);
  readSamplerState(in, model, source, false);
  detail::validateModel(model, source);
  return model;
}

TopicModel inferencerFromGraph(const java::ObjectGraph& graph, const std::string& source) {
  const std::string className = "cc.mallet.topics.TopicInferencer";
  const java::Node& root = requireRoot(graph, className, "a MALLET inferencer", source);
  AnnotationReader in = annotationOf(root, className, source);
  AlphabetCache alphabets;
  TopicModel model;
  checkVersion(in.readInt(), className, source);
  model.alphabet = alphabets.get(in.readObject(), source);
  readTopicLayout(in, model);
  const int32_t numTypes = in.readInt();
  readAlpha(in, model, source);
  model.beta = in.readDouble();
  model.betaSum = in.readDouble();
  readCounts(in, model, source);
  readSamplerState(in, model, source, true);
  // TopicInferencer does not store alphaSum; its constructor sums alpha in order.
  model.alphaSum = 0.0;
  for (const double a : model.alpha) model.alphaSum += a;
  checkTypeCount(numTypes, model, "the inferencer", source);
  detail::validateModel(model, source);
  return model;
}

TopicModel parallelTopicModelFromGraph(const java::ObjectGraph& graph, const std::string& source) {
  const std::string className = "cc.mallet.topics.ParallelTopicModel";
  const java::Node& root = requireRoot(graph, className, "a MALLET topic model", source);
  AnnotationReader in = annotationOf(root, className, source);
  AlphabetCache alphabets;
  TopicModel model;
  checkVersion(in.readInt(), className, source);
  in.readObject();  // the training data with its topic assignments
  model.alphabet = alphabets.get(in.readObject(), source);
  in.readObject();  // the topic alphabet
  readTopicLayout(in, model);
  const int32_t numTypes = in.readInt();
  readAlpha(in, model, source);
  model.alphaSum = in.readDouble();
  model.beta = in.readDouble();
  model.betaSum = in.readDouble();
  readCounts(in, model, source);
  checkTypeCount(numTypes, model, "the model", source);
  if (model.alpha.size() == model.tokensPerTopic.size()) model.computeSmoothingTerms();
  detail::validateModel(model, source);
  return model;
}

// ParallelTopicModel's `data`: an ArrayList of TopicAssignment, each an
// instance (its FeatureSequence) and the LabelSequence of its topics.
TrainingAssignments assignmentsFromGraph(const java::ObjectGraph& graph, int numTopics, const std::string& source,
                                         std::size_t streamBytes) {
  const std::string className = "cc.mallet.topics.ParallelTopicModel";
  AnnotationReader in = annotationOf(*graph.root, className, source);
  in.readInt();  // serial version (checked with the model)
  const java::Node* data = in.readObject();
  if (data == nullptr || data->kind != java::NodeKind::Object || !data->isInstanceOf("java.util.ArrayList"))
    throw FormatError(source, "the model's training data is a " + java::describeType(data) +
                                  ", not a list of topic assignments");
  const java::Value* size = data->field("java.util.ArrayList", "size");
  if (size == nullptr || size->integer < 0) throw FormatError(source, "the model's training data has no length");
  AnnotationReader elements = annotationOf(*data, "java.util.ArrayList", source);
  elements.readInt();  // capacity
  TrainingAssignments documents;
  for (int64_t i = 0; i < size->integer; ++i) {
    const std::string where = "training document " + std::to_string(i);
    const java::Node* assignment = elements.readObject();
    if (assignment == nullptr || assignment->kind != java::NodeKind::Object ||
        !assignment->isInstanceOf("cc.mallet.topics.TopicAssignment"))
      throw FormatError(source, where + " is a " + java::describeType(assignment) + ", not a TopicAssignment");
    const java::Value* instance = assignment->field("cc.mallet.topics.TopicAssignment", "instance");
    const java::Value* topicSequence = assignment->field("cc.mallet.topics.TopicAssignment", "topicSequence");
    if (instance == nullptr || instance->reference == nullptr ||
        !instance->reference->isInstanceOf("cc.mallet.types.Instance"))
      throw FormatError(source, where + " has no instance");
    AnnotationReader instanceData = annotationOf(*instance->reference, "cc.mallet.types.Instance", source);
    instanceData.readInt();  // serial version
    const java::Node* features = instanceData.readObject();
    if (features == nullptr || !features->isInstanceOf("cc.mallet.types.FeatureSequence"))
      throw FormatError(source, where + " holds a " + java::describeType(features) + ", not a FeatureSequence");
    if (topicSequence == nullptr || topicSequence->reference == nullptr ||
        !topicSequence->reference->isInstanceOf("cc.mallet.types.FeatureSequence"))
      throw FormatError(source, where + " has no topic sequence");
    const auto types = detail::readFeatureSequence(*features, where, source, streamBytes).features;
    const auto topics =
        detail::readFeatureSequence(*topicSequence->reference, where + "'s topics", source, streamBytes)
            .features;
    if (types.size() != topics.size())
      throw FormatError(source, where + " has " + std::to_string(types.size()) + " tokens but " +
                                    std::to_string(topics.size()) + " topics");
    for (std::size_t n = 0; n < types.size(); ++n) {
      if (topics[n] >= numTopics)
        throw FormatError(source, where + " assigns topic " + std::to_string(topics[n]) + " in a model of " +
                                      std::to_string(numTopics) + " topics");
      documents.add(types[n], topics[n]);
    }
    documents.endDocument();
  }
  return documents;
}

ModelWithAssignments withAssignments(const java::ObjectGraph& graph, const std::string& source, std::size_t streamBytes) {
  ModelWithAssignments result;
  result.model = parallelTopicModelFromGraph(graph, source);
  result.documents = assignmentsFromGraph(graph, result.model.numTopics, source, streamBytes);
  for (const int32_t type : result.documents.types) {
    if (static_cast<std::size_t>(type) >= result.model.numTypes())
      throw FormatError(source, "a training document has type index " + std::to_string(type) + " beyond the model's " +
                                    std::to_string(result.model.numTypes()) + " types");
  }
  return result;
}

}  // namespace

ModelWithAssignments readParallelTopicModelWithAssignments(std::span<const uint8_t> bytes, const std::string& source) {
  return withAssignments(*readObjectStream(bytes, source), source, bytes.size());
}

TopicModel readEvaluator(std::span<const uint8_t> bytes, const std::string& source) {
  return evaluatorFromGraph(*readObjectStream(bytes, source), source);
}

TopicModel readEvaluatorFile(const std::string& path) {
  const std::string source = path == "-" ? "standard input" : path;
  return namingFileOnAllocationFailure(
      source, [&] { return readEvaluator(readFileBytes(path, &checkObjectStreamStart), source); });
}

TopicModel readInferencer(std::span<const uint8_t> bytes, const std::string& source) {
  return inferencerFromGraph(*readObjectStream(bytes, source), source);
}

TopicModel readInferencerFile(const std::string& path) {
  const std::string source = path == "-" ? "standard input" : path;
  return namingFileOnAllocationFailure(
      source, [&] { return readInferencer(readFileBytes(path, &checkObjectStreamStart), source); });
}

TopicModel readParallelTopicModel(std::span<const uint8_t> bytes, const std::string& source) {
  return parallelTopicModelFromGraph(*readObjectStream(bytes, source), source);
}

LoadedModel readModelFile(const std::string& path) {
  const std::string source = path == "-" ? "standard input" : path;
  return namingFileOnAllocationFailure(source, [&] { return readModel(readFileBytes(path, &checkModelStart), source); });
}

void checkModelStart(std::span<const uint8_t> start, const std::string& source) {
  if (looksLikeGzip(start) || looksLikeObjectStream(start)) return;
  const std::span<const uint8_t> text =
      startsWithUtf8ByteOrderMark(start) ? start.subspan(kUtf8ByteOrderMarkSize) : start;
  if (looksLikeLogisticNormalModel(text) || looksLikeLdaModel(text)) return;  // read on: its reader names the problem
  throw FormatError(source, "is neither a MALLET model file (a Java serialization stream) nor a gzipped topic state");
}

LoadedModel readModel(std::span<const uint8_t> bytes, const std::string& source) {
  const FileKind kind = recognise(bytes.first(std::min(bytes.size(), kRecognitionBytes)), source);
  if (kind == FileKind::LogisticNormal)
    throw FormatError(source,
                      "is a logistic-normal topic model (train-ctm): this reads LDA models only (evaluate, select, "
                      "info and the Python package's load_model take it)");
  if (kind == FileKind::LdaModel) {
    const std::span<const uint8_t> text =
        startsWithUtf8ByteOrderMark(bytes) ? bytes.subspan(kUtf8ByteOrderMarkSize) : bytes;
    LdaModelFile file = readLdaModel(text, source);
    if (!file.counts)
      throw FormatError(source,
                        "holds topic-word probabilities, not counts: this reads models with counts (evaluate, select, "
                        "info and the Python package's load_model take it)");
    return {std::move(*file.counts), ModelFileKind::LdaModel, std::nullopt, std::nullopt};
  }
  // Any gzip stream is read as a state (a gzipped text of documents gets the state reader's own message).
  if (kind == FileKind::TopicState || (bytes.size() >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B)) {
    TopicStateContents contents = readTopicStateContents(bytes, source);
    auto words = std::make_shared<const Alphabet>(std::move(contents.words));
    TopicModel malletOrder = [&] {
      try {
        return TopicModel::fromAssignments(contents.alpha, contents.beta, contents.documents, std::move(words));
      } catch (const ModelError& error) {
        throw FormatError(source, error.what());
      }
    }();
    TopicModel model = sortedByCount(malletOrder, source);
    return {std::move(model), ModelFileKind::TopicState, std::move(contents.documents), std::move(malletOrder)};
  }
  checkModelStart(bytes.first(std::min(bytes.size(), kStartCheckBytes)), source);
  const auto graph = readObjectStream(bytes, source);
  const java::Node* root = graph->root;
  if (root->isInstanceOf("cc.mallet.topics.MarginalProbEstimator"))
    return {evaluatorFromGraph(*graph, source), ModelFileKind::Evaluator, std::nullopt, std::nullopt};
  if (root->isInstanceOf("cc.mallet.topics.TopicInferencer"))
    return {inferencerFromGraph(*graph, source), ModelFileKind::Inferencer, std::nullopt, std::nullopt};
  if (root->isInstanceOf("cc.mallet.topics.ParallelTopicModel")) {
    ModelWithAssignments saved = withAssignments(*graph, source, bytes.size());
    return {std::move(saved.model), ModelFileKind::ParallelTopicModel, std::move(saved.documents), std::nullopt};
  }
  throw FormatError(
      source, "holds a serialized " + java::describeType(root) + ", not a MALLET evaluator, inferencer or topic model");
}

}  // namespace topiceval::formats
