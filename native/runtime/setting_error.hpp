#pragma once
// A bad setting, in the library's words: setting() is its name ("particles",
// "unseen-words"), problem() the rest ("must be at least 1"); what() joins them.
// The command line shows it as "--particles must be at least 1" (evaluate-topics
// maps a few names to MALLET's spellings); the Java bridge passes it on as is.

#include <stdexcept>
#include <string>

namespace topiceval {

class SettingError : public std::invalid_argument {
 public:
  SettingError(std::string setting, std::string problem)
      : std::invalid_argument(setting + " " + problem), setting_(std::move(setting)), problem_(std::move(problem)) {}
  const std::string& setting() const { return setting_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string setting_;
  std::string problem_;
};

}  // namespace topiceval
