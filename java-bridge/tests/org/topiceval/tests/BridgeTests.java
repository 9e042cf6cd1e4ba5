// SPDX-License-Identifier: Apache-2.0
package org.topiceval.tests;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.topiceval.Browse;
import org.topiceval.BrowseOptions;
import org.topiceval.Coherence;
import org.topiceval.CoherenceOptions;
import org.topiceval.CommandResult;
import org.topiceval.CompareOptions;
import org.topiceval.Comparison;
import org.topiceval.Curve;
import org.topiceval.CurveOptions;
import org.topiceval.Diagnostics;
import org.topiceval.DiagnosticsOptions;
import org.topiceval.Evaluation;
import org.topiceval.EvaluationOptions;
import org.topiceval.MalletObjects;
import org.topiceval.SelectOptions;
import org.topiceval.Selection;
import org.topiceval.TopicEvaluator;
import org.topiceval.TopicModelData;
import org.topiceval.TopicevalException;

/**
 * Checks of the Java bridge, run by CTest with only the JDK:
 *   in-memory-equals-files   the in-memory API gives MALLET's numbers (2.1.1's, 2.0.8's, and 2.1.1's for 2.0.8's files
 *                            upgraded through TopicEvaluator.run("upgrade", ...)) and the file path's numbers;
 *   bad-files-throw          bad input becomes a TopicevalException and the JVM carries on;
 *   no-mallet                without MALLET and without --native, a clear error and a non-zero exit;
 *   mallet-objects           MALLET's ParallelTopicModel and InstanceList read through their public API
 *                            (stand-ins with MALLET's field and method names) give the files' numbers;
 *   settings-honoured        a setting given is always honoured (also one equal to another estimator's
 *                            default), documents with nothing to score and nulls are refused by name;
 *   locale                   run under LC_ALL=de_DE.UTF-8 (tests/with_german_locale.sh): numbers are
 *                            still written with a point;
 *   quality                  diagnostics give MALLET's XML and topic keys; infer-topics MALLET's doc-topics
 *                            values; coherence gives the command
 *                            line's numbers, from a file and from texts in memory; bad options throw;
 *   select                   select ranks named models as the command line does and gives its HTML report;
 *   hostile-arguments        objects of the wrong class, nulls inside MALLET's objects and JVM errors met
 *                            while reading arguments all arrive as TopicevalException naming the argument;
 *   result-fields            every key of evaluate's (coherence's) JSON is a field of Evaluation (Coherence),
 *                            camelCase, with the same
 *                            value; the fields of earlier releases hold the same values as their new names;
 *   parity                   every case of tests/parity/cases.txt (compare-cases.txt, curve-cases.txt) gives
 *                            the command line's bits through EvaluationOptions (CompareOptions, CurveOptions: their
 *                            fields set by their names, as a Java program would);
 *   compare                  compare by path and in memory gives the command line's and the C++ API's numbers,
 *                            every key of its JSON a field; bad models and options throw the library's message;
 *   curve                    the same for curve, models named NAME.ITERATION put in training order;
 *   browse                   the topic browser writes its page (requesting nothing) and refuses to write over a
 *                            model; its fields are the command line's JSON's (tests/parity/browse-cases.txt is
 *                            in the parity check).
 */
public final class BridgeTests {
  private static int failures = 0;

  private BridgeTests() {}

  /**
   * The tests' data: tests/data unpacked by the build (cmake/test_data.cmake), the folder CTest passes as the
   * second argument. A missing file is one line naming it.
   */
  private static Path testDataFolder;

  static String missingTestData(Path path) {
    return "missing test data: " + path + " (the build unpacks tests/data into " + testDataFolder
        + "; tests/data/README.md lists every file)";
  }

  /** The data folder or file `relative`, or the missing-data line and exit status 1. */
  static Path testData(String relative) {
    Path path = testDataFolder.resolve(relative);
    if (!Files.exists(path)) {
      System.err.println(missingTestData(path));
      System.exit(1);
    }
    return path;
  }

