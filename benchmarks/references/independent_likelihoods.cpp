// SPDX-License-Identifier: Apache-2.0
// An independent program for reference held-out likelihoods of LDA documents,
// log p(w | phi, alpha) = log E_{theta ~ Dir(alpha)} prod_n (theta . phi[:, w_n]).
// It shares no code, random numbers or model reading with topiceval: it reads
// phi and alpha as plain text (written by make-references.py from a MALLET
// topic state or a gensim model) and implements three methods of its own:
//
// - exact: a dynamic program over topics. With the state S = the positions
//   given a topic so far, topic k adds a set T of the rest:
//     next[S] = sum over T within S of current[S \ T] alpha_k^(|T|) prod_{n in T} phi_k,w_n
//   (x^(n) the rising factorial), and p(w) = final[all] / A^(N), A = sum alpha:
//   the Dirichlet-multinomial p(z) = prod_k alpha_k^(n_k) / A^(N) summed over
//   every z. 3^N K additions of positive terms (no cancellation): documents of
//   up to 17 tokens in seconds.
// - particle-learning: Scott & Baldridge (2013), algorithm 1 (Carvalho et al.
//   2010): particles hold topic counts; at each token every particle is
//   weighed by its predictive probability, the particles are resampled
//   multinomially-stratified (systematic), then each draws the token's topic
//   from its posterior. Unbiased for p(w); P x K work per token.
// - resample-move: the same filter over topic sequences, with a collapsed
//   Gibbs sweep over every earlier position of every particle before each
//   token is weighed (Gilks & Berzuini 2001; Chopin 2002). Unbiased for p(w).
// - ais: annealed importance sampling (Neal 2001) over topic assignments with
//   theta integrated out: z drawn from the Dirichlet-multinomial prior, then
//   T Gibbs sweeps through p(z) p(w | z)^beta_t for beta rising from 0 to 1 on
//   a sigmoid schedule (Wallach et al. 2009), the weight gathering
//   p(w | z)^(beta_t - beta_t-1) before each sweep. One estimate is the mean
//   of --particles such weights; unbiased for p(w).
//
// Usage: independent_likelihoods METHOD INPUT OUTPUT [--particles P] [--runs R]
//        [--temperatures T] [--seed S] [--threads T] [--max-states N] [--documents a-b]
// OUTPUT holds one line per estimate: document, run, log estimate, seconds
// (run -1 for exact). Input format: see make-references.py (write_input).

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Model {
  int topics = 0;
  std::vector<double> alpha;
  double alphaSum = 0.0;
  std::vector<std::vector<double>> phi;  // by word: K probabilities
};

struct Document {
  std::string name;
  std::vector<int> words;  // indices into Model::phi
};

void fail(const std::string& message) {
  std::cerr << "independent_likelihoods: " << message << "\n";
  std::exit(2);
}

void readInput(const std::string& path, Model& model, std::vector<Document>& documents) {
  std::ifstream in(path);
  if (!in) fail("cannot open " + path);
  std::string tag;
  int words = 0, count = 0;
  in >> tag >> model.topics;
  if (tag != "topics" || model.topics < 1) fail(path + ": expected 'topics K'");
  in >> tag;
  if (tag != "alpha") fail(path + ": expected 'alpha'");
  model.alpha.resize(static_cast<std::size_t>(model.topics));
  for (double& a : model.alpha) in >> a;
  for (const double a : model.alpha) model.alphaSum += a;
  in >> tag >> words;
  if (tag != "words") fail(path + ": expected 'words W'");
  model.phi.assign(static_cast<std::size_t>(words), std::vector<double>(static_cast<std::size_t>(model.topics)));
  for (auto& row : model.phi)
    for (double& p : row) in >> p;
  in >> tag >> count;
  if (tag != "documents") fail(path + ": expected 'documents D'");
  documents.resize(static_cast<std::size_t>(count));
  for (Document& d : documents) {
    int length = 0;
    in >> tag >> d.name >> length;
    if (tag != "doc") fail(path + ": expected 'doc NAME N'");
    d.words.resize(static_cast<std::size_t>(length));
    for (int& w : d.words) {
      in >> w;
      if (w < 0 || w >= words) fail(path + ": word index out of range");
    }
  }
  if (!in) fail(path + ": truncated");
}

