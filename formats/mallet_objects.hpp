// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared pieces of the typed MALLET readers: turning graph nodes into arrays,
// alphabets and models, with errors that say which file and which part is wrong.
// Internal to formats/.

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "formats/java_object_graph.hpp"
#include "formats/object_stream_reader.hpp"
#include "native/model/alphabet.hpp"
#include "native/model/topic_model.hpp"

namespace topiceval::formats::detail {

// The stream's first object, which must be a `className` (or a subclass);
// otherwise "holds a serialized X, not <description> (className)".
const java::Node& requireRoot(const java::ObjectGraph& graph, const std::string& className,
                              const std::string& description, const std::string& source);

// What `className`'s writeObject wrote for `node`.
AnnotationReader annotationOf(const java::Node& node, const std::string& className, const std::string& source);

// A primitive array of the given element type ('I' or 'D'), or a FormatError naming `what`.
const java::Node& requireArray(const java::Node* node, char elementType, const std::string& source,
                               const std::string& what);

// cc.mallet.types.Alphabet -> Alphabet; the same node always gives the same object.
class AlphabetCache {
 public:
  std::shared_ptr<const Alphabet> get(const java::Node* node, const std::string& source);

 private:
  std::map<const java::Node*, std::shared_ptr<const Alphabet>> converted_;
};

// A printable form of an entry, name or source: strings as they are; java.net.URI
// and java.io.File by their path; anything else by its type.
std::string objectText(const java::Node* node);

// A cc.mallet.types.FeatureSequence (or its subclass LabelSequence): its
// dictionary and its features (the first `length` of its array), each
// non-negative. `where` names it in errors ("instance 12"); `streamBytes`
// bounds what a claimed length may reserve.
struct FeatureSequenceContents {
  const java::Node* dictionary = nullptr;
  std::vector<int32_t> features;
};
FeatureSequenceContents readFeatureSequence(const java::Node& node, const std::string& where,
                                            const std::string& source, std::size_t streamBytes);

// Fills model.typeTopicCounts from MALLET's int[][] typeTopicCounts.
void readPackedTypeTopicCounts(const java::Node* node, TopicModel& model, const std::string& source);

// Checks what the estimators rely on: positive finite hyperparameters, arrays
// sized by the topic count, packed topics inside it, consistent topic bits.
void validateModel(const TopicModel& model, const std::string& source);

}  // namespace topiceval::formats::detail
