"""``python -m handgame`` runs the ``hand`` command."""

import sys

from .cli import main

sys.exit(main())
