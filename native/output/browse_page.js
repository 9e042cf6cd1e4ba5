// SPDX-License-Identifier: Apache-2.0
// The topic browser's script (topiceval/browse.hpp, native/output/browse_output.cpp):
// it draws the numbers the library computed and re-sorts them. The one sum it
// makes is a topic's terms' relevance at the slider's lambda, to order them:
// lambda * log phi + (1 - lambda) * log lift, the library's own expression
// (relevanceAt, native/quality/ldavis.hpp) on the library's grid value of lambda,
// ties by the lower type index. It requests nothing and needs no library.
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  const data = JSON.parse(document.getElementById("browse-data").textContent);
  const MAP = 520, MAP_MARGIN = 24, ROW = 17, LABEL = 130, BAR_WIDTH = 420;

  // JSON has no infinities: a log of 0 arrives as null, and is -Infinity again here.
  for (const model of data.models) {
    for (const terms of model.topic_terms) {
      for (const key of ["log_probability", "log_lift"]) {
        terms[key] = terms[key].map((value) => (value === null ? -Infinity : value));
      }
    }
  }

  const state = {
    model: 0,
    pinned: -1, // the topic clicked (the model's own index), or -1
    hovered: -1, // the topic under the pointer, or -1
    term: -1, // the term under the pointer (an index into the model's terms), or -1
    lambda: data.lambda_start, // an index into data.lambda_grid
    sortBy: -1, // -1: the topic's number; otherwise an index into the model's figures
    descending: false,
    colourBy: -1,
    sizeBy: 0, // the token share, as LDAvis sizes its circles
  };

  function element(tag, attributes, parent, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function shape(tag, attributes, parent, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function finite(value) {
    return typeof value === "number" && isFinite(value);
  }

  function figureText(value) {
    if (!finite(value)) return "\u2013";
    if (value !== 0 && Math.abs(value) < 1e-3) return value.toExponential(2);
    if (Math.abs(value) >= 1e4) return value.toFixed(0);
    return String(Number(value.toPrecision(4)));
  }

  function percent(value) {
    return finite(value) ? (100 * value).toFixed(1) + "%" : "\u2013";
  }

  function model() {
    return data.models[state.model];
  }

  // The topic's number on the page: its place in LDAvis's order, from 1.
  function numberOf(topic) {
    return model().rank[topic] + 1;
  }

  // A topic's R most relevant terms at the slider's lambda (indices into the model's terms).
  function relevant(topic) {
    const m = model();
    const terms = m.topic_terms[topic];
    const lambda = data.lambda_grid[state.lambda];
    const scored = terms.term.map((term, i) => ({
      term: term,
      i: i,
      relevance: lambda * terms.log_probability[i] + (1 - lambda) * terms.log_lift[i],
    }));
    scored.sort((a, b) => {
      const aNaN = Number.isNaN(a.relevance), bNaN = Number.isNaN(b.relevance);
      if (aNaN || bNaN) return aNaN === bNaN ? m.terms.type[a.term] - m.terms.type[b.term] : aNaN ? 1 : -1;
      if (a.relevance !== b.relevance) return a.relevance > b.relevance ? -1 : 1;
      return m.terms.type[a.term] - m.terms.type[b.term];
    });
    return scored.slice(0, data.terms);
  }

  function shownTopic() {
    return state.hovered >= 0 ? state.hovered : state.pinned;
  }

  // ---- the page's parts -------------------------------------------------------------------------------------

  const page = element("div", { id: "browser" }, document.body);
  const header = element("header", {}, page);
  element("h1", {}, header, "topiceval browse");
  const summary = element("p", { id: "summary" }, header);
  const switcher = element("section", { id: "switcher" }, page);
  const panels = element("div", { class: "panels" }, page);
  const mapPanel = element("section", { id: "map-panel" }, panels);
  const mapControls = element("div", { class: "controls" }, mapPanel);
  const colourLabel = element("label", {}, mapControls, "colour by ");
  const colourSelect = element("select", { id: "colour-by" }, colourLabel);
  const sizeLabel = element("label", {}, mapControls, " size by ");
  const sizeSelect = element("select", { id: "size-by" }, sizeLabel);
  element("button", { id: "clear-topic", type: "button" }, mapControls, "overall view").addEventListener("click", () => {
    state.pinned = -1;
    renderAll();
  });
  const map = shape("svg", { id: "map", width: MAP, height: MAP, viewBox: "0 0 " + MAP + " " + MAP, role: "img" }, mapPanel);
  const legend = element("p", { id: "legend" }, mapPanel);
  const barPanel = element("section", { id: "bar-panel" }, panels);
  const sliderLine = element("div", { class: "controls" }, barPanel);
  const sliderLabel = element("label", { for: "lambda" }, sliderLine, "relevance \u03bb ");
  const slider = element("input", {
    id: "lambda",
    type: "range",
    min: 0,
    max: data.lambda_grid.length - 1,
    step: 1,
    value: state.lambda,
  }, sliderLabel);
  const lambdaText = element("output", { id: "lambda-value", for: "lambda" }, sliderLine);
  element("span", { class: "hint" }, sliderLine,
    " 1: by probability in the topic; 0: by lift (probability over the corpus's)");
  const barsTitle = element("h2", { id: "bars-title" }, barPanel);
  const bars = shape("svg", { id: "bars", width: LABEL + BAR_WIDTH + 20, role: "img" }, barPanel);
  const details = element("section", { id: "details" }, page);
  const tablePanel = element("section", { id: "table-panel" }, page);
  element("h2", {}, tablePanel, "Topics");
  element("p", { class: "hint" }, tablePanel,
    "Click a column's header to sort by it, a row to select its topic. Values are \u00b1 one bootstrap standard error where shown.");
  const table = element("table", { id: "topics" }, tablePanel);
  const notes = element("section", { id: "warnings" }, page);

  slider.addEventListener("input", () => {
    state.lambda = Number(slider.value);
    renderBars();
    renderTable();
  });
  colourSelect.addEventListener("change", () => {
    state.colourBy = Number(colourSelect.value);
    renderMap();
  });
  sizeSelect.addEventListener("change", () => {
    state.sizeBy = Number(sizeSelect.value);
    renderMap();
  });

  // ---- the models -------------------------------------------------------------------------------------------

  for (const m of data.models) {
    m.rank = [];
    m.order.forEach((topic, i) => {
      m.rank[topic] = i;
    });
  }

  function renderSwitcher() {
    switcher.textContent = "";
    if (data.models.length < 2) return;
    element("h2", {}, switcher, "Models");
    const grid = element("table", { id: "models" }, switcher);
    const head = element("tr", {}, element("thead", {}, grid));
    const ranked = data.selection !== undefined;
    const columns = ["model", "topics"];
    if (ranked) columns.push("rank", "log likelihood per token", "behind the best", "verdict");
    columns.push("coherence", "exclusivity", "FREX");
    for (const column of columns) element("th", {}, head, column);
    const body = element("tbody", {}, grid);
    data.models.forEach((m, i) => {
      const row = element("tr", { "data-model": i, class: i === state.model ? "current" : "" }, body);
      element("td", {}, row, m.name);
      element("td", {}, row, String(m.topics));
      if (ranked) {
        const r = m.ranking;
        element("td", {}, row, r ? String(r.rank) : "\u2013");
        element("td", {}, row, r ? figureText(r.per_token) + " \u00b1 " + figureText(r.per_token_se) : "\u2013");
        element("td", {}, row, r ? figureText(r.difference_to_best) + " \u00b1 " + figureText(r.difference_se) : "\u2013");
        element("td", {}, row, r ? r.verdict : "\u2013");
      }
      const q = m.quality;
      const measure = q && q.measures.length > 0 ? q.measures[0] : null;
      element("td", {}, row, measure ? measure.name + " " + figureText(measure.mean) + " \u00b1 " + figureText(measure.mean_se) : "\u2013");
      element("td", {}, row, q ? figureText(q.exclusivity) : "\u2013");
      element("td", {}, row, q ? figureText(q.frex) : "\u2013");
      row.addEventListener("click", () => switchModel(i, -1));
    });
    if (ranked) {
      element("p", { class: "hint" }, switcher,
        "Ranked by held-out likelihood on " + data.selection.input + " (" + data.selection.estimator + ", " +
        data.selection.documents + " documents).");
    }
  }

  function switchModel(index, topic) {
    state.model = index;
    state.pinned = topic;
    state.hovered = -1;
    state.term = -1;
    state.sortBy = -1;
    state.descending = false;
    state.colourBy = -1;
    state.sizeBy = 0;
    renderAll();
  }

  function renderSummary() {
    const m = model();
    let tokens = 0;
    for (const f of m.frequency) tokens += f;
    summary.textContent = m.name + " \u2014 " + m.description + ": " + m.topics + " topics, " + m.vocabulary +
      " words, " + figureText(tokens) + " tokens. Circles: LDAvis's intertopic distance map (Jensen-Shannon " +
      "divergence, principal coordinates), areas by share of the tokens.";
    colourSelect.textContent = "";
    sizeSelect.textContent = "";
    element("option", { value: -1 }, colourSelect, "(none)");
    m.figures.forEach((figure, f) => {
      element("option", { value: f }, colourSelect, figure.label);
      element("option", { value: f }, sizeSelect, figure.label);
    });
    colourSelect.value = String(state.colourBy);
    sizeSelect.value = String(state.sizeBy);
  }

  // ---- the map -------------------------------------------------------------------------------------------------

  function spread(values) {
    let low = Infinity, high = -Infinity;
    for (const value of values) {
      if (finite(value)) {
        low = Math.min(low, value);
        high = Math.max(high, value);
      }
    }
    return [low, high];
  }

  // A figure's value as a share of its range across the topics (NaN where it has none).
  function scaled(figure, topic) {
    const [low, high] = spread(figure.values);
    const value = figure.values[topic];
    if (!finite(value)) return NaN;
    return high > low ? (value - low) / (high - low) : 1;
  }

  function colourOf(share) {
    if (!finite(share)) return "#d4d4d4";
    const from = [222, 235, 247], to = [8, 48, 107];
    const mix = from.map((c, i) => Math.round(c + (to[i] - c) * share));
    return "rgb(" + mix.join(",") + ")";
  }

  function renderMap() {
    const m = model();
    map.textContent = "";
    // A circle of all the tokens would have radius `unit` (areas by share, as LDAvis's).
    const unit = 0.22 * MAP;
    const largest = Math.max(...m.proportion);
    const room = MAP - 2 * MAP_MARGIN - 2 * unit * Math.sqrt(largest);
    const [xLow, xHigh] = spread(m.x), [yLow, yHigh] = spread(m.y);
    const span = Math.max(xHigh - xLow, yHigh - yLow, 1e-12);
    const cx = (x) => MAP / 2 + ((x - (xLow + xHigh) / 2) / span) * room;
    const cy = (y) => MAP / 2 - ((y - (yLow + yHigh) / 2) / span) * room;
    shape("line", { class: "axis", x1: MAP_MARGIN / 2, y1: MAP / 2, x2: MAP - MAP_MARGIN / 2, y2: MAP / 2 }, map);
    shape("line", { class: "axis", x1: MAP / 2, y1: MAP_MARGIN / 2, x2: MAP / 2, y2: MAP - MAP_MARGIN / 2 }, map);
    shape("text", { class: "axis-label", x: MAP - MAP_MARGIN / 2, y: MAP / 2 - 4, "text-anchor": "end" }, map, "PC1");
    shape("text", { class: "axis-label", x: MAP / 2 + 4, y: MAP_MARGIN }, map, "PC2");
    const term = state.term;
    const memberships = new Map();
    // LDAvis's token table: the term's tokens in each topic over its tokens in all.
    if (term >= 0) {
      m.terms.topics[term].forEach((topic, i) => memberships.set(topic, m.terms.tokens[term][i] / m.terms.frequency[term]));
    }
    const sizeFigure = m.figures[state.sizeBy];
    const colourFigure = state.colourBy >= 0 ? m.figures[state.colourBy] : null;
    const shown = shownTopic();
    // The largest circles first, so that small ones stay on top.
    const drawing = m.order.slice().sort((a, b) => m.proportion[b] - m.proportion[a] || a - b);
    for (const topic of drawing) {
      let radius;
      if (term >= 0) {
        radius = memberships.has(topic) ? unit * Math.sqrt(memberships.get(topic)) : 0;
      } else if (state.sizeBy === 0) {
        radius = unit * Math.sqrt(m.proportion[topic]);
      } else {
        const share = scaled(sizeFigure, topic);
        radius = unit * Math.sqrt(largest) * Math.sqrt(0.08 + 0.92 * (finite(share) ? share : 0));
      }
      const classes = ["topic"];
      if (topic === shown) classes.push("selected");
      if (term >= 0) classes.push(memberships.has(topic) ? "term-topic" : "dimmed");
      const circle = shape("circle", {
        class: classes.join(" "),
        "data-topic": topic,
        cx: cx(m.x[topic]).toFixed(2),
        cy: cy(m.y[topic]).toFixed(2),
        r: Math.max(radius, term >= 0 ? 0 : 2).toFixed(2),
        fill: colourFigure ? colourOf(scaled(colourFigure, topic)) : "",
      }, map);
      shape("title", {}, circle, "topic " + numberOf(topic) + " (" + percent(m.proportion[topic]) + " of tokens)");
      circle.addEventListener("mouseenter", () => {
        state.hovered = topic;
        renderFocus();
      });
      circle.addEventListener("mouseleave", () => {
        state.hovered = -1;
        renderFocus();
      });
      circle.addEventListener("click", () => {
        state.pinned = state.pinned === topic ? -1 : topic;
        renderFocus();
      });
    }
    for (const topic of drawing) {
      shape("text", {
        class: "topic-label",
        x: cx(m.x[topic]).toFixed(2),
        y: (cy(m.y[topic]) + 4).toFixed(2),
        "text-anchor": "middle",
      }, map, String(numberOf(topic)));
    }
    let text = "Circle areas: " + (term >= 0 ? "the share of \u201c" + m.terms.word[term] + "\u201d's tokens in each topic"
      : state.sizeBy === 0 ? "each topic's share of the tokens" : sizeFigure.label + " (its range across topics)") + ".";
    if (colourFigure) {
      const [low, high] = spread(colourFigure.values);
      text += " Colour: " + colourFigure.label + " from " + figureText(low) + " (light) to " + figureText(high) + " (dark).";
    }
    legend.textContent = text;
  }

  // ---- the bars ------------------------------------------------------------------------------------------------

  function renderBars() {
    const m = model();
    const topic = shownTopic();
    const grid = data.lambda_grid;
    lambdaText.textContent = grid[state.lambda].toFixed(Math.max(0, Math.ceil(-Math.log10(grid[1] || 1) - 1e-9)));
    let rows;
    if (topic >= 0) {
      const terms = m.topic_terms[topic];
      rows = relevant(topic).map((entry) => ({ term: entry.term, topic: terms.frequency[entry.i] }));
      barsTitle.textContent = "Top " + rows.length + " most relevant terms for topic " + numberOf(topic) + " (" +
        percent(m.proportion[topic]) + " of tokens)";
    } else {
      rows = m.salient.term.map((term) => ({ term: term, topic: null }));
      barsTitle.textContent = "Top " + rows.length + " most salient terms";
    }
    bars.textContent = "";
    bars.setAttribute("height", String(ROW * rows.length + 30));
    let widest = 0;
    for (const row of rows) widest = Math.max(widest, m.terms.frequency[row.term]);
    const width = (value) => (widest > 0 ? (value / widest) * BAR_WIDTH : 0);
    rows.forEach((row, i) => {
      const group = shape("g", {
        class: "bar" + (row.term === state.term ? " hovered" : ""),
        "data-term": m.terms.word[row.term],
        "data-index": row.term,
        transform: "translate(0," + (i * ROW) + ")",
      }, bars);
      shape("text", { class: "term", x: LABEL - 6, y: ROW - 5, "text-anchor": "end" }, group, m.terms.word[row.term]);
      shape("rect", { class: "total", x: LABEL, y: 2, width: width(m.terms.frequency[row.term]).toFixed(2), height: ROW - 4 }, group);
      if (row.topic !== null)
        shape("rect", { class: "in-topic", x: LABEL, y: 2, width: width(row.topic).toFixed(2), height: ROW - 4 }, group);
      shape("title", {}, group, m.terms.word[row.term] + ": " + figureText(m.terms.frequency[row.term]) + " tokens" +
        (row.topic !== null ? ", " + figureText(row.topic) + " in this topic" : ""));
      group.addEventListener("mouseenter", () => {
        state.term = row.term;
        renderMap();
      });
      group.addEventListener("mouseleave", () => {
        state.term = -1;
        renderMap();
      });
    });
    const axisY = ROW * rows.length + 14;
    shape("text", { class: "axis-label", x: LABEL, y: axisY }, bars,
      topic >= 0 ? "grey: the term's tokens in the corpus; red: estimated in this topic" : "the term's tokens in the corpus");
  }

  // ---- the selected topic's documents and matches --------------------------------------------------------

  function renderDetails() {
    const m = model();
    const topic = shownTopic();
    details.textContent = "";
    if (topic < 0) return;
    element("h2", {}, details, "Topic " + numberOf(topic) + " (topic " + topic + " of the model)");
    if (m.stability.length > 0) {
      const list = element("ul", { class: "matches" }, details);
      for (const match of m.stability) {
        const other = data.models[match.index];
        const matched = match.topic[topic];
        const item = element("li", {}, list, "matched in " + match.model + ": ");
        const button = element("button", { type: "button", class: "match" }, item,
          "topic " + (other.rank[matched] + 1));
        element("span", {}, item, " (average Jaccard " + figureText(match.agreement[topic]) + ")");
        button.addEventListener("click", () => switchModel(match.index, matched));
      }
    }
    const documents = m.documents.topics[topic] || [];
    if (documents.length > 0) {
      element("h3", {}, details, "Most typical documents (" + m.documents.source + ")");
      const list = element("ol", { class: "documents" }, details);
      for (const d of documents) {
        const item = element("li", {}, list);
        element("span", { class: "share" }, item, percent(d.proportion));
        element("span", { class: "name" }, item, (d.name || "document " + d.document) + " (" + d.tokens + " tokens)");
        element("span", { class: "text" }, item, d.text);
      }
    }
  }

  // ---- the table of topics -----------------------------------------------------------------------------------

  function sortedTopics() {
    const m = model();
    const topics = m.order.slice();
    if (state.sortBy < 0) {
      if (state.descending) topics.reverse();
      return topics;
    }
    const values = m.figures[state.sortBy].values;
    topics.sort((a, b) => {
      const x = values[a], y = values[b];
      if (!finite(x) || !finite(y)) return finite(x) === finite(y) ? m.rank[a] - m.rank[b] : finite(x) ? -1 : 1;
      if (x !== y) return (x < y) !== state.descending ? -1 : 1;
      return m.rank[a] - m.rank[b];
    });
    return topics;
  }

  function renderTable() {
    const m = model();
    table.textContent = "";
    const head = element("tr", {}, element("thead", {}, table));
    const sortable = (label, column, help) => {
      const cell = element("th", { "data-sort": column, title: help, class: "sortable" }, head, label);
      if (state.sortBy === column) cell.classList.add(state.descending ? "descending" : "ascending");
      cell.addEventListener("click", () => {
        if (state.sortBy === column) {
          state.descending = !state.descending;
        } else {
          state.sortBy = column;
          state.descending = column >= 0;
        }
        renderTable();
      });
    };
    sortable("#", -1, "the topic's number: its place in LDAvis's order (decreasing share of the tokens)");
    element("th", {}, head, "top terms at \u03bb");
    m.figures.forEach((figure, f) => sortable(figure.label, f, figure.help));
    const body = element("tbody", {}, table);
    const shown = shownTopic();
    for (const topic of sortedTopics()) {
      const row = element("tr", { "data-topic": topic, class: topic === shown ? "selected" : "" }, body);
      element("td", {}, row, String(numberOf(topic)));
      element("td", { class: "words" }, row, relevant(topic).slice(0, 5).map((entry) => m.terms.word[entry.term]).join(" "));
      for (const figure of m.figures) {
        const value = figure.values[topic];
        const error = figure.errors ? figure.errors[topic] : undefined;
        element("td", { class: "number" }, row,
          figure.name === "share" ? percent(value)
            : figureText(value) + (finite(error) ? " \u00b1 " + figureText(error) : ""));
      }
      row.addEventListener("click", () => {
        state.pinned = state.pinned === topic ? -1 : topic;
        renderFocus();
      });
    }
  }

  function renderWarnings() {
    notes.textContent = "";
    if (!data.warnings || data.warnings.length === 0) return;
    element("h2", {}, notes, "Warnings");
    const list = element("ul", {}, notes);
    for (const warning of data.warnings) element("li", {}, list, warning);
  }

  // What changes with the topic shown: the bars, the map's outline, the details and the table's highlight.
  function renderFocus() {
    renderMap();
    renderBars();
    renderDetails();
    const shown = shownTopic();
    for (const row of table.querySelectorAll("tbody tr")) {
      row.classList.toggle("selected", Number(row.dataset.topic) === shown);
    }
  }

  function renderAll() {
    renderSummary();
    renderSwitcher();
    renderMap();
    renderBars();
    renderDetails();
    renderTable();
    renderWarnings();
  }

  renderAll();
  document.body.dataset.ready = "true";
})();
