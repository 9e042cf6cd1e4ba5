// SPDX-License-Identifier: Apache-2.0
#include "native/commands/reference.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>

#include "native/commands/command_line.hpp"
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"

namespace topiceval::commands {

namespace {

// A declared bound as a reader writes it: 100000, 0.5, 1e-06.
std::string number(double value) {
  if (std::abs(value) < 1e15 && value == std::floor(value)) return std::to_string(static_cast<long long>(value));
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

// A bound at the type's own limit is no bound a reader needs to know.
bool unbounded(double bound, OptionKind kind) {
  return std::abs(bound) >= (kind == OptionKind::Integer ? 9.0e18 : std::numeric_limits<double>::max());
}

std::string kindText(const OptionSpec& spec) {
  switch (spec.kind) {
    case OptionKind::Integer: return "integer";
    case OptionKind::Real: return "number";
    case OptionKind::Boolean: return "boolean (true, false, 1 or 0; alone it means true)";
    case OptionKind::Switch: return "switch (takes no value)";
    case OptionKind::Choice: return "choice";
    case OptionKind::Text: return "text";
    case OptionKind::Path: return "path";
    case OptionKind::List: return "list (one or more values)";
    case OptionKind::EstimatorSetting: {
      const std::string own = spec.valueKind == OptionKind::Integer   ? "an integer"
                              : spec.valueKind == OptionKind::Boolean ? "a boolean"
                                                                      : "a name";
      return "estimator setting (" + own + "; each estimator checks its own range)";
    }
  }
  return "text";
}

// "0 to 1", "at least 1", or empty for a number that may be any.
std::string rangeText(const OptionSpec& spec) {
  if (spec.kind != OptionKind::Integer && spec.kind != OptionKind::Real) return {};
  const bool low = !unbounded(spec.least, spec.kind), high = !unbounded(spec.most, spec.kind);
  if (low && high) return number(spec.least) + " to " + number(spec.most);
  if (low) return "at least " + number(spec.least);
  if (high) return "at most " + number(spec.most);
  return {};
}

// The option as --help heads it: "--particles N".
std::string optionHead(const OptionSpec& spec) {
  return "--" + spec.name + (spec.kind == OptionKind::Switch || spec.placeholder.empty() ? "" : " " + spec.placeholder);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> split;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) split.push_back(line);
  return split;
}

std::string synopsis(const CommandSpec& command) {
  return command.usage.empty() ? "topiceval " + command.name + " [options]" : command.usage;
}

// --- Markdown (Python-Markdown, as MkDocs reads it) ---

// Text as Markdown shows it literally: its markup characters escaped, HTML's as entities.
std::string markdownText(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '\\': case '`': case '*': case '_': case '[': case ']': case '#': case '|':
        out += '\\';
        out += c;
        break;
      default: out += c;
    }
  }
  return out;
}

std::string code(const std::string& text) { return "`" + text + "`"; }

// A help text: its first line a paragraph, further lines (an estimator per line) a list.
void markdownHelp(std::ostream& out, const std::string& help) {
  const std::vector<std::string> parts = lines(help);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i == 0) {
      out << markdownText(parts[i]) << "\n";
    } else {
      out << (i == 1 ? "\n" : "") << "- " << markdownText(parts[i]) << "\n";
    }
  }
  out << "\n";
}

// --- roff (man(7)) ---

// Text as roff prints it: backslashes and hyphens escaped, no line read as a request.
std::string roffText(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
  }
  if (!out.empty() && (out.front() == '.' || out.front() == '\'')) out.insert(0, "\\&");
  return out;
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

void roffLines(std::ostream& out, const std::string& text) {
  bool first = true;
  for (const std::string& line : lines(text)) {
    if (!first) out << ".br\n";
    out << roffText(line) << "\n";
    first = false;
  }
}

void manHeader(std::ostream& out, const std::string& page) {
  out << ".\\\" Generated from topiceval's option declarations (topiceval help --man); do not edit.\n"
      << ".TH " << roffText(upper(page)) << " 1 \"\" \"topiceval " << kVersion << "\" \"topiceval manual\"\n";
}

bool isMalletDialect(const CommandSpec& command) { return command.name == "evaluate-topics"; }

}  // namespace

