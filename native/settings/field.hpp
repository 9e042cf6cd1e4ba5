// SPDX-License-Identifier: Apache-2.0
#pragma once
// Declarations that own a request field. A declaration made with a Field
// (TOPICEVAL_FIELD(EvaluateRequest, maxDoublings)) carries a FieldBinding:
// how to fill the field from the values given, and how to check the value a
// C++ caller set, both by the declaration's own kind, range and choices (the
// rules of native/settings/settings.hpp). The field's type says how its text
// reads: whole numbers, reals, true/false, text and sources as themselves, a
// list one value (or comma-separated choice) at a time; an optional field is
// "not given" until set, and has no default.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "native/settings/settings.hpp"
#include "topiceval/choices.hpp"

namespace topiceval {

template <class Request, class T>
struct Field {
  T Request::*member;
  const char* name;  // the C++ name: "maxDoublings"
};
#define TOPICEVAL_FIELD(Request, member) \
  ::topiceval::Field<Request, decltype(Request::member)> { &Request::member, #member }

namespace field_rules {

template <class T>
struct Optional : std::false_type {};
template <class T>
struct Optional<std::optional<T>> : std::true_type {
  using type = T;
};
template <class T>
struct List : std::false_type {};
template <class T>
struct List<std::vector<T>> : std::true_type {
  using type = T;
};

template <class T>
T fromText(const std::string& text) {
  if constexpr (std::is_same_v<T, bool>) {
    return *parseTruth(text);
  } else if constexpr (std::is_enum_v<T>) {
    return *choiceFromSpelling<T>(text);
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(*parseWhole(text));
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(*parseReal(text));
  } else {
    return T(text);
  }
}

template <class T>
std::string defaultText(const T& value) {
  if constexpr (Optional<T>::value) {
    return value ? defaultText(*value) : std::string();
  } else if constexpr (std::is_same_v<T, bool>) {
    return value ? "true" : "false";
  } else if constexpr (std::is_enum_v<T>) {
    return std::string(spellingOf(value));
  } else if constexpr (std::is_integral_v<T>) {
    return std::to_string(value);
  } else if constexpr (std::is_floating_point_v<T>) {
    return numberText(value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return value;
  } else {
    return std::string();
  }
}

inline int64_t bound(double limit) {
  if (limit <= -9.2e18) return std::numeric_limits<int64_t>::min();
  if (limit >= 9.2e18) return std::numeric_limits<int64_t>::max();
  return static_cast<int64_t>(limit);
}

template <class T>
void check(const T& value, const OptionSpec& spec, const std::string& name) {
  if constexpr (Optional<T>::value) {
    if (value) check(*value, spec, name);
  } else if constexpr (std::is_same_v<T, bool> || std::is_enum_v<T>) {
    // (An enum holds one of its choices by its type.)
  } else if constexpr (std::is_integral_v<T>) {
    int64_t whole = 0;
    if constexpr (std::is_unsigned_v<T> && sizeof(T) >= sizeof(int64_t)) {
      whole = value > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) ? std::numeric_limits<int64_t>::max()
                                                                                 : static_cast<int64_t>(value);
    } else {
      whole = static_cast<int64_t>(value);
    }
    checkSettingRange(name, whole, bound(spec.least), bound(spec.most));
  } else if constexpr (std::is_floating_point_v<T>) {
    checkRealRange(name, static_cast<double>(value), spec.least, spec.most);
  } else if constexpr (std::is_same_v<T, std::string>) {
    // An empty choice is one not made (the estimator's own default, no completion).
    if (spec.kind == OptionKind::Choice && !value.empty()) checkChoice(name, value, spec.choices);
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    if (!spec.choices.empty()) {
      for (const std::string& item : value) {
        OptionSpec named = spec;
        named.name = name;
        checkValue(named, item);
      }
    }
  }
}

template <class T>
void assign(T& field, const std::vector<std::string>& values, bool commaSeparated) {
  if constexpr (List<T>::value) {
    field.clear();
    for (const std::string& value : values) {
      if (!commaSeparated) {
        field.push_back(fromText<typename List<T>::type>(value));
        continue;
      }
      std::size_t start = 0;
      while (start <= value.size()) {  // "c_v,u_mass" names two
        const std::size_t comma = std::min(value.find(',', start), value.size());
        if (comma > start) field.push_back(fromText<typename List<T>::type>(value.substr(start, comma - start)));
        start = comma + 1;
      }
    }
  } else if constexpr (Optional<T>::value) {
    field = fromText<typename Optional<T>::type>(values.front());
  } else {
    field = fromText<T>(values.front());
  }
}

}  // namespace field_rules

// The spellings of `Choice` a declaration offers (all, or those after the
// first when the first means "none" and is chosen by giving nothing).
template <class Choice>
std::vector<std::string> spellingsOf(std::size_t from = 0) {
  std::vector<std::string> names;
  for (std::size_t i = from; i < ChoiceSpellings<Choice>::names.size(); ++i)
    names.emplace_back(ChoiceSpellings<Choice>::names[i]);
  return names;
}

// `spec` bound to `field`: its default (unless the declaration gives one) is
// the request struct's own, so a default is written once.
template <class Request, class T>
OptionSpec bindField(OptionSpec spec, Field<Request, T> field, bool defaultFromRequest = true) {
  auto binding = std::make_shared<FieldBinding>();
  binding->request = typeid(Request);
  binding->field = field.name;
  const auto member = field.member;
  const bool commaSeparated = !spec.choices.empty();
  binding->assign = [member, commaSeparated](void* request, const std::vector<std::string>& values) {
    field_rules::assign(static_cast<Request*>(request)->*member, values, commaSeparated);
  };
  binding->check = [member](const void* request, const OptionSpec& declared) {
    const std::string& name = declared.setting.empty() ? declared.name : declared.setting;
    field_rules::check(static_cast<const Request*>(request)->*member, declared, name);
  };
  binding->read = [member](const void* request) {
    return field_rules::defaultText(static_cast<const Request*>(request)->*member);
  };
  if (defaultFromRequest && spec.defaultValue.empty()) spec.defaultValue = field_rules::defaultText(Request{}.*member);
  spec.binding = std::move(binding);
  return spec;
}


// `spec` as a list of whole numbers bound to `field` (--ranks 8,64,512, or
// 8 64 512 as several values): each within the declaration's range, and at
// least one. `item` names one in messages ("rank count"), `example` shows a
// list ("8,64,512"); the default is the request struct's.
template <class Request, class T>
OptionSpec bindWholeList(OptionSpec spec, Field<Request, std::vector<T>> field, const std::string& item,
                         const std::string& example) {
  static_assert(std::is_integral_v<T>);
  spec.kind = OptionKind::List;
  auto binding = std::make_shared<FieldBinding>();
  binding->request = typeid(Request);
  binding->field = field.name;
  const auto member = field.member;
  const int64_t least = field_rules::bound(spec.least), most = field_rules::bound(spec.most);
  const std::string name = spec.setting.empty() ? spec.name : spec.setting;
  const std::string refusal =
      "takes " + item + "s from " + std::to_string(least) + " to " + std::to_string(most) + ", like " + example + ", not '";
  binding->assign = [member, least, most, name, refusal](void* request, const std::vector<std::string>& values) {
    std::vector<T>& list = static_cast<Request*>(request)->*member;
    list.clear();
    for (const std::string& value : values) {
      // Every comma separates two items: "8," and ",8" hold an empty one, refused.
      std::size_t start = 0;
      while (start <= value.size()) {
        const std::size_t comma = std::min(value.find(',', start), value.size());
        const std::string text = value.substr(start, comma - start);
        const std::optional<int64_t> number = parseWhole(text);
        if (!number || *number < least || *number > most) throw SettingError(name, refusal + text + "'");
        list.push_back(static_cast<T>(*number));
        start = comma + 1;
      }
    }
  };
  binding->check = [member, least, most, item](const void* request, const OptionSpec& declared) {
    const std::vector<T>& list = static_cast<const Request*>(request)->*member;
    const std::string& named = declared.setting.empty() ? declared.name : declared.setting;
    if (list.empty()) throw SettingError(named, "needs at least one " + item);
    for (const T value : list) checkSettingRange(named, static_cast<int64_t>(value), least, most);
  };
  binding->read = [member](const void* request) {
    std::string text;
    for (const T value : static_cast<const Request*>(request)->*member)
      text += (text.empty() ? "" : ",") + std::to_string(value);
    return text;
  };
  const Request defaults{};
  if (spec.defaultValue.empty()) spec.defaultValue = binding->read(&defaults);
  spec.binding = std::move(binding);
  return spec;
}

}  // namespace topiceval
