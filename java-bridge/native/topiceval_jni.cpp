// JNI glue between org.topiceval.NativeBridge and the topiceval library. Every
// entry point catches what the library throws and turns it into a Java
// TopicevalException carrying the same one-line message, so that nothing
// native ever unwinds into the JVM.
#include <jni.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "formats/format_error.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/cli/commands.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/java/java_strings.hpp"
#include "native/mallet/mallet_evaluation.hpp"
#include "native/model/model_validator.hpp"
#include "native/runtime/classic_locale.hpp"

namespace {

using topiceval::DocumentCollection;
using topiceval::TopicModel;

// Thrown where a Java exception is already pending: just return to Java.
struct JavaExceptionPending {};

void throwTopicevalException(JNIEnv* env, const std::string& message) {
  if (env->ExceptionCheck()) return;
  jclass type = env->FindClass("org/topiceval/TopicevalException");
  if (type != nullptr) env->ThrowNew(type, message.c_str());
}

template <typename Result, typename Function>
Result guarded(JNIEnv* env, Function&& function) {
  const topiceval::ClassicLocale numbers;  // a JVM sets the C library's locale from LC_ALL
  try {
    return function();
  } catch (const JavaExceptionPending&) {
  } catch (const std::bad_alloc&) {
    throwTopicevalException(env, "out of memory");
  } catch (const std::exception& error) {
    throwTopicevalException(env, error.what());
  } catch (...) {
    throwTopicevalException(env, "unexpected native error");
  }
  return Result{};
}

void check(JNIEnv* env) {
  if (env->ExceptionCheck()) throw JavaExceptionPending{};
}

template <typename T>
T require(JNIEnv* env, T value) {
  check(env);
  if (value == nullptr) throw JavaExceptionPending{};
  return value;
}

// Java strings are UTF-16; the library speaks UTF-8 (JNI's own "UTF" is modified UTF-8).
// `name` says which argument, for the error when it is null.
std::string toUtf8(JNIEnv* env, jstring text, const std::string& name) {
  if (text == nullptr) throw std::invalid_argument(name + " is null");
  const jsize length = env->GetStringLength(text);
  std::vector<jchar> units(static_cast<std::size_t>(length));
  env->GetStringRegion(text, 0, length, units.data());
  check(env);
  return topiceval::utf16ToUtf8(std::span<const uint16_t>(units.data(), units.size()));
}

jstring toJava(JNIEnv* env, const std::string& text) {
  const std::vector<uint16_t> units = topiceval::utf8ToUtf16(text);
  return require(env, env->NewString(units.data(), static_cast<jsize>(units.size())));
}

std::vector<int32_t> toVector(JNIEnv* env, jintArray array) {
  const jsize length = env->GetArrayLength(array);
  std::vector<int32_t> values(static_cast<std::size_t>(length));
  env->GetIntArrayRegion(array, 0, length, reinterpret_cast<jint*>(values.data()));
  check(env);
  return values;
}

std::vector<double> toVector(JNIEnv* env, jdoubleArray array) {
  const jsize length = env->GetArrayLength(array);
  std::vector<double> values(static_cast<std::size_t>(length));
  env->GetDoubleArrayRegion(array, 0, length, values.data());
  check(env);
  return values;
}

jdoubleArray toJava(JNIEnv* env, const std::vector<double>& values) {
  jdoubleArray array = require(env, env->NewDoubleArray(static_cast<jsize>(values.size())));
  env->SetDoubleArrayRegion(array, 0, static_cast<jsize>(values.size()), values.data());
  check(env);
  return array;
}

jintArray toJava(JNIEnv* env, std::span<const int32_t> values) {
  jintArray array = require(env, env->NewIntArray(static_cast<jsize>(values.size())));
  env->SetIntArrayRegion(array, 0, static_cast<jsize>(values.size()), reinterpret_cast<const jint*>(values.data()));
  check(env);
  return array;
}

jobjectArray toJava(JNIEnv* env, std::vector<jintArray> rows) {
  jclass rowType = require(env, env->FindClass("[I"));
  jobjectArray array = require(env, env->NewObjectArray(static_cast<jsize>(rows.size()), rowType, nullptr));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    env->SetObjectArrayElement(array, static_cast<jsize>(i), rows[i]);
    env->DeleteLocalRef(rows[i]);
    check(env);
  }
  return array;
}