void writeMarkdownPage(std::ostream& out, const CommandSpec& command) {
  out << "<!-- Generated from topiceval's option declarations by `topiceval help --markdown " << command.name
      << "`; do not edit. -->\n\n";
  out << "# topiceval " << command.name << "\n\n" << markdownText(command.summary) << ".\n\n";
  out << "## Synopsis\n\n```\n" << synopsis(command) << "\n```\n\n";
  out << "## Description\n\n";
  for (const std::string& line : lines(command.purpose)) out << markdownText(line) << "\n";
  out << "\n";
  if (isMalletDialect(command)) {
    out << "This command reads its options as MALLET does: `--name value`, a boolean alone means true, the last "
           "of a repeated option wins.\n\n";
    for (const std::string& line : lines(malletLauncherNote())) out << markdownText(line) << "\n";
    out << "\n";
  }
  out << "## Options\n\n";
  for (const OptionSpec& spec : command.options) {
    out << "### " << code(optionHead(spec)) << "\n\n";
    // The facts on one line, then the help: a help text's own list (the
    // estimators) must not run on into another list.
    std::vector<std::string> facts = {"Kind: " + kindText(spec)};
    if (spec.required) facts.emplace_back("Required");
    if (const std::string shown = shownDefault(spec); !shown.empty()) facts.push_back("Default: " + code(shown));
    if (const std::string range = rangeText(spec); !range.empty()) facts.push_back("Range: " + range);
    if (!spec.choices.empty()) {
      std::string choices = "Choices:";
      for (std::size_t i = 0; i < spec.choices.size(); ++i) choices += (i ? ", " : " ") + code(spec.choices[i]);
      facts.push_back(choices);
    }
    if (!spec.malletName.empty()) facts.push_back("MALLET's spelling: " + code("--" + spec.malletName));
    if (spec.name == command.positional) facts.push_back("Also given as bare arguments");
    if (spec.commandLineOnly) facts.emplace_back("Command line only (Python and Java do not take it)");
    for (std::size_t i = 0; i < facts.size(); ++i) out << (i ? " · " : "") << facts[i];
    out << "\n\n";
    markdownHelp(out, spec.help);
  }
  out << "### `--help`\n\nPrints the options (`topiceval " << command.name
      << " --help`).\n\n## See also\n\n[All commands](commands.md) · man page `topiceval-" << command.name
      << "(1)`\n";
}

void writeMarkdownIndex(std::ostream& out) {
  out << "<!-- Generated from topiceval's option declarations by `topiceval help --markdown`; do not edit. -->\n\n"
      << "# Command reference\n\n"
      << "Every command of `topiceval`, each with all of its options, generated from the same declarations as "
         "`topiceval COMMAND --help` and the man pages (`man topiceval-COMMAND`).\n\n"
      << "| Command | What it does |\n|---|---|\n";
  for (const CommandSpec& command : commandSpecs())
    out << "| [" << command.name << "](" << command.name << ".md) | " << markdownText(command.summary) << " |\n";
}

void writeManPage(std::ostream& out, const CommandSpec& command) {
  manHeader(out, "topiceval-" + command.name);
  out << ".SH NAME\ntopiceval\\-" << roffText(command.name) << " \\- " << roffText(command.summary) << "\n";
  out << ".SH SYNOPSIS\n.nf\n" << roffText(synopsis(command)) << "\n.fi\n";
  out << ".SH DESCRIPTION\n";
  roffLines(out, command.purpose);
  if (isMalletDialect(command)) {
    out << ".PP\nThis command reads its options as MALLET does: a boolean alone means true, the last of a repeated "
           "option wins.\n.PP\n";
    for (const std::string& line : lines(malletLauncherNote())) out << roffText(line) << "\n";
  }
  out << ".SH OPTIONS\n";
  for (const OptionSpec& spec : command.options) {
    out << ".TP\n\\fB\\-\\-" << roffText(spec.name) << "\\fR";
    if (spec.kind != OptionKind::Switch && !spec.placeholder.empty()) out << " \\fI" << roffText(spec.placeholder) << "\\fR";
    if (!spec.malletName.empty()) out << " (or \\fB\\-\\-" << roffText(spec.malletName) << "\\fR)";
    out << "\n";
    roffLines(out, spec.help);
    std::string facts = kindText(spec);
    if (spec.required) facts += "; required";
    if (const std::string shown = shownDefault(spec); !shown.empty()) facts += "; default " + shown;
    if (const std::string range = rangeText(spec); !range.empty()) facts += "; " + range;
    if (!spec.choices.empty()) facts += "; one of " + listOfChoices(spec.choices);
    if (spec.commandLineOnly) facts += "; command line only";
    out << ".br\n" << roffText(upper(facts.substr(0, 1)) + facts.substr(1)) << ".\n";
  }
  out << ".TP\n\\fB\\-\\-help\\fR\nPrint the options.\n";
  out << ".SH EXIT STATUS\n0 on success, 1 for a problem with a file or an evaluation, 2 for a command\\-line mistake.\n";
  out << ".SH SEE ALSO\n.BR topiceval (1)\n";
}

