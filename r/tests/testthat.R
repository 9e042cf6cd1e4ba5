library(testthat)
library(topiceval)

test_check("topiceval")
