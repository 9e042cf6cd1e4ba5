package org.topiceval;

/**
 * What {@link TopicEvaluator#diagnostics} returns: MALLET's topic diagnostics, one entry per topic in each
 * array, and MALLET's own files as text. Figures that need the training documents (document entropy,
 * coherence, token-doc-diff, rank-1 documents, allocation) are NaN for a model that holds none.
 */
public final class Diagnostics {
  public double[] alpha;
  public double[] tokens;
  public double[] documentEntropy;
  public double[] wordLength;
  public double[] coherence;
  public double[] uniformDist;
  public double[] corpusDist;
  public double[] effectiveNumWords;
  public double[] tokenDocDiff;
  public double[] rank1Documents;
  public double[] allocationRatio;
  public double[] allocationCount;
  public double[] exclusivity;
  /** Each topic's top words, most frequent first (MALLET's order). */
  public String[][] words;
  public boolean fromDocuments;
  /** MALLET's --diagnostics-file and --output-topic-keys, byte for byte once written as UTF-8. */
  public String xml;
  public String topicKeys;
  public String[] warnings;
}
