// SPDX-License-Identifier: Apache-2.0
// JNI glue between org.topiceval.NativeBridge and the library's public API
// (include/topiceval/). It translates Java's arrays and option fields into
// requests and the results back, nothing more. Every entry point catches what
// the library throws and turns it into a Java TopicevalException carrying the
// same one-line message (options named as Java spells them), so that nothing
// native ever unwinds into the JVM.
#include <jni.h>

#include <cmath>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "java-bridge/result_classes.hpp"
#include "native/commands/commands.hpp"
#include "native/output/output_file.hpp"
#include "native/output/select_output.hpp"
#include "native/java/java_strings.hpp"
#include "native/runtime/classic_locale.hpp"
#include "topiceval/topiceval.hpp"

namespace {

using topiceval::Documents;
using topiceval::Model;
using topiceval::Spelling;

// Thrown where a Java exception is already pending: just return to Java.
struct JavaExceptionPending {};

// Java strings are UTF-16; the library speaks UTF-8 (JNI's own "UTF" is modified UTF-8).
jstring newJavaString(JNIEnv* env, const std::string& text) {
  const std::vector<uint16_t> units = topiceval::utf8ToUtf16(text);
  return env->NewString(units.data(), static_cast<jsize>(units.size()));
}

void throwTopicevalException(JNIEnv* env, const std::string& message) {
  if (env->ExceptionCheck()) return;
  jclass type = env->FindClass("org/topiceval/TopicevalException");
  if (type == nullptr) return;
  const jmethodID constructor = env->GetMethodID(type, "<init>", "(Ljava/lang/String;)V");
  jstring text = constructor != nullptr ? newJavaString(env, message) : nullptr;
  if (text == nullptr) return;  // what failed is pending
  auto error = static_cast<jthrowable>(env->NewObject(type, constructor, text));
  if (error != nullptr) env->Throw(error);
}

// What the JVM raised while the bridge read its arguments (NoSuchFieldError for
// an object of another class, ClassCastException, ArrayStoreException...)
// becomes a TopicevalException naming it, with it as the cause: callers catch
// one exception class. A TopicevalException, or running out of memory, stays.
void translatePendingException(JNIEnv* env) {
  jthrowable pending = env->ExceptionOccurred();
  if (pending == nullptr) return;
  env->ExceptionClear();  // JNI may be called only with no exception pending
  const auto keep = [&] {
    env->ExceptionClear();
    env->Throw(pending);
  };
  jclass own = env->FindClass("org/topiceval/TopicevalException");
  jclass memory = own != nullptr ? env->FindClass("java/lang/OutOfMemoryError") : nullptr;
  if (own == nullptr || memory == nullptr || env->IsInstanceOf(pending, own) || env->IsInstanceOf(pending, memory))
    return keep();
  jclass throwable = env->FindClass("java/lang/Throwable");
  const jmethodID describe = throwable != nullptr ? env->GetMethodID(throwable, "toString", "()Ljava/lang/String;")
                                                  : nullptr;
  const jmethodID constructor =
      describe != nullptr ? env->GetMethodID(own, "<init>", "(Ljava/lang/String;Ljava/lang/Throwable;)V") : nullptr;
  auto described = constructor != nullptr ? static_cast<jstring>(env->CallObjectMethod(pending, describe)) : nullptr;
  if (env->ExceptionCheck() || described == nullptr) return keep();
  const char* chars = env->GetStringUTFChars(described, nullptr);
  if (chars == nullptr) return keep();
  const std::string message = "an argument could not be read by the bridge: " + std::string(chars);
  env->ReleaseStringUTFChars(described, chars);
  jstring text = newJavaString(env, message);
  auto error = text != nullptr ? static_cast<jthrowable>(env->NewObject(own, constructor, text, pending)) : nullptr;
  if (error == nullptr) return keep();
  env->Throw(error);
}

template <typename Result, typename Function>
Result guarded(JNIEnv* env, Function&& function) {
  const topiceval::ClassicLocale numbers;  // a JVM sets the C library's locale from LC_ALL
  try {
    return function();
  } catch (const JavaExceptionPending&) {
    translatePendingException(env);
  } catch (const topiceval::SettingError& error) {
    throwTopicevalException(
        env, topiceval::javaName(error.setting()) + " " + topiceval::respell(error.problem(), Spelling::Java));
  } catch (const topiceval::Error& error) {
    throwTopicevalException(env, topiceval::respell(error.what(), Spelling::Java));
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
  if (text == nullptr) throw topiceval::SettingError(name, "is null");
  const jsize length = env->GetStringLength(text);
  std::vector<jchar> units(static_cast<std::size_t>(length));
  env->GetStringRegion(text, 0, length, units.data());
  check(env);
  return topiceval::utf16ToUtf8(std::span<const uint16_t>(units.data(), units.size()));
}

jstring toJava(JNIEnv* env, const std::string& text) { return require(env, newJavaString(env, text)); }

template <typename Array, typename Element>
std::vector<Element> toVector(JNIEnv* env, Array array, void (JNIEnv::*get)(Array, jsize, jsize, Element*)) {
  const jsize length = env->GetArrayLength(array);
  std::vector<Element> values(static_cast<std::size_t>(length));
  (env->*get)(array, 0, length, values.data());
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

jobjectArray toJava(JNIEnv* env, const std::vector<std::string>& values) {
  jclass stringType = require(env, env->FindClass("java/lang/String"));
  jobjectArray array = require(env, env->NewObjectArray(static_cast<jsize>(values.size()), stringType, nullptr));
  for (std::size_t i = 0; i < values.size(); ++i) {
    jstring text = toJava(env, values[i]);
    env->SetObjectArrayElement(array, static_cast<jsize>(i), text);
    env->DeleteLocalRef(text);
    check(env);
  }
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

// A Java object's field by name and JNI signature.
jfieldID field(JNIEnv* env, jclass type, const char* name, const char* signature) {
  return require(env, env->GetFieldID(type, name, signature));
}

// The class name of `object` ("java.lang.Integer"), for messages.
std::string className(JNIEnv* env, jobject object) {
  jclass type = require(env, env->GetObjectClass(object));
  jclass classType = require(env, env->FindClass("java/lang/Class"));
  const jmethodID getName = require(env, env->GetMethodID(classType, "getName", "()Ljava/lang/String;"));
  auto name = static_cast<jstring>(env->CallObjectMethod(type, getName));
  check(env);
  return name != nullptr ? toUtf8(env, name, "a class name") : "an object";
}

// An org.topiceval.TopicModelData as the library's model (MALLET's arrays, their order kept).
Model toModel(JNIEnv* env, jobject data) {
  if (data == nullptr) throw topiceval::SettingError("model", "is null");
  jclass type = require(env, env->FindClass("org/topiceval/TopicModelData"));
  if (!env->IsInstanceOf(data, type))
    throw topiceval::SettingError("model", "is a " + className(env, data) +
                                               ", not a TopicModelData or a model file's path (String)");
  Model::MalletArrays arrays;
  arrays.numTopics = env->GetIntField(data, field(env, type, "numTopics", "I"));
  auto alpha = static_cast<jdoubleArray>(env->GetObjectField(data, field(env, type, "alpha", "[D")));
  auto tokensPerTopic = static_cast<jintArray>(env->GetObjectField(data, field(env, type, "tokensPerTopic", "[I")));
  auto rows = static_cast<jobjectArray>(env->GetObjectField(data, field(env, type, "typeTopicCounts", "[[I")));
  auto words = static_cast<jobjectArray>(env->GetObjectField(data, field(env, type, "words", "[Ljava/lang/String;")));
  check(env);
  if (alpha == nullptr) throw topiceval::SettingError("model.alpha", "is null");
  if (tokensPerTopic == nullptr) throw topiceval::SettingError("model.tokensPerTopic", "is null");
  if (rows == nullptr) throw topiceval::SettingError("model.typeTopicCounts", "is null");
  arrays.alpha = toVector<jdoubleArray, double>(env, alpha, &JNIEnv::GetDoubleArrayRegion);
  const auto tokens = toVector<jintArray, jint>(env, tokensPerTopic, &JNIEnv::GetIntArrayRegion);
  arrays.tokensPerTopic.assign(tokens.begin(), tokens.end());
  const jsize types = env->GetArrayLength(rows);
  for (jsize t = 0; t < types; ++t) {
    auto row = static_cast<jintArray>(env->GetObjectArrayElement(rows, t));
    check(env);
    arrays.presentRows.push_back(row != nullptr);
    if (row == nullptr) {
      arrays.typeTopicCounts.emplace_back();
      continue;
    }
    const auto packed = toVector<jintArray, jint>(env, row, &JNIEnv::GetIntArrayRegion);
    arrays.typeTopicCounts.emplace_back(packed.begin(), packed.end());
    env->DeleteLocalRef(row);
  }
  if (words != nullptr) {
    const jsize count = env->GetArrayLength(words);
    for (jsize i = 0; i < count; ++i) {
      auto word = static_cast<jstring>(env->GetObjectArrayElement(words, i));
      check(env);
      arrays.words.push_back(toUtf8(env, word, "model.words[" + std::to_string(i) + "]"));
      env->DeleteLocalRef(word);
    }
  }
  arrays.beta = env->GetDoubleField(data, field(env, type, "beta", "D"));
  arrays.alphaSum = env->GetDoubleField(data, field(env, type, "alphaSum", "D"));
  arrays.betaSum = env->GetDoubleField(data, field(env, type, "betaSum", "D"));
  check(env);
  return Model::fromMalletArrays(std::move(arrays));
}

Documents toDocuments(JNIEnv* env, jobjectArray documents) {
  if (documents == nullptr) throw topiceval::SettingError("documents", "are null");
  topiceval::DocumentsBuilder builder;
  const jsize count = env->GetArrayLength(documents);
  for (jsize d = 0; d < count; ++d) {
    auto document = static_cast<jintArray>(env->GetObjectArrayElement(documents, d));
    check(env);
    if (document == nullptr) throw topiceval::SettingError("documents[" + std::to_string(d) + "]", "is null");
    const auto ids = toVector<jintArray, jint>(env, document, &JNIEnv::GetIntArrayRegion);
    builder.add(std::span<const int32_t>(reinterpret_cast<const int32_t*>(ids.data()), ids.size()));
    env->DeleteLocalRef(document);
  }
  return builder.build();
}

// A command's options from its generated options class (EvaluationOptions,
// DiagnosticsOptions, CoherenceOptions: fields from the same declarations):
// a null field is not given.
topiceval::OptionValues toOptions(JNIEnv* env, jobject options, const std::string& command) {
  const topiceval::CommandSpec& spec = topiceval::commandSpec(command);
  const std::vector<std::string>& objects = topiceval::objectOptions(command);
  std::map<std::string, std::vector<std::string>> given;
  if (options == nullptr) return topiceval::OptionValues(spec, given, objects);
  jclass type = require(env, env->GetObjectClass(options));
  jclass objectType = require(env, env->FindClass("java/lang/Object"));
  const jmethodID toString = require(env, env->GetMethodID(objectType, "toString", "()Ljava/lang/String;"));
  for (const topiceval::OptionSpec& option : spec.options) {
    if (option.commandLineOnly || topiceval::suppliedAsObject(command, option.name)) continue;
    const std::string name = topiceval::javaName(option.name);
    // The field's type is whatever the generator gave it: every boxed value reads as text.
    jfieldID id = nullptr;
    for (const char* signature : {"Ljava/lang/Integer;", "Ljava/lang/Long;", "Ljava/lang/Double;",
                                  "Ljava/lang/Boolean;", "Ljava/lang/String;"}) {
      id = env->GetFieldID(type, name.c_str(), signature);
      if (id != nullptr) break;
      env->ExceptionClear();
    }
    if (id == nullptr) throw std::logic_error("the options class of " + command + " has no field " + name);
    const jobject value = env->GetObjectField(options, id);
    check(env);
    if (value == nullptr) continue;
    auto text = static_cast<jstring>(env->CallObjectMethod(value, toString));
    given[option.name] = {toUtf8(env, text, "options." + name)};
    env->DeleteLocalRef(text);
    env->DeleteLocalRef(value);
  }
  if (command != "evaluate") return topiceval::OptionValues(spec, given, objects);
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
      const topiceval::OptionSpec* option = topiceval::findOption(spec, key);
      if (option == nullptr || option->kind != topiceval::OptionKind::EstimatorSetting)
        throw topiceval::SettingError(key, "is not a setting of any estimator (see topiceval evaluate --help)");
      given[key] = {toUtf8(env, value, "options.settings[\"" + key + "\"]")};
    }
  }
  return topiceval::OptionValues(spec, given, objects);
}

// A model given as a path (String) or as MALLET's arrays (TopicModelData).
topiceval::ModelSource toModelSource(JNIEnv* env, jobject model) {
  if (model == nullptr) throw topiceval::SettingError("model", "is null");
  jclass stringType = require(env, env->FindClass("java/lang/String"));
  if (env->IsInstanceOf(model, stringType)) return toUtf8(env, static_cast<jstring>(model), "model");
  return toModel(env, model);  // which names another class (a field looked up on it would throw NoSuchFieldError)
}

// Models given as paths (String) or TopicModelData, each named by `names` (or
// null): a model in memory without a name is "model N", as in Python. A null
// model is named by its argument: models[i], or arguments[i] where given
// (compare's modelA and modelB).
std::vector<topiceval::ModelSource> toModelSources(JNIEnv* env, jobjectArray models, jobjectArray names,
                                                   const std::vector<std::string>& arguments = {}) {
  if (models == nullptr) throw topiceval::SettingError("models", "are null");
  const jsize count = env->GetArrayLength(models);
  const jsize named = names != nullptr ? env->GetArrayLength(names) : 0;
  if (names != nullptr && named != count)
    throw topiceval::SettingError("names", "has " + std::to_string(named) + " names for " + std::to_string(count) +
                                               " models");
  std::vector<topiceval::ModelSource> sources;
  for (jsize m = 0; m < count; ++m) {
    jobject model = env->GetObjectArrayElement(models, m);
    check(env);
    const std::string argument = static_cast<std::size_t>(m) < arguments.size()
                                     ? arguments[static_cast<std::size_t>(m)]
                                     : "models[" + std::to_string(m) + "]";
    if (model == nullptr) throw topiceval::SettingError(argument, "is null");
    topiceval::ModelSource source = toModelSource(env, model);
    env->DeleteLocalRef(model);
    auto name = names != nullptr ? static_cast<jstring>(env->GetObjectArrayElement(names, m)) : nullptr;
    check(env);
    if (name != nullptr) {
      source.name = toUtf8(env, name, "names[" + std::to_string(m) + "]");
      env->DeleteLocalRef(name);
    }
    if (source.model && source.name.empty()) source.name = "model " + std::to_string(m + 1);
    sources.push_back(std::move(source));
  }
  return sources;
}

// Documents given as a file's path (String) or as type indices (int[][]).
topiceval::DocumentsSource toDocumentsSource(JNIEnv* env, jobject documents) {
  if (documents == nullptr) throw topiceval::SettingError("documents", "are null");
  jclass stringType = require(env, env->FindClass("java/lang/String"));
  return env->IsInstanceOf(documents, stringType)
             ? topiceval::DocumentsSource(toUtf8(env, static_cast<jstring>(documents), "documents"))
             : topiceval::DocumentsSource(toDocuments(env, static_cast<jobjectArray>(documents)));
}

jobjectArray toJava(JNIEnv* env, const std::vector<std::vector<std::string>>& rows) {
  jclass rowType = require(env, env->FindClass("[Ljava/lang/String;"));
  jobjectArray array = require(env, env->NewObjectArray(static_cast<jsize>(rows.size()), rowType, nullptr));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    jobjectArray row = toJava(env, rows[i]);
    env->SetObjectArrayElement(array, static_cast<jsize>(i), row);
    env->DeleteLocalRef(row);
    check(env);
  }
  return array;
}

jobjectArray toJava(JNIEnv* env, const std::vector<std::vector<double>>& rows) {
  jclass rowType = require(env, env->FindClass("[D"));
  jobjectArray array = require(env, env->NewObjectArray(static_cast<jsize>(rows.size()), rowType, nullptr));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    jdoubleArray row = toJava(env, rows[i]);
    env->SetObjectArrayElement(array, static_cast<jsize>(i), row);
    env->DeleteLocalRef(row);
    check(env);
  }
  return array;
}

