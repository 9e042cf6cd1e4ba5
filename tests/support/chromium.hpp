// SPDX-License-Identifier: Apache-2.0
#pragma once
// Headless Chromium for the tests that look at the HTML reports: where it is,
// and a page's DOM after rendering and a screenshot of it.

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/fixtures.hpp"

namespace topiceval::testing {

inline std::string chromium() {
  for (const char* candidate : {"/usr/bin/chromium", "/usr/bin/chromium-browser"}) {
    if (std::filesystem::exists(candidate)) return candidate;
  }
  return "";
}

struct Rendered {
  bool ok = false;
  std::string dom;         // the document after rendering
  std::string screenshot;  // a PNG of the page at 1200 x `height`
};

// Renders `page` with `browser`, its profile and outputs in `directory`.
inline Rendered render(const std::string& browser, const std::string& page, const std::filesystem::path& directory,
                       int height = 1500) {
  const std::string flags =
      " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
      "--disable-background-networking --disable-component-update --disable-sync --user-data-dir=" +
      (directory / "profile").string() + " ";
  Rendered rendered;
  const std::string dom = (directory / "dom.html").string();
  rendered.screenshot = (directory / "report.png").string();
  if (std::system((browser + flags + "--dump-dom file://" + page + " > " + dom + " 2>/dev/null").c_str()) != 0)
    return rendered;
  rendered.dom = readText(dom);
  rendered.ok = std::system((browser + flags + "--window-size=1200," + std::to_string(height) +
                             " --screenshot=" + rendered.screenshot + " file://" + page + " > /dev/null 2>&1")
                                .c_str()) == 0 &&
                std::filesystem::exists(rendered.screenshot);
  return rendered;
}

}  // namespace topiceval::testing