// Reads the fields of an org.topiceval.TopicModelData.
class ModelFields {
 public:
  explicit ModelFields(JNIEnv* env) : env_(env), type_(require(env, env->FindClass("org/topiceval/TopicModelData"))) {}

  jfieldID id(const char* name, const char* signature) {
    return require(env_, env_->GetFieldID(type_, name, signature));
  }
  jclass type() const { return type_; }

 private:
  JNIEnv* env_;
  jclass type_;
};

TopicModel toModel(JNIEnv* env, jobject data) {
  if (data == nullptr) throw std::invalid_argument("the model is null");
  ModelFields fields(env);
  TopicModel model;
  model.numTopics = env->GetIntField(data, fields.id("numTopics", "I"));
  auto alpha = static_cast<jdoubleArray>(env->GetObjectField(data, fields.id("alpha", "[D")));
  auto tokensPerTopic = static_cast<jintArray>(env->GetObjectField(data, fields.id("tokensPerTopic", "[I")));
  auto rows = static_cast<jobjectArray>(env->GetObjectField(data, fields.id("typeTopicCounts", "[[I")));
  check(env);
  if (alpha == nullptr) throw std::invalid_argument("model.alpha is null");
  if (tokensPerTopic == nullptr) throw std::invalid_argument("model.tokensPerTopic is null");
  if (rows == nullptr) throw std::invalid_argument("model.typeTopicCounts is null");
  model.alpha = toVector(env, alpha);
  model.tokensPerTopic = toVector(env, tokensPerTopic);
  if (model.numTopics <= 0 || model.alpha.size() != static_cast<std::size_t>(model.numTopics))
    throw std::invalid_argument("model.numTopics is " + std::to_string(model.numTopics) + " but alpha has " +
                                std::to_string(model.alpha.size()) + " values");
  TopicModel::topicBitsFor(model.numTopics, model.topicBits, model.topicMask);
  const jsize types = env->GetArrayLength(rows);
  for (jsize type = 0; type < types; ++type) {
    auto row = static_cast<jintArray>(env->GetObjectArrayElement(rows, type));
    check(env);
    if (row == nullptr) {
      model.typeTopicCounts.addRow({}, false);
      continue;
    }
    model.typeTopicCounts.addRow(toVector(env, row));
    env->DeleteLocalRef(row);
  }
  model.beta = env->GetDoubleField(data, fields.id("beta", "D"));
  const double alphaSum = env->GetDoubleField(data, fields.id("alphaSum", "D"));
  const double betaSum = env->GetDoubleField(data, fields.id("betaSum", "D"));
  check(env);
  if (std::isnan(alphaSum)) {
    model.alphaSum = 0.0;
    for (const double a : model.alpha) model.alphaSum += a;
  } else {
    model.alphaSum = alphaSum;
  }
  model.betaSum = std::isnan(betaSum) ? model.beta * static_cast<double>(model.numTypes()) : betaSum;
  if (model.tokensPerTopic.size() == model.alpha.size()) model.computeSmoothingTerms();
  if (const std::string problem = findModelProblem(model); !problem.empty())
    throw std::invalid_argument("model: " + problem);
  return model;
}