  /** The first path of the data folder named in an error's message (or its causes') that does not exist. */
  static Path missingPathIn(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      String message = String.valueOf(cause.getMessage());
      for (int at = message.indexOf(testDataFolder.toString()); at >= 0;
           at = message.indexOf(testDataFolder.toString(), at + 1)) {
        int end = at;
        while (end < message.length() && " :'\"\n".indexOf(message.charAt(end)) < 0) end++;
        Path path = Paths.get(message.substring(at, end));
        if (!Files.exists(path)) return path;
      }
    }
    return null;
  }

  public static void main(String[] arguments) throws Exception {
    testDataFolder = Paths.get(arguments[1]);
    Path fixtures = testData("mallet-2.1.1");
    try {
      run(arguments, fixtures);
    } catch (Exception error) {
      Path missing = missingPathIn(error);
      if (missing == null) throw error;
      System.err.println(missingTestData(missing));
      System.exit(1);
    }
    if (failures > 0) {
      System.err.println(failures + " checks failed");
      System.exit(1);
    }
    System.out.println(arguments[0] + ": all checks passed");
  }

  static void run(String[] arguments, Path fixtures) throws Exception {
    switch (arguments[0]) {
      case "in-memory-equals-files":
        inMemoryEqualsFiles(fixtures);
        break;
      case "bad-files-throw":
        badFilesThrow(fixtures);
        break;
      case "no-mallet":
        noMallet(fixtures);
        break;
      case "mallet-objects":
        malletObjects(fixtures);
        break;
      case "settings-honoured":
        settingsHonoured(fixtures);
        break;
      case "locale":
        locale(fixtures);
        break;
      case "quality":
        quality(fixtures);
        break;
      case "parity":
        parity(fixtures, Paths.get(arguments[2]));
        break;
      case "select":
        select(fixtures);
        break;
      case "hostile-arguments":
        hostileArguments(fixtures);
        break;
      case "result-fields":
        resultFields(fixtures);
        break;
      case "compare":
        compare(fixtures);
        break;
      case "browse":
        browse(fixtures);
        break;
      case "curve":
        curve(fixtures);
        break;
      default:
        throw new IllegalArgumentException("unknown check " + arguments[0]);
    }
  }

  /** What MALLET's ParallelTopicModel shows of itself: the public fields MalletObjects reads. */
  public static final class StandInTopicModel {
    public int numTopics;
    public double[] alpha;
    public double alphaSum;
    public double beta;
    public double betaSum;
    public int[][] typeTopicCounts;
    public int[] tokensPerTopic;
    public StandInAlphabet alphabet;
  }

  /** MALLET's Alphabet: toArray() lists the entries by index. */
  public static final class StandInAlphabet {
    private final String[] words;
    StandInAlphabet(String[] words) { this.words = words; }
    public Object[] toArray() { return words.clone(); }
  }

  /** MALLET's Instance and FeatureSequence: getData(), getFeatures() (with spare room) and getLength(). */
  public static final class StandInInstance {
    private final StandInSequence data;
    StandInInstance(int[] tokens) { data = new StandInSequence(tokens); }
    public Object getData() { return data; }
  }

  public static final class StandInSequence {
    private final int[] features;
    private final int length;
    StandInSequence(int[] tokens) {
      features = java.util.Arrays.copyOf(tokens, tokens.length + 3);  // MALLET's arrays grow in steps
      length = tokens.length;
    }
    public int[] getFeatures() { return features; }
    public int getLength() { return length; }
  }

  static void malletObjects(Path fixtures) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    TopicModelData fromFile = TopicModelData.read(set.resolve("inferencer.mallet").toString());
    int[][] documents = TopicEvaluator.readDocuments(set.resolve("test.mallet").toString());
    StandInTopicModel mallet = new StandInTopicModel();
    mallet.numTopics = fromFile.numTopics;
    mallet.alpha = fromFile.alpha;
    mallet.alphaSum = fromFile.alphaSum;
    mallet.beta = fromFile.beta;
    mallet.betaSum = fromFile.betaSum;
    mallet.typeTopicCounts = fromFile.typeTopicCounts;
    mallet.tokensPerTopic = fromFile.tokensPerTopic;
    mallet.alphabet = new StandInAlphabet(fromFile.words);
    List<StandInInstance> instances = new java.util.ArrayList<>();
    for (int[] document : documents) instances.add(new StandInInstance(document));

    TopicModelData model = MalletObjects.model(mallet);
    int[][] read = MalletObjects.documents(instances);
    check(java.util.Arrays.deepEquals(read, documents), "documents through the InstanceList's API");
    check(java.util.Arrays.equals(model.words, fromFile.words), "words through the Alphabet's API");
    EvaluationOptions options = new EvaluationOptions();
    options.estimator = "filtering";
    check(java.util.Arrays.equals(TopicEvaluator.evaluate(model, read, options),
              TopicEvaluator.evaluate(fromFile, documents, options)),
        "a ParallelTopicModel's numbers equal the file's");
    // Saved as topiceval's LDA model file and read back: the same numbers, in memory and on the command line.
    Path saved = Files.createTempFile("topiceval-saved-", ".txt");
    try {
      model.save(saved.toString());
      check(Files.readAllLines(saved, StandardCharsets.UTF_8).get(0).equals("topiceval LDA model 1"),
          "a saved model's first line");
      TopicModelData again = TopicModelData.read(saved.toString());
      check(java.util.Arrays.equals(TopicEvaluator.evaluate(again, read, options),
                TopicEvaluator.evaluate(model, read, options)),
          "a saved model read back gives the same numbers");
      check(java.util.Arrays.equals(again.words, model.words), "a saved model's words");
    } finally {
      Files.deleteIfExists(saved);
    }
    try {
      MalletObjects.model("not a model");
      check(false, "a String taken for a ParallelTopicModel");
    } catch (TopicevalException expected) {
      check(expected.getMessage().equals(
                "java.lang.String is not a MALLET ParallelTopicModel: it has no public field 'numTopics'"),
          "message: " + expected.getMessage());
    }
  }

  private static void check(boolean condition, String what) {
    if (!condition) {
      failures++;
      System.err.println("FAILED: " + what);
    }
  }

  private static List<String> lines(Path path) throws IOException {
    return Files.readAllLines(path, StandardCharsets.UTF_8);
  }

  static void inMemoryEqualsFiles(Path fixtures) throws Exception {
    // MALLET 2.1.1's sets, 2.0.8's, and what MALLET 2.1.1 printed for 2.0.8's files upgraded (read upgraded below).
    String[][] runs = {{"mallet-2.1.1/stackexchange", "10", "false", "42"}, {"mallet-2.1.1/stackexchange-oov", "1", "true", "1"},
                       {"mallet-2.1.1/debian-k100", "10", "true", "1"}, {"mallet-2.1.1/sgu-k100", "50", "false", "2"},
                       {"mallet-2.0.8/debian-k20-t1", "10", "true", "42"}, {"mallet-2.0.8/debian-k20-t2/upgraded", "1", "false", "1"}};
    Path upgraded = Files.createTempDirectory("topiceval-upgraded");
    for (String[] run : runs) {
      Path printed = testData(run[0]);  // MALLET's expected/
      Path set = printed;               // the files read
      if (run[0].endsWith("/upgraded")) {
        // `topiceval upgrade` through the bridge writes the 2.0.8 files as MALLET 2.1.1 read them.
        set = upgraded;
        for (String file : new String[] {"evaluator.mallet", "test.mallet"}) {
          CommandResult done = TopicEvaluator.run("upgrade", "--input", printed.getParent().resolve(file).toString(),
                                                  "--output", set.resolve(file).toString());
          check(done.status == 0, run[0] + ": upgrade " + file + ": " + done.err);
        }
      }
      String tag = "p" + run[1] + "-r" + run[2] + "-s" + run[3];
      TopicModelData model = TopicModelData.read(set.resolve("evaluator.mallet").toString());
      int[][] documents = TopicEvaluator.readDocuments(set.resolve("test.mallet").toString());
      double[] values = TopicEvaluator.evaluateLikeMallet(model, documents, Integer.parseInt(run[1]),
                                                          Boolean.parseBoolean(run[2]), Integer.parseInt(run[3]), 0);
      List<String> expected = lines(printed.resolve("expected/docprobs-" + tag + ".txt"));
      check(values.length == expected.size(), run[0] + " " + tag + ": document count");
      double total = 0;
      for (int d = 0; d < values.length && d < expected.size(); d++) {
        check(Double.toString(values[d]).equals(expected.get(d)),
              run[0] + " " + tag + " document " + d + ": " + values[d] + " != MALLET's " + expected.get(d));
        total += values[d];
      }
      String expectedTotal = lines(printed.resolve("expected/total-" + tag + ".txt")).get(0);
      check(Double.toString(total).equals(expectedTotal), run[0] + " " + tag + " total " + total + " != " + expectedTotal);

      // The same job through the file path, inside the JVM.
      CommandResult file = TopicEvaluator.run("evaluate-topics", "--evaluator", set.resolve("evaluator.mallet").toString(),
          "--input", set.resolve("test.mallet").toString(), "--num-particles", run[1], "--use-resampling", run[2],
          "--random-seed", run[3]);
      check(file.status == 0 && file.out.equals(expectedTotal + "\n"), run[0] + " " + tag + " file path: " + file.out + file.err);
    }
    try (java.util.stream.Stream<Path> walk = Files.walk(upgraded)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }

    // Dense counts built in Java from a topic state, against `evaluate --model state.gz`.
    Path set = fixtures.resolve("stackexchange");
    // Every command runs through the bridge, and a typo gets a suggestion.
    CommandResult info = TopicEvaluator.run("info", set.resolve("state.gz").toString());
    check(info.status == 0 && info.out.contains("topics"), "info through the bridge: " + info.out + info.err);
    CommandResult typo = TopicEvaluator.run("evalute");
    check(typo.status == 2 && typo.err.equals("topiceval: unknown command 'evalute' (did you mean 'evaluate'?)\n"),
        "unknown command through the bridge: " + typo.err);
    TopicModelData dense = readTopicState(set.resolve("state.gz"));
    int[][] documents = TopicEvaluator.readDocuments(set.resolve("test.mallet").toString());
    // Each estimator with its command-line settings, given to the bridge as fields or by name.
    String[][] cases = {{"filtering"}, {"left-to-right", "--particles", "5"}, {"particle-learning", "--particles", "5"},
        {"chib-style", "--samples", "20"}, {"estimated-theta", "--samples", "20", "--complete-documents", "first-half"},
        {"ais", "--temperatures", "50", "--complete-documents", "alternate"},
        {"importance-sampling", "--samples", "30", "--complete-documents", "first-half"}};
    for (String[] run : cases) {
      String estimator = run[0];
      EvaluationOptions options = new EvaluationOptions();
      options.estimator = estimator;
      options.seed = 3L;
      options.runs = 1;
      for (int i = 1; i + 1 < run.length; i += 2) {
        String name = run[i].substring(2);
        if (name.equals("particles")) {
          options.particles = Integer.parseInt(run[i + 1]);
        } else if (name.equals("complete-documents")) {
          options.completeDocuments = run[i + 1];
        } else {
          options.settings.put(name, run[i + 1]);
        }
      }
      double[] inMemory = TopicEvaluator.evaluate(dense, documents, options);
      java.util.List<String> arguments = new java.util.ArrayList<>(java.util.List.of("--model",
          set.resolve("state.gz").toString(), "--input", set.resolve("test.mallet").toString(), "--estimator",
          estimator, "--seed", "3", "--runs", "1", "--format", "tsv"));
      arguments.addAll(java.util.List.of(run).subList(1, run.length));
      CommandResult file = TopicEvaluator.run("evaluate", arguments.toArray(new String[0]));
      check(file.status == 0, estimator + " file path failed: " + file.err);
      String[] rows = file.out.split("\n");
      check(rows.length == inMemory.length + 1, estimator + ": row count");
      for (int d = 0; d + 1 < rows.length && d < inMemory.length; d++) {
        double fromFile = Double.parseDouble(rows[d + 1].split("\t")[4]);
        check(fromFile == inMemory[d], estimator + " document " + d + ": file " + fromFile + " != in memory " + inMemory[d]);
      }
    }
  }

  /** Reads a gzipped MALLET topic state into dense counts, as a Java program holding a model might. */
  static TopicModelData readTopicState(Path path) throws IOException {
    double[] alpha = null;
    double beta = 0;
    List<int[]> tokens = new ArrayList<>();
    int types = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
             new GZIPInputStream(Files.newInputStream(path)), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.startsWith("#alpha : ")) {
          alpha = Arrays.stream(line.substring(9).trim().split(" ")).mapToDouble(Double::parseDouble).toArray();
        } else if (line.startsWith("#beta : ")) {
          beta = Double.parseDouble(line.substring(8).trim());
        } else if (!line.startsWith("#")) {
          String[] fields = line.split(" ");
          int type = Integer.parseInt(fields[fields.length - 3]);
          tokens.add(new int[] {type, Integer.parseInt(fields[fields.length - 1])});
          types = Math.max(types, type + 1);
        }
      }
    }
    int[][] counts = new int[types][alpha.length];
    for (int[] token : tokens) counts[token[0]][token[1]]++;
    return TopicModelData.fromDenseCounts(counts, alpha, beta);
  }

  static void quality(Path fixtures) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    DiagnosticsOptions options = new DiagnosticsOptions();
    options.input = set.resolve("train.mallet").toString();
    Diagnostics diagnostics = TopicEvaluator.diagnostics(set.resolve("state.gz").toString(), options);
    check(Arrays.equals(diagnostics.xml.getBytes(StandardCharsets.UTF_8),
                        Files.readAllBytes(set.resolve("diagnostics/diagnostics.xml"))), "diagnostics XML is MALLET's");
    check(Arrays.equals(diagnostics.topicKeys.getBytes(StandardCharsets.UTF_8),
                        Files.readAllBytes(set.resolve("diagnostics/topic-keys.txt"))), "topic keys are MALLET's");
    check(diagnostics.fromDocuments && diagnostics.topics[0].words[0].word.equals("time"), "topic 0's first word");

    // Coherence: the command line's numbers, bit for bit.
    String state = fixtures.resolve("sgu-k100/state.gz").toString();
    CoherenceOptions coherenceOptions = new CoherenceOptions();
    coherenceOptions.measure = "c_npmi,mallet";
    coherenceOptions.bootstrap = 20;
    coherenceOptions.seed = 5L;
    Coherence coherence = TopicEvaluator.coherence(state, coherenceOptions);
    CommandResult cli = TopicEvaluator.run("coherence", "--model", state, "--measure", "c_npmi,mallet", "--bootstrap",
                                           "20", "--seed", "5", "--format", "tsv");
    check(cli.status == 0, "coherence command: " + cli.err);
    String[] rows = cli.out.split("\n");
    for (Coherence.Measure measure : coherence.measureReports) {
      int topic = 0;
      for (int r = 1; r < rows.length; r++) {
        String[] fields = rows[r].split("\t");
        if (!fields[0].equals(measure.measure) || fields[1].equals("mean")) continue;
        check(Double.parseDouble(fields[2]) == measure.perTopic[topic]
                  || Double.isNaN(measure.perTopic[topic]) && fields[2].equals("nan"),
              measure.measure + " topic " + topic);
        topic++;
      }
      check(topic == measure.perTopic.length, measure.measure + ": every topic printed");
    }

    // A reference index of texts (the index command) gives the numbers the texts give.
    Path index = Files.createTempFile("topiceval-reference", ".index");
    String list = fixtures.resolve("sgu-k100/test.mallet").toString();
    CommandResult indexed = TopicEvaluator.run("index", "--texts", list, "--output", index.toString());
    check(indexed.status == 0, "index command: " + indexed.err);
    CoherenceOptions withTexts = new CoherenceOptions();
    withTexts.measure = "c_v,u_mass";
    withTexts.bootstrap = 0;
    withTexts.texts = list;
    CoherenceOptions withIndex = new CoherenceOptions();
    withIndex.measure = "c_v,u_mass";
    withIndex.bootstrap = 0;
    withIndex.reference = index.toString();
    Coherence fromTexts = TopicEvaluator.coherence(state, withTexts);
    Coherence fromIndex = TopicEvaluator.coherence(state, withIndex);
    for (int m = 0; m < 2; m++)
      check(Arrays.equals(fromTexts.measureReports[m].perTopic, fromIndex.measureReports[m].perTopic),
            "coherence against the index: " + fromIndex.measureReports[m].measure);
    Files.write(index, new byte[] {1, 2, 3});
    expectException(() -> TopicEvaluator.coherence(state, withIndex), "not a topiceval reference index",
                    "a file that is no index");
    Files.delete(index);

    // Texts in memory: the training documents as ids into their words give the same values.
    TopicModelData model = TopicModelData.read(set.resolve("model.mallet").toString());
    CoherenceOptions plain = new CoherenceOptions();
    plain.bootstrap = 0;
    Coherence own = TopicEvaluator.coherence(set.resolve("model.mallet").toString(), plain);
    int[][] texts = TopicEvaluator.readDocuments(set.resolve("train.mallet").toString());
    Coherence given = TopicEvaluator.coherence(model, texts, model.words, plain);
    check(given.measureReports[0].measure.equals("c_npmi") && given.measureReports[0].perTopic.length == 10,
          "in-memory coherence: shape");
    for (int k = 0; k < 10; k++) {
      // The training list has one empty document more than the saved model's data: a window more in N.
      check(Math.abs(given.measureReports[0].perTopic[k] - own.measureReports[0].perTopic[k]) < 1e-3,
            "in-memory coherence topic " + k);
    }

    // Words XML cannot hold (controls, NUL, "]]>", a lone surrogate, which Java itself writes '?'): the XML
    // still parses, the rest is kept.
    String[] hostile = {"end]]>x", "ctrl\u0001", "nul\u0000z", "high\uD800", "pair\uD83D\uDE00", "amp&lt<"};
    int[][] hostileCounts = new int[hostile.length][];
    for (int w = 0; w < hostile.length; w++) hostileCounts[w] = new int[] {w + 1, hostile.length - w};
    TopicModelData hostileModel = TopicModelData.fromDenseCounts(hostileCounts, new double[] {0.5, 0.5}, 0.01);
    hostileModel.words = hostile;
    DiagnosticsOptions all = new DiagnosticsOptions();
    all.numTopWords = hostile.length;
    Diagnostics hostileDiagnostics = TopicEvaluator.diagnostics(hostileModel, all);
    org.w3c.dom.NodeList parsed = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new java.io.ByteArrayInputStream(hostileDiagnostics.xml.getBytes(StandardCharsets.UTF_8)))
        .getElementsByTagName("word");
    java.util.Set<String> parsedWords = new java.util.TreeSet<>();
    for (int i = 0; i < parsed.getLength(); i++) parsedWords.add(parsed.item(i).getTextContent());
    check(parsedWords.equals(new java.util.TreeSet<>(Arrays.asList("end]]>x", "ctrl\uFFFD", "nul\uFFFDz", "high?",
                                                                   "pair\uD83D\uDE00", "amp&lt>"))),
          "diagnostics XML of hostile words parses: " + parsedWords);
    check(Arrays.stream(hostileDiagnostics.topics[0].words).anyMatch(w -> w.word.equals("high\uD800")),
          "a lone surrogate stays itself");

    CoherenceOptions bad = new CoherenceOptions();
    bad.measure = "c_w2v";
    expectException(() -> TopicEvaluator.coherence(state, bad), "measure takes u_mass, c_uci, c_npmi, c_v or mallet",
                    "an unknown measure");
    expectException(() -> TopicEvaluator.diagnostics(fixtures.resolve("stackexchange/test.mallet").toString(), null),
                    "test.mallet", "an instance list as model");

    // infer-topics: MALLET's doc-topics file, value for value (Double.toString round-trips), from files and,
    // with the same seed, from the same model and documents in memory.
    String inferencer = set.resolve("inferencer.mallet").toString();
    String test = set.resolve("test.mallet").toString();
    double[][] inferred = TopicEvaluator.inferTopics(inferencer, test, 50, 5, 5, 7, 2);
    List<String> mallet = lines(set.resolve("infer/doc-topics-s7-i50-b5-t5.txt"));
    check(inferred.length == mallet.size() - 1, "infer-topics: one row per document");
    for (int d = 0; d < inferred.length; d++) {
      String[] fields = mallet.get(d + 1).split("\t");
      check(inferred[d].length == fields.length - 2, "infer-topics: one value per topic");
      for (int t = 0; t < inferred[d].length; t++)
        check(inferred[d][t] == Double.parseDouble(fields[t + 2]), "infer-topics document " + d + " topic " + t);
    }
    double[][] inMemory = TopicEvaluator.inferTopics(TopicModelData.read(inferencer),
                                                     TopicEvaluator.readDocuments(test), 50, 5, 5, 7, 1);
    check(Arrays.deepEquals(inMemory, inferred), "infer-topics in memory equals the files");
    expectException(() -> TopicEvaluator.inferTopics(inferencer, test, 100, 0, 10, 1, 1),
                    "must be at least 1 when", "a sample interval of 0");
  }

  private static void expectException(Runnable action, String expectedFragment, String what) {
    try {
      action.run();
      check(false, what + ": no exception");
    } catch (TopicevalException error) {
      check(error.getMessage().contains(expectedFragment), what + ": message '" + error.getMessage() + "'");
    }
  }

  static void badFilesThrow(Path fixtures) throws Exception {
    Path text = testData("corpora/README.md");
    expectException(() -> TopicModelData.read(text.toString()),
                    "is neither a MALLET model file (a Java serialization stream) nor a gzipped topic state", "text as model");
    Path evaluator = fixtures.resolve("stackexchange/evaluator.mallet");
    Path truncated = Files.createTempFile("topiceval-truncated", ".mallet");
    byte[] bytes = Files.readAllBytes(evaluator);
    Files.write(truncated, Arrays.copyOf(bytes, 1000));
    expectException(() -> TopicModelData.read(truncated.toString()), "truncated", "truncated evaluator");
    Files.delete(truncated);
    expectException(() -> TopicEvaluator.readDocuments(evaluator.toString()),
                    "is a MALLET evaluator (MarginalProbEstimator), a model, not documents", "wrong class");
    expectException(() -> TopicModelData.read("/nonexistent/model.mallet"), "cannot open: No such file or directory",
                    "missing file");

    TopicModelData model = TopicModelData.read(evaluator.toString());
    expectException(() -> TopicEvaluator.evaluate(model, null, null), "documents are null", "null documents");
    expectException(() -> TopicEvaluator.evaluate(model, new int[][] {{1, -4}}, null),
                    "documents[0] has negative word id -4 at position 1", "negative type");
    EvaluationOptions unknown = new EvaluationOptions();
    unknown.estimator = "oracle";
    expectException(() -> TopicEvaluator.evaluate(model, new int[][] {{1, 2}}, unknown),
                    "estimator takes left-to-right, resample-move, filtering, particle-learning, ais", "bad estimator");
    // Settings by their registered names, for estimators whose settings have no field.
    EvaluationOptions harmonic = new EvaluationOptions();
    harmonic.estimator = "harmonic-mean";
    harmonic.settings.put("samples", "0");
    expectException(() -> TopicEvaluator.evaluate(model, new int[][] {{1, 2}}, harmonic), "samples must be at least 1",
                    "setting by name");
    harmonic.settings.put("sample", "20");
    expectException(() -> TopicEvaluator.evaluate(model, new int[][] {{1, 2}}, harmonic),
                    "sample is not a setting of any estimator", "unknown setting name");
    harmonic.settings.remove("sample");
    harmonic.settings.put("samples", "20");
    double[] harmonicValues = TopicEvaluator.evaluate(model, new int[][] {{1, 2}}, harmonic);
    check(harmonicValues.length == 1 && harmonicValues[0] < 0, "harmonic mean through the bridge: " + harmonicValues[0]);
    TopicModelData broken = TopicModelData.read(evaluator.toString());
    broken.alpha = new double[] {0.1, 0.2};
    expectException(() -> TopicEvaluator.evaluateLikeMallet(broken, new int[][] {{1}}, 1, false, 1, 1),
                    "model.numTopics is 10 but alpha has 2 values", "inconsistent model");
    broken.alpha = model.alpha.clone();
    broken.beta = -1;
    expectException(() -> TopicEvaluator.evaluateLikeMallet(broken, new int[][] {{1}}, 1, false, 1, 1),
                    "beta is -1.000000; it must be positive and finite", "negative beta");
    // A row that names a topic again (it once wrote past a buffer and killed the JVM).
    TopicModelData repeated = TopicModelData.read(evaluator.toString());
    int topicBits = Integer.bitCount(Integer.highestOneBit(repeated.numTopics) * 2 - 1);
    repeated.typeTopicCounts[3] = new int[] {(1 << topicBits) | 2, (1 << topicBits) | 2, (1 << topicBits) | 2};
    expectException(() -> TopicEvaluator.evaluateLikeMallet(repeated, new int[][] {{3}}, 1, false, 1, 1),
                    "model: type 3 lists topic 2 more than once in its counts", "repeated topic");
    // Fewer words than types (diagnostics and coherence once read past them and killed the JVM).
    TopicModelData shortWords = TopicModelData.read(fixtures.resolve("stackexchange/inferencer.mallet").toString());
    String shortMessage = "model: the vocabulary has 3 words but the model has " + shortWords.typeTopicCounts.length
                          + " word types";
    shortWords.words = Arrays.copyOf(shortWords.words, 3);
    expectException(() -> TopicEvaluator.diagnostics(shortWords, null), shortMessage, "short vocabulary: diagnostics");
    expectException(() -> TopicEvaluator.coherence(shortWords, null, null, null), shortMessage,
                    "short vocabulary: coherence");
    shortWords.words = new String[] {"a", null, "c"};
    expectException(() -> TopicEvaluator.diagnostics(shortWords, null), "model.words[1] is null", "a null word");
    expectException(() -> TopicEvaluator.coherence(Integer.valueOf(3), null, null, null),
                    "model is a java.lang.Integer, not a TopicModelData or a model file's path (String)",
                    "a model of another class");
    // A file of nested arrays deeper than the limit, read on a Java thread with the default 1 MiB stack.
    Path nested = Files.createTempFile("topiceval-nested", ".mallet");
    java.io.ByteArrayOutputStream deep = new java.io.ByteArrayOutputStream();
    deep.write(new byte[] {(byte) 0xAC, (byte) 0xED, 0x00, 0x05, 0x75, 0x72, 0x00, 0x13});
    deep.write("[Ljava.lang.Object;".getBytes(StandardCharsets.US_ASCII));
    deep.write(new byte[] {0, 0, 0, 0, 0, 0, 0, 1, 0x02, 0x00, 0x00, 0x78, 0x70, 0, 0, 0, 1});
    for (int level = 0; level < 3000; ++level) deep.write(new byte[] {0x75, 0x71, 0x00, 0x7E, 0x00, 0x00, 0, 0, 0, 1});
    deep.write(0x70);
    Files.write(nested, deep.toByteArray());
    String[] nestedMessage = new String[1];
    // 0: the JVM's default stack; the sanitizer build, whose frames are several
    // times larger, asks for more (-Dtopiceval.test.stack).
    long stack = Long.getLong("topiceval.test.stack", 0);
    Thread reader = new Thread(null, () -> {
      try {
        TopicModelData.read(nested.toString());
      } catch (TopicevalException error) {
        nestedMessage[0] = error.getMessage();
      }
    }, "nested-reader", stack);
    reader.start();
    reader.join();
    check(nestedMessage[0] != null && nestedMessage[0].endsWith("objects nested deeper than 400 levels"),
          "nested arrays on a 1 MiB Java thread: " + nestedMessage[0]);
    // The same on the smallest stack a Java program asks for (-Xss256k once died of 300 nested arrays):
    // the native parser runs on a stack of its own.
    nestedMessage[0] = null;
    Thread small = new Thread(null, () -> {
      try {
        TopicModelData.read(nested.toString());
      } catch (TopicevalException error) {
        nestedMessage[0] = error.getMessage();
      }
    }, "small-stack-reader", 256 * 1024);
    small.start();
    small.join();
    Files.delete(nested);
    check(nestedMessage[0] != null && nestedMessage[0].endsWith("objects nested deeper than 400 levels"),
          "nested arrays on a 256 KiB Java thread: " + nestedMessage[0]);
    CommandResult command = TopicEvaluator.run("evaluate-topics", "--evaluator", text.toString(), "--input", "x");
    check(command.status == 1 && command.err.equals("topiceval evaluate-topics: " + text + ": not a Java serialization stream (a MALLET .mallet file starts with bytes AC ED)\n"),
          "bad file through the command: " + command.err);

    // Two outputs naming one file (one through a link): refused before anything is written, the file kept.
    Path keys = Files.createTempFile("topiceval-keys", ".txt");
    Files.write(keys, "before\n".getBytes(StandardCharsets.UTF_8));
    Path link = keys.resolveSibling(keys.getFileName() + ".link");
    Files.deleteIfExists(link);
    Files.createSymbolicLink(link, keys);
    CommandResult twice = TopicEvaluator.run("diagnostics", "--model", fixtures.resolve("stackexchange/state.gz").toString(),
                                             "--output-topic-keys", keys.toString(), "--output", link.toString());
    String kept = new String(Files.readAllBytes(keys), StandardCharsets.UTF_8);
    Files.delete(link);
    Files.delete(keys);
    check(twice.status == 2 && kept.equals("before\n")
              && twice.err.equals("topiceval diagnostics: --output and --output-topic-keys name the same file, " + keys + "\n"),
          "two outputs naming one file: " + twice.status + " " + twice.err + " kept " + kept);

    // The JVM is fine, and a good file still evaluates to MALLET's number.
    int[][] documents = TopicEvaluator.readDocuments(fixtures.resolve("stackexchange/test.mallet").toString());
    double total = 0;
    for (double value : TopicEvaluator.evaluateLikeMallet(model, documents, 10, false, 42, 2)) total += value;
    String expected = lines(fixtures.resolve("stackexchange/expected/total-p10-rfalse-s42.txt")).get(0);
    check(Double.toString(total).equals(expected), "good file after bad ones: " + total + " != " + expected);
  }

  /** Per-document log likelihoods of `evaluate --format tsv` through the command, for comparison. */
  private static double[] commandValues(String... arguments) {
    CommandResult result = TopicEvaluator.run("evaluate", arguments);
    check(result.status == 0, "evaluate " + String.join(" ", arguments) + ": " + result.err);
    String[] rows = result.out.split("\n");
    double[] values = new double[rows.length - 1];
    for (int d = 1; d < rows.length; d++) values[d - 1] = Double.parseDouble(rows[d].split("\t")[4]);
    return values;
  }

  /** An alphabet whose toArray() gives something else than an array. */
  public static final class OddAlphabet {
    public Object toArray() { return "not an array"; }
  }

  /** An instance whose data is not a FeatureSequence. */
  public static final class OddInstance {
    public Object getData() { return "not a sequence"; }
  }

  /** Runs `action`, which must throw a TopicevalException (and nothing else) whose message is `expected`. */
  private static void expectExactly(Runnable action, String expected, String what) {
    try {
      action.run();
      check(false, what + ": no exception");
    } catch (TopicevalException error) {
      check(error.getMessage().equals(expected), what + ": message '" + error.getMessage() + "'");
    } catch (RuntimeException | Error foreign) {
      check(false, what + ": " + foreign + " instead of a TopicevalException");
    }
  }

  static void select(Path fixtures) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    String inferencer = set.resolve("inferencer.mallet").toString();
    String state = set.resolve("state.gz").toString();
    String test = set.resolve("test.mallet").toString();
    SelectOptions options = new SelectOptions();
    options.estimator = "filtering";
    options.vocabSize = 4285L;
    options.coherence = "none";
    Selection named = TopicEvaluator.select(new Object[] {inferencer, TopicModelData.read(state)},
                                            new String[] {"the inferencer", null}, test, options);
    List<String> paths = new ArrayList<>();
    for (Selection.RankedModel model : named.models) paths.add(model.path);
    check(paths.containsAll(List.of("the inferencer", "model 2")),
          "names given, and a model in memory's number: " + paths);
    check(named.report.contains("1. the inferencer") || named.report.contains("2. the inferencer"),
          "the report names the models");
    // The command line's ranking and report of the same models, byte for byte.
    Path report = Files.createTempFile("topiceval-select", ".html");
    CommandResult command = TopicEvaluator.run("select", "--model", inferencer, state, "--input", test, "--estimator",
        "filtering", "--vocab-size", "4285", "--coherence", "none", "--report", report.toString(), "--quiet");
    check(command.status == 0, "select on the command line: " + command.err);
    Selection byPath = TopicEvaluator.select(new Object[] {inferencer, state}, null, test, options);
    check(byPath.report.equals(new String(Files.readAllBytes(report), StandardCharsets.UTF_8)),
          "the report is the command line's");
    Path written = Files.createTempFile("topiceval-select-written", ".html");
    byPath.writeReport(written);
    check(Arrays.equals(Files.readAllBytes(written), Files.readAllBytes(report)), "writeReport writes the same file");
    check(byPath.models[0].verdict.equals("best") && byPath.models[0].total >= byPath.models[1].total
              && byPath.models[0].total == named.models[0].total
              && byPath.input.scoredTokens == named.input.scoredTokens,
          "the ranking: " + byPath.models[0].total + ", " + byPath.models[1].total);
    // Every key of the command line's JSON is a field of the same value; the earlier arrays agree with it.
    CommandResult json = TopicEvaluator.run("select", "--model", inferencer, state, "--input", test, "--estimator",
        "filtering", "--vocab-size", "4285", "--coherence", "none", "--format", "json", "--quiet");
    check(json.status == 0, "select --format json: " + json.err);
    sameValue(new Json(json.out).value(), byPath, "selection");
    checkEarlierSelectionFields(byPath);
    // The inferencer and the state are two models of one K: one group of one pair, the same topics.
    check(byPath.stabilityWords == 10 && byPath.seedGroups.length == 1
              && byPath.seedGroups[0].topics == byPath.models[0].topics && byPath.seedGroups[0].runs.length == 2
              && byPath.seedGroups[0].pairs.length == 1 && byPath.seedGroups[0].agreement == 1.0
              && byPath.seedGroups[0].topicAgreement[1].length == byPath.models[0].topics,
          "stability across seeds: " + byPath.seedGroups.length);
    SelectOptions withQuality = new SelectOptions();
    withQuality.estimator = "filtering";
    withQuality.bootstrap = 2;
    CommandResult qualityJson = TopicEvaluator.run("select", "--model", state, "--input", test, "--estimator",
        "filtering", "--bootstrap", "2", "--format", "json", "--quiet");
    check(qualityJson.status == 0, "select with quality --format json: " + qualityJson.err);
    Selection quality = TopicEvaluator.select(new Object[] {state}, null, test, withQuality);
    check(quality.models[0].quality != null && quality.models[0].quality.topWords.length > 0, "topic quality");
    Selection.TopicNumberFigure[] figures = quality.models[0].figures;
    check(figures.length == 6 && figures[0].name.equals("CaoJuan2009") && figures[0].better.equals("lower")
              && figures[4].name.equals("stm_exclusivity") && figures[4].perTopic.length > 0,
        "ldatuning's and stm's figures");
    sameValue(new Json(qualityJson.out).value(), quality, "selection");
    expectExactly(() -> TopicEvaluator.select(new Object[] {inferencer}, new String[] {"a", "b"}, test, options),
                  "names has 2 names for 1 models", "names that do not match the models");
    expectExactly(() -> TopicEvaluator.select(new Object[] {Integer.valueOf(1)}, null, test, options),
                  "model is a java.lang.Integer, not a TopicModelData or a model file's path (String)",
                  "an Integer among the models");
    Files.delete(report);
    Files.delete(written);
  }

  static void hostileArguments(Path fixtures) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    TopicModelData fromFile = TopicModelData.read(set.resolve("inferencer.mallet").toString());
    // A path with a NUL would reach the system cut at the NUL (another file): every path is refused.
    Path scratch = java.nio.file.Files.createTempDirectory("topiceval-nul");
    Path kept = scratch.resolve("kept.txt");
    java.nio.file.Files.writeString(kept, "a user's file\n");
    String cut = kept + "\u0000.extra";
    expectException(() -> fromFile.save(cut), "holds a NUL character, which no file name can",
                    "TopicModelData.save to a path with a NUL");
    expectException(() -> TopicModelData.read(set.resolve("inferencer.mallet") + "\u0000x"),
                    "holds a NUL character, which no file name can", "TopicModelData.read of a path with a NUL");
    CommandResult indexed = TopicEvaluator.run("index", "--texts", set.resolve("test.mallet").toString(), "--output", cut);
    check(indexed.status == 1 && indexed.err.contains("holds a NUL character, which no file name can"),
          "index --output with a NUL: " + indexed.status + " " + indexed.err);
    check(java.nio.file.Files.readString(kept).equals("a user's file\n"), "the file before the NUL is kept");
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(scratch)) {
      check(files.count() == 1, "nothing written beside it");
    }
    int[][] texts = {{0, 1, 2}, {1, 2, 3}};
    String[] words = {"a", "b", "c", "d"};
    // coherence and diagnostics take the model as an Object: another class is named, not a NoSuchFieldError.
    expectExactly(() -> TopicEvaluator.coherence(Integer.valueOf(3), texts, words, null),
                  "model is a java.lang.Integer, not a TopicModelData or a model file's path (String)",
                  "an Integer as the model of coherence");
    expectExactly(() -> TopicEvaluator.coherence(new StringBuilder("x"), texts, words, null),
                  "model is a java.lang.StringBuilder, not a TopicModelData or a model file's path (String)",
                  "a StringBuilder as the model of coherence");
    // A null inside MALLET's objects is refused, not spelled "null".
    StandInTopicModel mallet = new StandInTopicModel();
    mallet.numTopics = fromFile.numTopics;
    mallet.alpha = fromFile.alpha;
    mallet.alphaSum = fromFile.alphaSum;
    mallet.beta = fromFile.beta;
    mallet.betaSum = fromFile.betaSum;
    mallet.typeTopicCounts = fromFile.typeTopicCounts;
    mallet.tokensPerTopic = fromFile.tokensPerTopic;
    String[] withNull = fromFile.words.clone();
    withNull[2] = null;
    mallet.alphabet = new StandInAlphabet(withNull);
    expectExactly(() -> MalletObjects.model(mallet), "the MALLET model's alphabet has null for word 2",
                  "a null word in the alphabet");
    mallet.alphabet = null;
    mallet.tokensPerTopic = null;
    expectExactly(() -> MalletObjects.model(mallet), "the MALLET model's tokensPerTopic is null",
                  "a null tokensPerTopic");
    OddModel odd = new OddModel();
    odd.numTopics = 1;
    odd.alpha = new double[] {0.1};
    odd.typeTopicCounts = new int[][] {{1 << 1}};
    odd.tokensPerTopic = new int[] {1};
    odd.alphabet = new OddAlphabet();
    expectExactly(() -> MalletObjects.model(odd),
                  "the MALLET model's alphabet.toArray() gave a java.lang.String, not an array of its entries",
                  "an alphabet without an array");
    expectExactly(() -> MalletObjects.documents(List.of(new OddInstance())),
                  "java.lang.String has no public method getFeatures() as a MALLET object of its kind has",
                  "an instance without a FeatureSequence");
    List<Object> withNullInstance = new ArrayList<>();
    withNullInstance.add(null);
    expectExactly(() -> MalletObjects.documents(withNullInstance), "instance 0 of the MALLET instance list is null",
                  "a null instance");
    // What the JVM raises while the bridge reads an argument arrives as a TopicevalException with it as the cause.
    EvaluationOptions throwing = new EvaluationOptions();
    throwing.settings = new java.util.LinkedHashMap<String, String>() {
      private static final long serialVersionUID = 1L;

      @Override
      public java.util.Set<java.util.Map.Entry<String, String>> entrySet() {
        throw new IllegalStateException("a map that cannot be read");
      }
    };
    int[][] someDocuments = {{0, 1, 2}};
    expectExactly(() -> TopicEvaluator.evaluate(fromFile, someDocuments, throwing),
                  "an argument could not be read by the bridge: java.lang.IllegalStateException: a map that cannot be "
                      + "read",
                  "a settings map that throws");
    try {
      TopicEvaluator.evaluate(fromFile, someDocuments, throwing);
    } catch (TopicevalException error) {
      check(error.getCause() instanceof IllegalStateException, "the JVM's exception is the cause");
    }
    // Dense counts that cannot be packed are named, not an IllegalArgumentException or NullPointerException.
    expectExactly(() -> TopicModelData.fromDenseCounts(new int[][] {{1, 2}, {3}}, new double[] {0.1, 0.1}, 0.01),
                  "counts[1] has 1 topics, alpha has 2", "a short row of counts");
    expectExactly(() -> TopicModelData.fromDenseCounts(new int[][] {{1, 2}, null}, new double[] {0.1, 0.1}, 0.01),
                  "counts[1] is null", "a null row of counts");
    expectExactly(() -> TopicModelData.fromDenseCounts(null, new double[] {0.1}, 0.01), "counts is null",
                  "null counts");
    expectExactly(() -> TopicModelData.fromDenseCounts(new int[][] {{1}}, null, 0.01), "alpha is null", "null alpha");
    expectExactly(() -> TopicModelData.fromDenseCounts(new int[][] {{1, -2}}, new double[] {0.1, 0.1}, 0.01),
                  "counts[0][1] is -2: counts must lie in 0..1073741823 with 2 topics", "a negative count");
    expectExactly(() -> TopicModelData.fromDenseCounts(new int[][] {{1 << 30, 0}}, new double[] {0.1, 0.1}, 0.01),
                  "counts[0][0] is 1073741824: counts must lie in 0..1073741823 with 2 topics",
                  "a count too large to pack");
    check(TopicModelData.fromDenseCounts(new int[][] {{(1 << 30) - 1, 0}}, new double[] {0.1, 0.1}, 0.01)
              .typeTopicCounts[0][0] == (((1 << 30) - 1) << 1), "the largest count that packs");
    check(TopicModelData.fromDenseCounts(new int[][] {{7}, {Integer.MAX_VALUE - 7}}, new double[] {0.1}, 0.01)
              .tokensPerTopic[0] == Integer.MAX_VALUE, "one topic: counts up to 2^31-1");
    expectExactly(() -> TopicModelData.fromDenseCounts(new int[][] {{8}, {Integer.MAX_VALUE - 7}},
                                                       new double[] {0.1}, 0.01),
                  "counts: topic 0 holds more than 2^31-1 tokens", "a topic's tokens beyond an int");
    // A null word in the model's own words is named.
    TopicModelData copy = TopicModelData.read(set.resolve("inferencer.mallet").toString());
    copy.words[1] = null;
    expectExactly(() -> TopicEvaluator.coherence(copy, texts, words, null), "model.words[1] is null",
                  "a null word in TopicModelData.words");
  }

  /** A ParallelTopicModel's fields with an alphabet of another kind. */
  public static final class OddModel {
    public int numTopics;
    public double[] alpha;
    public double alphaSum = 0.1;
    public double beta = 0.01;
    public double betaSum = 0.01;
    public int[][] typeTopicCounts;
    public int[] tokensPerTopic;
    public Object alphabet;
  }

  static void settingsHonoured(Path fixtures) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    String inferencer = set.resolve("inferencer.mallet").toString();
    TopicModelData model = TopicModelData.read(inferencer);
    int[][] documents = Arrays.copyOf(TopicEvaluator.readDocuments(set.resolve("test.mallet").toString()), 20);
    Path some = Files.createTempFile("topiceval-documents", ".txt");
    // The first 20 documents as text, for the command line's side.
    List<String> texts = new ArrayList<>();
    for (int[] document : documents) {
      StringBuilder text = new StringBuilder();
      for (int type : document) text.append(model.words[type]).append(' ');
      texts.add(text.toString());
    }
    Files.write(some, texts, StandardCharsets.UTF_8);
    // particles = 10 for resample-move (whose default is 64; 10 is left-to-right's default).
    EvaluationOptions resampleMove = new EvaluationOptions();
    resampleMove.estimator = "resample-move";
    resampleMove.particles = 10;
    resampleMove.seed = 3L;
    resampleMove.runs = 1;
    double[] ten = TopicEvaluator.evaluate(model, documents, resampleMove);
    check(Arrays.equals(ten, commandValues("--model", inferencer, "--input", some.toString(), "--estimator",
              "resample-move", "--particles", "10", "--seed", "3", "--runs", "1", "--format", "tsv")),
          "resample-move with particles = 10 is the command line's --particles 10");
    check(!Arrays.equals(ten, commandValues("--model", inferencer, "--input", some.toString(), "--estimator",
              "resample-move", "--particles", "64", "--seed", "3", "--runs", "1", "--format", "tsv")),
          "resample-move with particles = 10 is not --particles 64");
    // samples = 1 for harmonic-mean (whose default is 1000; 1 is ais's default).
    EvaluationOptions harmonic = new EvaluationOptions();
    harmonic.estimator = "harmonic-mean";
    harmonic.samples = 1;
    harmonic.seed = 3L;
    harmonic.runs = 1;
    check(Arrays.equals(TopicEvaluator.evaluate(model, documents, harmonic),
              commandValues("--model", inferencer, "--input", some.toString(), "--estimator", "harmonic-mean",
                  "--samples", "1", "--seed", "3", "--runs", "1", "--format", "tsv")),
          "harmonic-mean with samples = 1 is the command line's --samples 1");
    // Not given: the estimator's own default.
    harmonic.samples = null;
    check(Arrays.equals(TopicEvaluator.evaluate(model, documents, harmonic),
              commandValues("--model", inferencer, "--input", some.toString(), "--estimator", "harmonic-mean",
                  "--seed", "3", "--runs", "1", "--format", "tsv")),
          "harmonic-mean with samples not given takes its default");

    // Documents with nothing to score are refused, as on the command line.
    EvaluationOptions plain = new EvaluationOptions();
    expectException(() -> TopicEvaluator.evaluate(model, new int[][] {{}, {}}, plain),
                    "documents hold no words: there is nothing to score", "empty documents");
    int beyond = model.typeTopicCounts.length + 5;
    expectException(() -> TopicEvaluator.evaluate(model, new int[][] {{beyond, beyond + 1}}, plain),
                    "documents have none of their 2 words scored under unseenWords skip", "unknown words only");
    expectException(() -> TopicEvaluator.evaluateLikeMallet(model, new int[][] {{beyond}}, 10, false, 1, 0),
                    "documents have none of their 1 words scored under MALLET's rule", "unknown words, MALLET's way");
    // Nulls are named.
    EvaluationOptions nullSettings = new EvaluationOptions();
    nullSettings.settings = null;
    expectException(() -> TopicEvaluator.evaluate(model, documents, nullSettings), "options.settings is null",
                    "settings = null");
    EvaluationOptions nullValue = new EvaluationOptions();
    nullValue.estimator = "harmonic-mean";
    nullValue.settings.put("samples", null);
    expectException(() -> TopicEvaluator.evaluate(model, documents, nullValue), "options.settings[\"samples\"] is null",
                    "a null setting value");
    // A field left null takes the library's default: the command line's and Python's.
    EvaluationOptions defaults = new EvaluationOptions();
    defaults.runs = 2;
    defaults.particles = 4;
    defaults.seed = 5L;
    check(Arrays.equals(TopicEvaluator.evaluate(model, documents, defaults),
              commandValues("--model", inferencer, "--input", some.toString(), "--runs", "2", "--particles", "4",
                  "--seed", "5", "--format", "tsv")),
          "the defaults are the command line's (resample-move)");
    expectException(() -> TopicModelData.read(null), "the path is null", "a null path");
    Files.delete(some);
  }

  static void locale(Path fixtures) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    CommandResult result = TopicEvaluator.run("evaluate", "--model", set.resolve("inferencer.mallet").toString(),
        "--input", set.resolve("test.mallet").toString(), "--estimator", "left-to-right");
    check(result.status == 0, "evaluate under de_DE: " + result.err);
    for (String line : result.out.split("\n")) {
      if (line.startsWith("log likelihood") || line.startsWith("per token") || line.startsWith("perplexity"))
        check(!line.contains(","), "a decimal comma under de_DE: " + line);
    }
    check(result.out.contains("per token       -"), "the summary: " + result.out);
    check(String.format("%.1f", 2.5).equals("2,5"), "the JVM runs under de_DE: " + String.format("%.1f", 2.5));
  }

  // ---- result-fields ----------------------------------------------------------------------------------------

  /** A JSON value as the command line writes it: objects, arrays, strings, numbers, true, false, null. */
  static final class Json {
    private final String text;
    private int at = 0;

    Json(String text) { this.text = text; }

    Object value() {
      skipSpace();
      char c = text.charAt(at);
      if (c == '{') {
        java.util.LinkedHashMap<String, Object> object = new java.util.LinkedHashMap<>();
        at++;
        skipSpace();
        if (text.charAt(at) == '}') { at++; return object; }
        for (;;) {
          skipSpace();
          String key = (String) value();
          skipSpace();
          at++;  // ':'
          object.put(key, value());
          skipSpace();
          if (text.charAt(at++) == '}') return object;
        }
      }
      if (c == '[') {
        List<Object> array = new ArrayList<>();
        at++;
        skipSpace();
        if (text.charAt(at) == ']') { at++; return array; }
        for (;;) {
          array.add(value());
          skipSpace();
          if (text.charAt(at++) == ']') return array;
        }
      }
      if (c == '"') {
        StringBuilder out = new StringBuilder();
        for (at++; text.charAt(at) != '"'; at++) {
          char d = text.charAt(at);
          if (d == '\\') {
            char e = text.charAt(++at);
            if (e == 'u') {
              out.append((char) Integer.parseInt(text.substring(at + 1, at + 5), 16));
              at += 4;
            } else {
              out.append(e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e);
            }
          } else {
            out.append(d);
          }
        }
        at++;
        return out.toString();
      }
      for (String word : new String[] {"true", "false", "null"}) {
        if (text.startsWith(word, at)) {
          at += word.length();
          return word.equals("null") ? null : Boolean.valueOf(word);
        }
      }
      int start = at;
      while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
      String number = text.substring(start, at);
      return number.matches("-?[0-9]+") ? (Object) Long.valueOf(number) : (Object) Double.valueOf(number);
    }

    private void skipSpace() {
      while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
    }
  }

  static String camelCase(String key) {
    StringBuilder out = new StringBuilder();
    boolean upper = false;
    for (char c : key.toCharArray()) {
      if (c == '_') {
        upper = true;
      } else {
        out.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return out.toString();
  }

  /** The command line's option names (--max-runs) as Java's messages spell them (maxRuns). */
  static String javaSpelling(String text) {
    java.util.regex.Matcher option = java.util.regex.Pattern.compile("--([a-z0-9-]+)").matcher(text);
    StringBuffer out = new StringBuffer();
    while (option.find()) option.appendReplacement(out, camelCase(option.group(1).replace('-', '_')));
    option.appendTail(out);
    return out.toString();
  }

  // Keys that differ between two runs by nature, by how the model and documents were given (files to the command
  // line, arrays without names here), or that belong to the JSON's envelope.
  static final java.util.Set<String> NOT_COMPARED =
      java.util.Set.of("command", "version", "wall_seconds", "seconds", "doc", "path", "name");

  static void sameValue(Object expected, Object actual, String where) throws Exception {
    if (expected instanceof java.util.Map) {
      java.util.Map<?, ?> map = (java.util.Map<?, ?>) expected;
      if (where.endsWith(".settings")) {
        String[] pairs = (String[]) actual;
        java.util.Map<String, String> given = new java.util.LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) given.put(pairs[i], pairs[i + 1]);
        java.util.Map<String, String> written = new java.util.LinkedHashMap<>();
        for (java.util.Map.Entry<?, ?> entry : map.entrySet())
          written.put((String) entry.getKey(), String.valueOf(entry.getValue()));
        check(given.equals(written), where + ": " + given + " against " + written);
        return;
      }
      for (java.util.Map.Entry<?, ?> entry : map.entrySet()) {
        String key = (String) entry.getKey();
        // (A model handed over as arrays is of the kind "MALLET topic model (arrays)".)
        if (NOT_COMPARED.contains(key) || where.equals("evaluation.model") && key.equals("kind")) continue;
        // The one field whose JSON name an earlier release had taken for another meaning.
        // A topic's number and a word's rank are their places in the arrays.
        if (where.startsWith("diagnostics.topics[") && (key.equals("topic") || key.equals("rank"))) continue;
        String name = where.equals("evaluation") && key.equals("estimator") ? "estimatorReport"
                      : where.equals("coherence") && key.equals("measures") ? "measureReports"
                      : where.equals("diagnostics") && key.equals("tokens") ? "corpusTokens"
                      : camelCase(key.replace('-', '_'));
        java.lang.reflect.Field field;
        try {
          field = actual.getClass().getField(name);
        } catch (NoSuchFieldException missing) {
          check(false, where + "." + key + " has no field " + name);
          continue;
        }
        sameValue(entry.getValue(), field.get(actual), where + "." + name);
      }
    } else if (expected instanceof List) {
      List<?> list = (List<?>) expected;
      int length = java.lang.reflect.Array.getLength(actual);
      check(length == list.size(), where + ": " + length + " elements, not " + list.size());
      for (int i = 0; i < Math.min(length, list.size()); i++)
        sameValue(list.get(i), java.lang.reflect.Array.get(actual, i), where + "[" + i + "]");
    } else if (expected == null) {
      check(actual == null || Double.isNaN(((Number) actual).doubleValue()), where + ": " + actual + ", not null");
    } else if (expected instanceof String) {
      check(javaSpelling((String) expected).equals(actual), where + ": " + actual + ", not " + expected);
    } else if (expected instanceof Long) {
      // A whole number is written without a point whatever its type.
      check(actual instanceof Double ? (Double) actual == ((Long) expected).doubleValue()
                                     : (actual instanceof Long || actual instanceof Integer)
                                           && ((Number) actual).longValue() == (Long) expected,
          where + ": " + actual + ", not " + expected);
    } else if (expected instanceof Double) {
      check(actual instanceof Double && ((Double) actual).doubleValue() == (Double) expected,
          where + ": " + actual + ", not " + expected);
    } else {
      check(expected.equals(actual), where + ": " + actual + ", not " + expected);
    }
  }

  @SuppressWarnings("deprecation")  // the fields of earlier releases, checked against their new names
  static void checkEarlierDiagnosticsFields(Diagnostics diagnostics) {
    for (int k = 0; k < diagnostics.topics.length; k++) {
      Diagnostics.Topic topic = diagnostics.topics[k];
      check(diagnostics.alpha[k] == topic.alpha && Double.compare(diagnostics.tokens[k], topic.tokens) == 0
                && Double.compare(diagnostics.wordLength[k], topic.wordLength) == 0
                && Double.compare(diagnostics.effectiveNumWords[k], topic.effNumWords) == 0
                && Double.compare(diagnostics.rank1Documents[k], topic.rank1Docs) == 0
                && Double.compare(diagnostics.tokenDocDiff[k], topic.tokenDocDiff) == 0
                && diagnostics.words[k].length == topic.words.length && diagnostics.words[k][0].equals(topic.words[0].word),
            "diagnostics topic " + k + "'s deprecated arrays");
    }
  }

  @SuppressWarnings("deprecation")  // the fields of earlier releases, checked against their new names
  static void checkEarlierCoherenceFields(Coherence coherence) {
    check(coherence.measures.length == 2 && coherence.measureReports.length == 2, "coherence: two measures");
    for (int m = 0; m < coherence.measureReports.length; m++) {
      Coherence.Measure measure = coherence.measureReports[m];
      check(coherence.measures[m].equals(measure.measure) && Arrays.equals(coherence.perTopic[m], measure.perTopic)
                && Arrays.equals(coherence.standardError[m], measure.perTopicStandardError)
                && Double.compare(coherence.mean[m], measure.mean) == 0
                && Double.compare(coherence.meanStandardError[m], measure.meanStandardError) == 0,
            "coherence measure " + m + "'s deprecated arrays");
    }
  }

  @SuppressWarnings("deprecation")  // the fields of earlier releases, checked against their new names
  static void checkEarlierSelectionFields(Selection selection) {
    check(selection.scoredTokens == selection.input.scoredTokens, "scoredTokens (deprecated)");
    for (int i = 0; i < selection.models.length; i++) {
      Selection.RankedModel model = selection.models[i];
      check(selection.names[i].equals(model.path) && selection.topics[i] == model.topics
                && selection.total[i] == model.total && selection.totalStandardError[i] == model.totalSe
                && selection.perToken[i] == model.perToken && selection.perplexity[i] == model.perplexity
                && Double.compare(selection.differenceToBest[i], model.differenceToBest) == 0
                && Double.compare(selection.differenceStandardError[i], model.differenceSe) == 0
                && selection.verdicts[i].equals(model.verdict),
            "model " + i + "'s deprecated arrays");
    }
  }

  @SuppressWarnings("deprecation")  // the fields of earlier releases, checked against their new names
  static void resultFields(Path fixtures) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    TopicModelData model = TopicModelData.read(set.resolve("inferencer.mallet").toString());
    int[][] documents = TopicEvaluator.readDocuments(set.resolve("test.mallet").toString());
    String[][] runs = {
        {"estimator", "resample-move", "particles", "8", "runs", "3", "seed", "7", "target-error", "0.5"},
        {"estimator", "ais", "temperatures", "20", "complete-documents", "first-half", "runs", "2"},
        {"estimator", "left-to-right", "particles", "4", "runs", "2", "check-convergence", "true", "max-doublings",
         "1", "tolerance", "100"},
        {"estimator", "filtering", "unseen-words", "smooth"}};
    for (String[] run : runs) {
      List<String> arguments = new ArrayList<>(Arrays.asList("--model", set.resolve("inferencer.mallet").toString(),
          "--input", set.resolve("test.mallet").toString(), "--format", "json", "--quiet"));
      EvaluationOptions options = new EvaluationOptions();
      for (int i = 0; i < run.length; i += 2) {
        java.lang.reflect.Field field = EvaluationOptions.class.getField(camelCase(run[i].replace('-', '_')));
        Class<?> type = field.getType();
        field.set(options, type == Integer.class ? (Object) Integer.valueOf(run[i + 1])
                         : type == Long.class ? (Object) Long.valueOf(run[i + 1])
                         : type == Double.class ? (Object) Double.valueOf(run[i + 1])
                         : type == Boolean.class ? (Object) Boolean.valueOf(run[i + 1]) : run[i + 1]);
        arguments.add("--" + run[i]);
        if (type != Boolean.class) arguments.add(run[i + 1]);
      }
      CommandResult cli = TopicEvaluator.run("evaluate", arguments.toArray(new String[0]));
      check(cli.status == 0, "evaluate " + arguments + ": " + cli.err);
      if (cli.status != 0) continue;
      Object expected = new Json(cli.out).value();
      Evaluation evaluation = TopicEvaluator.evaluateDetailed(model, documents, options);
      sameValue(expected, evaluation, "evaluation");
      java.util.Map<?, ?> json = (java.util.Map<?, ?>) expected;
      check((evaluation.targetError == null) == !json.containsKey("target_error"), "targetError null as JSON has it");
      check((evaluation.convergence == null) == !json.containsKey("convergence"), "convergence null as JSON has it");
      // The fields of earlier releases: the same values under their new names.
      check(evaluation.perplexity == evaluation.summary.perplexity, "perplexity is the corpus's");
      check(evaluation.total == evaluation.summary.logLikelihood, "total (deprecated)");
      check(evaluation.totalStandardError == evaluation.summary.logLikelihoodSe, "totalStandardError (deprecated)");
      check(evaluation.estimator.equals(evaluation.estimatorReport.description), "estimator (deprecated)");
      check(evaluation.target == null ? evaluation.targetError == null
                                      : evaluation.target.equals(evaluation.targetError.summary),
          "target (deprecated)");
      for (int d = 0; d < evaluation.documents.length; d++) {
        Evaluation.DocumentEstimate document = evaluation.documents[d];
        check(evaluation.logLikelihood[d] == document.loglik
                  && Double.compare(evaluation.standardError[d], document.loglikSe) == 0
                  && evaluation.scoredTokens[d] == document.tokens
                  && evaluation.heavyTailed[d] == document.heavyTailed
                  && evaluation.siteUpdates[d] == document.siteUpdates && evaluation.budgets[d] == document.budget
                  && evaluation.runs[d] == document.runs,
            "document " + d + "'s deprecated arrays");
      }
      // evaluate() gives the same per-document values as evaluateDetailed().
      double[] plain = TopicEvaluator.evaluate(model, documents, options);
      for (int d = 0; d < plain.length; d++)
        check(plain[d] == evaluation.documents[d].loglik, "evaluate()'s document " + d);
    }
    // Coherence: every key of its JSON, the same value; the arrays of earlier releases agree.
    String state = fixtures.resolve("sgu-k100/state.gz").toString();
    CommandResult cli = TopicEvaluator.run("coherence", "--model", state, "--measure", "c_npmi,mallet", "--bootstrap",
                                           "20", "--seed", "5", "--top-words", "8", "--format", "json");
    check(cli.status == 0, "coherence --format json: " + cli.err);
    CoherenceOptions coherenceOptions = new CoherenceOptions();
    coherenceOptions.measure = "c_npmi,mallet";
    coherenceOptions.bootstrap = 20;
    coherenceOptions.seed = 5L;
    coherenceOptions.topWords = 8;
    Coherence coherence = TopicEvaluator.coherence(state, coherenceOptions);
    if (cli.status == 0) sameValue(new Json(cli.out).value(), coherence, "coherence");
    checkEarlierCoherenceFields(coherence);
    // Diagnostics: every key of its JSON (MALLET's "word-length" as wordLength), the same value; the arrays of
    // earlier releases agree.
    Path set2 = fixtures.resolve("stackexchange");
    for (String[] run : new String[][] {{"state.gz", "5"}, {"inferencer.mallet", "3"}}) {
      String file = set2.resolve(run[0]).toString();
      CommandResult json = TopicEvaluator.run("diagnostics", "--model", file, "--num-top-words", run[1], "--format",
                                              "json");
      check(json.status == 0, "diagnostics --format json: " + json.err);
      DiagnosticsOptions diagnosticsOptions = new DiagnosticsOptions();
      diagnosticsOptions.numTopWords = Integer.valueOf(run[1]);
      Diagnostics diagnostics = TopicEvaluator.diagnostics(file, diagnosticsOptions);
      if (json.status == 0) sameValue(new Json(json.out).value(), diagnostics, "diagnostics");
      checkEarlierDiagnosticsFields(diagnostics);
    }
  }

  static void parity(Path fixtures, Path cases) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    String inferencer = set.resolve("inferencer.mallet").toString();
    String test = set.resolve("test.mallet").toString();
    TopicModelData model = TopicModelData.read(inferencer);
    int[][] documents = Arrays.copyOf(TopicEvaluator.readDocuments(test), 20);
    int checked = 0;
    for (String line : Files.readAllLines(cases, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) continue;
      String name = line.substring(0, line.indexOf('|')).trim();
      String[] words = line.substring(line.indexOf('|') + 1).trim().split("\\s+");
      List<String> arguments = new ArrayList<>(List.of("--model", inferencer, "--input", test, "--documents", "0-19",
          "--format", "tsv", "--quiet"));
      EvaluationOptions options = new EvaluationOptions();
      for (int i = 0; i + 1 < words.length; i += 2) {
        arguments.add(words[i]);
        arguments.add(words[i + 1]);
        setOption(options, words[i].substring(2), words[i + 1]);
      }
      double[] expected = commandValues(arguments.toArray(new String[0]));
      check(Arrays.equals(TopicEvaluator.evaluate(model, documents, options), expected),
            "parity case " + name + ": Java's numbers are not the command line's");
      checked++;
    }
    check(checked >= 12, "parity cases read: " + checked);
    // compare's and curve's cases: every figure of the command line's JSON, bit for bit.
    String state = set.resolve("state.gz").toString();
    int compared = 0;
    for (String[] parity : parityCases(cases.resolveSibling("compare-cases.txt"))) {
      List<String> arguments = new ArrayList<>(List.of("--model-a", state, "--model-b", inferencer, "--input", test,
          "--format", "json", "--quiet"));
      CompareOptions options = new CompareOptions();
      for (int i = 1; i + 1 < parity.length; i += 2) {
        arguments.add(parity[i]);
        arguments.add(parity[i + 1]);
        setOption(options, parity[i].substring(2), parity[i + 1]);
      }
      CommandResult json = TopicEvaluator.run("compare", arguments.toArray(new String[0]));
      check(json.status == 0, "compare parity case " + parity[0] + ": " + json.err);
      int before = failures;
      sameValue(new Json(json.out).value(), TopicEvaluator.compare(state, inferencer, test, options), "comparison");
      check(failures == before, "compare parity case " + parity[0] + ": Java's numbers are not the command line's");
      compared++;
    }
    check(compared >= 5, "compare parity cases read: " + compared);
    int curves = 0;
    for (String[] parity : parityCases(cases.resolveSibling("curve-cases.txt"))) {
      List<String> arguments = new ArrayList<>(List.of("--states", inferencer, state, "--input", test, "--format",
          "json", "--quiet"));
      CurveOptions options = new CurveOptions();
      for (int i = 1; i + 1 < parity.length; i += 2) {
        arguments.add(parity[i]);
        arguments.add(parity[i + 1]);
        setOption(options, parity[i].substring(2), parity[i + 1]);
      }
      CommandResult json = TopicEvaluator.run("curve", arguments.toArray(new String[0]));
      check(json.status == 0, "curve parity case " + parity[0] + ": " + json.err);
      int before = failures;
      sameValue(new Json(json.out).value(),
                TopicEvaluator.curve(new Object[] {inferencer, state}, null, test, options), "curve");
      check(failures == before, "curve parity case " + parity[0] + ": Java's numbers are not the command line's");
      curves++;
    }
    check(curves >= 3, "curve parity cases read: " + curves);
    // browse's cases: the page data Java has written, byte for byte the command line's.
    int browsed = 0;
    for (String[] parity : parityCases(cases.resolveSibling("browse-cases.txt"))) {
      Path scratch = Files.createTempDirectory("topiceval-browse-parity");
      List<String> arguments = new ArrayList<>(List.of(state, inferencer, "--output",
          scratch.resolve("page.html").toString(), "--json", scratch.resolve("expected.json").toString(), "--quiet"));
      BrowseOptions options = new BrowseOptions();
      for (int i = 1; i + 1 < parity.length; i += 2) {
        String value = parity[i + 1].startsWith("@") ? set.resolve(parity[i + 1].substring(1)).toString()
                                                     : parity[i + 1];
        arguments.add(parity[i]);
        arguments.add(value);
        setOption(options, parity[i].substring(2), value);
      }
      CommandResult line = TopicEvaluator.run("browse", arguments.toArray(new String[0]));
      check(line.status == 0, "browse parity case " + parity[0] + ": " + line.err);
      Path mine = scratch.resolve("mine.json");
      TopicEvaluator.browse(new Object[] {state, inferencer}, null, null, mine.toString(), options);
      check(Arrays.equals(Files.readAllBytes(mine), Files.readAllBytes(scratch.resolve("expected.json"))),
            "browse parity case " + parity[0] + ": Java's page data is not the command line's");
      for (String file : new String[] {"page.html", "expected.json", "mine.json"})
        Files.deleteIfExists(scratch.resolve(file));
      Files.delete(scratch);
      browsed++;
    }
    check(browsed >= 4, "browse parity cases read: " + browsed);
  }

  static void browse(Path fixtures) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    String state = set.resolve("state.gz").toString();
    Path scratch = Files.createTempDirectory("topiceval-browse");
    Path page = scratch.resolve("page.html");
    BrowseOptions options = new BrowseOptions();
    options.measure = "none";
    options.terms = 20;
    Browse browsed = TopicEvaluator.browse(new Object[] {state}, null, page.toString(), null, options);
    check(browsed.models.length == 1 && browsed.models[0].topics == 10, "browse: one model of 10 topics");
    check(browsed.models[0].salient.length == 20 && browsed.terms == 20, "browse: the 20 most salient terms");
    double share = 0;
    for (double p : browsed.models[0].proportion) share += p;
    check(Math.abs(share - 1) < 1e-12, "browse: the topics' proportions sum to 1");
    check(browsed.models[0].order[0] == 9, "browse: LDAvis's order starts with the largest topic, 9");
    check(Arrays.asList(browsed.models[0].figureNames).contains("document_entropy")
              && browsed.models[0].figures.length == browsed.models[0].figureNames.length,
          "browse: the table's figures, MALLET's diagnostics among them");
    String html = Files.readString(page, StandardCharsets.UTF_8);
    check(html.contains("default-src 'none'") && !html.matches("(?s).*(src|href)=\"?https?:.*"),
          "browse: the page allows no source but itself and loads nothing from an address");
    // A copy of the state, should that promise break.
    Path copy = scratch.resolve("state.gz");
    Files.copy(set.resolve("state.gz"), copy);
    byte[] before = Files.readAllBytes(copy);
    expectException(() -> TopicEvaluator.browse(new Object[] {copy.toString()}, null, copy.toString(), null, options),
                    "is also an input of this run", "browse: the page is never written over a model");
    check(Arrays.equals(Files.readAllBytes(copy), before), "browse: the model is still there, unchanged");
    Files.delete(copy);
    Files.delete(page);
    Files.delete(scratch);
  }

  /** The cases of a parity file: each its name, then its options in the command line's spelling. */
  private static List<String[]> parityCases(Path file) throws IOException {
    List<String[]> cases = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) continue;
      List<String> words = new ArrayList<>(List.of(line.substring(0, line.indexOf('|')).trim()));
      String options = line.substring(line.indexOf('|') + 1).trim();
      if (!options.isEmpty()) words.addAll(Arrays.asList(options.split("\\s+")));
      cases.add(words.toArray(new String[0]));
    }
    return cases;
  }

  static void compare(Path fixtures) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    String state = set.resolve("state.gz").toString();
    String inferencer = set.resolve("inferencer.mallet").toString();
    String test = set.resolve("test.mallet").toString();
    CompareOptions options = new CompareOptions();
    options.temperatures = 20;
    options.burnIn = 5;
    Comparison byPath = TopicEvaluator.compare(state, inferencer, test, options);
    // The C++ API's figures on this fixture (the command line prints 632.1630, forward 632.0994, reverse 632.2266).
    check(byPath.documents.length == 200 && byPath.summary.tokens == 5730 && byPath.input.documents == 200,
          "compare: 200 documents, 5730 tokens: " + byPath.documents.length + ", " + byPath.summary.tokens);
    check(Math.abs(byPath.summary.logRatio - 632.1630) < 5e-4, "compare: log ratio " + byPath.summary.logRatio);
    check(byPath.estimator.direction.equals("both") && byPath.estimator.path.equals("geometric")
              && byPath.estimator.temperatures == 20 && byPath.estimator.burnIn == 5 && byPath.estimator.samples == 1
              && byPath.estimator.seed == 1 && byPath.estimator.name.equals("ratio-ais"),
          "compare: the estimator as run (the command line's defaults where not given)");
    check(byPath.modelA.path.equals(state) && byPath.modelB.path.equals(inferencer) && byPath.modelA.topics == 10
              && byPath.modelA.kind.contains("topic state"), "compare: the models " + byPath.modelA.kind);
    check(byPath.summary.directionsPairedStatistic != null && byPath.summary.logRatioInterval.length == 2,
          "compare: both directions' figures");
    double sum = 0;
    for (Comparison.ComparedDocument document : byPath.documents) sum += document.logratio;
    check(Math.abs(sum - byPath.summary.logRatio) < 1e-6 * Math.abs(sum), "compare: the total is the documents' sum");
    CommandResult json = TopicEvaluator.run("compare", "--model-a", state, "--model-b", inferencer, "--input", test,
        "--temperatures", "20", "--burn-in", "5", "--format", "json", "--quiet");
    check(json.status == 0, "compare --format json: " + json.err);
    sameValue(new Json(json.out).value(), byPath, "comparison");
    // One direction: no paired statistic; several samples: errors.
    CompareOptions forward = new CompareOptions();
    forward.direction = "forward";
    forward.samples = 2;
    forward.temperatures = 10;
    Comparison oneWay = TopicEvaluator.compare(state, inferencer, test, forward);
    check(oneWay.summary.directionsPairedStatistic == null && oneWay.summary.logRatioSe > 0
              && oneWay.documents[0].logratioSe > 0, "compare forward with 2 samples: " + oneWay.summary.logRatioSe);
    // The models and documents in memory: the same numbers.
    int[][] documents = TopicEvaluator.readDocuments(test);
    Comparison inMemory = TopicEvaluator.compare(TopicModelData.read(state), TopicModelData.read(inferencer),
                                                 documents, options);
    check(inMemory.modelA.path.equals("model 1") && inMemory.modelB.path.equals("model 2"),
          "compare in memory: the models' names " + inMemory.modelA.path + ", " + inMemory.modelB.path);
    check(inMemory.summary.logRatio == byPath.summary.logRatio, "compare in memory: " + inMemory.summary.logRatio
          + " against " + byPath.summary.logRatio + " by path");
    // Bad input: the library's message, options named as Java spells them.
    CompareOptions none = new CompareOptions();
    none.temperatures = 0;
    expectSameMessage(() -> TopicEvaluator.compare(state, inferencer, test, none), "compare", "temperatures",
                      "--model-a", state, "--model-b", inferencer, "--input", test, "--temperatures", "0");
    String other = fixtures.resolve("debian-k100/inferencer.mallet").toString();
    expectSameMessage(() -> TopicEvaluator.compare(state, other, test, options), "compare", "model-b", "--model-a", state,
                      "--model-b", other, "--input", test, "--temperatures", "20");
    expectExactly(() -> TopicEvaluator.compare(null, inferencer, test, options), "modelA is null", "a null model A");
    expectExactly(() -> TopicEvaluator.compare(state, Integer.valueOf(2), test, options),
                  "model is a java.lang.Integer, not a TopicModelData or a model file's path (String)",
                  "an Integer as model B");
    expectExactly(() -> TopicEvaluator.compare(state, inferencer, (String) null, options), "documents are null",
                  "null documents");
    CompareOptions badDirection = new CompareOptions();
    badDirection.direction = "sideways";
    expectSameMessage(() -> TopicEvaluator.compare(state, inferencer, test, badDirection), "compare", "direction",
                      "--model-a", state, "--model-b", inferencer, "--input", test, "--direction", "sideways");
  }

  static void curve(Path fixtures) throws Exception {
    Path set = fixtures.resolve("stackexchange");
    String state = set.resolve("state.gz").toString();
    String inferencer = set.resolve("inferencer.mallet").toString();
    String test = set.resolve("test.mallet").toString();
    CurveOptions options = new CurveOptions();
    options.temperatures = 20;
    Curve byPath = TopicEvaluator.curve(new Object[] {inferencer, state}, null, test, options);
    // The C++ API's figures on this fixture (the command line prints -43160.6253 and -42528.5007).
    check(byPath.states.length == 2 && byPath.models.length == 2 && byPath.input.scoredTokens == 5730,
          "curve: two states, 5730 tokens");
    check(Math.abs(byPath.states[0].loglik + 43160.6253) < 5e-4 && Math.abs(byPath.states[1].loglik + 42528.5007) < 5e-4,
          "curve: " + byPath.states[0].loglik + ", " + byPath.states[1].loglik);
    check(byPath.states[0].iteration == -1 && byPath.states[0].path.equals(inferencer)
              && byPath.states[1].perToken == byPath.states[1].loglik / 5730
              && byPath.states[1].perplexity == Math.exp(-byPath.states[1].perToken)
              && byPath.models[1].topics == 10 && byPath.estimator.temperatures == 20 && byPath.estimator.seed == 1,
          "curve: the states' figures");
    CommandResult json = TopicEvaluator.run("curve", "--states", inferencer, state, "--input", test, "--temperatures",
        "20", "--format", "json", "--quiet");
    check(json.status == 0, "curve --format json: " + json.err);
    sameValue(new Json(json.out).value(), byPath, "curve");
    // Files named NAME.ITERATION (MALLET's --output-state-interval) are put in training order, whatever order they
    // are given in.
    Path run = Files.createTempDirectory("topiceval-curve");
    Path late = Files.createSymbolicLink(run.resolve("state.gz.200"), Paths.get(state));
    Path early = Files.createSymbolicLink(run.resolve("state.gz.100"), Paths.get(inferencer));
    Curve numbered = TopicEvaluator.curve(new Object[] {late.toString(), early.toString()}, null, test, options);
    check(numbered.states[0].path.equals(early.toString()) && numbered.states[0].iteration == 100
              && numbered.states[1].iteration == 200,
          "curve: iteration order " + numbered.states[0].path + " " + numbered.states[0].iteration);
    check(numbered.states[0].loglik == byPath.states[0].loglik && numbered.states[1].loglik == byPath.states[1].loglik,
          "curve in iteration order: the same numbers as in the order given");
    Files.delete(late);
    Files.delete(early);
    Files.delete(run);
    // Models and documents in memory: the same numbers; a name replaces a file's path.
    Curve inMemory = TopicEvaluator.curve(new Object[] {TopicModelData.read(inferencer), TopicModelData.read(state)},
                                          null, TopicEvaluator.readDocuments(test), options);
    check(inMemory.states[0].path.equals("model 1") && inMemory.states[1].path.equals("model 2"),
          "curve: models in memory's names " + inMemory.states[0].path);
    check(inMemory.states[0].loglik == byPath.states[0].loglik && inMemory.states[1].loglik == byPath.states[1].loglik,
          "curve in memory: the same numbers as by path");
    Curve named = TopicEvaluator.curve(new Object[] {inferencer, state}, new String[] {"first", null}, test, options);
    check(named.states[0].path.equals("first") && named.states[1].path.equals(state), "curve: a name given");
    // Bad input: the library's message, options named as Java spells them.
    CurveOptions none = new CurveOptions();
    none.temperatures = 0;
    expectSameMessage(() -> TopicEvaluator.curve(new Object[] {inferencer, state}, null, test, none), "curve",
                      "temperatures", "--states", inferencer, state, "--input", test, "--temperatures", "0");
    String other = fixtures.resolve("debian-k100/inferencer.mallet").toString();
    expectSameMessage(() -> TopicEvaluator.curve(new Object[] {inferencer, other}, null, test, options), "curve",
                      null, "--states", inferencer, other, "--input", test, "--temperatures", "20");
    expectExactly(() -> TopicEvaluator.curve(new Object[] {inferencer, null}, null, test, options),
                  "models[1] is null", "a null model");
    expectExactly(() -> TopicEvaluator.curve(new Object[] {inferencer, state}, new String[] {"a"}, test, options),
                  "names has 1 names for 2 models", "names that do not match the models");
    expectExactly(() -> TopicEvaluator.curve(null, null, test, options), "models are null", "null models");
  }

  /**
   * Runs `action`, which must throw a TopicevalException whose message is the command line's for `arguments`
   * (without "topiceval COMMAND: ", the option named `option` on the command line, or null for none, spelled as
   * Java spells it).
   */
  private static void expectSameMessage(Runnable action, String command, String option, String... arguments) {
    CommandResult line = TopicEvaluator.run(command, arguments);
    check(line.status != 0, command + " " + String.join(" ", arguments) + ": status " + line.status);
    String message = line.err.strip();
    String prefix = "topiceval " + command + ": ";
    check(message.startsWith(prefix), command + ": the command line's message " + message);
    if (message.startsWith(prefix)) message = message.substring(prefix.length());
    if (message.contains("\n")) message = message.substring(0, message.indexOf('\n'));
    if (option != null) message = message.replace("--" + option, camelCase(option.replace('-', '_')));
    expectExactly(action, message, command + ": " + message);
  }

  /** Sets the options field (of any generated options class) that spells `option` (camelCase), from its text. */
  private static void setOption(Object options, String option, String text) throws Exception {
    StringBuilder name = new StringBuilder();
    boolean upper = false;
    for (char c : option.toCharArray()) {
      if (c == '-') {
        upper = true;
      } else {
        name.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    java.lang.reflect.Field field = options.getClass().getField(name.toString());
    Class<?> type = field.getType();
    Object value = type == Integer.class ? (Object) Integer.valueOf(text)
        : type == Long.class ? (Object) Long.valueOf(text)
        : type == Double.class ? (Object) Double.valueOf(text)
        : type == Boolean.class ? (Object) Boolean.valueOf(text) : text;
    field.set(options, value);
  }

  static void noMallet(Path fixtures) throws Exception {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    Path set = fixtures.resolve("stackexchange");
    ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        "-Djava.library.path=" + System.getProperty("java.library.path"), "org.topiceval.EvaluateTopics",
        "--evaluator", set.resolve("evaluator.mallet").toString(), "--input", set.resolve("test.mallet").toString());
    builder.redirectErrorStream(true);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int status = process.waitFor();
    check(status != 0, "exit status without MALLET: " + status);
    check(output.equals("topiceval: MALLET's cc.mallet.topics.tui.EvaluateTopics is not on the class path: set "
                        + "MALLET_HOME to a MALLET installation, or add --native to run topiceval instead\n"),
          "message without MALLET: " + output);
  }
}
