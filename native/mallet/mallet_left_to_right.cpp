// SPDX-License-Identifier: Apache-2.0
#include "native/mallet/mallet_left_to_right.hpp"

#include <algorithm>
#include <string>
#include <stdexcept>

#include "native/kernels/mallet_left_to_right_kernel.hpp"

namespace topiceval {

MalletLeftToRightSampler::MalletLeftToRightSampler(const TopicModel& model, std::size_t longestDocument,
                                                   InstructionSet instructionSet)
    : model_(model),
      tables_(std::make_unique<detail::MalletTables>()),
      instructionSet_(resolveInstructionSet(instructionSet)) {
  detail::MalletTables& tables = *tables_;
  tables.model = &model;
  tables.numTopics = model.numTopics;
  tables.beta = model.beta;
  tables.smoothingOnlyMass = model.smoothingOnlyMass;
  tables.alphaSum = model.alphaSum;
  tables.alpha = model.alpha;
  const auto topics = static_cast<std::size_t>(model.numTopics);
  // A document's count in a topic never exceeds its length. The tables stay
  // within 64 MiB; larger counts fall back to dividing.
  constexpr std::size_t kTableBytes = std::size_t{64} << 20;
  const std::size_t affordable =
      std::max<std::size_t>(kTableBytes / (topics * sizeof(detail::MalletTables::CountTerms)), 64);
  tables.tableCounts = static_cast<int32_t>(std::clamp<std::size_t>(longestDocument + 1, 64, affordable));
  constexpr std::size_t kPerLine = 64 / sizeof(detail::MalletTables::CountTerms);
  std::size_t lines = (static_cast<std::size_t>(tables.tableCounts) + kPerLine - 1) / kPerLine;
  if (lines % 2 == 0) ++lines;
  tables.tableStride = lines * kPerLine;
  const std::size_t tableStride = tables.tableStride;
  tables.denominators.resize(topics);
  tables.smoothingTerms.resize(topics);
  tables.countTerms.resize(topics * tableStride);
  for (std::size_t k = 0; k < topics; ++k) {
    // Java: (tokensPerTopic[topic] + betaSum), int promoted to double.
    tables.denominators[k] = model.tokensPerTopic[k] + model.betaSum;
    tables.smoothingTerms[k] = model.alpha[k] / tables.denominators[k];
    for (int32_t n = 0; n < tables.tableCounts; ++n) {
      auto& terms = tables.countTerms[k * tableStride + static_cast<std::size_t>(n)];
      terms.betaMass = model.beta * n / tables.denominators[k];
      terms.coefficient = (model.alpha[k] + n) / tables.denominators[k];
      terms.betaBucket = n / tables.denominators[k];
    }
  }
  tables.rowStarts.reserve(model.numTypes() + 1);
  tables.rowStarts.push_back(0);
  for (std::size_t type = 0; type < model.numTypes(); ++type) {
    for (const int32_t entry : model.typeTopicCounts.activeRow(type)) {
      tables.rowTopics.push_back(model.topicOf(entry));
      tables.rowCounts.push_back(model.countOf(entry));
    }
    tables.rowStarts.push_back(tables.rowTopics.size());
  }
}

MalletLeftToRightSampler::~MalletLeftToRightSampler() = default;

uint64_t MalletLeftToRightSampler::uniformsPerParticle(std::span<const int32_t> document, bool resampling) const {
  uint64_t uniforms = 0;
  uint64_t scoredSoFar = 0;
  for (const int32_t type : document) {
    if (resampling) uniforms += scoredSoFar;
    if (inVocabulary(type)) {
      ++uniforms;
      ++scoredSoFar;
    }
  }
  return uniforms;
}

MalletLeftToRightSampler::Scratch MalletLeftToRightSampler::makeScratch() const {
  return Scratch(new detail::MalletScratch(static_cast<std::size_t>(model_.numTopics)));
}

void MalletLeftToRightSampler::ScratchDeleter::operator()(detail::MalletScratch* scratch) const { delete scratch; }

int MalletLeftToRightSampler::runParticles(std::span<const int32_t> document, bool resampling,
                                           std::span<JavaRandom> randoms, std::span<double> wordProbabilities,
                                           detail::MalletScratch& scratch) const {
  if (randoms.empty() || randoms.size() > static_cast<std::size_t>(kParticleGroupWidth))
    throw std::invalid_argument("a particle group holds 1 to 16 particles");
  if (wordProbabilities.size() != randoms.size() * document.size())
    throw std::invalid_argument("wordProbabilities must hold one value per particle and position");
  const int particles = static_cast<int>(randoms.size());
  // A group of one particle runs on plain scalars in every copy, and the
  // AVX-512 copy of it measured 8-10% slower than the AVX2 and baseline
  // copies (sgu-k100's single chain, CPU time in turns; see
  // docs/performance.md), so it takes the AVX2 copy: the same bits.
  const InstructionSet set =
      particles == 1 && instructionSet_ == InstructionSet::Avx512 ? InstructionSet::Avx2 : instructionSet_;
  const detail::MalletGroupKernel kernel =
      forInstructionSet(set, &detail::malletGroupKernelBaseline, &detail::malletGroupKernelAvx2,
                        &detail::malletGroupKernelAvx512)(particles);
  return kernel(*tables_, document, resampling, randoms, wordProbabilities, scratch);
}

}  // namespace topiceval
