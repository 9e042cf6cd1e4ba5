// SPDX-License-Identifier: Apache-2.0
#pragma once
// One setting, declared once: an option of a command and an estimator's own
// setting are the same kind of declaration (name, kind, default, range,
// choices, help, MALLET's spelling). A command's options are a list of them
// (CommandSpec), and the values a front end gives are checked against them
// (OptionValues). The rules that check a value against a declaration live in
// the settings floor (native/settings/), below the estimators, and are the
// same for both; the declarations themselves are topiceval/options.hpp's.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <typeindex>
#include <vector>

#include "topiceval/export.hpp"

namespace topiceval {

enum class OptionKind {
  Integer,  ///< a whole number in [least, most]
  Real,     ///< a finite number in [least, most]
  Boolean,  ///< true|false|1|0, in any case
  Switch,   ///< given or not (on the command line, without a value)
  Choice,   ///< one of `choices`
  Text,     ///< any text (a document selection, a name)
  Path,     ///< a file or directory
  List,     ///< one or more values (files, directories, numbers)
  /// An estimator's own setting: its kind, range and default are the declaring
  /// estimator's (checked once the estimator is known); no default here.
  EstimatorSetting,
};

struct OptionSpec;

/// The request field a declaration fills: one member of one request struct,
/// behind a type-erased pointer so that every command's options are one type.
/// Made by the declarations (native/api/options.cpp), from a member pointer.
struct FieldBinding {
  std::type_index request = typeid(void);  ///< the request struct that owns the field
  std::string field;                       ///< its C++ name: "maxDoublings"
  /// Sets the field from the values given (text, already checked against the declaration).
  std::function<void(void* request, const std::vector<std::string>& values)> assign;
  /// Checks the field's value, as a C++ caller set it, against the declaration
  /// (range, choices): SettingError naming the setting; nothing for a field
  /// left unset (an empty optional, an empty choice).
  std::function<void(const void* request, const OptionSpec& spec)> check;
  /// The field's value as text (as an option would give it), or empty when
  /// unset (an empty optional or choice).
  std::function<std::string(const void* request)> read;
};

/// One option's declaration: what --help, the reference pages, Python and Java all show of it.
struct OptionSpec {
  std::string name;  ///< "particles"
  OptionKind kind = OptionKind::Text;  ///< what its value is
  std::string defaultValue;  ///< as text; empty: none (not given unless set)
  /// What help says the default is when it is not one value: an estimator
  /// setting's ("10", or "1 (ais), 1000 (harmonic-mean)"). See shownDefault().
  std::string describedDefault;
  /// @{
  double least = 0.0, most = 0.0;    ///< Integer and Real
  /// @}
  std::vector<std::string> choices;  ///< Choice
  std::string help;                  ///< one sentence or two, without the default
  std::string malletName;            ///< MALLET's spelling, accepted as an alias on the command line ("num-particles")
  /// The library setting this option sets when it is not the option's own name
  /// (evaluate-topics' num-particles sets particles): errors about the setting
  /// name the option.
  std::string setting;
  std::string placeholder;  ///< in help: FILE, N, NAME...
  bool required = false;  ///< must be given
  /// Only the command line has it: what it writes and where (--format,
  /// --report, --quiet), or what a program does itself (--documents: slice the
  /// documents). The bridges leave it out.
  bool commandLineOnly = false;
  /// An EstimatorSetting's own kind (Integer, Boolean or Choice), as its
  /// estimators declare it: what its text must read as before the estimator
  /// (which checks the range and choices) is known.
  OptionKind valueKind = OptionKind::Text;
  /// The request field it fills, or none (options a front end acts on itself,
  /// an estimator's own settings).
  std::shared_ptr<const FieldBinding> binding;
  /// The options it applies with: "check-convergence" (given, and true for a
  /// switch) or "budget-policy=by-length" (that value, given or default). Given
  /// while none holds, it would be ignored, so it is refused (one rule for
  /// every setting that applies to nothing). Empty: it always applies.
  std::vector<std::string> appliesWith;
};

/// One command's declarations (topiceval/options.hpp lists every command's).
struct CommandSpec {
  std::string name;     ///< "evaluate"
  std::string summary;  ///< one line, for the overview
  std::string purpose;  ///< the first line of --help
  std::string usage;    ///< "topiceval select --input DOCS MODEL [MODEL ...] [options]", or empty
  std::vector<OptionSpec> options;  ///< its options, in the order --help lists them
  std::string positional;  ///< the option bare arguments fill ("model"), or empty
};

/// The declaration of `option` in `command`, or nullptr.
[[nodiscard]] TOPICEVAL_API const OptionSpec* findOption(const CommandSpec& command, const std::string& option);

/// Option values as given (text, as typed; several for a List), checked against
/// a command's declarations: unknown names, wrong kinds, values out of range
/// or among no choice are SettingErrors naming the option, before any work.
/// Estimator settings are passed on as text (the estimator checks them).
class TOPICEVAL_API OptionValues {
 public:
  /// `suppliedElsewhere`: required options a front end supplies as objects
  /// (a Model, Documents) rather than as text.
  OptionValues(const CommandSpec& command, const std::map<std::string, std::vector<std::string>>& given,
               const std::vector<std::string>& suppliedElsewhere = {});