topiceval::EvaluateResult evaluateFromJava(JNIEnv* env, jobject modelData, jobjectArray documentData, jobject options) {
  topiceval::EvaluateRequest request = topiceval::evaluateRequest(toOptions(env, options, "evaluate"));
  request.model = toModel(env, modelData);
  request.documents = toDocuments(env, documentData);
  return topiceval::evaluate(request);
}

// A result as its generated Java class (java-bridge/result_classes.hpp): every
// field set by walking the one description the class was generated from.
jobject fillResult(JNIEnv* env, const topiceval::java_results::ResultClass& described, const void* source) {
  using topiceval::java_results::JavaType;
  using topiceval::java_results::JavaValue;
  const auto className = [](const std::string& name) {
    std::string path = "org/topiceval/" + name;
    for (char& c : path) c = c == '.' ? '$' : c;
    return path;
  };
  // A frame of its own: a result of many documents holds no more local references than one document's.
  if (env->PushLocalFrame(32) != 0) throw JavaExceptionPending{};
  jclass type = require(env, env->FindClass(className(described.name).c_str()));
  jobject object = require(env, env->AllocObject(type));
  for (const auto& entry : described.fields) {
    if (entry.type == JavaType::Object || entry.type == JavaType::ObjectArray) {
      const std::string nested = className(entry.nested->name);
      const std::vector<const void*> elements = entry.elements(source);
      if (entry.type == JavaType::Object) {
        if (elements.empty()) continue;  // null
        env->SetObjectField(object, field(env, type, entry.name.c_str(), ("L" + nested + ";").c_str()),
                            fillResult(env, *entry.nested, elements.front()));
      } else {
        jclass elementType = require(env, env->FindClass(nested.c_str()));
        jobjectArray array =
            require(env, env->NewObjectArray(static_cast<jsize>(elements.size()), elementType, nullptr));
        for (std::size_t i = 0; i < elements.size(); ++i) {
          jobject element = fillResult(env, *entry.nested, elements[i]);
          env->SetObjectArrayElement(array, static_cast<jsize>(i), element);
          env->DeleteLocalRef(element);
          check(env);
        }
        env->SetObjectField(object, field(env, type, entry.name.c_str(), ("[L" + nested + ";").c_str()), array);
      }
      check(env);
      continue;
    }
    const JavaValue value = entry.value(source);
    const char* name = entry.name.c_str();
    if (std::holds_alternative<std::monostate>(value)) continue;  // null
    switch (entry.type) {
      case JavaType::Int:
        env->SetIntField(object, field(env, type, name, "I"), static_cast<jint>(std::get<int64_t>(value)));
        break;
      case JavaType::Long: env->SetLongField(object, field(env, type, name, "J"), std::get<int64_t>(value)); break;
      case JavaType::Double: env->SetDoubleField(object, field(env, type, name, "D"), std::get<double>(value)); break;
      case JavaType::Boolean:
        env->SetBooleanField(object, field(env, type, name, "Z"), std::get<bool>(value) ? JNI_TRUE : JNI_FALSE);
        break;
      case JavaType::String:
        env->SetObjectField(object, field(env, type, name, "Ljava/lang/String;"),
                            toJava(env, std::get<std::string>(value)));
        break;
      case JavaType::BoxedDouble: {
        jclass boxed = require(env, env->FindClass("java/lang/Double"));
        const jmethodID valueOf = require(env, env->GetStaticMethodID(boxed, "valueOf", "(D)Ljava/lang/Double;"));
        env->SetObjectField(object, field(env, type, name, "Ljava/lang/Double;"),
                            require(env, env->CallStaticObjectMethod(boxed, valueOf, std::get<double>(value))));
        break;
      }
      case JavaType::DoubleArray:
        env->SetObjectField(object, field(env, type, name, "[D"), toJava(env, std::get<std::vector<double>>(value)));
        break;
      case JavaType::LongArray: {
        const auto& values = std::get<std::vector<int64_t>>(value);
        const std::vector<jlong> longs(values.begin(), values.end());
        jlongArray array = require(env, env->NewLongArray(static_cast<jsize>(longs.size())));
        env->SetLongArrayRegion(array, 0, static_cast<jsize>(longs.size()), longs.data());
        env->SetObjectField(object, field(env, type, name, "[J"), array);
        break;
      }
      case JavaType::BooleanArray: {
        const auto& values = std::get<std::vector<bool>>(value);
        std::vector<jboolean> flags;
        for (const bool flag : values) flags.push_back(flag ? JNI_TRUE : JNI_FALSE);
        jbooleanArray array = require(env, env->NewBooleanArray(static_cast<jsize>(flags.size())));
        env->SetBooleanArrayRegion(array, 0, static_cast<jsize>(flags.size()), flags.data());
        env->SetObjectField(object, field(env, type, name, "[Z"), array);
        break;
      }
      case JavaType::StringArray:
        env->SetObjectField(object, field(env, type, name, "[Ljava/lang/String;"),
                            toJava(env, std::get<std::vector<std::string>>(value)));
        break;
      case JavaType::IntArray: {
        const auto& values = std::get<std::vector<int64_t>>(value);
        const std::vector<int32_t> ints(values.begin(), values.end());
        env->SetObjectField(object, field(env, type, name, "[I"), toJava(env, std::span<const int32_t>(ints)));
        break;
      }
      case JavaType::StringMatrix:
        env->SetObjectField(object, field(env, type, name, "[[Ljava/lang/String;"),
                            toJava(env, std::get<std::vector<std::vector<std::string>>>(value)));
        break;
      case JavaType::DoubleMatrix:
        env->SetObjectField(object, field(env, type, name, "[[D"),
                            toJava(env, std::get<std::vector<std::vector<double>>>(value)));
        break;
      default: break;
    }
    check(env);
  }
  return env->PopLocalFrame(object);
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
    const int status = topiceval::commands::runCommand(name, values, out, err);
    jclass type = require(env, env->FindClass("org/topiceval/CommandResult"));
    jmethodID constructor = require(env, env->GetMethodID(type, "<init>", "(ILjava/lang/String;Ljava/lang/String;)V"));
    return require(env, env->NewObject(type, constructor, static_cast<jint>(status), toJava(env, out.str()),
                                       toJava(env, err.str())));
  });
}

