# SPDX-License-Identifier: Apache-2.0
"""Shared by the Python examples and tests: a slice of a real corpus, tokenised, and gensim and
scikit-learn LDA models trained on it (Debian's python3-gensim and python3-sklearn).

Tokenisation is scikit-learn's CountVectorizer (lower case, words of 2+ letters, English stop words
removed, words in at least `min_df` training documents), shared by both libraries so that both
models score the same held-out tokens.
"""

import time

import numpy


def read_texts(path, limit):
    """The text column of the first `limit` lines of a MALLET import-file TSV (name, label, text)."""
    texts = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 3:
                texts.append(fields[2])
            if len(texts) == limit:
                break
    return texts


class CorpusSlice:
    """Training and held-out documents as count matrices, word-id lists and gensim bags of words."""

    def __init__(self, train_path, test_path, train_documents, test_documents, min_df=3):
        from sklearn.feature_extraction.text import CountVectorizer  # noqa: PLC0415

        self.vectorizer = CountVectorizer(stop_words="english", min_df=min_df, token_pattern=r"(?u)\b[a-zA-Z]{2,}\b")
        self.train_counts = self.vectorizer.fit_transform(read_texts(train_path, train_documents))
        self.test_counts = self.vectorizer.transform(read_texts(test_path, test_documents))
        self.words = list(self.vectorizer.get_feature_names_out())
        self.train_bags = bags_of_words(self.train_counts)
        self.test_bags = bags_of_words(self.test_counts)
        self.test_tokens = int(self.test_counts.sum())


def bags_of_words(counts):
    """gensim's corpus form, [(word id, count), ...] per row of a sparse count matrix."""
    rows = counts.tocsr()
    return [list(zip(rows.indices[rows.indptr[d]:rows.indptr[d + 1]].tolist(),
                     rows.data[rows.indptr[d]:rows.indptr[d + 1]].tolist())) for d in range(rows.shape[0])]


def train_gensim(corpus, topics, passes=10, seed=1):
    """A gensim LdaModel with a learned asymmetric alpha; returns (model, seconds)."""
    from gensim.corpora import Dictionary  # noqa: PLC0415
    from gensim.models import LdaModel  # noqa: PLC0415

    dictionary = Dictionary.from_corpus(corpus.train_bags, id2word=dict(enumerate(corpus.words)))
    started = time.monotonic()
    model = LdaModel(corpus.train_bags, num_topics=topics, id2word=dictionary, passes=passes, alpha="auto",
                     eta=0.01, random_state=seed, chunksize=2000)
    return model, time.monotonic() - started


def gensim_topics(model, corpus):
    """gensim's topic-word matrix over all of the corpus's words (a word gensim never saw gets no column
    of its own in its dictionary: it is given probability 0 here, so topiceval skips it)."""
    topics = model.get_topics()
    phi = numpy.zeros((topics.shape[0], len(corpus.words)))
    phi[:, :topics.shape[1]] = topics
    return phi / phi.sum(axis=1, keepdims=True)


def train_sklearn(corpus, topics, iterations=30, seed=1):
    """A scikit-learn LatentDirichletAllocation (batch variational Bayes); returns (model, seconds)."""
    from sklearn.decomposition import LatentDirichletAllocation  # noqa: PLC0415

    started = time.monotonic()
    model = LatentDirichletAllocation(n_components=topics, learning_method="batch", max_iter=iterations,
                                      doc_topic_prior=0.1, topic_word_prior=0.01, random_state=seed)
    model.fit(corpus.train_counts)
    return model, time.monotonic() - started
