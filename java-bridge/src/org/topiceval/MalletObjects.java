// SPDX-License-Identifier: Apache-2.0
package org.topiceval;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * MALLET's own objects as topiceval's inputs, read through their public fields and methods at run
 * time, so that the bridge builds and runs without MALLET on the class path: a
 * cc.mallet.topics.ParallelTopicModel (fields numTopics, alpha, alphaSum, beta, betaSum,
 * typeTopicCounts, tokensPerTopic, alphabet) and a cc.mallet.types.InstanceList of FeatureSequence
 * documents (each instance's getData() with getFeatures() and getLength()).
 */
public final class MalletObjects {
  private MalletObjects() {}

  /** The model a ParallelTopicModel holds, with its alphabet's words. */
  public static TopicModelData model(Object parallelTopicModel) {
    if (parallelTopicModel == null) throw new TopicevalException("the MALLET model is null");
    TopicModelData model = new TopicModelData();
    model.numTopics = present(field(parallelTopicModel, "numTopics", Integer.class), "numTopics");
    model.alpha = present(field(parallelTopicModel, "alpha", double[].class), "alpha").clone();
    model.alphaSum = present(field(parallelTopicModel, "alphaSum", Double.class), "alphaSum");
    model.beta = present(field(parallelTopicModel, "beta", Double.class), "beta");
    model.betaSum = present(field(parallelTopicModel, "betaSum", Double.class), "betaSum");
    int[][] counts = present(field(parallelTopicModel, "typeTopicCounts", int[][].class), "typeTopicCounts");
    model.typeTopicCounts = new int[counts.length][];
    for (int type = 0; type < counts.length; type++) {
      model.typeTopicCounts[type] = counts[type] == null ? null : counts[type].clone();  // null: MALLET's unused type
    }
    model.tokensPerTopic = present(field(parallelTopicModel, "tokensPerTopic", int[].class), "tokensPerTopic").clone();
    Object alphabet = field(parallelTopicModel, "alphabet", Object.class);
    if (alphabet != null) {
      Object entries = call(alphabet, "toArray");
      if (!(entries instanceof Object[])) {
        throw new TopicevalException("the MALLET model's alphabet.toArray() gave " + describe(entries)
            + ", not an array of its entries");
      }
      Object[] words = (Object[]) entries;
      model.words = new String[words.length];
      for (int i = 0; i < words.length; i++) {
        // A null entry would otherwise become the word "null".
        if (words[i] == null) throw new TopicevalException("the MALLET model's alphabet has null for word " + i);
        model.words[i] = String.valueOf(words[i]);
      }
    }
    return model;
  }

  /** The documents of an InstanceList, as type indices (what TopicEvaluator.evaluate takes). */
  public static int[][] documents(Iterable<?> instanceList) {
    if (instanceList == null) throw new TopicevalException("the MALLET instance list is null");
    List<int[]> documents = new ArrayList<>();
    int index = 0;
    for (Object instance : instanceList) {
      if (instance == null) throw new TopicevalException("instance " + index + " of the MALLET instance list is null");
      Object data = call(instance, "getData");
      if (data == null) throw new TopicevalException("instance " + index + " of the MALLET instance list has no data");
      Object features = call(data, "getFeatures");
      Object length = call(data, "getLength");
      if (!(features instanceof int[]) || !(length instanceof Integer)) {
        throw new TopicevalException("instance " + index + " of the MALLET instance list holds " + describe(data)
            + ", not a FeatureSequence (getFeatures() gave " + describe(features) + ", getLength() " + describe(length)
            + ")");
      }
      documents.add(sequence(index, (int[]) features, (Integer) length));
      index++;
    }
    return documents.toArray(new int[0][]);
  }

  private static int[] sequence(int index, int[] features, int length) {
    if (length < 0 || length > features.length) {
      throw new TopicevalException("instance " + index + " of the MALLET instance list has length " + length
          + " but " + features.length + " features");
    }
    return java.util.Arrays.copyOf(features, length);
  }

  private static <T> T present(T value, String name) {
    if (value == null) throw new TopicevalException("the MALLET model's " + name + " is null");
    return value;
  }

  private static String describe(Object value) {
    return value == null ? "null" : "a " + value.getClass().getName();
  }

  private static <T> T field(Object owner, String name, Class<T> type) {
    try {
      Field field = owner.getClass().getField(name);
      Object value = field.get(owner);
      if (value != null && !type.isInstance(value)) {
        throw new TopicevalException(owner.getClass().getName() + "." + name + " is a " + value.getClass().getName()
            + ", not what a MALLET ParallelTopicModel holds");
      }
      return type.cast(value);
    } catch (NoSuchFieldException | IllegalAccessException e) {
      throw new TopicevalException(owner.getClass().getName() + " is not a MALLET ParallelTopicModel: it has no public field '"
          + name + "'");
    }
  }

  private static Object call(Object owner, String name) {
    try {
      Method method = owner.getClass().getMethod(name);
      return method.invoke(owner);
    } catch (ReflectiveOperationException e) {
      throw new TopicevalException(owner.getClass().getName() + " has no public method " + name
          + "() as a MALLET object of its kind has");
    }
  }
}