JNIEXPORT jobject JNICALL Java_org_topiceval_NativeBridge_readModel(JNIEnv* env, jclass, jstring path) {
  return guarded<jobject>(env, [&]() -> jobject {
    const Model model = Model::read(toUtf8(env, path, "the path"));
    const Model::MalletArrays arrays = model.malletArrays();
    jclass type = require(env, env->FindClass("org/topiceval/TopicModelData"));
    jobject data = require(env, env->AllocObject(type));
    env->SetIntField(data, field(env, type, "numTopics", "I"), arrays.numTopics);
    env->SetObjectField(data, field(env, type, "alpha", "[D"), toJava(env, arrays.alpha));
    env->SetDoubleField(data, field(env, type, "alphaSum", "D"), arrays.alphaSum);
    env->SetDoubleField(data, field(env, type, "beta", "D"), arrays.beta);
    env->SetDoubleField(data, field(env, type, "betaSum", "D"), arrays.betaSum);
    env->SetObjectField(data, field(env, type, "tokensPerTopic", "[I"),
                        toJava(env, std::span<const int32_t>(arrays.tokensPerTopic)));
    std::vector<jintArray> rows;
    rows.reserve(arrays.typeTopicCounts.size());
    for (std::size_t t = 0; t < arrays.typeTopicCounts.size(); ++t)
      rows.push_back(arrays.presentRows[t] ? toJava(env, std::span<const int32_t>(arrays.typeTopicCounts[t]))
                                           : nullptr);
    env->SetObjectField(data, field(env, type, "typeTopicCounts", "[[I"), toJava(env, std::move(rows)));
    if (!arrays.words.empty())
      env->SetObjectField(data, field(env, type, "words", "[Ljava/lang/String;"), toJava(env, arrays.words));
    check(env);
    return data;
  });
}