// ---------------------------------------------------------------- exact

// The exact method's work per topic: 3^N submask pairs over the N tokens.
double exactPairs(const Document& d) { return std::pow(3.0, static_cast<double>(d.words.size())); }

double exactLogLikelihood(const Model& model, const Document& d) {
  // Every token is its own position (repeated words too): the state is the
  // set S of positions given to the topics walked so far, and topic k adds
  //   next[S] = sum over T within S of current[S \ T] alpha_k^(|T|) prod_{n in T} phi_k,w_n.
  const int N = static_cast<int>(d.words.size());
  if (N > 24) fail("exact: a document of more than 24 tokens");
  const std::size_t states = std::size_t{1} << N;
  // phi scaled by each token's largest value, put back at the end.
  std::vector<std::vector<double>> scaled(static_cast<std::size_t>(N));
  double logScale = 0.0;
  for (int n = 0; n < N; ++n) {
    const auto& row = model.phi[static_cast<std::size_t>(d.words[n])];
    const double top = *std::max_element(row.begin(), row.end());
    for (const double p : row) scaled[n].push_back(p / top);
    logScale += std::log(top);
  }
  std::vector<double> current(states, 0.0), next(states), g(states), product(states), rising(static_cast<std::size_t>(N + 1));
  current[0] = 1.0;
  for (int k = 0; k < model.topics; ++k) {
    const double a = model.alpha[static_cast<std::size_t>(k)];
    rising[0] = 1.0;
    for (int j = 1; j <= N; ++j) rising[j] = rising[j - 1] * (a + j - 1);
    // product[T] = prod_{n in T} phi_k,w_n, built from T without its lowest bit.
    product[0] = 1.0;
    g[0] = 1.0;
    for (std::size_t T = 1; T < states; ++T) {
      product[T] = product[T & (T - 1)] * scaled[__builtin_ctzll(T)][k];
      g[T] = product[T] * rising[__builtin_popcountll(T)];
    }
    for (std::size_t S = 0; S < states; ++S) {
      double total = current[S];
      for (std::size_t T = S; T != 0; T = (T - 1) & S) total += current[S ^ T] * g[T];
      next[S] = total;
    }
    std::swap(current, next);
  }
  const double logRising = std::lgamma(model.alphaSum + N) - std::lgamma(model.alphaSum);
  return std::log(current[states - 1]) + logScale - logRising;
}

// ---------------------------------------------------------------- particles

struct Random {
  std::mt19937_64 engine;
  Random(uint64_t seed, uint64_t document, uint64_t run) {
    std::seed_seq sequence{static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32),
                           static_cast<uint32_t>(document), static_cast<uint32_t>(run), 0x1dea1u};
    engine.seed(sequence);
  }
  double uniform() { return static_cast<double>(engine() >> 11) * 0x1.0p-53; }
};

// Systematic resampling: ancestors in increasing order, each particle copied
// floor or ceil of P w / sum w times.
void systematic(const std::vector<double>& weights, double sum, double u, std::vector<int>& ancestors) {
  const std::size_t P = weights.size();
  const double step = sum / static_cast<double>(P);
  double next = u * step, cumulative = 0.0;
  std::size_t j = 0;
  for (std::size_t p = 0; p < P; ++p) {
    cumulative += weights[p];
    while (j < P && next < cumulative) {
      ancestors[j++] = static_cast<int>(p);
      next += step;
    }
  }
  while (j < P) ancestors[j++] = static_cast<int>(P - 1);
}

