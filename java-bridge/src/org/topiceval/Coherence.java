package org.topiceval;

/**
 * What {@link TopicEvaluator#coherence} returns: for each measure (in {@code measures}' order) its value per
 * topic and bootstrap error, and the model's mean (gensim's get_coherence()) with its error; MALLET's
 * exclusivity and stm's FREX per topic, the topics' diversity, and the words scored. The errors cover another
 * sample of reference documents like these, not the choice of reference texts, window or top words.
 */
public final class Coherence {
  public String[] measures;
  public double[][] perTopic;
  public double[][] standardError;
  public double[] mean;
  public double[] meanStandardError;
  public double[] exclusivity;
  public double[] frex;
  public double diversity;
  public String[][] topics;
  public String[] warnings;
}
