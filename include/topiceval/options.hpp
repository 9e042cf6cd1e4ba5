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

#include <string>
#include <vector>

#include "topiceval/export.hpp"
#include "topiceval/setting_spec.hpp"  // OptionSpec, CommandSpec, OptionValues

namespace topiceval {

// Every command, in the order the overview lists them.
[[nodiscard]] TOPICEVAL_API const std::vector<CommandSpec>& commandSpecs();
// One command's declaration; SettingError("command", ...) for a name no command has.
[[nodiscard]] TOPICEVAL_API const CommandSpec& commandSpec(const std::string& name);
// What running out of memory in `command` means, in command-line spelling
// (respell() for the others): only options of that command that drive its
// memory are named (diagnostics: "out of memory (lower --num-top-words)").
[[nodiscard]] TOPICEVAL_API std::string outOfMemoryMessage(const std::string& command);
// The option of `command` that sets library setting `setting` (its own name, or
// the option whose `setting` it is): what an error about the setting names.
[[nodiscard]] TOPICEVAL_API std::string optionForSetting(const CommandSpec& command, const std::string& setting);

// The options of `command` that the bridges take as objects (a Model,
// Documents) rather than as text: evaluate's model and input, select's,
// compare's model-a, model-b and input, curve's states and input,
// diagnostics' and coherence's model.
[[nodiscard]] TOPICEVAL_API const std::vector<std::string>& objectOptions(const std::string& command);
[[nodiscard]] TOPICEVAL_API bool suppliedAsObject(const std::string& command, const std::string& option);

// How a front end spells an option: --unseen-words, unseen_words, unseenWords.
enum class Spelling { CommandLine, Python, Java };
[[nodiscard]] TOPICEVAL_API std::string spell(const std::string& name, Spelling spelling);
[[nodiscard]] TOPICEVAL_API std::string pythonName(const std::string& name);  // spell(name, Spelling::Python)
[[nodiscard]] TOPICEVAL_API std::string javaName(const std::string& name);    // spell(name, Spelling::Java)
// `text` (a library message or warning, which names options as the command
// line does: --runs) with every option respelled for `spelling`.
[[nodiscard]] TOPICEVAL_API std::string respell(const std::string& text, Spelling spelling);

// The default every front end's help shows for `spec` (its value, or the
// estimators' own), or empty when it has none. Help texts leave the default
// out; whoever writes help adds this, once.
[[nodiscard]] TOPICEVAL_API std::string shownDefault(const OptionSpec& spec);

// Whether `spec` takes true or false (a Boolean, a Switch, or an estimator
// setting declared Boolean): given alone on a command line, it means true.
[[nodiscard]] TOPICEVAL_API bool takesTruth(const OptionSpec& spec);

}  // namespace topiceval
