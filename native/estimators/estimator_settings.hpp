#pragma once
// The settings an estimator declares (name, kind, default, range, help), the
// values a caller gives by name, and the one error a bad value raises. Names
// are the library's ("particles"); the command line prefixes them with "--"
// (evaluate-topics maps a few to MALLET's spellings), the Java bridge reads the
// EvaluationOptions field of the same name.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "native/runtime/setting_error.hpp"
#include "topiceval/options.hpp"

namespace topiceval {

enum class SettingKind { Integer, Boolean, Choice };

struct SettingSpec {
  std::string name;
  SettingKind kind = SettingKind::Integer;
  std::string defaultValue;
  int64_t least = 0;  // Integer: the range
  int64_t most = 0;
  std::vector<std::string> choices;  // Choice: the values allowed
  std::string help;
};

// What a caller asks for: the estimator's name and any settings by name (text,
// as typed; those not given take their defaults).
struct EstimatorSettings {
  std::string estimator = "left-to-right";
  std::map<std::string, std::string> values;
};

// One estimator's settings, checked against its specs and typed.
class SettingValues {
 public:
  SettingValues(const std::vector<SettingSpec>& specs, const std::map<std::string, std::string>& given);
  int64_t integer(const std::string& name) const;
  bool boolean(const std::string& name) const;
  const std::string& choice(const std::string& name) const;
  // name -> value as text (canonical: "true"/"false", decimal integers), in spec order.
  const std::vector<std::pair<std::string, std::string>>& asText() const { return text_; }

 private:
  const std::string& find(const std::string& name) const;
  std::vector<std::pair<std::string, std::string>> text_;
};

// "true|false|1|0" in any case (MALLET's booleans); nothing for anything else.
std::optional<bool> parseBoolean(const std::string& text);
// SettingError "NAME must be at least LEAST" / "NAME must be at most MOST (got VALUE)".
void checkSettingRange(const std::string& name, int64_t value, int64_t least, int64_t most);
// The same for a real number: "NAME must be at least LEAST, not VALUE" (or at
// most), and "NAME takes a finite number" for NaN and infinities.
void checkRealRange(const std::string& name, double value, double least, double most);

}  // namespace topiceval
