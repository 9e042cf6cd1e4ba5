package org.topiceval;

/**
 * What {@link TopicEvaluator#evaluateDetailed} returns: per-document estimates with their errors and
 * the totals, as the command line's summary reports them.
 */
public final class Evaluation {
  /** Per document: the log of the mean over runs of the estimates of p(w) (natural log). */
  public double[] logLikelihood;
  /** Per document: its standard error in nats (NaN with one run of a stochastic estimator). */
  public double[] standardError;
  /** Per document: tokens scored, and whether a few runs carry the mean (the error is then unreliable). */
  public long[] scoredTokens;
  public boolean[] heavyTailed;
  /** Per document: Gibbs site updates over every run (and every round of a target error). */
  public long[] siteUpdates;
  /**
   * Per document under a target error (EvaluationOptions.targetError, targetDocumentError): the budget
   * (particles, temperatures or samples) and runs of its last round; 0 otherwise.
   */
  public long[] budgets;
  public long[] runs;
  /** Under a target error: the budgets the documents needed, in one line; null otherwise. */
  public String target;
  public double total;
  public double totalStandardError;
  public double perToken;
  public double perplexity;
  /** The estimator as run ("resample-move, 64 particles, 1 sweep"), and what its error covers, in words. */
  public String estimator;
  public String error;
  /** What the numbers must be read with (tokens skipped, a topic state's V...), one sentence each. */
  public String[] warnings;
}
