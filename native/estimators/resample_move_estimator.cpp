#include "native/estimators/resample_move_estimator.hpp"

#include <cmath>
#include <stdexcept>

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/estimators/systematic_resampling.hpp"
#include "native/kernels/left_to_right_kernel.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval {

namespace {
// Distinguishes the selection's random stream from the particles' (indexed 0, 1, ...).
constexpr uint64_t kSelectionStream = 0x5345'4C45'4354'0000ULL;
}  // namespace

struct ResampleMoveEstimator::Worker {
  std::vector<detail::FastScratch> scratches;  // one per lockstep group
  std::vector<RandomStream> randoms;           // one per particle
  std::vector<std::unique_ptr<detail::SteppedGroup>> groups;
  std::vector<double> weights;               // per particle
  std::vector<std::size_t> ancestors;        // per particle
  std::vector<uint8_t> copied;               // per particle: its state is in copies[]
  std::vector<detail::ParticleCopy> copies;  // by ancestor
};

ResampleMoveEstimator::ResampleMoveEstimator(const ScoringModel& model, int particles, InstructionSet instructionSet)
    : model_(model),
      particles_(particles),
      instructionSet_(resolveInstructionSet(instructionSet)),
      tables_(std::make_unique<detail::FastTables>(detail::buildFastTables(model))) {
  if (particles < 1) throw std::invalid_argument("resample-move needs at least 1 particle");
}

ResampleMoveEstimator::~ResampleMoveEstimator() = default;

std::string ResampleMoveEstimator::description() const {
  return "resample-move, " + std::to_string(particles_) + (particles_ == 1 ? " particle" : " particles");
}

void ResampleMoveEstimator::prepare(int workers) { workers_.prepare(workers); }

double ResampleMoveEstimator::logLikelihood(std::span<const int32_t> document, const EstimateKey& key,
                                            int worker) const {
  double logLikelihood = 0.0;
  filter(document, key, worker, [&](std::size_t, double logMeanWeight) { logLikelihood += logMeanWeight; });
  return logLikelihood;
}

void ResampleMoveEstimator::positionLogLikelihoods(std::span<const int32_t> document, const EstimateKey& key,
                                                   int worker, std::vector<double>& terms) const {
  terms.assign(document.size(), 0.0);
  std::vector<std::size_t> positions;
  for (std::size_t n = 0; n < document.size(); ++n) {
    if (model_.scored(document[n])) positions.push_back(n);
  }
  filter(document, key, worker, [&](std::size_t s, double logMeanWeight) { terms[positions[s]] = logMeanWeight; });
}

template <class Term>
void ResampleMoveEstimator::filter(std::span<const int32_t> document, const EstimateKey& key, int worker,
                                   Term term) const {
  Worker& state = workers_[worker];
  const auto particles = static_cast<std::size_t>(particles_);
  const ParticleGroups split{particles};
  state.randoms.clear();
  for (std::size_t particle = 0; particle < particles; ++particle)
    state.randoms.emplace_back(key.seed, std::initializer_list<uint64_t>{key.document, key.run, particle});
  while (state.scratches.size() < split.count())
    state.scratches.emplace_back(static_cast<std::size_t>(model_.numTopics()));
  state.groups.clear();
  std::vector<std::size_t> groupOf(particles);
  for (std::size_t group = 0; group < split.count(); ++group) {
    const detail::SteppedGroupFactory make =
        forInstructionSet(instructionSet_, &detail::steppedGroupBaseline, &detail::steppedGroupAvx2,
                          &detail::steppedGroupAvx512)(static_cast<int>(split.size(group)));
    state.groups.push_back(make(*tables_, document,
                                std::span<RandomStream>(state.randoms).subspan(split.first(group), split.size(group)),
                                {}, state.scratches[group]));
    for (std::size_t particle = split.first(group); particle < split.first(group + 1); ++particle)
      groupOf[particle] = group;
  }
  const auto lane = [&](std::size_t particle) { return static_cast<int>(particle - split.first(groupOf[particle])); };
  state.weights.assign(particles, 0.0);
  state.ancestors.assign(particles, 0);
  state.copied.assign(particles, 0);
  state.copies.resize(particles);
  RandomStream selection(key.seed, {key.document, key.run, kSelectionStream});

  const std::size_t scored = state.groups.front()->scoredPositions();
  for (std::size_t s = 0; s < scored; ++s) {
    for (std::size_t group = 0; group < split.count(); ++group) {
      state.groups[group]->rejuvenate(s);
      state.groups[group]->weigh(s, state.weights.data() + split.first(group));
    }
    double weightSum = 0.0;
    for (const double weight : state.weights) weightSum += weight;
    term(s, std::log(weightSum / static_cast<double>(particles)));

    systematicResample(state.weights, weightSum, selection.uniform(), state.ancestors);
    // Every ancestor that replaces another particle is copied out before any
    // particle is overwritten.
    for (std::size_t particle = 0; particle < particles; ++particle) {
      const std::size_t ancestor = state.ancestors[particle];
      if (ancestor == particle || state.copied[ancestor]) continue;
      state.groups[groupOf[ancestor]]->copyOut(lane(ancestor), s, state.copies[ancestor]);
      state.copied[ancestor] = 1;
    }
    for (std::size_t particle = 0; particle < particles; ++particle) {
      const std::size_t ancestor = state.ancestors[particle];
      if (ancestor != particle) state.groups[groupOf[particle]]->copyIn(lane(particle), s, state.copies[ancestor]);
    }
    std::fill(state.copied.begin(), state.copied.end(), 0);
    for (const auto& group : state.groups) group->extend(s);
  }
  for (const auto& group : state.groups) group->finish();
  // Per particle and scored token s: s rejuvenation updates and one to weigh and extend.
  countSiteUpdates(static_cast<uint64_t>(particles) * scored * (scored + 1) / 2);
}

EstimatorDefinition resampleMoveDefinition() {
  return {"resample-move",
          "Scott & Baldridge (2013) particle filter with Gibbs rejuvenation (Gilks & Berzuini 2001): unbiased",
          {{"particles", SettingKind::Integer, "64", 1, SettingLimits::kParticles, {}, "particles"}},
          [](const SettingValues& values, const ScoringModel& model) -> std::unique_ptr<DocumentEstimator> {
            checkParticleWorkspace(values.integer("particles"), model.numTopics());
            return std::make_unique<ResampleMoveEstimator>(model, static_cast<int>(values.integer("particles")));
          },
          "particles"};
}

}  // namespace topiceval
