"""game.core stays pure Python: importing it never imports pygame (the worker and the CLI rely on it)."""
from __future__ import annotations

import subprocess
import sys


def test_core_does_not_import_pygame():
    code = ("import sys, game.core.protocol, game.core.rng, game.core.bots, game.core.match, "
            "game.core.search, game.core.session, game.core.worker, game.core.realtime; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
