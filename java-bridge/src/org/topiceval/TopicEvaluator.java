// SPDX-License-Identifier: Apache-2.0
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

  /**
   * MALLET's infer-topics (TopicInferencer.getSampledDistribution): each document's topic proportions,
   * documents x topics, MALLET's numbers bit for bit on every core. The model is a file (a MALLET inferencer,
   * or any LDA model file with counts) or a TopicModelData; the documents an instance list's path or type
   * ids. Seed 0 is MALLET's default: it continues the random stream stored in an inferencer file (a model
   * without one takes a seed from the clock).
   */
  public static double[][] inferTopics(String modelPath, String documentsPath, int iterations, int sampleInterval,
                                       int burnIn, int seed, int threads) {
    NativeLibrary.load();
    return NativeBridge.inferTopics(modelPath, documentsPath, iterations, sampleInterval, burnIn, seed, threads);
  }

  /** {@link #inferTopics(String, String, int, int, int, int, int)} on a model and documents in memory. */
  public static double[][] inferTopics(TopicModelData model, int[][] documents, int iterations, int sampleInterval,
                                       int burnIn, int seed, int threads) {
    NativeLibrary.load();
    return NativeBridge.inferTopics(model, documents, iterations, sampleInterval, burnIn, seed, threads);
  }

  /**
   * MALLET's topic diagnostics (train-topics --diagnostics-file) of a model file: a topic state or a saved
   * model (which hold the training documents), or an inferencer (the figures of its counts only).
   */
  public static Diagnostics diagnostics(String modelPath, DiagnosticsOptions options) {
    NativeLibrary.load();
    return NativeBridge.diagnostics(modelPath, options == null ? new DiagnosticsOptions() : options);
  }

  /** The same for a model in memory (its counts only: no training documents). */
  public static Diagnostics diagnostics(TopicModelData model, DiagnosticsOptions options) {
    NativeLibrary.load();
    return NativeBridge.diagnostics(model, options == null ? new DiagnosticsOptions() : options);
  }

  /**
   * Topic coherence of a model file's top words, as gensim computes it (and MALLET's, exclusivity, FREX,
   * diversity), with bootstrap errors; the reference texts are options.texts (a file) or, when it is null,
   * the model's own training documents.
   */
  public static Coherence coherence(String modelPath, CoherenceOptions options) {
    NativeLibrary.load();
    return NativeBridge.coherence(modelPath, null, null, options == null ? new CoherenceOptions() : options);
  }

  /** The same against texts in memory: texts[d] lists ids into words. */
  public static Coherence coherence(Object model, int[][] texts, String[] words, CoherenceOptions options) {
    NativeLibrary.load();
    return NativeBridge.coherence(model, texts, words, options == null ? new CoherenceOptions() : options);
  }

  /**
   * Ranks models (any number of topics, any model file, or TopicModelData) by the probability they give the same
   * held-out tokens, with paired errors, as {@code topiceval select} does; the result carries its HTML report.
   * Each model is a file's path (String) or a TopicModelData; {@code names} (or null) names them in the result
   * and the report (a null name: the path, or "model N"). The documents are a file every model reads through
   * its own words.
   */
  public static Selection select(Object[] models, String[] names, String documentsPath, SelectOptions options) {
    NativeLibrary.load();
    return NativeBridge.select(models, names, documentsPath, options == null ? new SelectOptions() : options);
  }

  /** The same on documents in memory, whose type indices every model shares. */
  public static Selection select(Object[] models, String[] names, int[][] documents, SelectOptions options) {
    NativeLibrary.load();
    return NativeBridge.select(models, names, documents, options == null ? new SelectOptions() : options);
  }

  /**
   * The topic browser, as {@code topiceval browse} writes it: one self-contained HTML page (it requests
   * nothing) with LDAvis's intertopic map, relevance and saliency (LDAvis's numbers), and per topic MALLET's
   * diagnostics, coherence with its bootstrap error, exclusivity, FREX, stability across the models of one K
   * and the most typical documents; several models are switched between on the page. Each model is a file's
   * path (String) or a TopicModelData; {@code names} (or null) names them. The page goes to {@code pagePath}
   * and its data as JSON to {@code jsonPath} (either may be null), each written whole and renamed into place,
   * never over an input. The texts, a reference index and held-out documents (select's ranking) are options.
   */
  public static Browse browse(Object[] models, String[] names, String pagePath, String jsonPath,
                              BrowseOptions options) {
    NativeLibrary.load();
    return NativeBridge.browse(models, names, pagePath, jsonPath, options == null ? new BrowseOptions() : options);
  }

  /**
   * log p(w | A) - log p(w | B) per held-out document and in total, by ratio-AIS (annealing from one model to the
   * other), with its error and an interval that holds the annealing's bias, as {@code topiceval compare} does. Each
   * model is a file's path (String) or a TopicModelData (named "model 1" and "model 2" in the result); the two
   * must share their words and number of topics. The documents are a file both models read through their words.
   */
  public static Comparison compare(Object modelA, Object modelB, String documentsPath, CompareOptions options) {
    NativeLibrary.load();
    return NativeBridge.compare(new Object[] {modelA, modelB}, documentsPath,
                                options == null ? new CompareOptions() : options);
  }

  /** The same on documents in memory, whose type indices both models share. */
  public static Comparison compare(Object modelA, Object modelB, int[][] documents, CompareOptions options) {
    NativeLibrary.load();
    return NativeBridge.compare(new Object[] {modelA, modelB}, documents,
                                options == null ? new CompareOptions() : options);
  }

  /**
   * The held-out log likelihood at each model of one training run, by iteration-AIS (annealing from each model to
   * the next), as {@code topiceval curve} does. Each model is a file's path (String) or a TopicModelData ("model N"
   * in the result); {@code names} (or null) names the files in the result (a null name: the path). Files whose
   * paths all end in .ITERATION (MALLET's --output-state-interval) are put in iteration order, otherwise the models
   * are taken as given. The documents are a file every model reads through its words.
   */
  public static Curve curve(Object[] models, String[] names, String documentsPath, CurveOptions options) {
    NativeLibrary.load();
    return NativeBridge.curve(models, names, documentsPath, options == null ? new CurveOptions() : options);
  }

  /** The same on documents in memory, whose type indices every model shares. */
  public static Curve curve(Object[] models, String[] names, int[][] documents, CurveOptions options) {
    NativeLibrary.load();
    return NativeBridge.curve(models, names, documents, options == null ? new CurveOptions() : options);
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
