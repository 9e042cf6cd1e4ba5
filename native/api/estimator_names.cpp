// SPDX-License-Identifier: Apache-2.0
// The public names of the estimators (topiceval/evaluate.hpp), answered by the
// registry one floor down, which knows nothing of the API's requests.
#include "native/estimators/estimator_registry.hpp"
#include "topiceval/evaluate.hpp"

namespace topiceval {

std::vector<std::string> estimatorNames() { return registeredEstimatorNames(); }

std::string defaultEstimator(ModelFamily family) { return familyDefaultEstimator(family); }

}  // namespace topiceval