JNIEXPORT void JNICALL Java_org_topiceval_NativeBridge_saveModel(JNIEnv* env, jclass, jobject data, jstring path) {
  guarded<int>(env, [&]() -> int {
    const Model model = toModel(env, data);
    topiceval::output::OutputFile file(toUtf8(env, path, "the path"), "save", {}, std::cout);
    writeModel(model, file.stream());
    file.commit();
    return 0;
  });
}

JNIEXPORT jobjectArray JNICALL Java_org_topiceval_NativeBridge_readDocuments(JNIEnv* env, jclass, jstring path) {
  return guarded<jobjectArray>(env, [&]() -> jobjectArray {
    const Documents documents = Documents::read(toUtf8(env, path, "the path"));
    std::vector<jintArray> rows;
    for (std::size_t d = 0; d < documents.size(); ++d) rows.push_back(toJava(env, documents.tokens(d)));
    return toJava(env, std::move(rows));
  });
}

JNIEXPORT jdoubleArray JNICALL Java_org_topiceval_NativeBridge_evaluate(JNIEnv* env, jclass, jobject modelData,
                                                                        jobjectArray documentData, jobject options) {
  return guarded<jdoubleArray>(env, [&]() -> jdoubleArray {
    const topiceval::EvaluateResult result = evaluateFromJava(env, modelData, documentData, options);
    std::vector<double> values;
    for (const auto& document : result.documents) values.push_back(document.logLikelihood);
    return toJava(env, values);
  });
}

