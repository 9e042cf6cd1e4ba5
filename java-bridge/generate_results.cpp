// SPDX-License-Identifier: Apache-2.0
// Writes a Java result class (Evaluation...) and its nested classes from their
// one description (java-bridge/result_classes.hpp), at build time; the bridge
// (topiceval_jni.cpp) fills them by walking the same description.
//   topiceval-java-results CLASS OUTPUT.java
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include "java-bridge/result_classes.hpp"

namespace {

using topiceval::java_results::JavaType;
using topiceval::java_results::ResultClass;

std::string simpleName(const std::string& name) { return name.substr(name.rfind('.') + 1); }

// A described class's Java name from the file of `root`: its own nested classes by their simple names, another
// file's (Evaluation.ModelReport, shared by every result that reports a model) by the outer class too.
std::string javaClassName(const ResultClass& described, const ResultClass& root) {
  return described.name.starts_with(root.name + ".") ? simpleName(described.name) : described.name;
}

std::string javaType(const topiceval::java_results::ResultField& field, const ResultClass& root) {
  switch (field.type) {
    case JavaType::Int: return "int";
    case JavaType::Long: return "long";
    case JavaType::Double: return "double";
    case JavaType::Boolean: return "boolean";
    case JavaType::String: return "String";
    case JavaType::BoxedDouble: return "Double";
    case JavaType::DoubleArray: return "double[]";
    case JavaType::LongArray: return "long[]";
    case JavaType::BooleanArray: return "boolean[]";
    case JavaType::StringArray: return "String[]";
    case JavaType::IntArray: return "int[]";
    case JavaType::StringMatrix: return "String[][]";
    case JavaType::DoubleMatrix: return "double[][]";
    case JavaType::Object: return javaClassName(*field.nested, root);
    case JavaType::ObjectArray: return javaClassName(*field.nested, root) + "[]";
  }
  return "Object";
}

void writeFields(std::ostream& out, const ResultClass& described, const ResultClass& root, const std::string& indent) {
  for (const auto& field : described.fields) {
    if (!field.replacedBy.empty()) {
      out << indent << "/** @deprecated Read {@code " << field.replacedBy << "} (the same value). */\n"
          << indent << "@Deprecated\n";
    } else if (!field.doc.empty()) {
      out << indent << "/** " << field.doc << " */\n";
    }
    out << indent << "public " << javaType(field, root) << ' ' << field.name << ";\n";
  }
}

// Every class nested in the root's file, each once, in the order first met (another file's are written there).
void collect(const ResultClass& described, const ResultClass& root, std::vector<const ResultClass*>& nested,
             std::set<std::string>& seen) {
  for (const auto& field : described.fields) {
    if (field.nested == nullptr || !field.nested->name.starts_with(root.name + ".") ||
        !seen.insert(field.nested->name).second)
      continue;
    nested.push_back(field.nested);
    collect(*field.nested, root, nested, seen);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: topiceval-java-results CLASS OUTPUT.java\n";
    return 2;
  }
  const std::string className = argv[1];
  for (const ResultClass* root : topiceval::java_results::rootResultClasses()) {
    if (root->name != className) continue;
    std::ofstream out(argv[2]);
    out << "// SPDX-License-Identifier: " TOPICEVAL_LICENSE "\n"
           "// Generated from java-bridge/result_classes.hpp by java-bridge/generate_results.cpp. Do not edit.\n"
           "package org.topiceval;\n\n"
           "/** "
        << root->doc << " */\n@SuppressWarnings(\"dep-ann\")\npublic final class " << className << " {\n";
    writeFields(out, *root, *root, "  ");
    if (!root->javaMembers.empty()) out << '\n' << root->javaMembers;
    std::vector<const ResultClass*> nested;
    std::set<std::string> seen;
    collect(*root, *root, nested, seen);
    for (const ResultClass* described : nested) {
      out << "\n  /** " << described->doc << " */\n  public static final class " << simpleName(described->name)
          << " {\n";
      writeFields(out, *described, *root, "    ");
      out << "  }\n";
    }
    out << "}\n";
    return out ? 0 : 1;
  }
  std::cerr << "topiceval-java-results: no result class " << className << "\n";
  return 2;
}