DocumentCollection toDocuments(JNIEnv* env, jobjectArray documents) {
  if (documents == nullptr) throw std::invalid_argument("the documents are null");
  DocumentCollection collection;
  const jsize count = env->GetArrayLength(documents);
  for (jsize d = 0; d < count; ++d) {
    auto document = static_cast<jintArray>(env->GetObjectArrayElement(documents, d));
    check(env);
    if (document == nullptr) throw std::invalid_argument("documents[" + std::to_string(d) + "] is null");
    const std::vector<int32_t> tokens = toVector(env, document);
    env->DeleteLocalRef(document);
    for (const int32_t type : tokens) {
      if (type < 0)
        throw std::invalid_argument("documents[" + std::to_string(d) + "] has negative type index " +
                                    std::to_string(type));
    }
    collection.add(tokens);
  }
  return collection;
}

// "unseen-words" -> "unseenWords": a library setting's name as a Java field.
std::string javaFieldName(const std::string& setting) {
  std::string field;
  bool upper = false;
  for (const char c : setting) {
    if (c == '-') {
      upper = true;
      continue;
    }
    field.push_back(upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c);
    upper = false;
  }
  return field;
}

std::string stringField(JNIEnv* env, jobject object, jclass type, const char* name) {
  auto value = static_cast<jstring>(
      env->GetObjectField(object, require(env, env->GetFieldID(type, name, "Ljava/lang/String;"))));
  check(env);
  return toUtf8(env, value, std::string("options.") + name);
}

}  // namespace