JNIEXPORT jobject JNICALL Java_org_topiceval_NativeBridge_evaluateDetailed(JNIEnv* env, jclass, jobject modelData,
                                                                           jobjectArray documentData, jobject options) {
  return guarded<jobject>(env, [&]() -> jobject {
    const topiceval::EvaluateResult result = evaluateFromJava(env, modelData, documentData, options);
    return fillResult(env, topiceval::java_results::evaluationClass(), &result);
  });
}

JNIEXPORT jdoubleArray JNICALL Java_org_topiceval_NativeBridge_evaluateLikeMallet(JNIEnv* env, jclass,
                                                                                  jobject modelData,
                                                                                  jobjectArray documentData,
                                                                                  jint particles, jboolean resampling,
                                                                                  jint seed, jint threads) {
  return guarded<jdoubleArray>(env, [&]() -> jdoubleArray {
    topiceval::EvaluateTopicsRequest request;
    request.model = toModel(env, modelData);
    request.documents = toDocuments(env, documentData);
    request.particles = particles;
    request.resampling = resampling != JNI_FALSE;
    request.seed = seed;
    request.threads = threads;
    return toJava(env, topiceval::evaluateTopics(request).documentLogLikelihoods);
  });
}

JNIEXPORT jobjectArray JNICALL Java_org_topiceval_NativeBridge_inferTopics(JNIEnv* env, jclass, jobject model,
                                                                           jobject documents, jint iterations,
                                                                           jint sampleInterval, jint burnIn, jint seed,
                                                                           jint threads) {
  return guarded<jobjectArray>(env, [&]() -> jobjectArray {
    topiceval::InferTopicsRequest request;
    request.model = toModelSource(env, model);
    request.inferencerOnly = false;
    if (documents == nullptr) throw topiceval::SettingError("documents", "are null");
    jclass stringType = require(env, env->FindClass("java/lang/String"));
    request.documents = env->IsInstanceOf(documents, stringType)
                            ? topiceval::DocumentsSource(toUtf8(env, static_cast<jstring>(documents), "documents"))
                            : topiceval::DocumentsSource(toDocuments(env, static_cast<jobjectArray>(documents)));
    request.iterations = iterations;
    request.sampleInterval = sampleInterval;
    request.burnIn = burnIn;
    request.seed = seed;
    request.threads = threads;
    const topiceval::InferTopicsResult result = topiceval::inferTopics(request);
    jclass rowType = require(env, env->FindClass("[D"));
    jobjectArray rows = require(env, env->NewObjectArray(static_cast<jsize>(result.documents), rowType, nullptr));
    const auto topics = static_cast<std::size_t>(result.topics);
    for (std::size_t d = 0; d < result.documents; ++d) {
      const std::vector<double> row(result.proportions.begin() + static_cast<std::ptrdiff_t>(d * topics),
                                    result.proportions.begin() + static_cast<std::ptrdiff_t>((d + 1) * topics));
      jdoubleArray values = toJava(env, row);
      env->SetObjectArrayElement(rows, static_cast<jsize>(d), values);
      env->DeleteLocalRef(values);
      check(env);
    }
    return rows;
  });
}

