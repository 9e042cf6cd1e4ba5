#pragma once
// SettingError is part of the public API (topiceval/errors.hpp).
#include "topiceval/errors.hpp"
