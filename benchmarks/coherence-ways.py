#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""One topic's coherence as topiceval, gensim, Palmetto and tomotopy define it.

    benchmarks/coherence-ways.py [--topic 7] [--topiceval build/topiceval] [--fixture DIR]

Reference texts: the training documents of a MALLET fixture (debian-k100 by
default: shared/corpora/debian-descriptions-train.tsv as MALLET's import-file
tokenised it, stop words removed), read from its state.gz in document and
position order, as shared/fixtures/mallet-2.1.1/coherence_gensim.py reads
them. The topic: the first 10 words of its line in diagnostics/topic-keys-top10.txt.

Columns:
  topiceval   `topiceval coherence --model state.gz --measure c_npmi,c_v,u_mass`
              (the binary given by --topiceval; left out without it)
  gensim      gensim's CoherenceModel (python3-gensim), per-topic value
  Palmetto    its definitions, re-implemented here (Palmetto cannot run here:
              it is Java, needs a Lucene index and its public service is down)
  tomotopy    its definitions, re-implemented here (no tomotopy package here;
              its coherence also needs a tomotopy model or Corpus)

The re-implementations are clean-room, written from reading these files
(github.com/dice-group/Palmetto at 6185dfd, github.com/bab2min/tomotopy at 2d65b7e):
  Palmetto  palmetto/src/main/java/org/aksw/palmetto/Palmetto.java (getCoherence,
            getSWProbabilityEstimator), prob/window/BooleanSlidingWindowFrequencyDeterminer.java,
            prob/window/WindowBasedProbabilityEstimator.java, prob/AbstractProbabilitySupplier.java,
            prob/bd/BooleanDocumentProbabilitySupplier.java,
            calculations/direct/{NormalizedLogRatio,LogCondProb}ConfirmationMeasure.java,
            calculations/direct/AbstractUndefinedResultHandlingConfirmationMeasure.java,
            vector/DirectConfirmationBasedVectorCreator.java,
            calculations/indirect/{AbstractVectorBasedCalculation,CosinusConfirmationMeasure}.java,
            subsets/{OneOne,OnePreceding,OneSet}.java
  tomotopy  src/Coherence/ProbEstimator.hpp, src/Coherence/ConfirmMeasurer.hpp,
            src/Coherence/Segmentor.hpp, src/python/handler/py_coherence.cpp, tomotopy/coherence.py

