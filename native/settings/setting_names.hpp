// SPDX-License-Identifier: Apache-2.0
#pragma once
// The names of settings that code below the declarations names in its
// messages (a target error's "raise --budget-cap"), and the declarations
// themselves: each spelled here once, so a rename is one edit.

namespace topiceval::setting_names {

inline constexpr char kTargetError[] = "target-error";
inline constexpr char kTargetDocumentError[] = "target-document-error";
inline constexpr char kBudgetCap[] = "budget-cap";
inline constexpr char kBudgetPolicy[] = "budget-policy";
inline constexpr char kMaxRuns[] = "max-runs";
inline constexpr char kCheckConvergence[] = "check-convergence";
inline constexpr char kMaxDoublings[] = "max-doublings";
inline constexpr char kSweepSites[] = "sweep-sites";

}  // namespace topiceval::setting_names