int drawTopic(const std::vector<double>& cumulative, double u) {
  const double target = u * cumulative.back();
  return static_cast<int>(std::upper_bound(cumulative.begin(), cumulative.end(), target) - cumulative.begin());
}

// Each particle's predictive weight for a word of topic-word row phi,
// sum_k (alpha_k + c_k) phi_k (the common 1 / (alphaSum + n) left out), and
// their sum.
double predictiveWeights(const Model& model, const std::vector<double>& phi, const std::vector<uint16_t>& counts,
                         int P, std::vector<double>& weights) {
  const int K = model.topics;
  double prior = 0.0;
  for (int k = 0; k < K; ++k) prior += model.alpha[k] * phi[k];
  double sum = 0.0;
  for (int p = 0; p < P; ++p) {
    const uint16_t* c = &counts[static_cast<std::size_t>(p) * K];
    double s = prior;
    for (int k = 0; k < K; ++k) s += c[k] * phi[k];
    weights[p] = s;
    sum += s;
  }
  return sum;
}

// A topic for a word of row phi given a particle's topic counts c, from
// (alpha_k + c_k) phi_k.
int topicGiven(const Model& model, const std::vector<double>& phi, const uint16_t* c, std::vector<double>& cumulative,
               double u) {
  double running = 0.0;
  for (int k = 0; k < model.topics; ++k) {
    running += (c[k] + model.alpha[k]) * phi[k];
    cumulative[k] = running;
  }
  return drawTopic(cumulative, u);
}

double particleLearning(const Model& model, const Document& d, int P, Random& random) {
  const int K = model.topics;
  std::vector<uint16_t> counts(static_cast<std::size_t>(P) * K, 0), copy(counts.size());
  std::vector<double> weights(static_cast<std::size_t>(P)), cumulative(static_cast<std::size_t>(K));
  std::vector<int> ancestors(static_cast<std::size_t>(P));
  double logLikelihood = 0.0;
  for (std::size_t n = 0; n < d.words.size(); ++n) {
    const std::vector<double>& phi = model.phi[static_cast<std::size_t>(d.words[n])];
    const double sum = predictiveWeights(model, phi, counts, P, weights);
    logLikelihood += std::log(sum / P / (model.alphaSum + static_cast<double>(n)));
    systematic(weights, sum, random.uniform(), ancestors);
    for (int p = 0; p < P; ++p)
      std::copy_n(&counts[static_cast<std::size_t>(ancestors[p]) * K], K, &copy[static_cast<std::size_t>(p) * K]);
    std::swap(counts, copy);
    for (int p = 0; p < P; ++p) {
      uint16_t* c = &counts[static_cast<std::size_t>(p) * K];
      ++c[topicGiven(model, phi, c, cumulative, random.uniform())];
    }
  }
  return logLikelihood;
}

