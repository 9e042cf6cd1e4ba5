# SPDX-License-Identifier: Apache-2.0
"""`python3 -m topiceval ARGUMENTS`: the topiceval command line, from the package."""

import sys

from topiceval import main

sys.exit(main())
