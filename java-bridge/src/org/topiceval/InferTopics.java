// SPDX-License-Identifier: Apache-2.0
package org.topiceval;

/**
 * MALLET's infer-topics command with one more option, --native: topiceval runs it
 * (MALLET's file, digit for digit, on every core); without it the arguments go
 * unchanged to MALLET's cc.mallet.topics.tui.InferTopics.
 */
public final class InferTopics {
  static final String MALLET_CLASS = "cc.mallet.topics.tui.InferTopics";

  private InferTopics() {}

  public static void main(String[] arguments) {
    System.exit(EvaluateTopics.dispatch("infer-topics", MALLET_CLASS, arguments));
  }
}
