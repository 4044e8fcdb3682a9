"""``python -m handgame`` runs the ``hand`` command."""

import sys

from handgame.cli.commands import main

sys.exit(main())
