// SPDX-License-Identifier: Apache-2.0
package org.topiceval;

/** The native methods; see java-bridge/native/topiceval_jni.cpp. Errors arrive as TopicevalException. */
final class NativeBridge {
  private NativeBridge() {}

  static native CommandResult runCommand(String command, String[] arguments);

  static native TopicModelData readModel(String path);

  static native void saveModel(TopicModelData model, String path);

  static native int[][] readDocuments(String path);

  static native double[] evaluate(TopicModelData model, int[][] documents, EvaluationOptions options);

  static native Evaluation evaluateDetailed(TopicModelData model, int[][] documents, EvaluationOptions options);

  static native Diagnostics diagnostics(Object model, DiagnosticsOptions options);

  static native Coherence coherence(Object model, int[][] texts, String[] words, CoherenceOptions options);

  static native double[][] inferTopics(Object model, Object documents, int iterations, int sampleInterval,
                                       int burnIn, int seed, int threads);

  static native Selection select(Object[] models, String[] names, Object documents, SelectOptions options);

  static native Browse browse(Object[] models, String[] names, String page, String json, BrowseOptions options);

  static native Comparison compare(Object[] models, Object documents, CompareOptions options);

  static native Curve curve(Object[] models, String[] names, Object documents, CurveOptions options);

  static native double[] evaluateLikeMallet(TopicModelData model, int[][] documents, int particles,
                                            boolean resampling, int seed, int threads);
}
