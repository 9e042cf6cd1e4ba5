// SPDX-License-Identifier: Apache-2.0
#pragma once
// What topiceval throws: one hierarchy, one-line messages. Catch
// topiceval::Error for all of them; the command line prints what() after
// "topiceval COMMAND: ", Python raises topiceval.FormatError / SettingError /
// ModelError (all topiceval.Error), Java a TopicevalException, each with the
// same message.

#include <stdexcept>
#include <string>

#include "topiceval/export.hpp"

namespace topiceval {

/// `text` on one printable line: each control character (below 0x20, and
/// 0x7F: a line break, a tab, an escape) becomes '?'. The one rule for what a
/// message echoes (a file's name, an option's value, a command's name, a
/// word), which every error's message follows.
inline std::string oneLine(std::string text) {
  for (char& c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  }
  return text;
}

/// Every error topiceval reports about its input. (std::bad_alloc passes
/// through where no file or setting is to blame; anything else that escapes
/// the library is a bug in it.) Its message is one printable line (oneLine).
class TOPICEVAL_API Error : public std::runtime_error {
 public:
  /// The error with `message` (made one line).
  explicit Error(const std::string& message) : std::runtime_error(oneLine(message)) {}
  /// The error with `message` (made one line).
  explicit Error(const char* message) : Error(std::string(message)) {}
};

/// A file that cannot be read as what it should be. source() names it (a path,
/// or "standard input"), problem() says what is wrong; what() is
/// "SOURCE: PROBLEM" on one printable line.
class TOPICEVAL_API FileError : public Error {
 public:
  /// `source`: a path or "standard input"; `problem`: what is wrong with it.
  FileError(const std::string& source, const std::string& problem)
      : Error(source + ": " + problem), source_(source), problem_(problem) {}
  const std::string& source() const { return source_; }    ///< the file: a path, or "standard input"
  const std::string& problem() const { return problem_; }  ///< what is wrong with it

 private:
  std::string source_;
  std::string problem_;
};

/// A setting (option) that is missing, out of range or of the wrong kind.
/// setting() is its library name ("max-doublings", "unseen-words"), problem()
/// the rest ("must be at least 1"). Each front end shows them in its own
/// spelling: --max-doublings, max_doublings=, options.maxDoublings. what(), as
/// the library's functions throw it, names the request field a C++ caller sets
/// ("maxDoublings must be at least 1", "documents ..." for the option input).
class TOPICEVAL_API SettingError : public Error {
 public:
  /// what() is "SETTING PROBLEM".
  SettingError(std::string setting, std::string problem)
      : Error(setting + " " + problem), setting_(std::move(setting)), problem_(oneLine(std::move(problem))) {}
  /// The same error with what() spelled for a caller: `message`.
  SettingError(std::string setting, std::string problem, const std::string& message)
      : Error(message), setting_(std::move(setting)), problem_(oneLine(std::move(problem))) {}
  const std::string& setting() const { return setting_; }  ///< the library's name: "max-doublings"
  const std::string& problem() const { return problem_; }  ///< "must be at least 1", on one line (oneLine)

 private:
  std::string setting_;
  std::string problem_;
};

/// A model given in memory that cannot be used: arrays whose shapes disagree,
/// negative or non-finite values, counts that contradict their totals.
class TOPICEVAL_API ModelError : public Error {
 public:
  using Error::Error;
};

/// The work was cancelled (Cancellation::request; Ctrl-C from Python).
class TOPICEVAL_API Interrupted : public Error {
 public:
  Interrupted() : Error("interrupted") {}
};

}  // namespace topiceval
