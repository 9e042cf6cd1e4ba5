#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""LDAvis's own numbers for MALLET topic states, from pyLDAvis.prepare run from a copy of its source fetched
outside this project: what python/tests/test_ldavis_oracle.py holds topiceval browse's numbers to
(agreement.py prints how closely).

    make_oracle.py --pyldavis DIR --state STATE.gz --output NAME.json [--terms 30]

DIR holds the pyLDAvis package (a checkout of github.com/bmabey/pyLDAvis; this project never includes its
code). Needs numpy, scipy, pandas, scikit-learn, joblib (Debian: python3-numpy python3-scipy python3-pandas
python3-sklearn python3-joblib).

The state is read here, independently of topiceval: phi_kw = (n_kw + beta) / (n_k + V beta) over the state's
types (V = the largest type index + 1, beta from its header), and LDAvis's theta and doc.length from its
assignments, theta_dk = n_dk / N_d, so that LDAvis's topic frequencies are the topics' tokens n_k. prepare()
runs with R terms, lambda.step 0.01, PCoA and sorted topics. Saved: LDAvis's topic order, proportions and
coordinates; each topic's R most relevant terms at lambda 0, 0.6 and 1 (pyLDAvis's own _find_relevance on the
log phi and log lift prepare() computed, before its JSON rounds them); the R most salient terms with their
saliency (read from the table prepare() sorts them by); the union of each topic's terms over the grid
(prepare()'s topic_info) and the token table.
"""
import argparse
import gzip
import importlib
import json
import sys

import numpy


def read_state(path):
    documents, alpha, beta, types, words = [], None, None, 0, {}
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#alpha"):
                alpha = [float(x) for x in line.split(":")[1].split()]
            elif line.startswith("#beta"):
                beta = float(line.split(":")[1])
            elif not line.startswith("#"):
                doc, _source, _pos, type_index, word, topic = line.rstrip("\n").split(" ")
                doc, type_index, topic = int(doc), int(type_index), int(topic)
                while len(documents) <= doc:
                    documents.append([])
                documents[doc].append((type_index, topic))
                words[type_index] = word
                types = max(types, type_index + 1)
    return documents, alpha, beta, types, words


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pyldavis", required=True)
    parser.add_argument("--state", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--terms", type=int, default=30)
    args = parser.parse_args()
    sys.path.insert(0, args.pyldavis)
    prepare_module = importlib.import_module("pyLDAvis._prepare")
    pandas = importlib.import_module("pandas")

    documents, alpha, beta, types, words = read_state(args.state)
    documents = [d for d in documents if d]
    topics = len(alpha)
    counts = numpy.zeros((topics, types))
    theta = numpy.zeros((len(documents), topics))
    lengths = numpy.array([len(d) for d in documents], dtype=float)
    for d, tokens in enumerate(documents):
        for type_index, topic in tokens:
            counts[topic, type_index] += 1
            theta[d, topic] += 1
        theta[d] /= len(tokens)
    totals = counts.sum(axis=1)
    phi = (counts + beta) / (totals[:, None] + types * beta)
    vocab = [words.get(w, f"#{w}") for w in range(types)]
    index_of = {word: w for w, word in enumerate(vocab)}

    # What prepare() computes inside and does not return: the log phi and log lift its relevance ranks by, and
    # the saliency it sorts the overall view's terms by.
    captured = {}
    original_chunks = prepare_module._find_relevance_chunks

    def capturing_chunks(log_ttd, log_lift, R, lambda_seq):
        captured["log_ttd"], captured["log_lift"] = log_ttd, log_lift
        return original_chunks(log_ttd, log_lift, R, lambda_seq)

    prepare_module._find_relevance_chunks = capturing_chunks
    original_sort = pandas.DataFrame.sort_values

    def capturing_sort(self, *positional, **keywords):
        if "saliency" in self.columns:
            captured["saliency"] = self["saliency"].to_numpy().copy()
        return original_sort(self, *positional, **keywords)

    pandas.DataFrame.sort_values = capturing_sort
    prepared = prepare_module.prepare(phi, theta, lengths, vocab, counts.sum(axis=0), R=args.terms,
                                      lambda_step=0.01, mds="pcoa", n_jobs=1, sort_topics=True, start_index=0)
    pandas.DataFrame.sort_values = original_sort

    order = [int(t) for t in prepared.topic_order]  # original topic indices, LDAvis's order (start_index 0)
    coordinates = prepared.topic_coordinates
    relevance = {}
    for lam in (0.0, 0.6, 1.0):
        top = prepare_module._find_relevance(captured["log_ttd"], captured["log_lift"], args.terms, lam)
        # Columns are the reordered topics; their terms are vocabulary indices.
        relevance[str(lam)] = {str(order[column]): [int(w) for w in top.iloc[:, column]]
                               for column in range(topics)}
    saliency = captured["saliency"]
    salient = sorted(range(types), key=lambda w: (-saliency[w], w))[: args.terms]
    info = prepared.topic_info
    union = {}
    for position, topic in enumerate(order):
        terms = info[info.Category == f"Topic{position}"].Term
        union[str(topic)] = sorted(index_of[term] for term in terms)
    table = prepared.token_table
    token_table = [[index_of[term], order[int(topic)], float(freq)]
                   for term, topic, freq in zip(table.Term, table.Topic, table.Freq)]
    result = {
        "state": args.state.split("/fixtures/")[-1],
        "terms": args.terms,
        "topic_order": order,
        "proportion": [float(f) / 100 for f in coordinates.Freq],  # in LDAvis's order
        "x": [float(x) for x in coordinates.x],
        "y": [float(y) for y in coordinates.y],
        "relevance": relevance,
        "salient": salient,
        "saliency": [float(saliency[w]) for w in salient],
        "union": union,
        "token_table": token_table,
    }
    with open(args.output, "w", encoding="utf-8") as out:
        json.dump(result, out, indent=None, separators=(",", ":"))
        out.write("\n")


if __name__ == "__main__":
    main()
