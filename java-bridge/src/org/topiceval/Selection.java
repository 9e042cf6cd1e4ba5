package org.topiceval;

/**
 * What {@link TopicEvaluator#select} returns: the models ranked best first, each by its name (the one given,
 * else its path, or "model N" for a model in memory), with its total log likelihood of the tokens every model
 * scores and its standard error, per token, perplexity, the paired difference to the best and its error, and
 * the verdict ("best", "worse" by more than two errors, or "tied"); and the command line's HTML report
 * ({@code topiceval select --report}) of the same ranking.
 */
public final class Selection {
  public String[] names;
  public int[] topics;
  public double[] total;
  public double[] totalStandardError;
  public double[] perToken;
  public double[] perplexity;
  public double[] differenceToBest;
  public double[] differenceStandardError;
  public String[] verdicts;
  /** The tokens every model scores. */
  public long scoredTokens;
  public String[] warnings;
  /** The HTML report, as {@code select --report} writes it. */
  public String report;

  /**
   * Writes {@link #report} to {@code path} as UTF-8: the command line's file. It is written beside the target
   * and moved over it once complete, so that a failed write leaves what was there.
   */
  public void writeReport(java.nio.file.Path path) throws java.io.IOException {
    java.nio.file.Path target = path.toAbsolutePath();
    java.nio.file.Path temporary = java.nio.file.Files.createTempFile(target.getParent(), ".report-", ".tmp");
    try {
      java.nio.file.Files.write(temporary, report.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      java.nio.file.Files.move(temporary, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                               java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } finally {
      java.nio.file.Files.deleteIfExists(temporary);
    }
  }
}
