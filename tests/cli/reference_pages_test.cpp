// SPDX-License-Identifier: Apache-2.0
// The reference pages (docs/reference/*.md, topiceval-COMMAND(1)) written from
// the declarations: every option a command's --help lists is on its pages,
// with what the declaration says of it, and `topiceval help` prints them.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "native/commands/commands.hpp"
#include "native/commands/reference.hpp"

namespace topiceval::commands {
namespace {

// Every "--name" a text mentions.
std::set<std::string> flagsIn(const std::string& text) {
  std::set<std::string> flags;
  const std::regex flag("--[a-z][a-z0-9-]*");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), flag); it != std::sregex_iterator(); ++it)
    flags.insert(it->str());
  return flags;
}

std::string helpOf(const std::string& command) {
  std::ostringstream out, err;
  EXPECT_EQ(runCommand(command, {"--help"}, out, err), 0) << err.str();
  return out.str();
}

// What man shows of roff's escapes: \- is a hyphen, \e a backslash, \fB and \fR fonts.
std::string manText(std::string roff) {
  roff = std::regex_replace(roff, std::regex(R"(\\f[BIR])"), "");
  roff = std::regex_replace(roff, std::regex(R"(\\-)"), "-");
  return std::regex_replace(roff, std::regex(R"(\\e)"), "\\");
}

TEST(ReferencePages, EveryOptionOfHelpIsOnItsMarkdownPageAndManPage) {
  const auto markdown = referencePages(ReferenceFormat::Markdown);
  const auto man = referencePages(ReferenceFormat::Man);
  ASSERT_EQ(markdown.size(), commandSpecs().size() + 1);  // and the list of commands
  ASSERT_EQ(man.size(), commandSpecs().size() + 1);       // and topiceval.1
  for (const CommandSpec& command : commandSpecs()) {
    const std::set<std::string> listed = flagsIn(helpOf(command.name));
    ASSERT_GT(listed.size(), 2u) << command.name;
    const std::set<std::string> onPage = flagsIn(markdown.at(command.name + ".md"));
    const std::set<std::string> onManPage = flagsIn(manText(man.at("topiceval-" + command.name + ".1")));
    for (const std::string& flag : listed) {
      EXPECT_TRUE(onPage.count(flag)) << flag << " is not on docs/reference/" << command.name << ".md";
      EXPECT_TRUE(onManPage.count(flag)) << flag << " is not on topiceval-" << command.name << "(1)";
    }
    EXPECT_NE(markdown.at(kCommandListPage).find("[" + command.name + "](" + command.name + ".md)"), std::string::npos);
    EXPECT_NE(man.at("topiceval.1").find(".BR topiceval\\-" + command.name.substr(0, command.name.find('-'))),
              std::string::npos);
  }
}

TEST(ReferencePages, AnOptionShowsItsKindDefaultRangeChoicesAndMalletSpelling) {
  std::ostringstream page;
  writeMarkdownPage(page, commandSpec("evaluate"));
  const std::string text = page.str();
  EXPECT_NE(text.find("# topiceval evaluate\n"), std::string::npos);
  EXPECT_NE(text.find("## Synopsis\n\n```\n" + commandSpec("evaluate").usage), std::string::npos);
  // --seed: an integer, MALLET's --random-seed.
  const std::size_t seed = text.find("### `--seed N`");
  ASSERT_NE(seed, std::string::npos);
  const std::string seedEntry = text.substr(seed, text.find("###", seed + 3) - seed);
  EXPECT_NE(seedEntry.find("Kind: integer"), std::string::npos) << seedEntry;
  EXPECT_NE(seedEntry.find("MALLET's spelling: `--random-seed`"), std::string::npos) << seedEntry;
  EXPECT_NE(seedEntry.find("Range: 0 to "), std::string::npos) << seedEntry;
  // --unseen-words: a choice, with every choice.
  const std::size_t unseen = text.find("### `--unseen-words");
  ASSERT_NE(unseen, std::string::npos);
  const std::string unseenEntry = text.substr(unseen, text.find("###", unseen + 3) - unseen);
  EXPECT_NE(unseenEntry.find("Kind: choice"), std::string::npos) << unseenEntry;
  EXPECT_NE(unseenEntry.find("Choices: `skip`, `skip-untrained`, `smooth`"), std::string::npos) << unseenEntry;
}