extern "C" {

JNIEXPORT jobject JNICALL Java_org_topiceval_NativeBridge_runCommand(JNIEnv* env, jclass, jstring command,
                                                                     jobjectArray arguments) {
  return guarded<jobject>(env, [&]() -> jobject {
    const std::string name = toUtf8(env, command, "the command");
    std::vector<std::string> values;
    if (arguments != nullptr) {
      const jsize count = env->GetArrayLength(arguments);
      for (jsize i = 0; i < count; ++i) {
        auto argument = static_cast<jstring>(env->GetObjectArrayElement(arguments, i));
        check(env);
        values.push_back(toUtf8(env, argument, "arguments[" + std::to_string(i) + "]"));
        env->DeleteLocalRef(argument);
      }
    }
    std::ostringstream out, err;
    const int status = topiceval::cli::runCommand(name, values, out, err);
    jclass type = require(env, env->FindClass("org/topiceval/CommandResult"));
    jmethodID constructor = require(env, env->GetMethodID(type, "<init>", "(ILjava/lang/String;Ljava/lang/String;)V"));
    return require(env, env->NewObject(type, constructor, static_cast<jint>(status), toJava(env, out.str()),
                                       toJava(env, err.str())));
  });
}

JNIEXPORT jobject JNICALL Java_org_topiceval_NativeBridge_readModel(JNIEnv* env, jclass, jstring path) {
  return guarded<jobject>(env, [&]() -> jobject {
    const TopicModel model = topiceval::formats::readModelFile(toUtf8(env, path, "the path")).model;
    ModelFields fields(env);
    jobject data = require(env, env->AllocObject(fields.type()));
    env->SetIntField(data, fields.id("numTopics", "I"), model.numTopics);
    env->SetObjectField(data, fields.id("alpha", "[D"), toJava(env, model.alpha));
    env->SetDoubleField(data, fields.id("alphaSum", "D"), model.alphaSum);
    env->SetDoubleField(data, fields.id("beta", "D"), model.beta);
    env->SetDoubleField(data, fields.id("betaSum", "D"), model.betaSum);
    env->SetObjectField(data, fields.id("tokensPerTopic", "[I"),
                        toJava(env, std::span<const int32_t>(model.tokensPerTopic)));
    std::vector<jintArray> rows;
    rows.reserve(model.numTypes());
    for (std::size_t type = 0; type < model.numTypes(); ++type) {
      rows.push_back(model.typeTopicCounts.present(type) ? toJava(env, model.typeTopicCounts.storedRow(type))
                                                         : nullptr);
    }
    env->SetObjectField(data, fields.id("typeTopicCounts", "[[I"), toJava(env, std::move(rows)));
    if (model.alphabet != nullptr) {
      jclass stringType = require(env, env->FindClass("java/lang/String"));
      jobjectArray words =
          require(env, env->NewObjectArray(static_cast<jsize>(model.alphabet->size()), stringType, nullptr));
      for (std::size_t i = 0; i < model.alphabet->size(); ++i) {
        jstring word = toJava(env, model.alphabet->word(i));
        env->SetObjectArrayElement(words, static_cast<jsize>(i), word);
        env->DeleteLocalRef(word);
      }
      env->SetObjectField(data, fields.id("words", "[Ljava/lang/String;"), words);
    }
    check(env);
    return data;
  });
}

JNIEXPORT jobjectArray JNICALL Java_org_topiceval_NativeBridge_readDocuments(JNIEnv* env, jclass, jstring path) {
  return guarded<jobjectArray>(env, [&]() -> jobjectArray {
    const DocumentCollection documents = topiceval::formats::readInstanceListFile(toUtf8(env, path, "the path"));
    std::vector<jintArray> rows;
    for (std::size_t d = 0; d < documents.size(); ++d) rows.push_back(toJava(env, documents.document(d)));
    return toJava(env, std::move(rows));
  });
}

JNIEXPORT jdoubleArray JNICALL Java_org_topiceval_NativeBridge_evaluate(JNIEnv* env, jclass, jobject modelData,
                                                                        jobjectArray documentData, jobject options) {
  return guarded<jdoubleArray>(env, [&]() -> jdoubleArray {
    if (options == nullptr) throw std::invalid_argument("the options are null");
    const TopicModel model = toModel(env, modelData);
    const DocumentCollection documents = toDocuments(env, documentData);
    jclass type = require(env, env->GetObjectClass(options));
    auto intField = [&](const char* name) {
      return env->GetIntField(options, require(env, env->GetFieldID(type, name, "I")));
    };
    // The chosen estimator's settings are read from the EvaluationOptions fields of
    // the same (camelCase) name: boxed values, null for "not given" (the
    // estimator's own default), any value given honoured.
    topiceval::EstimatorSettings settings;
    settings.estimator = stringField(env, options, type, "estimator");
    const topiceval::EstimatorDefinition& chosen = topiceval::findEstimator(settings.estimator);
    const std::vector<topiceval::SharedSetting> registered = topiceval::allEstimatorSettings();
    for (const topiceval::SettingSpec& spec : chosen.settings) {
      const std::string field = javaFieldName(spec.name);
      const char* signature = spec.kind == topiceval::SettingKind::Integer   ? "Ljava/lang/Integer;"
                              : spec.kind == topiceval::SettingKind::Boolean ? "Ljava/lang/Boolean;"
                                                                             : "Ljava/lang/String;";
      const jfieldID id = env->GetFieldID(type, field.c_str(), signature);
      if (id == nullptr) {  // no such field: the settings map, or the estimator's default
        env->ExceptionClear();
        continue;
      }
      const jobject value = env->GetObjectField(options, id);
      check(env);
      if (value == nullptr) continue;  // not given
      switch (spec.kind) {
        case topiceval::SettingKind::Integer: {
          const jmethodID intValue =
              require(env, env->GetMethodID(require(env, env->FindClass("java/lang/Integer")), "intValue", "()I"));
          settings.values[spec.name] = std::to_string(env->CallIntMethod(value, intValue));
          break;
        }
        case topiceval::SettingKind::Boolean: {
          const jmethodID booleanValue =
              require(env, env->GetMethodID(require(env, env->FindClass("java/lang/Boolean")), "booleanValue", "()Z"));
          settings.values[spec.name] = env->CallBooleanMethod(value, booleanValue) != JNI_FALSE ? "true" : "false";
          break;
        }
        case topiceval::SettingKind::Choice:
          settings.values[spec.name] = toUtf8(env, static_cast<jstring>(value), "options." + field);
          break;
      }
      env->DeleteLocalRef(value);
      check(env);
    }
    // The settings map overrides the fields.
    const jmethodID pairsMethod = require(env, env->GetMethodID(type, "settingsAsArray", "()[Ljava/lang/String;"));
    auto pairs = static_cast<jobjectArray>(env->CallObjectMethod(options, pairsMethod));
    check(env);
    if (pairs != nullptr) {
      const jsize count = env->GetArrayLength(pairs);
      for (jsize i = 0; i + 1 < count; i += 2) {
        auto name = static_cast<jstring>(env->GetObjectArrayElement(pairs, i));
        auto value = static_cast<jstring>(env->GetObjectArrayElement(pairs, i + 1));
        check(env);
        const std::string key = toUtf8(env, name, "a name in options.settings");
        if (std::none_of(registered.begin(), registered.end(),
                         [&](const topiceval::SharedSetting& setting) { return setting.spec.name == key; }))
          throw topiceval::SettingError(key, "is not a setting of any estimator (see topiceval evaluate --help)");
        settings.values[key] = toUtf8(env, value, "options.settings[\"" + key + "\"]");
      }
    }
    const auto policy = topiceval::parseUnseenWords(stringField(env, options, type, "unseenWords"));
    topiceval::EvaluationOptions evaluation;
    const jlong seed = env->GetLongField(options, require(env, env->GetFieldID(type, "seed", "J")));
    evaluation.runs = intField("runs");
    evaluation.threads = intField("threads");
    check(env);
    if (seed < 0) throw std::invalid_argument("options.seed must not be negative");
    topiceval::checkSettingRange("runs", evaluation.runs, 1, topiceval::SettingLimits::kRuns);
    topiceval::checkSettingRange("threads", evaluation.threads, 0, topiceval::SettingLimits::kThreads);
    evaluation.seed = static_cast<uint64_t>(seed);
    const std::string completion = stringField(env, options, type, "completeDocuments");
    if (!completion.empty()) evaluation.completion = topiceval::parseDocumentSplit(completion);
    const topiceval::ScoringModel scoring(model, policy, documents);
    topiceval::checkDocumentsAreScored(documents, scoring.skippedTokens(),
                                       "unseenWords " + std::string(topiceval::describe(policy)));
    const auto estimator = topiceval::makeEstimator(settings, scoring);
    const topiceval::EvaluationResult result = topiceval::evaluateDocuments(*estimator, scoring, documents, evaluation);
    std::vector<double> values;
    for (const auto& document : result.documents) values.push_back(document.logLikelihood);
    return toJava(env, values);
  });
}

JNIEXPORT jdoubleArray JNICALL Java_org_topiceval_NativeBridge_evaluateLikeMallet(JNIEnv* env, jclass,
                                                                                  jobject modelData,
                                                                                  jobjectArray documentData,
                                                                                  jint particles, jboolean resampling,
                                                                                  jint seed, jint threads) {
  return guarded<jdoubleArray>(env, [&]() -> jdoubleArray {
    const TopicModel model = toModel(env, modelData);
    const DocumentCollection documents = toDocuments(env, documentData);
    topiceval::checkSettingRange("particles", particles, 1, topiceval::SettingLimits::kParticles);
    topiceval::checkSettingRange("threads", threads, 0, topiceval::SettingLimits::kThreads);
    topiceval::checkParticleWorkspace(particles, model.numTopics);
    uint64_t skipped = 0;
    for (std::size_t d = 0; d < documents.size(); ++d) {
      for (const int32_t type : documents.document(d)) skipped += !model.scoresLikeMallet(type);
    }
    topiceval::checkDocumentsAreScored(documents, skipped, "MALLET's rule (words beyond the model are skipped)");
    topiceval::MalletEvaluationOptions options;
    options.particles = particles;
    options.resampling = resampling != JNI_FALSE;
    options.seed = seed;
    options.threads = threads;
    return toJava(env, topiceval::evaluateLikeMallet(model, documents, options).documentLogLikelihoods);
  });
}

}  // extern "C"
