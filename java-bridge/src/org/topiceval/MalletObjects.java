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
    model.numTopics = field(parallelTopicModel, "numTopics", Integer.class);
    model.alpha = field(parallelTopicModel, "alpha", double[].class).clone();
    model.alphaSum = field(parallelTopicModel, "alphaSum", Double.class);
    model.beta = field(parallelTopicModel, "beta", Double.class);
    model.betaSum = field(parallelTopicModel, "betaSum", Double.class);
    int[][] counts = field(parallelTopicModel, "typeTopicCounts", int[][].class);
    model.typeTopicCounts = new int[counts.length][];
    for (int type = 0; type < counts.length; type++) model.typeTopicCounts[type] = counts[type].clone();
    model.tokensPerTopic = field(parallelTopicModel, "tokensPerTopic", int[].class).clone();
    Object alphabet = field(parallelTopicModel, "alphabet", Object.class);
    if (alphabet != null) {
      Object[] entries = (Object[]) call(alphabet, "toArray");
      model.words = new String[entries.length];
      for (int i = 0; i < entries.length; i++) model.words[i] = String.valueOf(entries[i]);
    }
    return model;
  }

  /** The documents of an InstanceList, as type indices (what TopicEvaluator.evaluate takes). */
  public static int[][] documents(Iterable<?> instanceList) {
    if (instanceList == null) throw new TopicevalException("the MALLET instance list is null");
    List<int[]> documents = new ArrayList<>();
    int index = 0;
    for (Object instance : instanceList) {
      Object data = call(instance, "getData");
      if (data == null) throw new TopicevalException("instance " + index + " of the MALLET instance list has no data");
      int[] features = (int[]) call(data, "getFeatures");
      int length = (Integer) call(data, "getLength");
      if (length < 0 || length > features.length) {
        throw new TopicevalException("instance " + index + " of the MALLET instance list has length " + length
            + " but " + features.length + " features");
      }
      documents.add(java.util.Arrays.copyOf(features, length));
      index++;
    }
    return documents.toArray(new int[0][]);
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
