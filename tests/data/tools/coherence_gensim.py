#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Topic coherence by gensim (CoherenceModel) for a MALLET model.
usage: /usr/bin/python3 coherence_gensim.py STATE.gz TOPIC_KEYS.txt OUT.tsv [TIMINGS.txt]

texts  = the training documents as token lists, read from STATE.gz (columns: doc source pos typeindex type topic),
         one list per doc id in increasing doc order, tokens in position order (documents with no tokens have no
         lines in the state and are therefore absent).
topics = the first 10 words of each line of TOPIC_KEYS.txt (MALLET --output-topic-keys: topic<TAB>alpha<TAB>words),
         in MALLET's order.
For C in u_mass, c_uci, c_npmi, c_v: CoherenceModel(topics=topics, texts=texts, corpus=corpus, dictionary=dictionary,
coherence=C, topn=10, processes=1); per-topic values from get_coherence_per_topic(), the mean from
aggregate_measures() (what get_coherence() returns). Values are written with repr (shortest round-trip double)."""
import gzip, sys, time, platform
import gensim
from gensim.corpora import Dictionary
from gensim.models.coherencemodel import CoherenceModel, SLIDING_WINDOW_SIZES

state, keys, out = sys.argv[1], sys.argv[2], sys.argv[3]
timings = sys.argv[4] if len(sys.argv) > 4 else None
MEASURES = ['u_mass', 'c_uci', 'c_npmi', 'c_v']
TOPN = 10

t0 = time.perf_counter()
docs = {}
with gzip.open(state, 'rt', encoding='utf-8') as f:
    for line in f:
        if line.startswith('#'):
            continue
        d, _src, pos, _ti, w, _t = line.rstrip('\n').split(' ')
        lst = docs.setdefault(int(d), [])
        assert int(pos) == len(lst), (d, pos)
        lst.append(w)
texts = [docs[d] for d in sorted(docs)]
topics = []
with open(keys, encoding='utf-8') as f:
    for line in f:
        _k, _a, words = line.rstrip('\n').split('\t')
        topics.append(words.split()[:TOPN])
dictionary = Dictionary(texts)
corpus = [dictionary.doc2bow(t) for t in texts]
t_prep = time.perf_counter() - t0

rows, times = [], {}
for c in MEASURES:
    t1 = time.perf_counter()
    cm = CoherenceModel(topics=topics, texts=texts, corpus=corpus, dictionary=dictionary,
                        coherence=c, topn=TOPN, processes=1)
    per_topic = cm.get_coherence_per_topic()
    mean = cm.aggregate_measures(per_topic)
    times[c] = time.perf_counter() - t1
    for k, v in enumerate(per_topic):
        rows.append((c, str(k), repr(float(v))))
    rows.append((c, 'mean', repr(float(mean))))

with open(out, 'w', encoding='utf-8') as f:
    f.write('measure\ttopic\tvalue\n')
    for r in rows:
        f.write('\t'.join(r) + '\n')

ntok = sum(len(t) for t in texts)
summary = (f'gensim {gensim.__version__} (Python {platform.python_version()}), {len(texts)} documents, {ntok} tokens, '
           f'{len(dictionary)} types, {len(topics)} topics; windows: c_uci/c_npmi {SLIDING_WINDOW_SIZES["c_uci"]}, '
           f'c_v {SLIDING_WINDOW_SIZES["c_v"]}, u_mass document co-occurrence; '
           f'read state + Dictionary + doc2bow {t_prep:.2f} s; ' +
           ', '.join(f'{c} {times[c]:.2f} s' for c in MEASURES))
print(summary)
if timings:
    with open(timings, 'w') as f:
        f.write(summary + '\n')
