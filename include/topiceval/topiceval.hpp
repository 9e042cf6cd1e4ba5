// SPDX-License-Identifier: Apache-2.0
#pragma once
// topiceval: held-out likelihood and topic quality for topic models, as a C++
// library. Read a model and documents, build a request, call one function,
// read plain result data:
//
//   #include <topiceval/topiceval.hpp>
//   topiceval::EvaluateRequest request;
//   request.model = "inferencer.mallet";
//   request.documents = "test.mallet";
//   const topiceval::EvaluateResult result = topiceval::evaluate(request);
//   std::cout << result.total << " +- " << result.totalStandardError << "\n";
//
// Every function throws a topiceval::Error (FileError, SettingError,
// ModelError, Interrupted) with a one-line message; nothing else escapes
// but std::bad_alloc.

#include "topiceval/browse.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/compare.hpp"
#include "topiceval/diagnostics.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/evaluate_topics.hpp"
#include "topiceval/infer_topics.hpp"
#include "topiceval/info.hpp"
#include "topiceval/model.hpp"
#include "topiceval/options.hpp"
#include "topiceval/perturb_state.hpp"
#include "topiceval/plan_ranks.hpp"
#include "topiceval/progress.hpp"
#include "topiceval/select.hpp"
#include "topiceval/train_ctm.hpp"
#include "topiceval/upgrade.hpp"
#include "topiceval/version.hpp"
