// SPDX-License-Identifier: Apache-2.0
// What the command line says to a user's mistakes, for every command at once:
// a boolean given alone, a misspelt option, an empty list, help's defaults, an
// error about an option the user gave rather than one derived from it, advice
// that holds for the model at hand, MALLET's spellings with "did you mean" for
// typos, and every command run through the one table.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "native/commands/command_line.hpp"
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/commands/reference.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/model.hpp"
#include "topiceval/options.hpp"

namespace topiceval::commands {
namespace {

using testing::fixtureFile;
using Output = testing::CommandOutput;

Output run(const std::string& command, const std::vector<std::string>& arguments) {
  std::ostringstream out, err;
  const int status = runCommand(command, arguments, out, err);
  return {status, out.str(), err.str()};
}

// The evaluate command's function itself, as the table runs it.
Output evaluateWith(const std::vector<std::string>& arguments) { return testing::runCommand(evaluateCommand, arguments); }

TEST(CommandLineMessages, EveryBooleanGivenAloneMeansTrue) {
  int booleans = 0;
  for (const CommandSpec& command : commandSpecs()) {
    for (const OptionSpec& spec : command.options) {
      if (!takesTruth(spec)) continue;
      ++booleans;
      bool help = false;
      // Alone at the end, and alone before another option.
      for (const std::vector<std::string>& arguments :
           {std::vector<std::string>{"--" + spec.name}, std::vector<std::string>{"--" + spec.name, "--help"}}) {
        const GivenOptions given = command.name == "evaluate-topics" ? parseMalletArguments(command, arguments, help)
                                                                     : parseArguments(command, arguments, help);
        ASSERT_EQ(given.count(spec.name), 1u) << command.name << " --" << spec.name;
        EXPECT_EQ(given.at(spec.name), std::vector<std::string>{"true"}) << command.name << " --" << spec.name;
      }
      // A value that reads as one is still its value.
      const GivenOptions off = command.name == "evaluate-topics"
                                   ? parseMalletArguments(command, {"--" + spec.name, "false"}, help)
                                   : parseArguments(command, {"--" + spec.name, "false"}, help);
      EXPECT_EQ(off.at(spec.name), std::vector<std::string>{"false"}) << command.name << " --" << spec.name;
    }
  }
  EXPECT_GE(booleans, 15);  // quiet, exact, timing, show-words, resampling, check-convergence...

  // infer-topics declares --quiet a boolean (MALLET's layout) and runs with it alone.
  const Output inferred = run("infer-topics", {"--inferencer", fixtureFile("stackexchange", "inferencer.mallet"),
                                               "--input", fixtureFile("stackexchange", "test.mallet"),
                                               "--num-iterations", "2", "--quiet"});
  EXPECT_EQ(inferred.status, 0) << inferred.err;
  EXPECT_EQ(inferred.err, "");
  // A typo of a value is still the option's own message.
  const Output typo = run("infer-topics", {"--quiet", "ture"});
  EXPECT_EQ(typo.status, 2);
  EXPECT_EQ(typo.err, "topiceval infer-topics: --quiet takes true or false, not 'ture'\n");
}

// Boost.Program_options reads each command's arguments from a description
// built out of the declarations: every declared name and MALLET spelling, in
// each of topiceval's forms, gives the declared option its value.
TEST(CommandLineMessages, EveryDeclaredSpellingGivesItsOption) {
  int spellings = 0;
  for (const CommandSpec& command : commandSpecs()) {
    if (command.name == "evaluate-topics") continue;  // MALLET's syntax (parseMalletArguments)
    for (const OptionSpec& spec : command.options) {
      for (const std::string& name : {spec.name, spec.malletName}) {
        if (name.empty()) continue;
        ++spellings;
        const std::string value = takesTruth(spec) ? "false" : "-1";  // a value may start with '-'
        bool help = true;
        for (const std::vector<std::string>& arguments :
             {std::vector<std::string>{"--" + name, value}, std::vector<std::string>{"--" + name + "=" + value}}) {
          const GivenOptions given = parseArguments(command, arguments, help);
          EXPECT_FALSE(help);
          ASSERT_EQ(given.count(spec.name), 1u) << command.name << " " << arguments.front();
          EXPECT_EQ(given.at(spec.name), std::vector<std::string>{value}) << command.name << " " << arguments.front();
        }
        // "--name=" gives the empty value (Boost alone would refuse it).
        EXPECT_EQ(parseArguments(command, {"--" + name + "="}, help).at(spec.name), std::vector<std::string>{""});
      }
    }
    bool help = false;
    EXPECT_TRUE(parseArguments(command, {"--help"}, help).empty());
    EXPECT_TRUE(help) << command.name;
  }
  EXPECT_GE(spellings, 100);
  // Several values for a list, up to the next option; bare arguments fill the positional option.
  const CommandSpec& select = commandSpec("select");
  bool help = false;
  const GivenOptions models =
      parseArguments(select, {"a", "--input", "d", "--model", "b", "-", "--", "--quiet", "c"}, help);
  EXPECT_EQ(models.at("model"), (std::vector<std::string>{"a", "b", "-", "--", "c"}));
  EXPECT_EQ(models.at("input"), std::vector<std::string>{"d"});
  EXPECT_EQ(models.at("quiet"), std::vector<std::string>{"true"});
  // A value given with '=' is the option's one value; what follows is bare.
  EXPECT_EQ(parseArguments(select, {"--model=a", "b"}, help).at("model"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(run("coherence", {"--measure=c_v", "u_mass"}).err,
            "topiceval coherence: unexpected argument 'u_mass' (options start with --)\n");
}

// The first mistake on the line is the one reported, also when Boost stops
// at a later one (an option that needs a value, last on the line).
TEST(CommandLineMessages, TheFirstMistakeIsReported) {
  EXPECT_EQ(run("evaluate", {"--seed", "1", "--seed"}).err, "topiceval evaluate: option '--seed' is given twice\n");
  EXPECT_EQ(run("evaluate", {"--bogus", "--seed"}).err, "topiceval evaluate: unrecognised option '--bogus'\n");
  EXPECT_EQ(run("compare", {"extra", "--seed"}).err,
            "topiceval compare: unexpected argument 'extra' (options start with --)\n");
  EXPECT_EQ(run("evaluate", {"--model", "a", "--seed"}).err, "topiceval evaluate: option '--seed' needs a value (N)\n");
  EXPECT_EQ(run("evaluate", {"--num-particles"}).err, "topiceval evaluate: option '--particles' needs a value (N)\n");
  EXPECT_EQ(run("evaluate", {"--seed", "--model", "a"}).err, "topiceval evaluate: option '--seed' needs a value (N)\n");
  // A switch given a value, and "--=", are options no command has.
  EXPECT_EQ(run("evaluate", {"--help=yes"}).err,
            "topiceval evaluate: unrecognised option '--help' (did you mean '--help'?)\n");
  EXPECT_EQ(run("evaluate", {"--=x"}).err, "topiceval evaluate: unrecognised option '--'\n");
  for (const Output& output : {run("evaluate", {"--seed", "1", "--seed"}), run("evaluate", {"--=x"})})
    EXPECT_EQ(output.status, 2);
  // MALLET's syntax, through the same parser: MALLET's words, in the same order.
  const auto mallet = [](const std::vector<std::string>& arguments) { return run("evaluate-topics", arguments).err; };
  EXPECT_EQ(mallet({"--bogus", "--num-particles"}), "topiceval evaluate-topics: Unrecognized option --bogus\n");
  EXPECT_EQ(mallet({"--random-seed", "+5", "--num-particles"}),
            "topiceval evaluate-topics: Missing argument for option num-particles\n");
  EXPECT_EQ(mallet({"--num-particles", "--use-resampling"}),
            "topiceval evaluate-topics: Missing argument for option num-particles\n");
  EXPECT_EQ(mallet({"--num-particles=5"}),
            "topiceval evaluate-topics: Unrecognized option --num-particles=5 (did you mean '--num-particles'?)\n");
  EXPECT_EQ(mallet({"--"}), "topiceval evaluate-topics: Unrecognized option --\n");
  EXPECT_EQ(mallet({"stray"}), "topiceval evaluate-topics: unexpected argument 'stray' (options start with --)\n");
  EXPECT_EQ(mallet({"--num-particles", "x"}), "topiceval evaluate-topics: --num-particles needs an integer, not 'x'\n");
  EXPECT_EQ(mallet({"--help", "maybe"}),
            "topiceval evaluate-topics: Boolean option should be true|false|0|1.  Instead found maybe (for --help)\n");
  // The last of a repeated option wins; Java's integers in the declarations' form.
  bool help = false;
  const GivenOptions given =
      parseMalletArguments(commandSpec("evaluate-topics"), {"--num-particles", "5", "--num-particles", "+7"}, help);
  EXPECT_EQ(given.at("num-particles"), std::vector<std::string>{"7"});
}

TEST(CommandLineMessages, EveryCommandSuggestsTheOptionMeant) {
  for (const CommandSpec& command : commandSpecs()) {
    for (const OptionSpec& spec : command.options) {
      if (spec.name.size() < 5) continue;
      const std::string typo = spec.name.substr(0, spec.name.size() - 1);
      if (findOption(command, typo) != nullptr) continue;
      const Output output = run(command.name, {"--" + typo, "1"});
      EXPECT_EQ(output.status, 2) << command.name << " --" << typo;
      EXPECT_NE(output.err.find("(did you mean '--"), std::string::npos) << command.name << ": " << output.err;
    }
  }
  EXPECT_EQ(run("evaluate-topics", {"--num-particle", "5"}).err,
            "topiceval evaluate-topics: Unrecognized option --num-particle (did you mean '--num-particles'?)\n");
  EXPECT_EQ(run("evaluate", {"--model", "m", "--input", "d", "--estimator", "left-to-rihgt"}).err,
            "topiceval evaluate: --estimator takes " + listOfChoices(estimatorNames()) +
                ", not 'left-to-rihgt' (did you mean 'left-to-right'?)\n");
}

TEST(CommandLineMessages, HelpGivesEachDefaultOnce) {
  for (const CommandSpec& command : commandSpecs()) {
    const Output help = run(command.name, {"--help"});
    ASSERT_EQ(help.status, 0) << command.name;
    // One block per option: its line and the indented lines under it.
    std::istringstream lines(help.out);
    std::string block, line;
    const auto check = [&] {
      const std::regex mention("\\(default |Default is ");
      const auto count = std::distance(std::sregex_iterator(block.begin(), block.end(), mention), std::sregex_iterator());
      EXPECT_LE(count, 1) << command.name << ":\n" << block;
    };
    while (std::getline(lines, line)) {
      if (line.starts_with("--") || line.starts_with("  --")) {
        check();
        block.clear();
      }
      block += line + "\n";
    }
    check();
  }
  // An estimator setting's default, from the estimator, in each layout.
  const Output mallet = run("evaluate-topics", {"--help"});
  EXPECT_NE(mallet.out.find("--temperatures INTEGER\n  topiceval only, ais: annealing steps.\n  Default is 1000\n"),
            std::string::npos)
      << mallet.out;
  const Output own = run("evaluate", {"--help"});
  EXPECT_NE(own.out.find("  --temperatures N\n      ais: annealing steps (default 1000)\n"), std::string::npos)
      << own.out;
}

TEST(CommandLineMessages, AnEmptyMeasureListNamesTheMeasures) {
  const std::string expected =
      "topiceval coherence: --measure takes u_mass, c_uci, c_npmi, c_v or mallet (one or more), not ''\n";
  const std::string model = fixtureFile("stackexchange", "state.gz");
  for (const std::vector<std::string>& measure : std::vector<std::vector<std::string>>{
           {"--measure", ""}, {"--measure", ","}, {"--measure="}, {"--measures", ","}, {"--measure", "c_v,"}}) {
    std::vector<std::string> arguments = {"--model", model};
    arguments.insert(arguments.end(), measure.begin(), measure.end());
    const Output output = run("coherence", arguments);
    EXPECT_EQ(output.status, 2) << measure.front();
    if (measure.front() == "--measures") {
      EXPECT_NE(output.err.find("did you mean '--measure'"), std::string::npos) << output.err;
    } else {
      EXPECT_EQ(output.err, expected) << measure.front();
    }
  }
  EXPECT_EQ(run("coherence", {"--model", model, "--measure", "c_v,c_npm"}).err,
            "topiceval coherence: --measure takes u_mass, c_uci, c_npmi, c_v or mallet (one or more), not 'c_npm' "
            "(did you mean 'c_npmi'?)\n");
  // Files still need a name.
  EXPECT_EQ(run("select", {"--input", fixtureFile("stackexchange", "test.mallet"), ""}).err,
            "topiceval select: --model needs a file name\n");
}

TEST(CommandLineMessages, ABudgetCapBeyondTheEstimatorNamesTheCap) {
  const std::vector<std::string> base = {"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input",
                                         fixtureFile("stackexchange", "test.mallet"), "--target-error", "1e-300",
                                         "--quiet"};
  for (const std::string estimator : {"left-to-right", "resample-move"}) {
    std::vector<std::string> arguments = base;
    arguments.insert(arguments.end(), {"--estimator", estimator, "--budget-cap", "10000000"});
    const Output output = run("evaluate", arguments);
    EXPECT_EQ(output.status, 2) << output.err;
    EXPECT_EQ(output.err, "topiceval evaluate: --budget-cap is above the most " + estimator +
                              " takes (--particles at most 100000; got 10000000)\n");
  }
  // A given budget beyond the estimator is still that option's error.
  std::vector<std::string> arguments = base;
  arguments.insert(arguments.end(), {"--particles", "10000000"});
  EXPECT_EQ(run("evaluate", arguments).err, "topiceval evaluate: --particles must be at most 100000 (got 10000000)\n");
}

TEST(CommandLineMessages, AdviceForAModelWithoutWordsFitsItsKind) {
  // Two topics over three words, given as probabilities: no words, and no inferencer to give.
  const std::vector<double> phi = {0.5, 0.25, 0.25, 0.1, 0.1, 0.8};
  CoherenceRequest request;
  request.model = Model::fromTopics(phi, 3, {0.1, 0.1});
  request.texts = DocumentsSource(Documents::fromIds({{0, 1, 2}, {2, 2, 1}}).withWords({"a", "b", "c"}));
  try {
    (void)coherence(request);
    FAIL() << "a model without words was scored";
  } catch (const SettingError& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.find("inferencer"), std::string::npos) << message;
    EXPECT_NE(message.find("topic-word probabilities: give the model its words"), std::string::npos) << message;
  }
  request.model = fixtureFile("stackexchange", "evaluator.mallet");
  try {
    (void)coherence(request);
    FAIL() << "an evaluator was scored";
  } catch (const SettingError& error) {
    EXPECT_NE(std::string(error.what()).find("give the inferencer, the saved model or the topic state"),
              std::string::npos)
        << error.what();
  }
}

TEST(CommandLineMessages, MalletSpellingsWorkAndTyposGetASuggestion) {
  const std::vector<std::string> common = {"--model",     fixtureFile("stackexchange", "inferencer.mallet"),
                                           "--input",     fixtureFile("stackexchange", "test.mallet"),
                                           "--documents", "0-4",
                                           "--format",    "tsv"};
  std::vector<std::string> ours = common, mallets = common;
  ours.insert(ours.end(), {"--particles", "3", "--seed", "5"});
  mallets.insert(mallets.end(), {"--num-particles", "3", "--random-seed", "5"});
  const Output a = evaluateWith(ours);
  const Output b = evaluateWith(mallets);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  std::vector<std::string> typo = common;
  typo.insert(typo.end(), {"--particels", "3"});
  EXPECT_EQ(evaluateWith(typo).err,
            "topiceval evaluate: unrecognised option '--particels' (did you mean '--particles'?)\n");
  std::ostringstream out, err;
  EXPECT_EQ(runCommand("evalute", {}, out, err), 2);
  EXPECT_EQ(err.str(), "topiceval: unknown command 'evalute' (did you mean 'evaluate'?)\n");
  std::ostringstream out2, err2;
  runCommand("frobnicate", {}, out2, err2);
  EXPECT_EQ(err2.str(), "topiceval: unknown command 'frobnicate'\n");
  EXPECT_EQ(closestMatch("selct", {"select", "compare"}), "select");
  EXPECT_FALSE(closestMatch("xy", {"select"}).has_value());
}

TEST(CommandLineMessages, EveryCommandRunsThroughTheOneTable) {
  for (const CommandEntry& command : allCommands()) {
    std::ostringstream out, err;
    EXPECT_EQ(runCommand(command.name, {"--help"}, out, err), 0) << command.name << err.str();
    EXPECT_FALSE(out.str().empty()) << command.name;
  }
  std::ostringstream overview;
  printOverview(overview);
  EXPECT_NE(overview.str().find("  select            rank models"), std::string::npos) << overview.str();
}

// A message is one printable line: what it echoes of the arguments (a
// command's name, an option's name or value) has its control characters
// escaped as a file's name has them (oneLine: '?'), for every command and every
// option that takes a value.
TEST(CommandLineMessages, EveryEchoedArgumentStaysOnOneLine) {
  const auto oneLineOnly = [](const Output& output, const std::string& what) {
    EXPECT_NE(output.status, 0) << what;
    ASSERT_FALSE(output.err.empty()) << what;
    EXPECT_EQ(output.err.find('\n'), output.err.size() - 1) << what << ": " << output.err;
    for (std::size_t i = 0; i + 1 < output.err.size(); ++i) {
      const auto c = static_cast<unsigned char>(output.err[i]);
      EXPECT_TRUE(c >= 0x20 && c != 0x7F) << what << ": byte " << i << " of " << output.err;
    }
  };
  const std::string hostile = "json\ntext\t\x1b[31m\r";
  const Output unknown = run("evaluate\nx", {});
  oneLineOnly(unknown, "an unknown command");
  EXPECT_EQ(unknown.err.rfind("topiceval: unknown command 'evaluate?x'", 0), 0u) << unknown.err;
  const Output format = evaluateWith({"--format", hostile});
  oneLineOnly(format, "evaluate --format");
  EXPECT_NE(format.err.find("not 'json?text?" "?[31m?'"), std::string::npos) << format.err;
  std::size_t values = 0;
  for (const CommandSpec& command : commandSpecs()) {
    oneLineOnly(run(command.name, {"--no\nsuch"}), command.name + " --no?such");
    for (const OptionSpec& spec : command.options) {
      if (spec.kind == OptionKind::Switch || spec.kind == OptionKind::Path || spec.kind == OptionKind::Text) continue;
      ++values;
      oneLineOnly(run(command.name, {"--" + spec.name, hostile}), command.name + " --" + spec.name);
    }
  }
  EXPECT_GT(values, 50u);
  oneLineOnly(testing::runCommand(helpCommand, {"--x\ny"}), "help --x?y");
}

// Every command takes --quiet (a script may pass it to any), from the one
// declaration of it or its MALLET spelling.
TEST(CommandLineMessages, EveryCommandTakesQuiet) {
  for (const CommandEntry& command : allCommands()) {
    const OptionSpec* quiet = findOption(commandSpec(command.name), "quiet");
    ASSERT_NE(quiet, nullptr) << command.name;
    const Output output = run(command.name, {"--quiet", "--help"});
    EXPECT_EQ(output.status, 0) << command.name << ": " << output.err;
  }
  const std::string texts = testing::writeTemporary("quiet-texts.txt", "apple pear\npear plum\n");
  const std::string index = testing::writeTemporary("quiet.index", "");
  const Output indexed = run("index", {"--texts", texts, "--output", index, "--quiet"});
  EXPECT_EQ(indexed.status, 0) << indexed.err;
  EXPECT_EQ(indexed.err, "indexed 2 documents, 4 tokens, 3 words\n");
}

}  // namespace
}  // namespace topiceval::commands
