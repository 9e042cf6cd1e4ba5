// SPDX-License-Identifier: Apache-2.0
#pragma once
// Progress counters and cancellation are part of the public API.
#include "topiceval/progress.hpp"
