// SPDX-License-Identifier: Apache-2.0
#pragma once
// The command line over the option declarations (topiceval/options.hpp): each
// command's arguments parsed into the library's OptionValues, its --help
// written from the same declarations, and every error reported in the command
// line's words (--particles, exit status 2).

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "native/commands/mallet_style_options.hpp"
#include "topiceval/options.hpp"

namespace topiceval::commands {

// Arguments as given, by option name (several values for a Paths option).
using GivenOptions = std::map<std::string, std::vector<std::string>>;

// topiceval's own syntax: --name value, --name=value, a switch alone, bare
// arguments for the command's positional option, MALLET's spellings
// (--num-particles) as aliases. UsageError for an unknown option (with a
// suggestion), a missing value or a repeated one. `help` is set by --help.
GivenOptions parseArguments(const CommandSpec& command, const std::vector<std::string>& arguments, bool& help);
// MALLET's syntax (evaluate-topics): --name value, a boolean alone means true,
// the last of a repeated option wins; MALLET's own messages.
GivenOptions parseMalletArguments(const CommandSpec& command, const std::vector<std::string>& arguments, bool& help);

// The command's options, checked (SettingError naming the first bad one), or
// std::nullopt after writing --help to `out`.
std::optional<OptionValues> commandOptions(const std::string& command, const std::vector<std::string>& arguments,
                                           std::ostream& out);

// --help, from the declarations.
void writeHelp(std::ostream& out, const CommandSpec& command);
// MALLET's layout of --help (evaluate-topics).
void writeMalletHelp(std::ostream& out, const CommandSpec& command);
// What its --help ends with: how MALLET's own command line runs it (--native).
std::string malletLauncherNote();

// The flag that sets library setting `setting` in `command` ("--particles";
// "--num-particles" in evaluate-topics, which keeps MALLET's spellings).
std::string commandLineFlag(const std::string& command, const std::string& setting);

// (The library's, topiceval/options.hpp.)
using topiceval::closestMatch;

}  // namespace topiceval::commands
