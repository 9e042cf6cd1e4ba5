#include "native/cli/command_line.hpp"

#include <algorithm>

#include "topiceval/errors.hpp"

namespace topiceval::cli {

namespace {

bool looksLikeOption(const std::string& argument) { return argument.size() > 2 && argument.starts_with("--"); }

// The declaration an argument's name refers to: its own name, or MALLET's spelling of it.
const OptionSpec* findByName(const CommandSpec& command, const std::string& name) {
  if (const OptionSpec* own = findOption(command, name)) return own;
  for (const OptionSpec& spec : command.options) {
    if (!spec.malletName.empty() && spec.malletName == name) return &spec;
  }
  return nullptr;
}

UsageError unknownOption(const CommandSpec& command, const std::string& argument) {
  std::vector<std::string> names = {"--help"};
  for (const OptionSpec& spec : command.options) names.push_back("--" + spec.name);
  const auto suggestion = closestMatch(argument, names);
  return UsageError("unrecognised option '" + argument + "'" +
                    (suggestion ? " (did you mean '" + *suggestion + "'?)" : std::string()));
}

// Words of `text` wrapped at `width` columns, each line indented by `indent`.
std::string wrapped(const std::string& text, std::size_t indent, std::size_t width) {
  std::string out, line;
  std::size_t start = 0;
  const auto flush = [&] {
    if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
    line.clear();
  };
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find_first_of(" \n", start), text.size());
    const std::string word = text.substr(start, end - start);
    if (!word.empty()) {
      if (!line.empty() && indent + line.size() + 1 + word.size() > width) flush();
      line += (line.empty() ? "" : " ") + word;
    }
    if (end < text.size() && text[end] == '\n') flush();
    start = end + 1;
  }
  flush();
  return out;
}

}  // namespace

GivenOptions parseArguments(const CommandSpec& command, const std::vector<std::string>& arguments, bool& help) {
  GivenOptions given;
  help = false;
  for (std::size_t index = 0; index < arguments.size();) {
    const std::string& argument = arguments[index++];
    if (argument == "--help") {
      help = true;
      continue;
    }
    if (!looksLikeOption(argument)) {
      if (command.positional.empty())
        throw UsageError("unexpected argument '" + argument + "' (options start with --)");
      const OptionSpec& positional = *findOption(command, command.positional);
      if (positional.kind != OptionKind::List && given.count(positional.name))
        throw UsageError("unexpected argument '" + argument + "' (" + command.name + " takes one " +
                         positional.placeholder + ")");
      given[positional.name].push_back(argument);
      continue;
    }
    const std::size_t equals = argument.find('=');
    const std::string name = argument.substr(2, equals == std::string::npos ? std::string::npos : equals - 2);
    const OptionSpec* spec = findByName(command, name);
    if (spec == nullptr) throw unknownOption(command, argument.substr(0, equals));
    std::vector<std::string>& values = given[spec->name];
    if (!values.empty() && spec->kind != OptionKind::List)
      throw UsageError("option '--" + spec->name + "' is given twice");
    if (equals != std::string::npos) {
      values.push_back(argument.substr(equals + 1));
      continue;
    }
    // Every option of true or false (a switch too) means true when given
    // alone. What follows is its value when it reads as one, or when there is
    // no positional argument it could be (then a typo gets the option's own
    // message).
    if (takesTruth(*spec) && (index >= arguments.size() || looksLikeOption(arguments[index]) ||
                              (!parseTruth(arguments[index]) && !command.positional.empty()))) {
      values.push_back("true");
      continue;
    }
    // The next argument is the value unless it is itself an option ("-" and
    // "-1" are values); a Paths option takes every value up to the next option.
    if (index >= arguments.size() || looksLikeOption(arguments[index]))
      throw UsageError("option '--" + spec->name + "' needs a value (" + spec->placeholder + ")");
    values.push_back(arguments[index++]);
    while (spec->kind == OptionKind::List && index < arguments.size() && !looksLikeOption(arguments[index]))
      values.push_back(arguments[index++]);
  }
  return given;
}

