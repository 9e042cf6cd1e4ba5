// SPDX-License-Identifier: Apache-2.0
package org.topiceval;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * MALLET's evaluate-topics command with one more option, --native. With it,
 * topiceval runs the job (MALLET-identical numbers and output, on every core,
 * plus topiceval's own options such as --threads, --estimator, --unseen-words);
 * without it the arguments go unchanged to MALLET's cc.mallet.topics.tui.EvaluateTopics.
 * {@link InferTopics} does the same for infer-topics.
 */
public final class EvaluateTopics {
  static final String MALLET_CLASS = "cc.mallet.topics.tui.EvaluateTopics";

  private EvaluateTopics() {}

  public static void main(String[] arguments) {
    System.exit(dispatch("evaluate-topics", MALLET_CLASS, arguments));
  }

  /** Runs `command` natively when --native is given, otherwise MALLET's `malletClass`; returns the exit status. */
  static int dispatch(String command, String malletClass, String[] arguments) {
    List<String> rest = new ArrayList<>();
    boolean useNative = false;
    for (int i = 0; i < arguments.length; i++) {
      if (arguments[i].equals("--native")) {
        // MALLET's boolean syntax: alone, or followed by true|false|1|0.
        useNative = true;
        if (i + 1 < arguments.length && isBoolean(arguments[i + 1])) {
          useNative = arguments[i + 1].equalsIgnoreCase("true") || arguments[i + 1].equals("1");
          i++;
        }
      } else {
        rest.add(arguments[i]);
      }
    }
    if (useNative) {
      return runNative(command, rest.toArray(new String[0]));
    }
    return runMallet(malletClass, rest.toArray(new String[0]));
  }

  static boolean isBoolean(String text) {
    return text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false") || text.equals("1") || text.equals("0");
  }

  static int runNative(String command, String[] arguments) {
    try {
      CommandResult result = TopicEvaluator.run(command, arguments);
      System.out.print(result.out);
      System.out.flush();
      System.err.print(result.err);
      System.err.flush();
      return result.status;
    } catch (TopicevalException error) {
      System.err.println("topiceval: " + error.getMessage());
      return 1;
    }
  }

  static int runMallet(String malletClass, String[] arguments) {
    Method main;
    try {
      main = Class.forName(malletClass).getMethod("main", String[].class);
    } catch (ClassNotFoundException | NoSuchMethodException error) {
      System.err.println("topiceval: MALLET's " + malletClass + " is not on the class path: set MALLET_HOME to a "
          + "MALLET installation, or add --native to run topiceval instead");
      return 1;
    }
    try {
      main.invoke(null, (Object) arguments);
      return 0;
    } catch (InvocationTargetException error) {
      error.getCause().printStackTrace();
      return 1;
    } catch (IllegalAccessException error) {
      System.err.println("topiceval: cannot call " + malletClass + ".main: " + error.getMessage());
      return 1;
    }
  }
}
