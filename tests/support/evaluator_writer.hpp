// SPDX-License-Identifier: Apache-2.0
#pragma once
// Serializes a TopicModel as the MarginalProbEstimator stream MALLET writes
// (the layout formats/evaluator_reader.cpp reads), field for field as given:
// tests use it to hand the readers models that break an invariant on purpose.
// writeInferencer does the same for a TopicInferencer, whose alphabet's words
// are given as the stream holds them (Java's modified UTF-8, unchecked).

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "native/model/topic_model.hpp"
#include "support/object_stream_builder.hpp"

namespace topiceval::testing {

class EvaluatorWriter {
 public:
  using B = ObjectStreamBuilder;

  static std::vector<uint8_t> write(const TopicModel& model) {
    EvaluatorWriter w;
    w.b_.u8(B::kObject)
        .classDesc("cc.mallet.topics.MarginalProbEstimator", B::kSerializable | B::kWriteMethod, 0)
        .endClassDesc()
        .null();
    w.ints({1, model.numTopics, model.topicMask, model.topicBits});
    w.doubleArray(model.alpha);
    w.doubles({model.alphaSum, model.beta, model.betaSum});
    w.countsAndCaches(model);
    return w.b_.bytes;
  }

  static std::vector<uint8_t> writeInferencer(const TopicModel& model, const std::vector<std::string>& words) {
    EvaluatorWriter w;
    w.b_.u8(B::kObject)
        .classDesc("cc.mallet.topics.TopicInferencer", B::kSerializable | B::kWriteMethod, 0)
        .endClassDesc()
        .null();
    w.ints({1});
    w.b_.u8(B::kObject).classDesc("cc.mallet.types.Alphabet", B::kSerializable | B::kWriteMethod, 0).endClassDesc().null();
    w.ints({1, static_cast<int32_t>(words.size())});
    for (const std::string& word : words) w.b_.string(word);
    w.b_.u8(B::kEndBlockData);
    w.ints({model.numTopics, model.topicMask, model.topicBits, static_cast<int32_t>(model.numTypes())});
    w.doubleArray(model.alpha);
    w.doubles({model.beta, model.betaSum});
    w.countsAndCaches(model);
    return w.b_.bytes;
  }

 private:
  // What an evaluator and an inferencer both end with: the type-topic counts
  // as MALLET stores them, the topic totals, no random generator, and the
  // sampler's cached terms.
  void countsAndCaches(const TopicModel& model) {
    b_.u8(B::kArray).classDesc("[[I", B::kSerializable, 0).endClassDesc().null();
    b_.i32(static_cast<int32_t>(model.numTypes()));
    for (std::size_t type = 0; type < model.numTypes(); ++type) {
      const auto row = model.typeTopicCounts.storedRow(type);
      intArray(std::vector<int32_t>(row.begin(), row.end()));
    }
    intArray(model.tokensPerTopic);
    b_.null();  // the random generator
    doubles({model.smoothingOnlyMass});
    doubleArray(model.cachedCoefficients);
    b_.u8(B::kEndBlockData);
  }

  void block(const std::vector<uint8_t>& data) {
    for (std::size_t start = 0; start < data.size(); start += 255) {
      const std::size_t end = std::min(data.size(), start + 255);
      b_.blockData(std::vector<uint8_t>(data.begin() + static_cast<std::ptrdiff_t>(start),
                                        data.begin() + static_cast<std::ptrdiff_t>(end)));
    }
  }
  static void append(std::vector<uint8_t>& out, uint64_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<uint8_t>(value >> (8 * i)));
  }
  static uint64_t bitsOf(double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
  }
  void ints(const std::vector<int32_t>& values) {
    std::vector<uint8_t> data;
    for (const int32_t v : values) append(data, static_cast<uint32_t>(v), 4);
    block(data);
  }
  void doubles(const std::vector<double>& values) {
    std::vector<uint8_t> data;
    for (const double v : values) append(data, bitsOf(v), 8);
    block(data);
  }
  // A new array of class `arrayClass` ("[I", "[D") holding `values`.
  template <class T>
  void array(const char* arrayClass, const std::vector<T>& values) {
    b_.u8(B::kArray).classDesc(arrayClass, B::kSerializable, 0).endClassDesc().null();
    b_.i32(static_cast<int32_t>(values.size()));
    for (const T v : values) {
      if constexpr (std::is_same_v<T, double>) {
        b_.f64(v);
      } else {
        b_.i32(v);
      }
    }
  }
  void intArray(const std::vector<int32_t>& values) { array("[I", values); }
  void doubleArray(const std::vector<double>& values) { array("[D", values); }

  B b_;
};

}  // namespace topiceval::testing