TEST(ReferencePages, EveryOptionShowsWhatItsDeclarationSays) {
  for (const CommandSpec& command : commandSpecs()) {
    std::ostringstream page;
    writeMarkdownPage(page, command);
    const std::string text = page.str();
    for (const OptionSpec& spec : command.options) {
      const std::string head = "### `--" + spec.name;
      const std::size_t at = text.find(head + (spec.kind == OptionKind::Switch ? "`" : " "));
      ASSERT_NE(at, std::string::npos) << command.name << " --" << spec.name;
      const std::string entry = text.substr(at, text.find("\n### ", at) - at);
      if (const std::string shown = shownDefault(spec); !shown.empty()) {
        EXPECT_NE(entry.find("Default: `" + shown + "`"), std::string::npos) << entry;
      }
      for (const std::string& choice : spec.choices) {
        EXPECT_NE(entry.find("`" + choice + "`"), std::string::npos) << entry;
      }
      if (!spec.malletName.empty()) {
        EXPECT_NE(entry.find("MALLET's spelling: `--" + spec.malletName + "`"), std::string::npos) << entry;
      }
      if (spec.required) {
        EXPECT_NE(entry.find("Required"), std::string::npos) << entry;
      }
      if (spec.kind == OptionKind::Integer) {
        EXPECT_NE(entry.find("Kind: integer"), std::string::npos) << entry;
      }
    }
  }
}

TEST(ReferencePages, ManPageIsRoffWithEscapedHyphens) {
  std::ostringstream page;
  writeManPage(page, commandSpec("evaluate"));
  const std::string text = page.str();
  EXPECT_NE(text.find(".TH TOPICEVAL\\-EVALUATE 1 "), std::string::npos);
  EXPECT_NE(text.find(".SH NAME\ntopiceval\\-evaluate \\- "), std::string::npos);
  EXPECT_NE(text.find(".TP\n\\fB\\-\\-target\\-error\\fR"), std::string::npos);
  // No line may start with a request man does not know (a help text starting with "." or "'").
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || (line[0] != '.' && line[0] != '\'')) continue;
    EXPECT_TRUE(std::regex_match(line, std::regex(R"(\.(TH|SH|TP|PP|br|nf|fi|B|I|BR|\\").*)"))) << line;
  }
}

TEST(ReferencePages, HelpCommandPrintsThePagesAndRefusesMistakes) {
  std::ostringstream out, err;
  EXPECT_EQ(helpCommand({"--markdown", "select"}, out, err), 0);
  std::ostringstream expected;
  writeMarkdownPage(expected, commandSpec("select"));
  EXPECT_EQ(out.str(), expected.str());
  out.str("");
  EXPECT_EQ(helpCommand({"--man"}, out, err), 0);
  EXPECT_EQ(out.str(), referencePages(ReferenceFormat::Man).at("topiceval.1"));
  out.str("");
  EXPECT_EQ(helpCommand({"select"}, out, err), 0);
  EXPECT_EQ(out.str(), helpOf("select"));
  std::ostringstream bad;
  EXPECT_EQ(helpCommand({"--markdown", "selct"}, out, bad), 2);
  EXPECT_NE(bad.str().find("unknown command 'selct' (did you mean 'select'?)"), std::string::npos) << bad.str();
  bad.str("");
  EXPECT_EQ(helpCommand({"--markdwn", "select"}, out, bad), 2);
  EXPECT_NE(bad.str().find("unrecognised option '--markdwn' (did you mean '--markdown'?)"), std::string::npos)
      << bad.str();
  bad.str("");
  EXPECT_EQ(helpCommand({"--man", "--markdown"}, out, bad), 2);
  bad.str("");
  EXPECT_EQ(helpCommand({"select", "evaluate"}, out, bad), 2);
}

}  // namespace
}  // namespace topiceval::commands