JNIEXPORT jobject JNICALL Java_org_topiceval_NativeBridge_diagnostics(JNIEnv* env, jclass, jobject model,
                                                                      jobject options) {
  return guarded<jobject>(env, [&]() -> jobject {
    topiceval::DiagnosticsRequest request = topiceval::diagnosticsRequest(toOptions(env, options, "diagnostics"));
    request.model = toModelSource(env, model);
    const topiceval::DiagnosticsResult result = topiceval::diagnostics(request);
    return fillResult(env, topiceval::java_results::diagnosticsClass(), &result);
  });
}

JNIEXPORT jobject JNICALL Java_org_topiceval_NativeBridge_select(JNIEnv* env, jclass, jobjectArray models,
                                                                 jobjectArray names, jobject documents,
                                                                 jobject options) {
  return guarded<jobject>(env, [&]() -> jobject {
    topiceval::SelectRequest request = topiceval::selectRequest(toOptions(env, options, "select"));
    request.models = toModelSources(env, models, names);
    request.documents = toDocumentsSource(env, documents);
    const topiceval::SelectResult result = topiceval::select(request);
    return fillResult(env, topiceval::java_results::selectionClass(), &result);
  });
}

JNIEXPORT jobject JNICALL Java_org_topiceval_NativeBridge_compare(JNIEnv* env, jclass, jobjectArray models,
                                                                  jobject documents, jobject options) {
  return guarded<jobject>(env, [&]() -> jobject {
    topiceval::CompareRequest request = topiceval::compareRequest(toOptions(env, options, "compare"));
    std::vector<topiceval::ModelSource> sources = toModelSources(env, models, nullptr, {"modelA", "modelB"});
    request.modelA = std::move(sources.at(0));
    request.modelB = std::move(sources.at(1));
    request.documents = toDocumentsSource(env, documents);
    const topiceval::CompareResult result = topiceval::compare(request);
    return fillResult(env, topiceval::java_results::comparisonClass(), &result);
  });
}

