// SPDX-License-Identifier: Apache-2.0
#pragma once
// MALLET 2.1.1's topic reports, byte for byte as train-topics writes them:
// --diagnostics-file, --output-topic-keys, --topic-word-weights-file and
// --word-topic-counts-file. Numbers go through Java's formatting
// (native/java/java_math.hpp): Formatter's %.Nf rounds Double.toString's
// digits half-up, NumberFormat rounds the exact value half-even, and
// Double.toString gives the shortest digits. Text is UTF-8 with "\n" ends;
// words are written as Java's encoder writes them (a lone surrogate as '?').

#include <ostream>
#include <vector>

#include "native/model/topic_model.hpp"
#include "native/quality/topic_diagnostics.hpp"

namespace topiceval::quality {

// The diagnostics XML (TopicModelDiagnostics.toXML, then println). Without
// documents the attributes that need them are left out (document_entropy,
// coherence, token-doc-diff, rank_1_docs, allocation_ratio, allocation_count;
// a word's docs, coherence and token-doc-diff); without words (`withWords`
// false: the alphabet holds type indices) word-length is.
void writeDiagnosticsXml(std::ostream& out, const TopicModel& model, const std::vector<TopicDiagnostics>& topics,
                         bool withDocuments, bool withWords = true);

// "topic<TAB>alpha<TAB>" then each of the first N words followed by a space.
void writeTopicKeys(std::ostream& out, const TopicModel& model, const std::vector<std::vector<WordCount>>& sorted,
                    int numTopWords);

// "topic<TAB>word<TAB>beta + count" for every topic and every word of the
// vocabulary, topic-major.
void writeTopicWordWeights(std::ostream& out, const TopicModel& model,
                           const std::vector<std::vector<WordCount>>& sorted);

// "type word" then " topic:count" for each entry of the word's row, in the
// row's order.
void writeWordTopicCounts(std::ostream& out, const TopicModel& model);

}  // namespace topiceval::quality
