package org.topiceval;

/** Which estimator {@link TopicEvaluator#evaluate} runs, and how. */
public final class EvaluationOptions {
  /** left-to-right, filtering, particle-learning or ais. */
  public String estimator = "left-to-right";
  public int particles = 10;
  public boolean resampling = false;
  /** ais: annealing steps, samples, and the schedule (linear or sigmoid). */
  public int temperatures = 1000;
  public int samples = 1;
  public String schedule = "sigmoid";
  /** skip (MALLET's evaluator), skip-untrained (MALLET's inferencer) or smooth. */
  public String unseenWords = "skip";
  public long seed = 1;
  /** Independent estimates per document; the result is the log of their mean. */
  public int runs = 1;
  /** 0: every core. Results do not depend on it. */
  public int threads = 0;
}
