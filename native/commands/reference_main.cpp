// SPDX-License-Identifier: Apache-2.0
// topiceval-reference: writes every reference page (reference.hpp) into a
// directory, or checks that a directory holds them as the declarations write
// them (the committed docs/reference/, in the test suite).
//   topiceval-reference --markdown|--man DIRECTORY          write the pages
//   topiceval-reference --markdown|--man DIRECTORY --check  exit 1 naming each page that differs
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "native/commands/reference.hpp"

namespace {

std::string contents(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return in ? text.str() : std::string();
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  if ((arguments.size() != 2 && arguments.size() != 3) || (arguments[0] != "--markdown" && arguments[0] != "--man") ||
      (arguments.size() == 3 && arguments[2] != "--check")) {
    std::cerr << "usage: topiceval-reference --markdown|--man DIRECTORY [--check]\n";
    return 2;
  }
  const bool markdown = arguments[0] == "--markdown";
  const std::filesystem::path directory = arguments[1];
  const auto pages =
      topiceval::commands::referencePages(markdown ? topiceval::commands::ReferenceFormat::Markdown : topiceval::commands::ReferenceFormat::Man);
  if (arguments.size() == 3) {
    int differing = 0;
    for (const auto& [name, text] : pages) {
      const std::filesystem::path file = directory / name;
      if (!std::filesystem::exists(file)) {
        std::cerr << file.string() << " is missing";
      } else if (contents(file) != text) {
        std::cerr << file.string() << " differs from the declarations";
      } else {
        continue;
      }
      const std::string command = name.substr(0, name.find('.'));
      std::cerr << ": rerun topiceval help " << (markdown ? "--markdown" : "--man")
                << (name == topiceval::commands::kCommandListPage || command == "topiceval" ? "" : " " + command) << " > " << file.string()
                << "\n";
      ++differing;
    }
    // A page no command writes any more (a command removed or renamed).
    const std::string extension = markdown ? ".md" : ".1";
    if (std::filesystem::is_directory(directory)) {
      for (const auto& entry : std::filesystem::directory_iterator(directory)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() == extension && !pages.count(name)) {
          std::cerr << entry.path().string() << " is no command's page: remove it\n";
          ++differing;
        }
      }
    }
    if (differing == 0) std::cout << pages.size() << " pages in " << directory.string() << " are current\n";
    return differing == 0 ? 0 : 1;
  }
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  for (const auto& [name, text] : pages) {
    std::ofstream file(directory / name, std::ios::binary);
    file << text;
    if (!file.flush()) {
      std::cerr << "topiceval-reference: cannot write " << (directory / name).string() << "\n";
      return 1;
    }
  }
  return 0;
}
