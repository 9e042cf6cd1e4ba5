#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""How closely topiceval browse's numbers meet LDAvis's saved ones (the values docs/browse.md quotes):

    PYTHONPATH=build/python tests/data/ldavis-oracle/agreement.py [FIXTURES]

FIXTURES: the MALLET 2.1.1 fixtures (default: build/test-data/mallet-2.1.1, tests/data unpacked by the build). For each oracle
file here (make_oracle.py wrote them), the same comparisons as python/tests/test_ldavis_oracle.py, which asserts
bounds; this prints the worst difference found: places where the topic order differs (topics of exactly equal
proportion, whose tie pandas breaks its own way), proportions, every pairwise distance of the map (against the
largest), the relevance rankings at lambda 0, 0.6 and 1, the salient terms and their saliency, each topic's
terms over the grid and the token table."""
import json
import math
import pathlib
import sys
import warnings

import topiceval

HERE = pathlib.Path(__file__).resolve().parent


def main():
    fixtures = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / "build" / "test-data" / "mallet-2.1.1"
    for path in sorted(HERE.glob("*.json")):
        oracle = json.loads(path.read_bytes())
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", topiceval.TopicevalWarning)
            result = topiceval.browse(fixtures / path.stem / "state.gz", measure="none", typical_documents=0,
                                      terms=oracle["terms"])
        model = result.models[0]
        order = [int(t) for t in model.order]
        moved = [(a, b) for a, b in zip(order, oracle["topic_order"]) if a != b]
        tied = all(model.proportion[a] == model.proportion[b] for a, b in moved)
        proportion = max(abs(model.proportion[a] - p) for a, p in zip(order, oracle["proportion"]))
        theirs = {t: (oracle["x"][i], oracle["y"][i]) for i, t in enumerate(oracle["topic_order"])}
        largest = worst = 0.0
        for i in range(model.topics):
            for j in range(i + 1, model.topics):
                ours = math.hypot(model.x[i] - model.x[j], model.y[i] - model.y[j])
                reference = math.hypot(theirs[i][0] - theirs[j][0], theirs[i][1] - theirs[j][1])
                largest, worst = max(largest, reference), max(worst, abs(ours - reference))
        relevance = all([t["type"] for t in result.relevant_terms(int(topic), float(lambda_), oracle["terms"])] == terms
                        for lambda_, topics in oracle["relevance"].items() for topic, terms in topics.items())
        types = dict(zip(model.terms["word"], (int(t) for t in model.terms["type"])))
        salient = [types[word] for word in model.salient] == oracle["salient"]
        saliency = max(abs(a - b) / abs(b) for a, b in zip(model.saliency, oracle["saliency"]))
        ours = {}
        for term, topics, shares in zip(model.terms["type"], model.terms["topics"], model.terms["shares"]):
            ours.update({(int(term), int(topic)): share for topic, share in zip(topics, shares)})
        table = {(term, topic): share for term, topic, share in oracle["token_table"]}
        shares = max(abs(ours[key] - share) / share for key, share in table.items()) if set(ours) == set(table) else math.inf
        union = all(sorted(types[w] for w in model.topic_terms[int(t)]["word"]) == terms
                    for t, terms in oracle["union"].items())
        print(f"{path.stem} (K = {model.topics}): topic order differs at {len(moved)} places"
              f"{'' if not moved else ' (exact ties)' if tied else ' (NOT ties)'}; proportions to {proportion:.2g}; map distances to "
              f"{worst:.2g} (largest {largest:.3g}); relevance at 0, 0.6, 1 the same: {relevance}; salient terms "
              f"the same: {salient}, saliency to {saliency:.2g} (relative); token table to {shares:.2g} (relative); "
              f"terms over the grid the same: {union}")


if __name__ == "__main__":
    main()
