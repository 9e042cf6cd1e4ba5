// SPDX-License-Identifier: Apache-2.0
package org.topiceval;

/**
 * Loads topiceval's JNI library once: from the path in the system property
 * topiceval.library when set, otherwise by name (libtopiceval_jni.so) from java.library.path.
 */
final class NativeLibrary {
  private static boolean loaded = false;

  private NativeLibrary() {}

  static synchronized void load() {
    if (loaded) return;
    String explicit = System.getProperty("topiceval.library");
    try {
      if (explicit != null && !explicit.isEmpty()) {
        System.load(explicit);
      } else {
        System.loadLibrary("topiceval_jni");
      }
    } catch (UnsatisfiedLinkError error) {
      throw new TopicevalException("cannot load topiceval's native library (" + error.getMessage()
          + "); set -Djava.library.path to the directory of libtopiceval_jni.so or -Dtopiceval.library to its path");
    }
    loaded = true;
  }
}