void writeOverviewManPage(std::ostream& out) {
  manHeader(out, "topiceval");
  out << ".SH NAME\ntopiceval \\- held\\-out likelihood and topic quality for topic models\n";
  out << ".SH SYNOPSIS\n.B topiceval\n.I COMMAND\n[\\fIoptions\\fR]\n.br\n.B topiceval help\n"
         "[\\fB\\-\\-markdown\\fR | \\fB\\-\\-man\\fR] [\\fICOMMAND\\fR]\n.br\n.B topiceval \\-\\-version\n";
  out << ".SH DESCRIPTION\ntopiceval reads MALLET's topic models and held\\-out documents, reproduces "
         "\\fBmallet evaluate\\-topics\\fR bit for bit, and estimates held\\-out likelihoods with error bars, "
         "topic quality and the number of topics. Each command has its own page.\n";
  out << ".SH COMMANDS\n";
  for (const CommandSpec& command : commandSpecs())
    out << ".TP\n.BR topiceval\\-" << roffText(command.name) << " (1)\n" << roffText(command.summary) << "\n";
  out << ".SH EXIT STATUS\n0 on success, 1 for a problem with a file or an evaluation, 2 for a command\\-line mistake.\n";
  out << ".SH SEE ALSO\n";
  bool first = true;
  for (const CommandSpec& command : commandSpecs()) {
    out << (first ? "" : ",\n") << ".BR topiceval\\-" << roffText(command.name) << " (1)";
    first = false;
  }
  out << "\n";
}

std::map<std::string, std::string> referencePages(ReferenceFormat format) {
  std::map<std::string, std::string> pages;
  const auto page = [&](const std::string& name, auto write) {
    std::ostringstream text;
    write(text);
    pages[name] = text.str();
  };
  if (format == ReferenceFormat::Markdown) {
    page(kCommandListPage, [](std::ostream& out) { writeMarkdownIndex(out); });
    for (const CommandSpec& command : commandSpecs())
      page(command.name + ".md", [&](std::ostream& out) { writeMarkdownPage(out, command); });
  } else {
    page("topiceval.1", [](std::ostream& out) { writeOverviewManPage(out); });
    for (const CommandSpec& command : commandSpecs())
      page("topiceval-" + command.name + ".1", [&](std::ostream& out) { writeManPage(out, command); });
  }
  return pages;
}

int helpCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  std::optional<ReferenceFormat> format;
  std::vector<std::string> names;
  for (const std::string& argument : arguments) {
    if (argument == "--markdown" || argument == "--man") {
      const ReferenceFormat asked = argument == "--man" ? ReferenceFormat::Man : ReferenceFormat::Markdown;
      if (format && *format != asked) {
        err << "topiceval help: give --markdown or --man, not both\n";
        return kUsageProblem;
      }
      format = asked;
    } else if (argument.starts_with("--")) {
      const auto suggestion = closestMatch(argument, {"--markdown", "--man"});
      err << "topiceval help: unrecognised option '" << oneLine(argument) << "'"
          << (suggestion ? " (did you mean '" + *suggestion + "'?)" : std::string()) << "\n";
      return kUsageProblem;
    } else {
      names.push_back(argument);
    }
  }
  if (names.size() > 1) {
    err << "topiceval help: unexpected argument '" << names[1] << "' (help takes one COMMAND)\n";
    return kUsageProblem;
  }
  if (names.empty()) {
    if (!format) {
      printOverview(out);
    } else if (*format == ReferenceFormat::Markdown) {
      writeMarkdownIndex(out);
    } else {
      writeOverviewManPage(out);
    }
    return 0;
  }
  const std::vector<CommandSpec>& commands = commandSpecs();
  for (const CommandSpec& command : commands) {
    if (command.name != names.front()) continue;
    if (!format) return runCommand(command.name, {"--help"}, out, err);
    if (*format == ReferenceFormat::Markdown) {
      writeMarkdownPage(out, command);
    } else {
      writeManPage(out, command);
    }
    return 0;
  }
  // runCommand's message for a name no command has ("did you mean").
  return runCommand(names.front(), {}, out, err);
}

}  // namespace topiceval::commands
