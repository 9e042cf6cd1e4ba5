// SPDX-License-Identifier: Apache-2.0
#pragma once
// The reference pages of the commands, written from the same declarations as
// --help (topiceval/options.hpp), so that they cannot say otherwise: a
// Markdown page per command for the guide (docs/reference/), and the man
// pages topiceval(1) and topiceval-COMMAND(1). `topiceval help` prints them;
// the build writes them all with topiceval-reference (reference_main.cpp).

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "topiceval/options.hpp"

namespace topiceval::commands {

// docs/reference/COMMAND.md: synopsis, purpose, every option with its kind,
// default, range or choices, MALLET's spelling and help.
void writeMarkdownPage(std::ostream& out, const CommandSpec& command);
// docs/reference/commands.md (kCommandListPage): every command, linked to its page.
// Not index.md: `index` is a command, whose page that is.
inline constexpr const char* kCommandListPage = "commands.md";
void writeMarkdownIndex(std::ostream& out);
// topiceval-COMMAND(1), in roff.
void writeManPage(std::ostream& out, const CommandSpec& command);
// topiceval(1): the commands, each pointing to its own page.
void writeOverviewManPage(std::ostream& out);

enum class ReferenceFormat { Markdown, Man };
// Every page of `format`, by file name ("commands.md", "select.md";
// "topiceval.1", "topiceval-select.1"), with its text.
std::map<std::string, std::string> referencePages(ReferenceFormat format);

// `topiceval help [--markdown | --man] [COMMAND]`: the overview, or a
// command's --help; with --markdown or --man, its reference page (the index or
// topiceval(1) without a COMMAND). Status 2 and a suggestion for an unknown
// command or flag.
int helpCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

}  // namespace topiceval::commands
