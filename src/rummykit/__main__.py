"""``python -m rummykit``: the same as the ``rummykit`` command."""

import sys

from rummykit.cli import main

if __name__ == "__main__":
    sys.exit(main())
