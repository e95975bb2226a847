"""``python -m lanterloo.cli``: the ``loo`` command."""

import sys

from lanterloo.cli import main

sys.exit(main())
