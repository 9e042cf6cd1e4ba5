// SPDX-License-Identifier: Apache-2.0
#include "native/commands/command_line.hpp"

#include <algorithm>

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/parsers.hpp>
#include <boost/program_options/positional_options.hpp>

#include "topiceval/errors.hpp"

namespace topiceval::commands {

namespace {

bool looksLikeOption(const std::string& argument) { return argument.size() > 2 && argument.starts_with("--"); }

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

namespace {

namespace po = boost::program_options;

// Boost's description of a command's options, from its declarations: the
// name and MALLET's spelling of each, one value or (a list) several. Each may
// stand alone as far as Boost knows: Boost would stop the parse at a missing
// value, before mistakes earlier on the line; whether a value is needed (a
// boolean alone means true) is checked in order below. No help text: --help
// is written from the declarations (writeHelp), and Boost's formatter never
// sees a declaration's words.
po::options_description describeOptions(const CommandSpec& command) {
  po::options_description options;
  auto add = options.add_options();
  for (const OptionSpec& spec : command.options) {
    const std::string names = spec.malletName.empty() ? spec.name : spec.name + "," + spec.malletName;
    if (spec.kind == OptionKind::List) {
      add(names.c_str(), po::value<std::vector<std::string>>()->multitoken()->implicit_value({}, ""));
    } else {
      add(names.c_str(), po::value<std::string>()->implicit_value("", ""));
    }
  }
  add("help", po::bool_switch());
  return options;
}

// The arguments Boost's own long-option syntax reads otherwise than topiceval
// always has, read as topiceval reads them: "--" is a bare argument (not the
// end of the options), "--name=" gives an empty value (Boost refuses it), and
// "--=value" or a value given to a switch ("--help=yes") is an unrecognised
// option. Boost would stop the parse there; these go through the checks below
// in their turn.
std::vector<po::option> ownSpellings(const po::options_description& options, std::vector<std::string>& arguments) {
  const std::string& token = arguments.front();
  po::option option;
  option.original_tokens = {token};
  if (token == "--") {
    option.value = {token};
  } else {
    const std::size_t equals = token.find('=');
    if (!looksLikeOption(token) || equals == std::string::npos) return {};
    const std::string name = token.substr(2, equals - 2);
    const po::option_description* declared = name.empty() ? nullptr : options.find_nothrow(name, false);
    if (declared != nullptr && declared->semantic()->max_tokens() == 0) {
      option.string_key = token;  // no declaration has this name: unregistered
    } else if (name.empty() || equals + 1 == token.size()) {
      option.string_key = name.empty() ? token : name;
      option.value = {token.substr(equals + 1)};
    } else {
      return {};
    }
  }
  arguments.erase(arguments.begin());
  return {option};
}

// Boost's parse, checked argument by argument in the order given, so that the
// first mistake on the line is the one reported, in topiceval's words (never
// Boost's: its messages loop forever on an option named like its placeholders,
// "--%canonical_option%").
class GivenArguments {
 public:
  explicit GivenArguments(const CommandSpec& command) : command_(command) {}

  static po::options_description describe(const CommandSpec& command) { return describeOptions(command); }
  static std::vector<po::option> spellings(const po::options_description& options, std::vector<std::string>& rest) {
    return ownSpellings(options, rest);
  }

  void take(const po::option& option) {
    const std::string& token = option.original_tokens.front();
    if (option.unregistered) throw unknownOption(command_, token.substr(0, token.find('=')));
    if (option.position_key != -1) return bare(token);
    if (option.string_key == "help") {
      help = true;
      return;
    }
    const OptionSpec& spec = *findOption(command_, option.string_key);
    std::vector<std::string>& values = given[spec.name];
    if (!values.empty() && spec.kind != OptionKind::List)
      throw UsageError("option '--" + spec.name + "' is given twice");
    // Boost gives an option the bare arguments that follow it as far as it
    // can take them; topiceval's rules say which of them are its values.
    std::size_t taken = 0;
    if (token.find('=') != std::string::npos) {
      values.push_back(option.value.front());
      taken = 1;
    } else if (takesTruth(spec)) {
      // Given alone it means true; what follows is its value when it reads as
      // one, or when there is no bare argument it could be (then a typo gets
      // the option's own message).
      if (option.value.empty() || (!parseTruth(option.value.front()) && !command_.positional.empty())) {
        values.push_back("true");
      } else {
        values.push_back(option.value.front());
        taken = 1;
      }
    } else {
      // The next argument is the value unless it is itself an option ("-"
      // and "-1" are values).
      if (option.value.empty() || looksLikeOption(option.value.front()))
        throw UsageError("option '--" + spec.name + "' needs a value (" + spec.placeholder + ")");
      taken = option.value.size();
      values.insert(values.end(), option.value.begin(), option.value.end());
    }
    for (std::size_t rest = taken; rest < option.value.size(); ++rest) bare(option.value[rest]);
  }

  GivenOptions given;
  bool help = false;

 private:
  void bare(const std::string& argument) {
    if (command_.positional.empty()) throw UsageError("unexpected argument '" + argument + "' (options start with --)");
    const OptionSpec& positional = *findOption(command_, command_.positional);
    if (positional.kind != OptionKind::List && given.count(positional.name))
      throw UsageError("unexpected argument '" + argument + "' (" + command_.name + " takes one " +
                       positional.placeholder + ")");
    given[positional.name].push_back(argument);
  }

