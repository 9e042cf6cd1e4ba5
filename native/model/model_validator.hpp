// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one check every model passes before any estimator or kernel sees it,
// whichever reader (or the Java bridge, or a test) built it. The kernels index
// per-topic buffers by the topics a row names and divide by the totals, so a
// model that breaks any of these invariants could read or write out of bounds
// or print a wrong number with exit status 0.

#include <string>

#include "native/model/topic_model.hpp"

namespace topiceval {

// What is wrong with `model`, in one line, or empty if nothing:
// - at least one topic, and at least as many training tokens as topics;
// - alpha, tokensPerTopic and cachedCoefficients sized by the topic count;
//   topic bits and mask as MALLET chooses them for that count;
// - alpha, alphaSum, beta, betaSum positive and finite; alphaSum the sum of
//   alpha and betaSum beta times the type count (to rounding);
// - every row's topics inside the model and distinct, its counts positive and
//   within MALLET's packed range;
// - each topic's total equal to the sum of its counts over the rows;
// - smoothingOnlyMass and cachedCoefficients as MALLET's formulas give them
//   from alpha, beta and the totals (to rounding), so a file cannot make the
//   MALLET path use numbers unrelated to its counts;
// - a vocabulary (when it has one) with a word for every type, naming each
//   word once.
std::string findModelProblem(const TopicModel& model);

// A vocabulary that lists a word twice, in one line, or empty (any model family).
std::string findVocabularyProblem(const Alphabet& words);

}  // namespace topiceval
