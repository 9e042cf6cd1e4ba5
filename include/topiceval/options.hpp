// SPDX-License-Identifier: Apache-2.0
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

/// Every command, in the order the overview lists them.
[[nodiscard]] TOPICEVAL_API const std::vector<CommandSpec>& commandSpecs();
/// One command's declaration; SettingError("command", ...) for a name no command has.
[[nodiscard]] TOPICEVAL_API const CommandSpec& commandSpec(const std::string& name);
/// What running out of memory in `command` means, in command-line spelling
/// (respell() for the others): only options of that command that drive its
/// memory are named (diagnostics: "out of memory (lower --num-top-words)").
[[nodiscard]] TOPICEVAL_API std::string outOfMemoryMessage(const std::string& command);
/// The option of `command` that sets library setting `setting` (its own name, or
/// the option whose `setting` it is): what an error about the setting names.
[[nodiscard]] TOPICEVAL_API std::string optionForSetting(const CommandSpec& command, const std::string& setting);

/// The options of `command` that the bridges take as objects (a Model,
/// Documents) rather than as text: evaluate's model and input, select's,
/// compare's model-a, model-b and input, curve's states and input,
/// diagnostics' and coherence's model.
[[nodiscard]] TOPICEVAL_API const std::vector<std::string>& objectOptions(const std::string& command);
[[nodiscard]] TOPICEVAL_API bool suppliedAsObject(const std::string& command, const std::string& option);

}  // namespace topiceval
