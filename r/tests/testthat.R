# SPDX-License-Identifier: Apache-2.0
library(testthat)
library(topiceval)

test_check("topiceval")
