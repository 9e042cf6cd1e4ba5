// SPDX-License-Identifier: Apache-2.0
// Writes a Java options class (EvaluationOptions, DiagnosticsOptions,
// CoherenceOptions) from a command's option declarations
// (topiceval/options.hpp), at build time: every field, its type, its
// documentation and its default come from the one declaration the command
// line and Python use too. The bridge (topiceval_jni.cpp) reads the fields
// back by the same declarations.
//   topiceval-java-options COMMAND CLASS OUTPUT.java
#include <fstream>
#include <iostream>
#include <string>

#include "native/estimators/estimator_registry.hpp"
#include "topiceval/options.hpp"

namespace {

// Java's escape of a documentation comment's text.
std::string comment(std::string text) {
  std::string out;
  for (const char c : text) {
    if (c == '*') {
      out += "&#42;";
    } else if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '&') {
      out += "&amp;";
    } else if (c == '\n') {
      out += "; ";
    } else {
      out += c;
    }
  }
  return out;
}

// The field's Java type: boxed, so that null is "not given".
std::string javaType(const topiceval::OptionSpec& spec) {
  using topiceval::OptionKind;
  switch (spec.kind) {
    case OptionKind::Integer: return spec.most > 2147483647.0 ? "Long" : "Integer";
    case OptionKind::Real: return "Double";
    case OptionKind::Boolean:
    case OptionKind::Switch: return "Boolean";
    case OptionKind::EstimatorSetting:
      for (const topiceval::SharedSetting& setting : topiceval::allEstimatorSettings()) {
        if (setting.spec.name != spec.name) continue;
        if (setting.spec.kind == topiceval::OptionKind::Integer) return "Integer";
        if (setting.spec.kind == topiceval::OptionKind::Boolean) return "Boolean";
      }
      return "String";
    default: return "String";
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: topiceval-java-options COMMAND CLASS OUTPUT.java\n";
    return 2;
  }
  const std::string command = argv[1];
  const std::string className = argv[2];
  const std::string method = command == "evaluate" ? "evaluate" : command;
  std::ofstream out(argv[3]);
  out << "// SPDX-License-Identifier: " TOPICEVAL_LICENSE "\n"
         "// Generated from the " << command << " command's option declarations (include/topiceval/options.hpp)\n"
         "// by java-bridge/generate_options.cpp. Do not edit.\n"
         "package org.topiceval;\n\n"
         "/**\n"
         " * How {@link TopicEvaluator#" << method << "} runs: the options of {@code topiceval " << command
      << "}, one field each.\n"
         " * A field left {@code null} is not given, and takes the library's default (the one the command line\n"
         " * and Python take); a field set to a value is always honoured, whatever the value.\n"
         " */\n"
         "public final class " << className << " {\n";
  for (const topiceval::OptionSpec& spec : topiceval::commandSpec(command).options) {
    if (spec.commandLineOnly || topiceval::suppliedAsObject(command, spec.name)) continue;
    std::string help = spec.help;
    if (const std::string shown = topiceval::shownDefault(spec); !shown.empty()) help += " (default " + shown + ")";
    out << "  /** " << comment(topiceval::respell(help, topiceval::Spelling::Java)) << " */\n";
    out << "  public " << javaType(spec) << ' ' << topiceval::javaName(spec.name) << " = null;\n";
  }
  if (command != "evaluate") {
    out << "}\n";
    return out ? 0 : 1;
  }
  out << "  /**\n"
         "   * Any estimator setting by its registered name (as in {@code topiceval evaluate --help}, e.g.\n"
         "   * \"burn-in-sweeps\"), as text; it overrides the field of the same name.\n"
         "   */\n"
         "  public java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();\n\n"
         "  /** The settings map as name, value, name, value, ... (read by the native bridge). */\n"
         "  String[] settingsAsArray() {\n"
         "    if (settings == null) throw new TopicevalException(\"options.settings is null (leave it empty for no "
         "settings)\");\n"
         "    String[] pairs = new String[2 * settings.size()];\n"
         "    int i = 0;\n"
         "    for (java.util.Map.Entry<String, String> entry : settings.entrySet()) {\n"
         "      if (entry.getKey() == null) throw new TopicevalException(\"options.settings has a null name\");\n"
         "      if (entry.getValue() == null)\n"
         "        throw new TopicevalException(\"options.settings[\\\"\" + entry.getKey() + \"\\\"] is null\");\n"
         "      pairs[i++] = entry.getKey();\n"
         "      pairs[i++] = entry.getValue();\n"
         "    }\n"
         "    return pairs;\n"
         "  }\n"
         "}\n";
  return out ? 0 : 1;
}
