package org.topiceval;

/** A problem reported by topiceval's native code: a bad file, a bad option, a model that does not fit. */
public class TopicevalException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TopicevalException(String message) {
    super(message);
  }
}
