// SPDX-License-Identifier: Apache-2.0
#include "native/settings/setting_names.hpp"
#include "native/estimators/resample_move_estimator.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/estimators/systematic_resampling.hpp"
#include "native/kernels/left_to_right_kernel.hpp"
#include "native/runtime/random_stream.hpp"
#include "native/runtime/setting_error.hpp"

namespace topiceval {

namespace {
// Distinguishes the selection's random stream from the particles' (indexed 0, 1, ...).
constexpr uint64_t kSelectionStream = 0x5345'4C45'4354'0000ULL;
// The bounded rejuvenation's choice of sites, shared by every particle.
constexpr uint64_t kSitesStream = 0x5349'5445'5300'0000ULL;

// Site updates of one particle's rejuvenations over `scored` positions: s at
// position s, or at most `bound` (0: no bound).
uint64_t rejuvenationUpdates(uint64_t scored, uint64_t bound) {
  if (bound == 0 || scored <= bound) return scored * (scored - (scored > 0)) / 2;
  return bound * (bound + 1) / 2 + (scored - bound - 1) * bound;
}

// The sites the bounded rejuvenation updates at position s > bound: the
// bound / 2 positions just before s, after bound - bound / 2 positions spread
// evenly from a random offset over [0, s - bound / 2), in increasing order.
void chooseSites(std::size_t s, std::size_t bound, RandomStream& random, std::vector<uint32_t>& sites) {
  const std::size_t recent = bound / 2;
  const std::size_t older = bound - recent;
  const std::size_t range = s - recent;  // > older, since s > bound
  const double stride = static_cast<double>(range) / static_cast<double>(older);
  const double offset = random.uniform() * stride;
  sites.clear();
  for (std::size_t j = 0; j < older; ++j)
    sites.push_back(static_cast<uint32_t>(
        std::min(range - 1, static_cast<std::size_t>(offset + static_cast<double>(j) * stride))));
  for (std::size_t position = range; position < s; ++position) sites.push_back(static_cast<uint32_t>(position));
}
}  // namespace

struct ResampleMoveEstimator::Worker {
  std::vector<detail::FastScratch> scratches;  // one per lockstep group
  std::vector<RandomStream> randoms;           // one per particle
  std::vector<std::unique_ptr<detail::SteppedGroup>> groups;
  std::vector<double> weights;               // per particle
  std::vector<double> carried;               // per particle: the weights since the last selection
  std::vector<std::size_t> ancestors;        // per particle
  std::vector<uint8_t> copied;               // per particle: its state is in copies[]
  std::vector<detail::ParticleCopy> copies;  // by ancestor
  std::vector<uint32_t> sites;               // the bounded rejuvenation's, at this position
};

ResampleMoveEstimator::ResampleMoveEstimator(const ScoringModel& model, int particles, int64_t sweepSites,
                                             int resampleBelow, InstructionSet instructionSet)
    : model_(model),
      particles_(particles),
      sweepSites_(static_cast<std::size_t>(sweepSites)),
      resampleBelow_(resampleBelow),
      instructionSet_(resolveInstructionSet(instructionSet)),
      tables_(std::make_unique<detail::FastTables>(detail::buildFastTables(model))) {
  if (particles < 1) throw std::invalid_argument("resample-move needs at least 1 particle");
  if (sweepSites < 0 || sweepSites == 1)
    throw std::invalid_argument(std::string("resample-move's ") + setting_names::kSweepSites +
                                " must be 0 or at least 2");
  if (resampleBelow < 1 || resampleBelow > 100)
    throw std::invalid_argument("resample-move's resample-below must be a percentage from 1 to 100");
}

uint64_t ResampleMoveEstimator::relativeCost(std::size_t length) const {
  return rejuvenationUpdates(length, sweepSites_) + length;
}

ResampleMoveEstimator::~ResampleMoveEstimator() = default;

std::string ResampleMoveEstimator::description() const {
  // The defaults go unsaid, as other estimators' do.
  std::string text = "resample-move, " + std::to_string(particles_) + (particles_ == 1 ? " particle" : " particles");
  if (sweepSites_ != static_cast<std::size_t>(kDefaultSweepSites))
    text += sweepSites_ == 0 ? ", full sweeps" : ", sweeps of at most " + std::to_string(sweepSites_) + " sites";
  if (resampleBelow_ != kDefaultResampleBelow)
    text += ", selection below " + std::to_string(resampleBelow_) + "% effective";
  return text;
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
  state.carried.assign(particles, 1.0);
  state.ancestors.assign(particles, 0);
  state.copied.assign(particles, 0);
  state.copies.resize(particles);
  RandomStream selection(key.seed, {key.document, key.run, kSelectionStream});
  RandomStream siteChoice(key.seed, {key.document, key.run, kSitesStream});

  const std::size_t scored = state.groups.front()->scoredPositions();
  for (std::size_t s = 0; s < scored; ++s) {
    const bool bounded = sweepSites_ != 0 && s > sweepSites_;
    if (bounded) chooseSites(s, sweepSites_, siteChoice, state.sites);
    for (std::size_t group = 0; group < split.count(); ++group) {
      if (bounded) {
        state.groups[group]->rejuvenateSites(s, state.sites);
      } else {
        state.groups[group]->rejuvenate(s);
      }
      state.groups[group]->weigh(s, state.weights.data() + split.first(group));
    }
    double weightSum = 0.0;
    for (const double weight : state.weights) weightSum += weight;
    const double uniform = selection.uniform();
    if (resampleBelow_ == 100) {
      term(s, std::log(weightSum / static_cast<double>(particles)));
      systematicResample(state.weights, weightSum, uniform, state.ancestors);
    } else {
      // Carried weights, kept at mean 1 (no underflow over many positions).
      double carriedSum = 0.0, newSum = 0.0, squares = 0.0;
      for (std::size_t particle = 0; particle < particles; ++particle) {
        carriedSum += state.carried[particle];
        state.carried[particle] *= state.weights[particle];
        newSum += state.carried[particle];
      }
      term(s, std::log(newSum / carriedSum));
      const double scale = static_cast<double>(particles) / newSum;
      for (double& weight : state.carried) {
        weight *= scale;
        squares += weight * weight;
      }
      const double effective = static_cast<double>(particles) * static_cast<double>(particles) / squares;
      if (effective * 100.0 < static_cast<double>(resampleBelow_) * static_cast<double>(particles)) {
        systematicResample(state.carried, static_cast<double>(particles), uniform, state.ancestors);
        std::fill(state.carried.begin(), state.carried.end(), 1.0);
      } else {
        for (std::size_t particle = 0; particle < particles; ++particle) state.ancestors[particle] = particle;
      }
    }
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
  // Per particle and scored token s: its rejuvenation's updates and one to weigh and extend.
  countSiteUpdates(static_cast<uint64_t>(particles) * (rejuvenationUpdates(scored, sweepSites_) + scored));
}

EstimatorDefinition resampleMoveDefinition() {
  return {"resample-move",
          "Scott & Baldridge (2013) particle filter with Gibbs rejuvenation (Gilks & Berzuini 2001): unbiased",
          {integerSetting("particles", ResampleMoveEstimator::kDefaultParticles, 1, SettingLimits::kParticles, "particles"),
           integerSetting(
               setting_names::kSweepSites, ResampleMoveEstimator::kDefaultSweepSites, 0, SettingLimits::kSweepSites,
               "earlier positions one rejuvenation updates at most (the most recent half and an even spread of the "
               "rest), for time linear in a document's length instead of quadratic; unbiased, but on documents of "
               "thousands of tokens far noisier than full sweeps (see the guide's section on long documents); 0 sweeps them all"),
           integerSetting(
               "resample-below", ResampleMoveEstimator::kDefaultResampleBelow, 1, 100,
               "select (resample) the particles only when the effective particles fall below this percentage of them; "
               "100 selects at every position")},
          [](const SettingValues& values, const ScoringModel& model) -> std::unique_ptr<DocumentEstimator> {
            checkParticleWorkspace(values.integer("particles"), model.numTopics());
            if (values.integer(setting_names::kSweepSites) == 1)
              throw SettingError(setting_names::kSweepSites, "must be 0 (full sweeps) or at least 2");
            return std::make_unique<ResampleMoveEstimator>(model, static_cast<int>(values.integer("particles")),
                                                           values.integer(setting_names::kSweepSites),
                                                           static_cast<int>(values.integer("resample-below")));
          },
          "particles"};
}

}  // namespace topiceval