JNIEXPORT jobject JNICALL Java_org_topiceval_NativeBridge_curve(JNIEnv* env, jclass, jobjectArray models,
                                                                jobjectArray names, jobject documents,
                                                                jobject options) {
  return guarded<jobject>(env, [&]() -> jobject {
    topiceval::CurveRequest request = topiceval::curveRequest(toOptions(env, options, "curve"));
    request.models = toModelSources(env, models, names);
    request.documents = toDocumentsSource(env, documents);
    const topiceval::CurveResult result = topiceval::curve(request);
    const topiceval::java_results::CurveRows rows(result);
    return fillResult(env, topiceval::java_results::curveClass(), &rows);
  });
}

JNIEXPORT jobject JNICALL Java_org_topiceval_NativeBridge_coherence(JNIEnv* env, jclass, jobject model,
                                                                    jobjectArray texts, jobjectArray words,
                                                                    jobject options) {
  return guarded<jobject>(env, [&]() -> jobject {
    topiceval::CoherenceRequest request = topiceval::coherenceRequest(toOptions(env, options, "coherence"));
    request.model = toModelSource(env, model);
    if (texts != nullptr) {
      if (words == nullptr) throw topiceval::SettingError("words", "are null (the words behind the texts' ids)");
      std::vector<std::string> vocabulary;
      const jsize count = env->GetArrayLength(words);
      for (jsize i = 0; i < count; ++i) {
        auto word = static_cast<jstring>(env->GetObjectArrayElement(words, i));
        check(env);
        vocabulary.push_back(toUtf8(env, word, "words[" + std::to_string(i) + "]"));
        env->DeleteLocalRef(word);
      }
      request.texts = topiceval::DocumentsSource(toDocuments(env, texts).withWords(std::move(vocabulary)));
    }
    const topiceval::CoherenceResult result = topiceval::coherence(request);
    return fillResult(env, topiceval::java_results::coherenceClass(), &result);
  });
}