double resampleMove(const Model& model, const Document& d, int P, Random& random) {
  const int K = model.topics;
  const std::size_t N = d.words.size();
  std::vector<uint16_t> counts(static_cast<std::size_t>(P) * K, 0), countsCopy(counts.size());
  std::vector<int> topics(static_cast<std::size_t>(P) * N, 0), topicsCopy(topics.size());
  std::vector<double> weights(static_cast<std::size_t>(P)), cumulative(static_cast<std::size_t>(K));
  std::vector<int> ancestors(static_cast<std::size_t>(P));
  double logLikelihood = 0.0;
  for (std::size_t n = 0; n < N; ++n) {
    // Rejuvenate: one collapsed Gibbs sweep over positions 0..n-1 of every particle.
    for (int p = 0; p < P; ++p) {
      uint16_t* c = &counts[static_cast<std::size_t>(p) * K];
      int* z = &topics[static_cast<std::size_t>(p) * N];
      for (std::size_t j = 0; j < n; ++j) {
        const std::vector<double>& phi = model.phi[static_cast<std::size_t>(d.words[j])];
        --c[z[j]];
        z[j] = topicGiven(model, phi, c, cumulative, random.uniform());
        ++c[z[j]];
      }
    }
    const std::vector<double>& phi = model.phi[static_cast<std::size_t>(d.words[n])];
    const double sum = predictiveWeights(model, phi, counts, P, weights);
    logLikelihood += std::log(sum / P / (model.alphaSum + static_cast<double>(n)));
    systematic(weights, sum, random.uniform(), ancestors);
    for (int p = 0; p < P; ++p) {
      std::copy_n(&counts[static_cast<std::size_t>(ancestors[p]) * K], K, &countsCopy[static_cast<std::size_t>(p) * K]);
      std::copy_n(&topics[static_cast<std::size_t>(ancestors[p]) * N], n, &topicsCopy[static_cast<std::size_t>(p) * N]);
    }
    std::swap(counts, countsCopy);
    std::swap(topics, topicsCopy);
    for (int p = 0; p < P; ++p) {
      uint16_t* c = &counts[static_cast<std::size_t>(p) * K];
      double running = 0.0;
      for (int k = 0; k < K; ++k) {
        running += (c[k] + model.alpha[k]) * phi[k];
        cumulative[k] = running;
      }
      const int topic = drawTopic(cumulative, random.uniform());
      topics[static_cast<std::size_t>(p) * N + n] = topic;
      ++c[topic];
    }
  }
  return logLikelihood;
}

