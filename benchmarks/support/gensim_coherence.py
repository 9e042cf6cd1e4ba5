#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""gensim's CoherenceModel on a MALLET model's topics, as a gensim user runs it: the training documents of a topic
state as texts, a Dictionary of them, and the first N words of each line of MALLET's topic keys as topics.

    /usr/bin/python3 benchmarks/support/gensim_coherence.py STATE.gz TOPIC_KEYS.txt MEASURE [TOP_WORDS] [PROCESSES]

Prints one line per topic (topic<TAB>value) and the mean (mean<TAB>value), values as repr (shortest round trip).
"""
import gzip
import sys

from gensim.corpora import Dictionary
from gensim.models.coherencemodel import CoherenceModel


def main():
    state, keys, measure = sys.argv[1], sys.argv[2], sys.argv[3]
    top_words = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    processes = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    documents = {}
    with gzip.open(state, "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split(" ")
            documents.setdefault(int(fields[0]), []).append(fields[4])
    texts = [documents[d] for d in sorted(documents)]
    with open(keys, encoding="utf-8") as lines:
        topics = [line.rstrip("\n").split("\t")[2].split()[:top_words] for line in lines]
    dictionary = Dictionary(texts)
    model = CoherenceModel(topics=topics, texts=texts, dictionary=dictionary, coherence=measure, topn=top_words,
                           processes=processes)
    values = model.get_coherence_per_topic()
    for topic, value in enumerate(values):
        print(f"{topic}\t{float(value)!r}")
    print(f"mean\t{float(model.aggregate_measures(values))!r}")


if __name__ == "__main__":
    main()
