// SPDX-License-Identifier: Apache-2.0
package org.topiceval;

/** What a topiceval command printed and its exit status, when run inside the JVM. */
public final class CommandResult {
  public final int status;
  public final String out;
  public final String err;

  public CommandResult(int status, String out, String err) {
    this.status = status;
    this.out = out;
    this.err = err;
  }
}
