// SPDX-License-Identifier: Apache-2.0
// Requests from checked option values (topiceval/options.hpp), and the same
// declarations' checks on a request built in C++ (validate). Each declaration
// owns its field (options.cpp), so filling a request is one loop whichever
// front end spelled the options; only what is not one option to one field is
// written here.
#include <typeindex>

#include "native/api/caller_spelling.hpp"
#include "native/api/settings_by_name.hpp"
#include "native/settings/settings.hpp"

#include "topiceval/browse.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/compare.hpp"
#include "topiceval/diagnostics.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/evaluate_topics.hpp"
#include "topiceval/infer_topics.hpp"
#include "topiceval/plan_ranks.hpp"
#include "topiceval/reference_index.hpp"
#include "topiceval/select.hpp"
#include "topiceval/train_ctm.hpp"

namespace topiceval {

namespace {

// Every option given that is bound to a field of Request, into that field;
// the others keep the request struct's defaults (which are the declarations').
template <class Request>
Request requestFrom(const OptionValues& options) {
  Request request;
  for (const OptionSpec& spec : options.command().options) {
    if (!spec.binding || !options.given(spec.name)) continue;
    if (spec.binding->request == typeid(Request)) spec.binding->assign(&request, options.list(spec.name));
    // An estimator's own setting: a field of the request's EstimatorSettings.
    if constexpr (requires { request.settings; }) {
      if (spec.binding->request == typeid(EstimatorSettings))
        spec.binding->assign(&request.settings, options.list(spec.name));
    }
  }
  return request;
}

// Every declaration bound to a field of Request (each command's, once by
// name), checked against the value the caller set.
template <class Request>
void validateFields(const Request& request) {
  for (const CommandSpec& command : commandSpecs()) {
    bool binds = false;
    for (const OptionSpec& spec : command.options) {
      if (spec.binding && spec.binding->request == typeid(Request)) {
        spec.binding->check(&request, spec);
        binds = true;
      }
    }
    if (!binds) continue;
    // A field counts as given when it is set and not its declared default.
    checkAppliesWith(command, [&](const std::string& name, bool withDefault) -> std::optional<std::string> {
      const OptionSpec* spec = findOption(command, name);
      if (spec == nullptr || !spec->binding || spec->binding->request != typeid(Request)) return std::nullopt;
      std::string value = spec->binding->read(&request);
      if (value.empty() || (!withDefault && value == spec->defaultValue)) return std::nullopt;
      return value;
    });
  }
}

}  // namespace

std::map<std::string, std::string> settingsByName(const EstimatorSettings& settings) {
  std::map<std::string, std::string> given;
  for (const OptionSpec& spec : commandSpec("evaluate").options) {  // (evaluate's options hold every setting)
    if (!spec.binding || spec.binding->request != typeid(EstimatorSettings)) continue;
    std::string value = spec.binding->read(&settings);
    if (!value.empty()) given[spec.name] = std::move(value);
  }
  return given;
}

SettingError spelledForCaller(std::type_index request, const SettingError& error) {
  // The field of `request` a declaration binds to the setting (by its name,
  // or the setting it sets), else an estimator's setting's field in the
  // request's EstimatorSettings, else the name as C++ spells it.
  const auto fieldOf = [&request](const std::string& name) {
    std::string estimatorField;
    for (const CommandSpec& command : commandSpecs()) {
      for (const OptionSpec& spec : command.options) {
        if (!spec.binding || (spec.name != name && spec.setting != name)) continue;
        if (spec.binding->request == request) return spec.binding->field;
        if (spec.binding->request == typeid(EstimatorSettings)) estimatorField = "settings." + spec.binding->field;
      }
    }
    return estimatorField.empty() ? javaName(name) : estimatorField;
  };
  return SettingError(error.setting(), error.problem(),
                      fieldOf(error.setting()) + " " + respellOptions(error.problem(), fieldOf));
}

// (Each checks as the caller set the fields, and says so in the fields' names.)
template <class Request>
void validateAsSet(const Request& request) {
  try {
    validateFields(request);
  } catch (const SettingError& error) {
    throw spelledFor(request, error);
  }
}

void validate(const EvaluateRequest& request) { validateAsSet(request); }
void validate(const SelectRequest& request) { validateAsSet(request); }
void validate(const CompareRequest& request) { validateAsSet(request); }
void validate(const CurveRequest& request) { validateAsSet(request); }
void validate(const TrainCtmRequest& request) { validateAsSet(request); }
void validate(const EvaluateTopicsRequest& request) { validateAsSet(request); }
void validate(const InferTopicsRequest& request) { validateAsSet(request); }
void validate(const DiagnosticsRequest& request) { validateAsSet(request); }
void validate(const CoherenceRequest& request) { validateAsSet(request); }
void validate(const BrowseRequest& request) { validateAsSet(request); }
void validate(const PlanRanksRequest& request) { validateAsSet(request); }
void validate(const IndexRequest& request) { validateAsSet(request); }

EvaluateRequest evaluateRequest(const OptionValues& options) { return requestFrom<EvaluateRequest>(options); }

SelectRequest selectRequest(const OptionValues& options) { return requestFrom<SelectRequest>(options); }

CompareRequest compareRequest(const OptionValues& options) { return requestFrom<CompareRequest>(options); }

CurveRequest curveRequest(const OptionValues& options) { return requestFrom<CurveRequest>(options); }

TrainCtmRequest trainCtmRequest(const OptionValues& options) { return requestFrom<TrainCtmRequest>(options); }

DiagnosticsRequest diagnosticsRequest(const OptionValues& options) { return requestFrom<DiagnosticsRequest>(options); }

CoherenceRequest coherenceRequest(const OptionValues& options) { return requestFrom<CoherenceRequest>(options); }

BrowseRequest browseRequest(const OptionValues& options) { return requestFrom<BrowseRequest>(options); }

PlanRanksRequest planRanksRequest(const OptionValues& options) { return requestFrom<PlanRanksRequest>(options); }
IndexRequest indexRequest(const OptionValues& options) { return requestFrom<IndexRequest>(options); }

EvaluateTopicsRequest evaluateTopicsRequest(const OptionValues& options) {
  EvaluateTopicsRequest request = requestFrom<EvaluateTopicsRequest>(options);
  // MALLET's own options given for another estimator go to it (which refuses what it does not take).
  if (!request.estimator.empty() && request.estimator != "left-to-right") {
    if (options.given("num-particles")) request.settings.particles = request.particles;
    if (options.given("use-resampling")) request.settings.resampling = request.resampling;
  }
  return request;
}

InferTopicsRequest inferTopicsRequest(const OptionValues& options) {
  InferTopicsRequest request = requestFrom<InferTopicsRequest>(options);
  // --model and --inferencer fill the same field: MALLET's file, or any model file.
  if (options.given("model") && options.given("inferencer"))
    throw SettingError("model", "and --inferencer both name a model: give one");
  request.inferencerOnly = !options.given("model");
  request.model = options.text(options.given("model") ? "model" : "inferencer").value_or("");
  return request;
}

}  // namespace topiceval
