// SPDX-License-Identifier: Apache-2.0
package org.topiceval;

/** A problem reported by topiceval's native code: a bad file, a bad option, a model that does not fit. */
public class TopicevalException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TopicevalException(String message) {
    super(message);
  }

  /** What the JVM raised while the bridge read an argument (the cause), in topiceval's words. */
  public TopicevalException(String message, Throwable cause) {
    super(message, cause);
  }
}
