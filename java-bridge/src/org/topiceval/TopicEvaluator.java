package org.topiceval;

/**
 * topiceval for Java programs that hold a model in memory. Every method returns
 * per-document natural-log likelihoods, or throws TopicevalException.
 */
public final class TopicEvaluator {
  private TopicEvaluator() {}

  /**
   * Any of topiceval's estimators: per-document natural-log likelihoods. documents[d] lists type
   * indices into the model's types; options left null (or fields left null) take the library's
   * defaults, the command line's and Python's.
   */
  public static double[] evaluate(TopicModelData model, int[][] documents, EvaluationOptions options) {
    NativeLibrary.load();
    return NativeBridge.evaluate(model, documents, options == null ? new EvaluationOptions() : options);
  }

  /** The same, with each document's standard error, the totals, and the warnings to read them with. */
  public static Evaluation evaluateDetailed(TopicModelData model, int[][] documents, EvaluationOptions options) {
    NativeLibrary.load();
    return NativeBridge.evaluateDetailed(model, documents, options == null ? new EvaluationOptions() : options);
  }

  /**
   * MALLET's left-to-right estimator with MALLET's arithmetic and random stream: the numbers
   * MarginalProbEstimator.evaluateLeftToRight gives for the same seed, on every core.
   */
  public static double[] evaluateLikeMallet(TopicModelData model, int[][] documents, int particles, boolean resampling,
                                            int seed, int threads) {
    NativeLibrary.load();
    return NativeBridge.evaluateLikeMallet(model, documents, particles, resampling, seed, threads);
  }

  /** The documents of a MALLET instance list (FeatureSequence data), as type indices. */
  public static int[][] readDocuments(String path) {
    NativeLibrary.load();
    return NativeBridge.readDocuments(path);
  }

  /** Runs a topiceval command (evaluate-topics, evaluate, ...) inside this JVM and returns what it printed. */
  public static CommandResult run(String command, String... arguments) {
    NativeLibrary.load();
    return NativeBridge.runCommand(command, arguments);
  }
}
