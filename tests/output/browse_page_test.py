#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The topic browser's page used as a person uses it, in headless Chromium (tests/support/devtools.py):

    tests/output/browse_page_test.py TEST_DATA [SCREENSHOT_DIR]

TEST_DATA is tests/data as the build unpacks it (build/test-data, cmake/test_data.cmake). The page is the
library's (topiceval.browse on the stackexchange set's state and the inferencer of the same run, written by
write_html) and every expectation is the library's own number from the same result: the page loads
with no network request and no script error; it starts on the salient terms; hovering a circle shows that
topic's most relevant terms (relevant_terms at the slider's lambda); the slider's Home, End and arrow keys change
them to the ranking at those lambdas; hovering a term highlights exactly the topics of its token table; sorting
the table by a figure orders the topics by it; a stability match switches model. With SCREENSHOT_DIR it also
saves what it saw (the guide's docs/figures/browse-*.png come from here)."""
import pathlib
import sys
import tempfile
import shutil
import warnings

HERE = pathlib.Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[1] / "support"))
from devtools import Browser  # noqa: E402

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)


def bars(browser):
    return browser.evaluate("[...document.querySelectorAll('#bars g.bar')].map(g => g.dataset.term)")


def point_on(browser, selector):
    """A point of the element where it is the topmost one (circles overlap), in viewport coordinates."""
    return browser.evaluate(f"""(() => {{
        const target = document.querySelector({selector!r});
        target.scrollIntoView({{block: 'center'}});
        const box = target.getBoundingClientRect();
        for (let fy = 0.5; fy < 1; fy += 0.07) for (let fx = 0.5; fx < 1; fx += 0.07)
          for (const [x, y] of [[box.left + box.width * fx, box.top + box.height * fy],
                                [box.left + box.width * (1 - fx), box.top + box.height * (1 - fy)]])
            if (document.elementFromPoint(x, y) === target) return [x, y];
        return null; }})()""")


def hover(browser, selector):
    point = point_on(browser, selector)
    if point is None:
        return False
    browser.move_mouse(*point)
    return True