Prints a Markdown table (the one in docs/coherence-tools.md) and the counts behind it.
"""

import argparse
import gzip
import math
import os
import subprocess
import sys

import numpy as np

EPS = 1e-12  # all three tools use 1e-12; where they add it differs


def read_texts(state):
    docs = {}
    with gzip.open(state, 'rt', encoding='utf-8') as f:
        for line in f:
            if line.startswith('#'):
                continue
            d, _src, pos, _ti, w, _t = line.rstrip('\n').split(' ')
            lst = docs.setdefault(int(d), [])
            assert int(pos) == len(lst), (d, pos)
            lst.append(w)
    return [docs[d] for d in sorted(docs)]


def read_topics(keys, topn=10):
    with open(keys, encoding='utf-8') as f:
        return [line.rstrip('\n').split('\t')[2].split()[:topn] for line in f]


# --- counting --------------------------------------------------------------------------------

def exact_windows(text, words, window):
    """Palmetto's boolean sliding windows: a window holds a word if any of its positions does
    (BooleanSlidingWindowFrequencyDeterminer.addCountsFromDocument gives these counts: checked
    against a step-by-step simulation of it on 20,000 random texts). A text no longer than the
    window is one window. Returns ({word: bit mask over the windows'
    start positions}, number of windows)."""
    last_start = max(0, len(text) - window)
    masks = {}
    for p, w in enumerate(text):
        if w in words:
            lo, hi = max(0, p - window + 1), min(p, last_start)
            if lo <= hi:
                masks[w] = masks.get(w, 0) | (((1 << (hi - lo + 1)) - 1) << lo)
    return masks, last_start + 1


def tomotopy_windows(text, words, window):
    """tomotopy's sliding windows as ProbEstimator<sliding_windows>::insertDoc counts them (checked
    against a step-by-step simulation of that function on 20,000 random texts): a text of at least
    `window` tokens has len - window + 1 windows, but each window is credited only with its last
    window - 1 tokens (its first token leaves the running counts one step early); a shorter text
    is one window with all its tokens. A text holding none of `words` adds no window at all."""
    if not words.intersection(text):
        return None
    if len(text) < window:
        return {w: 1 for w in words.intersection(text)}, 1
    return exact_windows(text[1:], words, window - 1)


def gensim_windows(text, words, window):
    """gensim's windows (text_analysis.WordOccurrenceAccumulator._slide_window), only to check this
    script against gensim: after a text's first window, the token leaving at the left edge is switched
    off even if it occurs again inside the window, then the entering token switched on."""
    if len(text) <= window:
        return {w: 1 for w in words.intersection(text)}, 1
    on = set(text[:window])
    masks = {}
    for s in range(len(text) - window + 1):
        if s > 0:
            on.discard(text[s - 1])
            on.add(text[s + window - 1])
        for w in on & words:
            masks[w] = masks.get(w, 0) | (1 << s)
    return masks, len(text) - window + 1


def documents(text, words):
    """Boolean documents: one 'window' per text."""
    return {w: 1 for w in words.intersection(text)}, 1


class Counts:
    """Windows (as `kind` defines them) holding each word and each pair of `words`; `pairs_with`
    limits the pairs to those with one word in it."""

    def __init__(self, texts, words, kind, pairs_with=None):
        words = set(words)
        pairs_with = set(pairs_with) if pairs_with is not None else words
        self.single, self.joint, self.n = {}, {}, 0
        for text in texts:
            counted = kind(text, words)
            if counted is None:
                continue
            masks, nwin = counted
            self.n += nwin
            for w, m in masks.items():
                self.single[w] = self.single.get(w, 0) + m.bit_count()
            for a in masks.keys() & pairs_with:
                for b, mb in masks.items():
                    if b != a and not (b in pairs_with and b < a):  # each unordered pair once
                        key = (a, b) if a < b else (b, a)
                        self.joint[key] = self.joint.get(key, 0) + (masks[a] & mb).bit_count()

    def one(self, w):
        return self.single.get(w, 0)

    def two(self, a, b):
        if a == b:
            return self.one(a)
        return self.joint.get((a, b) if a < b else (b, a), 0)


# --- Palmetto ------------------------------------------------------------------------------

def palmetto(texts, topic, min_frequency=True, windows=exact_windows):
    """Palmetto's npmi, c_v and umass. Probabilities of counts below the minimum frequency are 0
    (10 documents for umass; 10 x window windows for the window measures); a measure whose
    condition or segment has probability 0 is 0. With gensim_windows and no minimum frequency
    these are gensim's definitions (the formulas only differ where a probability is 0)."""
    out = {}

    def prob(c, n, floor):
        return c / n if c >= floor else 0.0

    def npmi(cnt, a, b, floor):
        pa, pb = prob(cnt.one(a), cnt.n, floor), prob(cnt.one(b), cnt.n, floor)
        if pa <= 0 or pb <= 0:
            return 0.0
        pab = prob(cnt.two(a, b), cnt.n, floor) + EPS
        return math.log(pab / (pa * pb)) / -math.log(pab)

    w10 = Counts(texts, topic, lambda t, w: windows(t, w, 10))
    floor = 10 * 10 if min_frequency else 0
    vals = [npmi(w10, a, b, floor) for a in topic for b in topic if a != b]
    out['c_npmi'] = sum(vals) / len(vals)

    w110 = Counts(texts, topic, lambda t, w: windows(t, w, 110))
    floor = 10 * 110 if min_frequency else 0
    vectors = [[npmi(w110, a, b, floor) if a != b else self_npmi(w110, a, floor) for b in topic] for a in topic]
    total = [sum(col) for col in zip(*vectors)]
    out['c_v'] = sum(cosine(v, total) for v in vectors) / len(topic)

    docs = Counts(texts, topic, documents)
    floor = 10 if min_frequency else 0
    vals = []
    for i, later in enumerate(topic):
        for earlier in topic[:i]:
            ps, pc = prob(docs.one(later), docs.n, floor), prob(docs.one(earlier), docs.n, floor)
            if ps > 0 and pc > 0:
                vals.append(math.log((prob(docs.two(later, earlier), docs.n, floor) + EPS) / pc))
            else:
                vals.append(0.0)
    out['u_mass'] = sum(vals) / len(vals)
    out['windows'] = (w10.n, w110.n, docs.n)
    return out


def self_npmi(cnt, a, floor):
    p = cnt.one(a) / cnt.n if cnt.one(a) >= floor else 0.0
    if p <= 0:
        return 0.0
    return math.log((p + EPS) / (p * p)) / -math.log(p + EPS)


def cosine(u, v):
    uu, vv = sum(x * x for x in u), sum(x * x for x in v)
    if uu > 0 and vv > 0:
        return sum(x * y for x, y in zip(u, v)) / (math.sqrt(uu) * math.sqrt(vv))
    return 0.0


# --- tomotopy ------------------------------------------------------------------------------