  /// The command whose declarations these values are checked against.
  [[nodiscard]] const CommandSpec& command() const { return *command_; }
  /// Whether option `name` was given (not defaulted).
  [[nodiscard]] bool given(const std::string& name) const;
  /// The value given, or the default; an option without either has none.
  [[nodiscard]] std::optional<std::string> text(const std::string& name) const;
  [[nodiscard]] std::vector<std::string> list(const std::string& name) const;  ///< a List's values
  /// An Integer's value (given or default).
  [[nodiscard]] int64_t integer(const std::string& name) const;
  /// A Real's value (given or default).
  [[nodiscard]] double real(const std::string& name) const;
  [[nodiscard]] bool boolean(const std::string& name) const;  ///< Boolean and Switch
  /// The estimator settings given, by name, as text.
  [[nodiscard]] std::map<std::string, std::string> estimatorSettings() const;

 private:
  const OptionSpec& spec(const std::string& name) const;
  const CommandSpec* command_;
  std::map<std::string, std::vector<std::string>> values_;
};

/// How a front end spells an option: --unseen-words, unseen_words, unseenWords.
enum class Spelling { CommandLine, Python, Java };
[[nodiscard]] TOPICEVAL_API std::string spell(const std::string& name, Spelling spelling);
[[nodiscard]] TOPICEVAL_API std::string pythonName(const std::string& name);  ///< spell(name, Spelling::Python)
[[nodiscard]] TOPICEVAL_API std::string javaName(const std::string& name);    ///< spell(name, Spelling::Java)
/// `text` (a library message or warning, which names options as the command
/// line does: --runs) with every option respelled for `spelling`.
[[nodiscard]] TOPICEVAL_API std::string respell(const std::string& text, Spelling spelling);

/// The default every front end's help shows for `spec` (its value, or the
/// estimators' own), or empty when it has none. Help texts leave the default
/// out; whoever writes help adds this, once.
[[nodiscard]] TOPICEVAL_API std::string shownDefault(const OptionSpec& spec);

/// Whether `spec` takes true or false (a Boolean, a Switch, or an estimator
/// setting declared Boolean): given alone on a command line, it means true.
[[nodiscard]] TOPICEVAL_API bool takesTruth(const OptionSpec& spec);

/// (The rules every front end shares; defined in the settings floor.)
/// "true|false|1|0" in any case, or std::nullopt.
TOPICEVAL_API std::optional<bool> parseTruth(const std::string& text);
/// The candidate nearest to `word` by edit distance, when it is close enough to
/// be a typo (at most 2 edits, and fewer than a third of the word): every "did
/// you mean" (options, keywords, commands, choices) asks this.
TOPICEVAL_API std::optional<std::string> closestMatch(const std::string& word,
                                                      const std::vector<std::string>& candidates);
/// "a", "a or b", "a, b or c".
TOPICEVAL_API std::string listOfChoices(const std::vector<std::string>& choices);

}  // namespace topiceval