double annealedImportance(const Model& model, const Document& d, int samples, int temperatures, Random& random) {
  const int K = model.topics;
  const std::size_t N = d.words.size();
  // The document's distinct words, and each token's index among them.
  std::vector<int> types = d.words;
  std::sort(types.begin(), types.end());
  types.erase(std::unique(types.begin(), types.end()), types.end());
  std::vector<int> slot(N);
  for (std::size_t n = 0; n < N; ++n)
    slot[n] = static_cast<int>(std::lower_bound(types.begin(), types.end(), d.words[n]) - types.begin());
  std::vector<double> logPhi(types.size() * K), powered(types.size() * K);
  for (std::size_t i = 0; i < types.size(); ++i)
    for (int k = 0; k < K; ++k) logPhi[i * K + k] = std::log(model.phi[static_cast<std::size_t>(types[i])][k]);
  std::vector<double> beta(static_cast<std::size_t>(temperatures) + 1);
  // Sigmoid schedule: beta_t proportional to sigmoid(delta (2t/T - 1)), delta 4, rescaled to [0, 1].
  const auto sigmoid = [](double x) { return 1.0 / (1.0 + std::exp(-x)); };
  const double low = sigmoid(-4.0), high = sigmoid(4.0);
  for (int t = 0; t <= temperatures; ++t)
    beta[t] = (sigmoid(4.0 * (2.0 * t / temperatures - 1.0)) - low) / (high - low);
  std::vector<double> logWeights(static_cast<std::size_t>(samples)), cumulative(static_cast<std::size_t>(K));
  std::vector<int> z(N);
  std::vector<int> counts(static_cast<std::size_t>(K));
  for (int s = 0; s < samples; ++s) {
    std::fill(counts.begin(), counts.end(), 0);
    for (std::size_t n = 0; n < N; ++n) {  // the Polya urn: z from the prior
      double running = 0.0;
      for (int k = 0; k < K; ++k) {
        running += counts[k] + model.alpha[k];
        cumulative[k] = running;
      }
      z[n] = drawTopic(cumulative, random.uniform());
      ++counts[z[n]];
    }
    double logWeight = 0.0;
    for (int t = 1; t <= temperatures; ++t) {
      double logLikelihood = 0.0;
      for (std::size_t n = 0; n < N; ++n) logLikelihood += logPhi[slot[n] * K + z[n]];
      logWeight += (beta[t] - beta[t - 1]) * logLikelihood;
      for (std::size_t i = 0; i < types.size() * K; ++i) powered[i] = std::exp(beta[t] * logPhi[i]);
      for (std::size_t n = 0; n < N; ++n) {
        --counts[z[n]];
        double running = 0.0;
        const double* row = &powered[slot[n] * K];
        for (int k = 0; k < K; ++k) {
          running += (counts[k] + model.alpha[k]) * row[k];
          cumulative[k] = running;
        }
        z[n] = drawTopic(cumulative, random.uniform());
        ++counts[z[n]];
      }
    }
    logWeights[s] = logWeight;
  }
  const double top = *std::max_element(logWeights.begin(), logWeights.end());
  double sum = 0.0;
  for (const double w : logWeights) sum += std::exp(w - top);
  return top + std::log(sum / samples);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) fail("usage: independent_likelihoods exact|particle-learning|resample-move INPUT OUTPUT [options]");
  const std::string method = argv[1];
  int particles = 1000, runs = 1, temperatures = 1000, threads = static_cast<int>(std::thread::hardware_concurrency());
  uint64_t seed = 1;
  double maxStates = 2e8;  // 3^17 pairs per topic
  std::size_t first = 0, last = static_cast<std::size_t>(-1);
  for (int a = 4; a + 1 < argc; a += 2) {
    const std::string option = argv[a];
    const std::string value = argv[a + 1];
    if (option == "--particles") particles = std::stoi(value);
    else if (option == "--runs") runs = std::stoi(value);
    else if (option == "--temperatures") temperatures = std::stoi(value);
    else if (option == "--seed") seed = std::stoull(value);
    else if (option == "--threads") threads = std::stoi(value);
    else if (option == "--max-states") maxStates = std::stod(value);
    else if (option == "--documents") {
      const auto dash = value.find('-');
      first = std::stoul(value.substr(0, dash));
      last = dash == std::string::npos ? first : std::stoul(value.substr(dash + 1));
    } else fail("unknown option " + option);
  }
  if (method != "exact" && method != "particle-learning" && method != "resample-move" && method != "ais")
    fail("unknown method " + method);
  Model model;
  std::vector<Document> documents;
  readInput(argv[2], model, documents);
  last = std::min(last, documents.size() - 1);
  struct Unit {
    std::size_t document;
    int run;
    double cost;
  };
  std::vector<Unit> units;
  for (std::size_t d = first; d <= last && d < documents.size(); ++d) {
    const double N = static_cast<double>(documents[d].words.size());
    if (method == "exact") {
      const double pairs = exactPairs(documents[d]);
      if (pairs > maxStates) continue;
      units.push_back({d, -1, pairs});
    } else {
      for (int r = 0; r < runs; ++r) units.push_back({d, r, method == "resample-move" ? N * N : N});
      // (ais: --particles samples of --temperatures sweeps per estimate)
    }
  }
  std::stable_sort(units.begin(), units.end(), [](const Unit& a, const Unit& b) { return a.cost > b.cost; });
  std::ofstream out(argv[3]);
  if (!out) fail(std::string("cannot write ") + argv[3]);
  out.precision(17);
  std::mutex lock;
  std::atomic<std::size_t> nextUnit{0};
  auto work = [&] {
    for (std::size_t i; (i = nextUnit++) < units.size();) {
      const Unit& unit = units[i];
      const auto start = std::chrono::steady_clock::now();
      double value;
      if (method == "exact") {
        value = exactLogLikelihood(model, documents[unit.document]);
      } else {
        Random random(seed, unit.document, static_cast<uint64_t>(unit.run));
        value = method == "particle-learning" ? particleLearning(model, documents[unit.document], particles, random)
                : method == "ais"             ? annealedImportance(model, documents[unit.document], particles,
                                                                   temperatures, random)
                                              : resampleMove(model, documents[unit.document], particles, random);
      }
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::lock_guard<std::mutex> guard(lock);
      out << unit.document << '\t' << unit.run << '\t' << value << '\t' << seconds << '\n';
      out.flush();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, threads); ++t) pool.emplace_back(work);
  for (auto& t : pool) t.join();
  return 0;
}