def tomotopy(texts, topic, targets):
    """tomotopy's c_npmi, c_v and u_mass with `targets` the words it counts (a model's top words
    of every topic when Coherence is given a model). Sliding windows leave out texts holding no
    target; epsilon is added to P(a)P(b) too; c_v's context vectors run over every target, in
    single precision."""
    targets = sorted(set(targets))
    topic = [w for w in topic if w in targets]
    out = {}

    def p(cnt, a, b=None):
        return (cnt.one(a) if b is None else cnt.two(a, b)) / cnt.n

    def npmi(cnt, a, b):
        if a == b:
            return 1.0
        pab = p(cnt, a, b)
        return math.log((pab + EPS) / (p(cnt, a) * p(cnt, b) + EPS)) / -math.log(pab + EPS)

    w10 = Counts(texts, targets, lambda t, w: tomotopy_windows(t, w, 10), pairs_with=topic)
    vals = [npmi(w10, a, b) for a in topic for b in topic if a != b]
    out['c_npmi'] = sum(vals) / len(vals)

    w110 = Counts(texts, targets, lambda t, w: tomotopy_windows(t, w, 110), pairs_with=topic)
    vectors = np.array([[npmi(w110, a, t) for t in targets] for a in topic], dtype=np.float32)
    total = vectors.sum(axis=0, dtype=np.float32)
    sims = [float((v * total).sum() / np.sqrt((v * v).sum() * (total * total).sum())) for v in vectors]
    out['c_v'] = sum(sims) / len(sims)

    docs = Counts(texts, targets, documents, pairs_with=topic)
    vals = []
    for i, later in enumerate(topic):
        for earlier in topic[:i]:
            vals.append(math.log(p(docs, later, earlier) / (p(docs, earlier) + EPS) + EPS))
    out['u_mass'] = sum(vals) / len(vals)
    out['windows'] = (w10.n, w110.n, docs.n)
    return out


# --- gensim and topiceval ------------------------------------------------------------------

def gensim_values(texts, topic):
    from gensim.corpora import Dictionary
    from gensim.models.coherencemodel import CoherenceModel
    dictionary = Dictionary(texts)
    corpus = [dictionary.doc2bow(t) for t in texts]
    out = {}
    for measure in ('c_npmi', 'c_v', 'u_mass'):
        cm = CoherenceModel(topics=[topic], texts=texts, corpus=corpus, dictionary=dictionary,
                            coherence=measure, topn=len(topic), processes=1)
        out[measure] = float(cm.get_coherence_per_topic()[0])
    return out


def topiceval_values(binary, state, topic_index):
    tsv = subprocess.run([binary, 'coherence', '--model', state, '--measure', 'c_npmi,c_v,u_mass',
                          '--bootstrap', '0', '--format', 'tsv'],
                         check=True, capture_output=True, text=True).stdout
    out = {}
    for line in tsv.splitlines()[1:]:
        measure, topic, value = line.split('\t')[:3]
        if topic == str(topic_index) and measure in ('c_npmi', 'c_v', 'u_mass'):
            out[measure] = float(value)
    return out


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--fixture', default=os.path.join(root, '..', 'shared', 'fixtures', 'mallet-2.1.1', 'debian-k100'))
    ap.add_argument('--topic', type=int, default=7)
    ap.add_argument('--topiceval', help='topiceval binary (e.g. build/topiceval)')
    args = ap.parse_args()

    state = os.path.join(args.fixture, 'state.gz')
    texts = read_texts(state)
    topics = read_topics(os.path.join(args.fixture, 'diagnostics', 'topic-keys-top10.txt'))
    topic = topics[args.topic]
    every_target = [w for t in topics for w in t]

    columns = []
    if args.topiceval:
        columns.append(('topiceval', topiceval_values(args.topiceval, state, args.topic)))
    columns.append(('gensim ' + __import__('gensim').__version__, gensim_values(texts, topic)))
    pal = palmetto(texts, topic)
    columns.append(('Palmetto', pal))
    columns.append(('Palmetto, no minimum frequency', palmetto(texts, topic, min_frequency=False)))
    tom_all = tomotopy(texts, topic, every_target)
    columns.append(('tomotopy, targets: all topics', tom_all))
    tom_one = tomotopy(texts, topic, topic)
    columns.append(('tomotopy, targets: this topic', tom_one))

    print(f'topic {args.topic}: {" ".join(topic)}; reference: {len(texts)} documents, '
          f'{sum(len(t) for t in texts)} tokens ({os.path.basename(args.fixture)} training documents)')
    print()
    print('| measure | ' + ' | '.join(name for name, _ in columns) + ' |')
    print('|---' * (len(columns) + 1) + '|')
    for m in ('c_npmi', 'c_v', 'u_mass'):
        print(f'| {m} | ' + ' | '.join(f'{vals[m]:.4f}' for _, vals in columns) + ' |')
    print()
    for name, vals in (('Palmetto', pal), ('tomotopy, targets: all topics', tom_all),
                       ('tomotopy, targets: this topic', tom_one)):
        w10, w110, nd = vals['windows']
        print(f'{name}: N = {w10} windows of 10, {w110} windows of 110, {nd} documents')
    print(f'tomotopy targets of all topics: {len(set(every_target))} distinct words')
    # The counting and formulas above, given gensim's windows, must give gensim's numbers: a check
    # that the other columns differ only by the definitions they name.
    gensim_column = columns[1 if args.topiceval else 0][1]
    again = palmetto(texts, topic, min_frequency=False, windows=gensim_windows)
    worst = max(abs(again[m] - gensim_column[m]) for m in ('c_npmi', 'c_v', 'u_mass'))
    print(f'check: gensim\'s definitions re-implemented here differ from gensim by at most {worst:.1e}')
    if worst > 1e-9:
        return 1


if __name__ == '__main__':
    sys.exit(main())