JNIEXPORT jobject JNICALL Java_org_topiceval_NativeBridge_browse(JNIEnv* env, jclass, jobjectArray models,
                                                                 jobjectArray names, jstring page, jstring json,
                                                                 jobject options) {
  return guarded<jobject>(env, [&]() -> jobject {
    topiceval::BrowseRequest request = topiceval::browseRequest(toOptions(env, options, "browse"));
    request.models = toModelSources(env, models, names);
    // Both files are opened before any work, as the command line opens them.
    std::vector<std::string> inputs = {request.reference};
    for (const auto& source : request.models) inputs.push_back(source.path);
    for (const auto& documents : {request.texts, request.heldOut}) {
      if (documents) inputs.push_back(documents->path);
    }
    std::ostringstream discarded;
    std::optional<topiceval::output::OutputFile> pageFile, jsonFile;
    if (page != nullptr) pageFile.emplace(toUtf8(env, page, "page"), "page", inputs, discarded);
    if (json != nullptr) jsonFile.emplace(toUtf8(env, json, "json"), "json", inputs, discarded);
    const topiceval::BrowseResult result = topiceval::browse(request);
    const topiceval::ClassicLocale classic;
    if (pageFile) topiceval::writeBrowsePage(pageFile->stream(), result);
    if (jsonFile) {
      topiceval::writeBrowseJson(jsonFile->stream(), result);
      jsonFile->commit();
    }
    if (pageFile) pageFile->commit();
    return fillResult(env, topiceval::java_results::browseClass(), &result);
  });
}

}  // extern "C"
