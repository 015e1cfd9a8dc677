"""An App leaves no file open after shutdown: a process that makes many Apps (a soak worker opens one per
damaged save) must never run out of file descriptors."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

FD_DIR = Path("/proc/self/fd")


def _open_descriptors() -> int:
    return len(os.listdir(FD_DIR))


def _one_app() -> None:
    from game.app import App
    from game.core.clock import ManualClock
    from game.ui import theme
    app = App(headless=True, lang="en", clock=ManualClock())
    try:
        app.step()
        for role, size in (("display", 40), ("text", 18), ("bold", 22), ("display", 31)):
            theme.font_px(role, size).render("Àg", True, (0, 0, 0))
    finally:
        app.shutdown()


@pytest.mark.skipif(not FD_DIR.is_dir(), reason="needs /proc/self/fd (Linux)")
def test_twenty_apps_leave_no_descriptor_open():
    _one_app()  # the first App may open what stays open by design (logging, the i18n catalogs)
    before = _open_descriptors()
    for _ in range(20):
        _one_app()
    assert _open_descriptors() <= before + 2

