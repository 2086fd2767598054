"""``python -m houseway``: the command line, :mod:`houseway.cli.main`."""

import sys

from houseway.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
