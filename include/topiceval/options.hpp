#pragma once
// Every option of every command, declared once: its name, MALLET's spelling,
// kind, default, range, choices and help. The command line's parser and
// --help, Python's keywords and docstrings, and the Java bridge's fields all
// come from these declarations; the request structs' defaults are their
// defaults. An estimator's own settings are declared by the estimator (its
// registry entry) and listed here among the options of the commands that
// estimate.
//
// Names are the library's ("unseen-words"); each front end spells them its
// own way: --unseen-words, unseen_words=, options.unseenWords.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "topiceval/export.hpp"
#include "topiceval/setting_spec.hpp"

namespace topiceval {

struct CommandSpec {
  std::string name;     // "evaluate"
  std::string summary;  // one line, for the overview
  std::string purpose;  // the first line of --help
  std::string usage;    // "topiceval select --input DOCS MODEL [MODEL ...] [options]", or empty
  std::vector<OptionSpec> options;
  std::string positional;  // the option bare arguments fill ("model"), or empty
};

// Every command, in the order the overview lists them.
TOPICEVAL_API const std::vector<CommandSpec>& commandSpecs();
// One command's declaration; SettingError("command", ...) for a name no command has.
TOPICEVAL_API const CommandSpec& commandSpec(const std::string& name);
// What running out of memory in `command` means, in command-line spelling
// (respell() for the others): only options of that command that drive its
// memory are named (diagnostics: "out of memory (lower --num-top-words)").
TOPICEVAL_API std::string outOfMemoryMessage(const std::string& command);
// The declaration of `option` in `command`, or nullptr.
TOPICEVAL_API const OptionSpec* findOption(const CommandSpec& command, const std::string& option);
// The option of `command` that sets library setting `setting` (its own name, or
// the option whose `setting` it is): what an error about the setting names.
TOPICEVAL_API std::string optionForSetting(const CommandSpec& command, const std::string& setting);

// Option values as given (text, as typed; several for a List), checked against
// a command's declarations: unknown names, wrong kinds, values out of range
// or among no choice are SettingErrors naming the option, before any work.
// Estimator settings are passed on as text (the estimator checks them).
class TOPICEVAL_API OptionValues {
 public:
  // `suppliedElsewhere`: required options a front end supplies as objects
  // (a Model, Documents) rather than as text.
  OptionValues(const CommandSpec& command, const std::map<std::string, std::vector<std::string>>& given,
               const std::vector<std::string>& suppliedElsewhere = {});

  const CommandSpec& command() const { return *command_; }
  bool given(const std::string& name) const;
  // The value given, or the default; an option without either has none.
  std::optional<std::string> text(const std::string& name) const;
  std::vector<std::string> list(const std::string& name) const;  // a List's values
  int64_t integer(const std::string& name) const;
  double real(const std::string& name) const;
  bool boolean(const std::string& name) const;  // Boolean and Switch
  // The estimator settings given, by name, as text.
  std::map<std::string, std::string> estimatorSettings() const;

 private:
  const OptionSpec& spec(const std::string& name) const;
  const CommandSpec* command_;
  std::map<std::string, std::vector<std::string>> values_;
};

// The options of `command` that the bridges take as objects (a Model,
// Documents) rather than as text: evaluate's model and input, select's,
// compare's model-a, model-b and input, curve's states and input,
// diagnostics' and coherence's model.
TOPICEVAL_API const std::vector<std::string>& objectOptions(const std::string& command);
TOPICEVAL_API bool suppliedAsObject(const std::string& command, const std::string& option);

// How a front end spells an option: --unseen-words, unseen_words, unseenWords.
enum class Spelling { CommandLine, Python, Java };
TOPICEVAL_API std::string spell(const std::string& name, Spelling spelling);
TOPICEVAL_API std::string pythonName(const std::string& name);  // spell(name, Spelling::Python)
TOPICEVAL_API std::string javaName(const std::string& name);    // spell(name, Spelling::Java)
// `text` (a library message or warning, which names options as the command
// line does: --runs) with every option respelled for `spelling`.
TOPICEVAL_API std::string respell(const std::string& text, Spelling spelling);

// The default every front end's help shows for `spec` (its value, or the
// estimators' own), or empty when it has none. Help texts leave the default
// out; whoever writes help adds this, once.
TOPICEVAL_API std::string shownDefault(const OptionSpec& spec);

// Whether `spec` takes true or false (a Boolean, a Switch, or an estimator
// setting declared Boolean): given alone on a command line, it means true.
TOPICEVAL_API bool takesTruth(const OptionSpec& spec);

}  // namespace topiceval