  const CommandSpec& command_;
};

// MALLET's syntax (CommandOption's, evaluate-topics): no "--name=value" and
// no bare arguments; a boolean alone means true and takes true|false|1|0; an
// integer is Java's; the last of a repeated option wins; MALLET's messages.
class MalletArguments {
 public:
  explicit MalletArguments(const CommandSpec& command) : command_(command) {}

  static bool looksLikeOption(const std::string& argument) { return argument.starts_with("--"); }

  // Boost's description: every declaration by its own name (MALLET's), and
  // MALLET's --help TRUE|FALSE; each may stand alone as far as Boost knows
  // (see describeOptions).
  static po::options_description describe(const CommandSpec& command) {
    po::options_description options;
    auto add = options.add_options();
    for (const OptionSpec& spec : command.options)
      add(spec.name.c_str(), po::value<std::string>()->implicit_value("", ""));
    add("help", po::value<std::string>()->implicit_value("", ""));
    return options;
  }

  // "--" and any "--name=value" are options MALLET does not have.
  static std::vector<po::option> spellings(const po::options_description&, std::vector<std::string>& arguments) {
    const std::string& token = arguments.front();
    if (token != "--" && !(token.starts_with("--") && token.find('=') != std::string::npos)) return {};
    po::option option;
    option.string_key = token;  // no declaration has this name: unregistered
    option.original_tokens = {token};
    arguments.erase(arguments.begin());
    return {option};
  }

  void take(const po::option& option) {
    const std::string& token = option.original_tokens.front();
    if (option.unregistered) {
      // MALLET's message, then the suggestion every other command gives.
      std::vector<std::string> names;
      for (const OptionSpec& spec : command_.options) names.push_back("--" + spec.name);
      names.push_back("--help");
      const auto suggestion = closestMatch(token, names);
      throw UsageError("Unrecognized option " + token +
                       (suggestion ? " (did you mean '" + *suggestion + "'?)" : std::string()));
    }
    if (option.position_key != -1) throw UsageError("unexpected argument '" + token + "' (options start with --)");
    const OptionSpec* spec = findOption(command_, option.string_key);
    const std::string& name = option.string_key;
    const bool truth = spec == nullptr || takesTruth(*spec);  // --help, or a boolean
    if (!truth && (option.value.empty() || looksLikeOption(option.value.front())))
      throw UsageError("Missing argument for option " + name);
    const std::string value = option.value.empty() ? "true" : option.value.front();
    // Java's integers ("+5") and MALLET's booleans ("TRUE") in the declarations' own forms.
    std::string checked = value;
    if (truth) {
      const auto parsed = parseMalletBoolean(value);
      if (!parsed)
        throw UsageError("Boolean option should be true|false|0|1.  Instead found " + value + " (for --" + name + ")");
      checked = *parsed ? "true" : "false";
    } else if (spec->kind == OptionKind::Integer && !spec->defaultValue.empty()) {
      const auto parsed = parseJavaInteger(value);
      if (!parsed) throw UsageError("--" + name + " needs an integer, not '" + value + "'");
      checked = std::to_string(*parsed);
    }
    if (spec == nullptr) {
      help = checked == "true";
    } else {
      given[spec->name] = {checked};
    }
  }

  GivenOptions given;
  bool help = false;

 private:
  const CommandSpec& command_;
};

// `arguments` read by Boost.Program_options with the dialect's description and
// its spellings, each option handed to `walk` in the order given.
template <typename Walk>
void readArguments(Walk& walk, const CommandSpec& command, const std::vector<std::string>& arguments) {
  const po::options_description options = Walk::describe(command);
  po::positional_options_description positional;
  po::command_line_parser parser(arguments);
  parser.options(options)
      .style(po::command_line_style::allow_long | po::command_line_style::long_allow_adjacent |
             po::command_line_style::long_allow_next)
      .extra_style_parser([&options](std::vector<std::string>& rest) { return Walk::spellings(options, rest); })
      .allow_unregistered();
  if (!command.positional.empty()) parser.positional(positional.add(command.positional.c_str(), -1));
  std::vector<po::option> parsed;
  try {
    parsed = parser.run().options;
  } catch (const po::error&) {
    throw UsageError("cannot read the command line");  // never Boost's own words (see GivenArguments)
  }
  for (const po::option& option : parsed) walk.take(option);
}

}  // namespace

GivenOptions parseArguments(const CommandSpec& command, const std::vector<std::string>& arguments, bool& help) {
  GivenArguments walk(command);
  readArguments(walk, command, arguments);
  help = walk.help;
  return std::move(walk.given);
}

GivenOptions parseMalletArguments(const CommandSpec& command, const std::vector<std::string>& arguments, bool& help) {
  MalletArguments walk(command);
  readArguments(walk, command, arguments);
  help = walk.help;
  return std::move(walk.given);
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
  out << "\n" << malletLauncherNote();
}

std::string malletLauncherNote() {
  return "Inside MALLET: with topiceval's launcher (java-bridge/bin/mallet) first on PATH and MALLET_HOME set,\n"
         "'mallet evaluate-topics ... --native' runs this command within MALLET's command line; without\n"
         "--native, MALLET's own EvaluateTopics runs unchanged.\n";
}

std::string commandLineFlag(const std::string& command, const std::string& setting) {
  for (const CommandSpec& spec : commandSpecs()) {
    if (spec.name == command) return "--" + optionForSetting(spec, setting);
  }
  return "--" + setting;
}

}  // namespace topiceval::commands