def main():
    test_data = pathlib.Path(sys.argv[1]).resolve()
    shots = pathlib.Path(sys.argv[2]).resolve() if len(sys.argv) > 2 else None
    import topiceval  # (PYTHONPATH: the build tree's package)
    example = test_data / "mallet-2.1.1" / "stackexchange"
    for name in ("state.gz", "inferencer.mallet"):
        if not (example / name).is_file():
            sys.exit(f"missing test data: {example / name} (the build unpacks tests/data into {test_data}; "
                     "tests/data/README.md lists every file)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        result = topiceval.browse([("state", example / "state.gz"), ("inferencer", example / "inferencer.mallet")],
                                  bootstrap=20, terms=20)
    model = result.models[0]
    grid = list(result.lambda_grid)
    r = result.terms
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="topiceval-browse-"))
    try:
        page = scratch / "page.html"
        result.write_html(page)
        browser = Browser(scratch / "profile", height=1100)
        try:
            browser.page("Network.enable")
            browser.page("Runtime.enable")
            loaded = browser.open(page.as_uri(), "document.body && document.body.dataset.ready === 'true'")
            check(loaded, "the page loads and its script runs to the end")
            requested = [e["params"]["request"]["url"] for e in browser.events
                         if e["method"] == "Network.requestWillBeSent"]
            check(requested == [page.as_uri()], f"no request but the page itself (requested: {requested})")
            errors = [e for e in browser.events if e["method"] == "Runtime.exceptionThrown"]
            check(not errors, f"no script error ({errors[:1]})")
            check(bars(browser) == model.salient[:r], "the overall view shows the most salient terms, in order")

            start = grid[result.lambda_start]
            order = [int(t) for t in model.order]
            for topic in (order[0], order[-1]):
                expected = [t["word"] for t in result.relevant_terms(topic, start)]
                hovered = hover(browser, f"#map circle[data-topic='{topic}']")
                check(hovered and bars(browser) == expected,
                      f"hovering topic {topic}'s circle shows its {r} most relevant terms at lambda {start}")
            # Pin the topic (a click), then move the slider with the keyboard.
            topic = order[0]
            point = point_on(browser, f"#map circle[data-topic='{topic}']")
            browser.click(*point)
            browser.evaluate("document.getElementById('lambda').focus()")
            for key, code, index in (("Home", 36, 0), ("End", 35, len(grid) - 1)):
                browser.press(key, key_code=code)
                expected = [t["word"] for t in result.relevant_terms(topic, grid[index])]
                check(bars(browser) == expected, f"the slider at lambda {grid[index]} ({key}): topic {topic}'s terms "
                                                 f"at that lambda")
            for _ in range(len(grid) - 1 - result.lambda_start):
                browser.press("ArrowLeft", key_code=37)
            expected = [t["word"] for t in result.relevant_terms(topic, start)]
            check(browser.evaluate("document.getElementById('lambda-value').textContent") == f"{start:.2f}"
                  and bars(browser) == expected, f"back to lambda {start} by the arrow key: the terms again")
            low = [t["word"] for t in result.relevant_terms(topic, 0.0)]
            check(low != expected, "(lambda 0 and lambda 0.6 rank topic differently: the check above can fail)")
            if shots:
                browser.screenshot(shots / "browse-topic.png")

            # A term's topics: those of its token table, highlighted, and only those.
            words = list(model.terms["word"])
            term = expected[0]
            index = words.index(term)
            topics = sorted(int(t) for t in model.terms["topics"][index])
            hovered = hover(browser, f"#bars g.bar[data-term='{term}'] text")
            highlighted = browser.evaluate(
                "[...document.querySelectorAll('#map circle.term-topic')].map(c => Number(c.dataset.topic))"
                ".sort((a, b) => a - b)")
            check(hovered and highlighted == topics, f"hovering '{term}' highlights its topics {topics} "
                                                     f"(highlighted: {highlighted})")
            check(len(topics) < model.topics, "(the term is not in every topic: the check above can fail)")
            if shots:
                browser.screenshot(shots / "browse-term.png")
            browser.move_mouse(5, 5)

            # Sorting the table by a figure: its header, clicked.
            for name, descending in (("c_npmi", True), ("c_npmi", False), ("document_entropy", True)):
                figure = list(model.figures)
                values = model.figures[name]
                clicked = browser.evaluate(f"""(() => {{
                    const cells = [...document.querySelectorAll('#topics th')];
                    const cell = cells.find(c => c.textContent.replace(/[\\u25B2\\u25BC ]/g, '') === {name!r});
                    if (!cell) return false;
                    cell.scrollIntoView({{block: 'center'}});
                    const box = cell.getBoundingClientRect();
                    return [box.left + box.width / 2, box.top + box.height / 2]; }})()""")
                if not clicked:
                    check(False, f"the table has a column {name} (figures: {figure})")
                    continue
                browser.click(*clicked)
                rows = browser.evaluate("[...document.querySelectorAll('#topics tbody tr')].map(r => Number(r.dataset.topic))")
                rank = {t: i for i, t in enumerate(order)}
                # Topics without the figure (NaN) last; equal values in LDAvis's order.
                expected_rows = sorted(range(model.topics), key=lambda t: (
                    values[t] != values[t], 0 if values[t] != values[t] else -values[t] if descending else values[t],
                    rank[t]))
                check(rows == expected_rows, f"sorted by {name} ({'descending' if descending else 'ascending'}): "
                                             f"the topics in that order")
            if shots:
                browser.evaluate("document.getElementById('table-panel').scrollLeft = 0; "
                                 "document.getElementById('table-panel').scrollIntoView()")
                browser.screenshot(shots / "browse-table.png")

            # Stability: the topic is still pinned; its match in the other model is one click away.
            matched = int(model.stability[0]["topic"][topic])
            button = point_on(browser, "#details button.match")
            if button:
                browser.click(*button)
            switched = browser.evaluate("document.querySelector('#models tr.current td').textContent")
            pinned = browser.evaluate("document.querySelector('#map circle.selected')?.dataset.topic")
            check(button is not None and switched == "inferencer" and pinned == str(matched),
                  f"the stability match switches to the inferencer's topic {matched} (now {switched}, {pinned})")
            requested = [e["params"]["request"]["url"] for e in browser.events
                         if e["method"] == "Network.requestWillBeSent"]
            check(requested == [page.as_uri()], "still no request after every interaction")
        finally:
            browser.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")


if __name__ == "__main__":
    main()