GivenOptions parseMalletArguments(const CommandSpec& command, const std::vector<std::string>& arguments, bool& help) {
  MalletStyleOptions options;
  for (const OptionSpec& spec : command.options) {
    if (takesTruth(spec)) {
      options.addBoolean(spec.name, spec.defaultValue == "true", spec.help);
    } else if (spec.kind == OptionKind::Integer && !spec.defaultValue.empty()) {
      options.addInteger(spec.name, spec.placeholder, std::stoi(spec.defaultValue), spec.help);
    } else {
      options.addString(spec.name, spec.placeholder,
                        spec.defaultValue.empty() ? std::nullopt : std::optional<std::string>(spec.defaultValue),
                        spec.help);
    }
  }
  options.addBoolean("help", false, "Print this list of options.");
  options.parse(arguments);
  help = options.boolean("help");
  GivenOptions given;
  for (const OptionSpec& spec : command.options) {
    if (!options.given(spec.name)) continue;
    // Java's integers ("+5") and MALLET's booleans ("TRUE", alone) in the declarations' own forms.
    if (spec.kind == OptionKind::Integer) {
      given[spec.name] = {std::to_string(options.integer(spec.name))};
    } else if (takesTruth(spec)) {
      given[spec.name] = {options.boolean(spec.name) ? "true" : "false"};
    } else {
      given[spec.name] = {*options.string(spec.name)};
    }
  }
  return given;
}

std::optional<OptionValues> commandOptions(const std::string& name, const std::vector<std::string>& arguments,
                                           std::ostream& out) {
  const CommandSpec& command = commandSpec(name);
  bool help = false;
  const GivenOptions given = name == "evaluate-topics" ? parseMalletArguments(command, arguments, help)
                                                       : parseArguments(command, arguments, help);
  if (help) {
    if (name == "evaluate-topics") {
      writeMalletHelp(out, command);
    } else {
      writeHelp(out, command);
    }
    return std::nullopt;
  }
  return OptionValues(command, given);
}

void writeHelp(std::ostream& out, const CommandSpec& command) {
  out << command.purpose << "\n\n";
  if (!command.usage.empty()) out << "usage: " << command.usage << "\n\n";
  out << "options:\n";
  for (const OptionSpec& spec : command.options) {
    out << "  --" << spec.name;
    if (spec.kind != OptionKind::Switch) out << ' ' << spec.placeholder;
    if (!spec.malletName.empty()) out << "  (or --" << spec.malletName << ")";
    out << "\n";
    std::string help = spec.help;
    if (spec.required) help += " (required)";
    if (const std::string shown = shownDefault(spec); !shown.empty()) help += " (default " + shown + ")";
    if (spec.kind == OptionKind::Choice && spec.help.find(spec.choices.front()) == std::string::npos)
      help += "; one of " + listOfChoices(spec.choices);
    out << wrapped(help, 6, 100);
  }
  out << "  --help\n      print this list of options\n";
}

void writeMalletHelp(std::ostream& out, const CommandSpec& command) {
  out << command.purpose << "\n";
  for (const OptionSpec& spec : command.options) {
    const std::string shown = shownDefault(spec);
    out << "--" << spec.name << " " << (takesTruth(spec) ? "TRUE|FALSE" : spec.placeholder) << "\n  " << spec.help
        << "\n  Default is " << (shown.empty() ? "null" : shown) << "\n";
  }
  out << "--help TRUE|FALSE\n  Print this list of options.\n  Default is false\n";
  out << "\nInside MALLET: with topiceval's launcher (java-bridge/bin/mallet) first on PATH and MALLET_HOME set,\n"
         "'mallet evaluate-topics ... --native' runs this command within MALLET's command line; without\n"
         "--native, MALLET's own EvaluateTopics runs unchanged.\n";
}

std::string commandLineFlag(const std::string& command, const std::string& setting) {
  for (const CommandSpec& spec : commandSpecs()) {
    if (spec.name == command) return "--" + optionForSetting(spec, setting);
  }
  return "--" + setting;
}

}  // namespace topiceval::cli
