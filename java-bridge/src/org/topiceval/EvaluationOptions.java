package org.topiceval;

/**
 * Which estimator {@link TopicEvaluator#evaluate} runs, and how. An estimator setting left
 * {@code null} is not given, and the estimator takes its own default; one set to a value is
 * always honoured, whatever the value (also one equal to another estimator's default).
 */
public final class EvaluationOptions {
  /** Any estimator of {@code topiceval evaluate --help}: left-to-right, resample-move, ais, chib-style... */
  public String estimator = "left-to-right";
  /** left-to-right, resample-move, particle-learning: particles per estimate; null: the estimator's default. */
  public Integer particles = null;
  /** left-to-right: resample earlier positions; null: the estimator's default (false). */
  public Boolean resampling = null;
  /** ais: annealing steps; null: the estimator's default. */
  public Integer temperatures = null;
  /** ais, chib-style, harmonic-mean, importance-sampling, estimated-theta: samples; null: the default. */
  public Integer samples = null;
  /** ais: the schedule (linear or sigmoid); null: the estimator's default. */
  public String schedule = null;
  /** skip (MALLET's evaluator), skip-untrained (MALLET's inferencer) or smooth. */
  public String unseenWords = "skip";
  public long seed = 1;
  /** Independent estimates per document; the result is the log of their mean. */
  public int runs = 1;
  /**
   * Document completion (Wallach et al. 2009, section 5): "first-half" or "alternate" to estimate
   * log p(w2 | w1) per document, w1 its first half or its even positions; empty to score whole
   * documents. Available for left-to-right, resample-move, ais, importance-sampling and
   * estimated-theta (which needs it).
   */
  public String completeDocuments = "";
  /** 0: every core. Results do not depend on it. */
  public int threads = 0;
  /**
   * Any estimator setting by its registered name (as in {@code topiceval evaluate --help}, e.g.
   * "burn-in-sweeps"), as text; it overrides the field of the same name. A setting neither here nor
   * in a field takes the estimator's default.
   */
  public java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();

  /** The settings map as name, value, name, value, ... (read by the native bridge). */
  String[] settingsAsArray() {
    if (settings == null) throw new TopicevalException("options.settings is null (leave it empty for no settings)");
    String[] pairs = new String[2 * settings.size()];
    int i = 0;
    for (java.util.Map.Entry<String, String> entry : settings.entrySet()) {
      if (entry.getKey() == null) throw new TopicevalException("options.settings has a null name");
      if (entry.getValue() == null)
        throw new TopicevalException("options.settings[\"" + entry.getKey() + "\"] is null");
      pairs[i++] = entry.getKey();
      pairs[i++] = entry.getValue();
    }
    return pairs;
  }
}
