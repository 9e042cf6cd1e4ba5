// SPDX-License-Identifier: Apache-2.0
package org.topiceval;

/**
 * A trained topic model as arrays, the way MALLET's ParallelTopicModel holds it:
 * typeTopicCounts[type] lists packed entries (count << topicBits | topic), in
 * decreasing count, ending at the first entry that is not positive.
 */
public final class TopicModelData {
  public int numTopics;
  public double[] alpha;
  /** MALLET keeps alphaSum itself; NaN means "sum alpha". */
  public double alphaSum = Double.NaN;
  public double beta;
  /** MALLET's beta * numTypes; NaN means "compute it". */
  public double betaSum = Double.NaN;
  public int[][] typeTopicCounts;
  public int[] tokensPerTopic;
  /** The words by type index, or null (an evaluator file holds none). */
  public String[] words;

  /** Reads any model file MALLET writes (evaluator, inferencer, saved model, gzipped state) without MALLET. */
  public static TopicModelData read(String path) {
    NativeLibrary.load();
    return NativeBridge.readModel(path);
  }

  /**
   * Writes this model as topiceval's LDA model file (what Python's Model.save writes), which every topiceval
   * command's --model reads and scores to the same bits; the file is replaced whole. A model the checks refuse,
   * or a path that cannot be written, is a TopicevalException naming it.
   */
  public void save(String path) {
    NativeLibrary.load();
    NativeBridge.saveModel(this, path);
  }

  /**
   * Packs dense counts[type][topic] as MALLET does (decreasing count, ties by topic). A null, a row of another
   * length, or a count that is negative or too large to pack is a TopicevalException naming it.
   */
  public static TopicModelData fromDenseCounts(int[][] counts, double[] alpha, double beta) {
    if (counts == null) throw new TopicevalException("counts is null");
    if (alpha == null) throw new TopicevalException("alpha is null");
    TopicModelData model = new TopicModelData();
    model.numTopics = alpha.length;
    model.alpha = alpha.clone();
    model.beta = beta;
    int bits = Integer.bitCount(model.numTopics) == 1 ? Integer.bitCount(model.numTopics - 1)
                                                      : Integer.bitCount(Integer.highestOneBit(model.numTopics) * 2 - 1);
    model.tokensPerTopic = new int[model.numTopics];
    model.typeTopicCounts = new int[counts.length][];
    for (int type = 0; type < counts.length; type++) {
      int[] row = counts[type];
      if (row == null) throw new TopicevalException("counts[" + type + "] is null");
      if (row.length != model.numTopics) {
        throw new TopicevalException("counts[" + type + "] has " + row.length + " topics, alpha has " + model.numTopics);
      }
      // MALLET packs count << bits | topic in an int: a count must leave room for the topic's bits.
      long most = (1L << (31 - bits)) - 1;
      for (int k = 0; k < row.length; k++) {
        if (row[k] < 0 || row[k] > most) {
          throw new TopicevalException("counts[" + type + "][" + k + "] is " + row[k] + ": counts must lie in 0.."
              + most + " with " + model.numTopics + " topics");
        }
      }
      Integer[] order = new Integer[row.length];
      for (int k = 0; k < order.length; k++) order[k] = k;
      java.util.Arrays.sort(order, (a, b) -> Integer.compare(row[b], row[a]));
      int nonZero = 0;
      for (int k : row) if (k > 0) nonZero++;
      int[] packed = new int[nonZero];
      for (int i = 0; i < nonZero; i++) {
        int topic = order[i];
        packed[i] = (row[topic] << bits) | topic;
        if (model.tokensPerTopic[topic] > Integer.MAX_VALUE - row[topic]) {
          throw new TopicevalException("counts: topic " + topic + " holds more than 2^31-1 tokens");
        }
        model.tokensPerTopic[topic] += row[topic];
      }
      model.typeTopicCounts[type] = packed;
    }
    return model;
  }
}
